import Terminal
import Testing
@_spi(Testing) import Widgets

/// A widget above a text field, in an application on an in-memory screen, driven key by
/// key: after every event the screen must show what each view would draw now.
final class WidgetHarness<Widget: View> {
  let screen: MemoryScreen
  let application: Application
  let widget: Widget
  let next = TextField(label: "Next", text: Binding(initialValue: ""))
  /// Views that were left, in order (a form marks them visited).
  var left: [View] = []

  init(
    _ widget: Widget, width: Int = 30, height: Int = 12, unicode: Bool = true, colors: Bool = true
  ) {
    screen = MemoryScreen(
      size: Size(width: width, height: height),
      capabilities: ScreenCapabilities(colors: colors, unicode: unicode))
    self.widget = widget
    application = Application(screen: screen, root: VStack([widget, next]), contentWidth: width)
    application.minimumSize = .zero
    application.onFocusLeave = { [unowned self] in left.append($0) }
    application.focus(widget.acceptsFocus ? widget : next)
    application.render()
  }

  /// Each event in its own batch, as a person types; the stale-view check after each.
  func send(_ events: Event..., sourceLocation: SourceLocation = #_sourceLocation) {
    for event in events {
      application.process([event])
      let stale = application.staleViews()
      #expect(stale.isEmpty, "stale after \(event): \(stale)", sourceLocation: sourceLocation)
    }
  }

  func type(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    for character in text { send(.text(String(character)), sourceLocation: sourceLocation) }
  }

  func press(_ keys: Key..., sourceLocation: SourceLocation = #_sourceLocation) {
    for key in keys { send(.key(key), sourceLocation: sourceLocation) }
  }

  /// A click at column `x`, row `y` of the widget.
  func click(x: Int, y: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    let point = Point(x: widget.frame.minX + x, y: widget.frame.minY + y)
    send(.mouse(MouseEvent(.left, .press, at: point)), sourceLocation: sourceLocation)
  }

  /// Row `y` of the widget, as shown.
  func row(_ y: Int) -> String { screen.line(widget.frame.minY + y) }

  /// The widget's rows, as shown.
  var rows: [String] { (0..<widget.frame.height).map(row) }

  /// The style of the cell at column `x`, row `y` of the widget.
  func style(x: Int, y: Int) -> Style {
    screen.cell(at: Point(x: widget.frame.minX + x, y: widget.frame.minY + y)).style
  }
}
