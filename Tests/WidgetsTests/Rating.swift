import Widgets

/// `Rating  ★★★☆☆`: Left and Right, or a click on a star, set a rating of 0 to 5.
final class Rating: View {
  let label: String
  let value: Binding<Int>

  init(_ label: String, value: Binding<Int>) {
    self.label = label
    self.value = value
  }

  // One row; Tab stops here.
  override func sizeThatFits(_ proposal: Size) -> Size { Size(width: proposal.width, height: 1) }
  override func idealWidth(for theme: Theme) -> Int { TextWidth.columns(of: label) + 2 + 5 }
  override var acceptsFocus: Bool { true }

  // Reads the model (through the binding) and isFocused: a change to either redraws it.
  override func draw(in canvas: Canvas) {
    canvas.clear()
    let theme = canvas.theme
    canvas.draw(label, at: .zero, style: isFocused ? theme.focusedLabel : theme.label)
    let stars = value.get()
    let full = theme.glyphs.meterFull, empty = theme.glyphs.meterEmpty
    let face = String(repeating: full, count: stars) + String(repeating: empty, count: 5 - stars)
    canvas.draw(face, at: Point(x: TextWidth.columns(of: label) + 2, y: 0), style: theme.text)
  }

  // Keys the view does not take (Tab, Up, Down) go on to the application.
  override func handle(_ event: Event) -> Bool {
    switch event {
    case .key(Key(.left, [])): value.set(max(0, value.get() - 1))
    case .key(Key(.right, [])): value.set(min(5, value.get() + 1))
    default: return false
    }
    return true
  }

  // The same columns as draw(in:): a click hits the star that is on screen.
  override func mouseDown(at point: Point) -> Bool {
    let star = point.x - TextWidth.columns(of: label) - 2
    if (0..<5).contains(star) { value.set(star + 1) }
    return true
  }
}
