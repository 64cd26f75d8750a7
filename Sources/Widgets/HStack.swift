import Terminal

/// Children side by side in columns of equal width, with blank columns between them.
public final class HStack: View {
  /// Blank columns between children.
  public var spacing: Int

  /// A row of `children`, `spacing` columns apart.
  public init(spacing: Int = 2, _ children: [View] = []) {
    self.spacing = spacing
    super.init()
    for child in children { addChild(child) }
  }

  /// A row of the views `content` declares, `spacing` columns apart.
  public convenience init(spacing: Int = 2, @ViewBuilder content: () -> [View]) {
    self.init(spacing: spacing, content())
  }

  private func columnWidth(_ width: Int) -> Int {
    guard !children.isEmpty else { return 0 }
    return max(0, (width - spacing * (children.count - 1)) / children.count)
  }

  /// The proposed width; as tall as its tallest child.
  public override func sizeThatFits(_ proposal: Size) -> Size {
    let inner = Size(width: columnWidth(proposal.width), height: proposal.height)
    let height = children.map { $0.sizeThatFits(inner).height }.max() ?? 0
    return Size(width: proposal.width, height: height)
  }

  /// Columns as wide as the widest child, and the spacing between them.
  public override func idealWidth(for theme: Theme) -> Int {
    let widest = children.map { $0.idealWidth(for: theme) }.max() ?? 0
    return widest * children.count + spacing * max(0, children.count - 1)
  }

  /// Equal columns, left to right.
  public override func layoutChildren() {
    let width = columnWidth(frame.width)
    for (index, child) in children.enumerated() {
      let height = child.sizeThatFits(Size(width: width, height: frame.height)).height
      let x = frame.minX + index * (width + spacing)
      place(child, in: Rect(x: x, y: frame.minY, width: width, height: height))
    }
  }
}
