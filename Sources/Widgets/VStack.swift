import Terminal

/// Children one under another, with blank rows between them and a margin around.
public final class VStack: View {
  /// How a child narrower than the stack sits in it.
  public enum Alignment: Sendable {
    /// As wide as the stack.
    case fill
    /// As wide as it wants, at the left.
    case leading
    /// As wide as it wants, in the middle.
    case center
  }

  /// Blank rows and columns around the children.
  public struct Insets: Hashable, Sendable {
    /// Blank rows above.
    public var top: Int
    /// Blank columns at the left.
    public var left: Int
    /// Blank rows below.
    public var bottom: Int
    /// Blank columns at the right.
    public var right: Int

    /// Insets of the given sizes.
    public init(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) {
      (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
    }
  }

  /// Blank rows between children.
  public var spacing: Int
  /// Blank rows and columns around the children.
  public var padding: Insets
  /// The narrowest the children may be made by the left and right padding: on a screen
  /// narrower than that plus the padding, the padding gives way (a button stays whole).
  public var minimumContentWidth = 0

  /// A stack of `children`, `spacing` rows apart, inside `padding`.
  public init(spacing: Int = 0, padding: Insets = Insets(), _ children: [View] = []) {
    self.spacing = spacing
    self.padding = padding
    super.init()
    for child in children { add(child) }
  }

  /// A stack of the views `content` declares, `spacing` rows apart, inside `padding`.
  public convenience init(
    spacing: Int = 0, padding: Insets = Insets(), @ViewBuilder content: () -> [View]
  ) {
    self.init(spacing: spacing, padding: padding, content())
  }

  /// Adds `child` at the bottom, sitting as its ``View/aligned(_:)`` said (else filling the
  /// width).
  public func add(_ child: View) {
    addChild(child)
  }

  /// The proposed width; as tall as its children, spacing and padding.
  public override func sizeThatFits(_ proposal: Size) -> Size {
    let inner = Size(width: innerWidth(proposal.width), height: proposal.height)
    let heights = children.map { $0.sizeThatFits(inner).height }
    let total =
      heights.reduce(0, +) + spacing * max(0, children.count - 1) + padding.top + padding.bottom
    return Size(width: proposal.width, height: total)
  }

  /// The widest child (at least ``minimumContentWidth``) and the padding at both sides.
  public override func idealWidth(for theme: Theme) -> Int {
    max(super.idealWidth(for: theme), minimumContentWidth) + padding.left + padding.right
  }

  /// Children top to bottom, each as tall as it wants.
  public override func layoutChildren() {
    let width = innerWidth(frame.width)
    let left = width == frame.width ? 0 : padding.left
    var y = frame.minY + padding.top
    for child in children {
      let wanted = child.sizeThatFits(Size(width: width, height: frame.height))
      let alignment = child.stackAlignment
      let childWidth = alignment == .fill ? width : min(wanted.width, width)
      child.offeredWidth = alignment == .fill ? nil : width
      let x = frame.minX + left + (alignment == .center ? (width - childWidth) / 2 : 0)
      place(child, in: Rect(x: x, y: y, width: childWidth, height: wanted.height))
      y += wanted.height + spacing
    }
  }

  private func innerWidth(_ width: Int) -> Int {
    let padded = width - padding.left - padding.right
    return padded < minimumContentWidth && padding.left + padding.right > 0
      ? width : max(0, padded)
  }
}
