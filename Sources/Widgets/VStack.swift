import Terminal

/// Children one under another, with blank rows between them and a margin around.
public final class VStack: View {
  /// How a child narrower than the stack sits in it.
  public enum Alignment: Sendable {
    case fill, leading, center
  }

  public var spacing: Int
  /// Blank columns left and right.
  public var horizontalPadding: Int
  /// Blank rows above and below.
  public var verticalPadding: Int
  private var alignments: [ObjectIdentifier: Alignment] = [:]

  public init(
    spacing: Int = 0, horizontalPadding: Int = 0, verticalPadding: Int = 0, _ children: [View] = []
  ) {
    self.spacing = spacing
    self.horizontalPadding = horizontalPadding
    self.verticalPadding = verticalPadding
    super.init()
    for child in children { add(child) }
  }

  public func add(_ child: View, alignment: Alignment = .fill) {
    alignments[ObjectIdentifier(child)] = alignment
    addChild(child)
  }

  public override func sizeThatFits(_ proposal: Size) -> Size {
    let inner = Size(width: max(0, proposal.width - 2 * horizontalPadding), height: proposal.height)
    let heights = children.map { $0.sizeThatFits(inner).height }
    let total = heights.reduce(0, +) + spacing * max(0, children.count - 1) + 2 * verticalPadding
    return Size(width: proposal.width, height: total)
  }

  public override func layoutChildren() {
    let width = max(0, frame.width - 2 * horizontalPadding)
    var y = frame.minY + verticalPadding
    for child in children {
      let wanted = child.sizeThatFits(Size(width: width, height: frame.height))
      let childWidth = alignment(of: child) == .fill ? width : min(wanted.width, width)
      let x =
        frame.minX + horizontalPadding
        + (alignment(of: child) == .center ? (width - childWidth) / 2 : 0)
      place(child, in: Rect(x: x, y: y, width: childWidth, height: wanted.height))
      y += wanted.height + spacing
    }
  }

  private func alignment(of child: View) -> Alignment {
    alignments[ObjectIdentifier(child)] ?? .fill
  }
}
