import Registration
import RegistrationUI
import Terminal
import Widgets

/// The Sign up form on an in-memory screen, driven the way a terminal would drive it:
/// each keystroke is one batch of input, handled and rendered before the next.
final class SignUpHarness {
  let screen: MemoryScreen
  let model = RegistrationViewModel()
  let app: RegistrationApp

  init(
    size: Size = Size(width: 80, height: 24),
    capabilities: ScreenCapabilities = ScreenCapabilities(colors: true, unicode: true)
  ) {
    screen = MemoryScreen(size: size, capabilities: capabilities)
    app = RegistrationApp(screen: screen, viewModel: model)
    app.application.render()
  }

  var application: Application { app.application }
  var form: SignUpScreen { app.signUp }
  var focused: View? { application.focused }

  /// Types `text` one keystroke (one grapheme) at a time.
  func type(_ text: String) {
    for character in text { application.process([.text(String(character))]) }
  }

  func press(_ keys: Key...) {
    for key in keys { application.process([.key(key)]) }
  }

  /// Sends events as one batch, as when they arrive in one read.
  func send(_ events: Event...) {
    application.process(events)
  }

  func resize(to size: Size) {
    screen.resize(to: size)
    application.process(screen.nextEvents(until: nil))
  }

  /// Fills every field so that all requirements are met.
  func fillValidForm() {
    type("alice")
    press(Key(.tab))
    type("Secret123")
    press(Key(.tab))
    type("Secret123")
  }

  /// The screen position of a cell of `view` (its frame is in content coordinates, which
  /// are the screen's when the form fits).
  func point(in view: View, x: Int = 0, y: Int = 0) -> Point {
    Point(x: view.frame.minX + x, y: view.frame.minY + y)
  }

  /// Every view's draw count, in tree order.
  var drawCounts: [Int] { form.root.subtree.map(\.drawCount) }
}
