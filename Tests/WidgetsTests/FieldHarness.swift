import Terminal
import Widgets

/// What a field told its model: the value, and how many times it set it.
final class ModelRecorder {
  var value = ""
  var changes = 0

  var binding: Binding<String> {
    Binding(
      get: { self.value },
      set: {
        self.value = $0
        self.changes += 1
      })
  }
}

/// One field (plain or secure) above a second field, in an application on an in-memory
/// screen.
final class FieldHarness {
  let screen: MemoryScreen
  let application: Application
  let field: TextField
  let next: TextField
  let model = ModelRecorder()

  init(
    secure: Bool = false, width: Int = 20, height: Int = 10, caption: String? = nil,
    configure: (TextField) -> Void = { _ in }
  ) {
    screen = MemoryScreen(size: Size(width: width, height: height))
    let captionText: (() -> String?)? = caption.map { text in { text } }
    field =
      secure
      ? SecureField(label: "Secret", text: model.binding, caption: captionText)
      : TextField(
        label: "Name", placeholder: "Your name", text: model.binding, caption: captionText)
    next = TextField(label: "Next", text: Binding(initialValue: ""))
    application = Application(screen: screen, root: VStack([field, next]), contentWidth: width)
    // Narrow fields are the point of some tests: no "too small" notice here.
    application.minimumSize = .zero
    configure(field)
    application.focus(field)
    application.render()
  }

  var value: String { model.value }
  var changes: Int { model.changes }

  func type(_ text: String) {
    for character in text { application.process([.text(String(character))]) }
  }

  func press(_ keys: Key...) {
    for key in keys { application.process([.key(key)]) }
  }

  func send(_ events: Event...) { application.process(events) }

  /// A click on row `y`, column `x` of the field.
  func click(x: Int, y: Int = 1) {
    send(
      .mouse(MouseEvent(.left, .press, at: Point(x: field.frame.minX + x, y: field.frame.minY + y)))
    )
  }

  var cursor: Point? { screen.cursor }
  var cursorColumn: Int? { screen.cursor.map { $0.x - field.frame.minX } }
  var labelRow: String { screen.line(field.frame.minY) }
  var valueRow: String { screen.line(field.frame.minY + 1) }
  var underlineRow: String { screen.line(field.frame.minY + 2) }
  var captionRow: String { screen.line(field.frame.minY + 3) }
}
