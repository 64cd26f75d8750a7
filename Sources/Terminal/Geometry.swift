/// A cell position: `x` is the column, `y` the row, both from the top-left corner.
public struct Point: Hashable, Sendable, CustomStringConvertible {
  /// The column, from 0 at the left.
  public var x: Int
  /// The row, from 0 at the top.
  public var y: Int

  /// The cell at column `x`, row `y`.
  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }

  /// The top-left cell.
  public static let zero = Point(x: 0, y: 0)
  /// `(x, y)`.
  public var description: String { "(\(x), \(y))" }
}

/// A size in cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
  /// Columns.
  public var width: Int
  /// Rows.
  public var height: Int

  /// A size of `width` columns and `height` rows.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// No cells.
  public static let zero = Size(width: 0, height: 0)
  /// `WIDTHxHEIGHT`, as terminal sizes are written.
  public var description: String { "\(width)x\(height)" }
}

/// A rectangle of cells.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  /// The top-left cell.
  public var origin: Point
  /// How many columns and rows.
  public var size: Size

  /// The rectangle of `size` cells from `origin`.
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// The rectangle of `width` columns and `height` rows from column `x`, row `y`.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  /// The empty rectangle at the top-left corner.
  public static let zero = Rect(origin: .zero, size: .zero)

  /// The first column.
  public var minX: Int { origin.x }
  /// The first row.
  public var minY: Int { origin.y }
  /// The column after the last.
  public var maxX: Int { origin.x + size.width }
  /// The row after the last.
  public var maxY: Int { origin.y + size.height }
  /// Columns.
  public var width: Int { size.width }
  /// Rows.
  public var height: Int { size.height }
  /// True when it covers no cell.
  public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

  /// Whether `point` is one of its cells.
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// The cells both rectangles cover (empty when they do not meet).
  public func intersection(_ other: Rect) -> Rect {
    let x0 = max(minX, other.minX)
    let y0 = max(minY, other.minY)
    let x1 = min(maxX, other.maxX)
    let y1 = min(maxY, other.maxY)
    return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
  }

  /// The same rectangle moved `dx` columns right and `dy` rows down.
  public func offsetBy(dx: Int, dy: Int) -> Rect {
    Rect(x: minX + dx, y: minY + dy, width: width, height: height)
  }

  /// Its origin and size.
  public var description: String { "\(origin) \(size)" }
}
