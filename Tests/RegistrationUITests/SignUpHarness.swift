import Policy
import Registration
import RegistrationUI
import Terminal
import TestSupport
@_spi(Testing) import Widgets

/// The program's screens on an in-memory screen, with an in-memory store and virtual time,
/// driven the way a terminal would drive them: each keystroke is one batch of input,
/// handled and rendered before the next. Like the program, the form has a password
/// policy ("Hard to guess") and a strength meter, both fakes here.
final class SignUpHarness {
  let screen: MemoryScreen
  let store: InMemoryAccountStore
  let scheduler = ManualScheduler()
  let model: RegistrationViewModel
  let signInModel: SignInViewModel
  let app: RegistrationApp

  init(
    size: Size = Size(width: 80, height: 24),
    capabilities: ScreenCapabilities = ScreenCapabilities(colors: true, unicode: true),
    start: RegistrationApp.Start = .signUp, store: InMemoryAccountStore? = nil,
    strings: Strings = .english,
    policy: UnicodeLoginPolicy = UnicodeLoginPolicy(),
    passwordPolicy: (any PasswordPolicy)? = FakePasswordPolicy(),
    strengthEstimator: (any StrengthEstimator)? = FakeStrengthEstimator(),
    origin: SignUpOrigin? = nil, idleTimeout: Int? = nil,
    questions: [SignUpQuestion] = [], questionStrings: QuestionStrings = .english,
    key: SignUpKey? = nil
  ) {
    screen = MemoryScreen(size: size, capabilities: capabilities)
    // The program's real policy (ICU), and a store that compares logins by it.
    let store = store ?? InMemoryAccountStore(identity: policy)
    self.store = store
    model = RegistrationViewModel(
      store: store, scheduler: scheduler, strings: strings, policy: policy,
      passwordPolicy: passwordPolicy, strengthEstimator: strengthEstimator, origin: origin,
      key: key, questions: SignUpQuestions(questions, strings: questionStrings))
    signInModel = SignInViewModel(store: store, scheduler: scheduler, strings: strings)
    app = RegistrationApp(
      application: Application(screen: screen), signUpModel: model, signInModel: signInModel,
      start: start, strings: strings,
      idleTimeout: idleTimeout.map { [scheduler] in
        IdleTimeout(seconds: $0, scheduler: scheduler, strings: strings)
      })
    app.application.render()
  }

  var application: Application { app.application }
  var form: SignUpScreen { app.signUp }
  var focused: View? { application.focused }

  /// Types `text` one keystroke (one grapheme) at a time, with no time passing.
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

  /// Lets time pass until every timer has fired and every store call has answered, then
  /// draws the frame that follows.
  func settle() {
    scheduler.settle()
    application.process([])
  }

  /// Lets `duration` of virtual time pass, then draws.
  func wait(_ duration: Duration) {
    scheduler.advance(by: duration)
    application.process([])
  }

  func resize(to size: Size) {
    screen.resize(to: size)
    application.process(screen.nextEvents(until: nil))
  }

  /// Fills every field so that all requirements are met, and lets the login be checked.
  func fillValidForm(login: String = "alice") {
    type(login)
    press(Key(.tab))
    type("Zq7vLm2pR")
    press(Key(.tab))
    type("Zq7vLm2pR")
    settle()
  }

  /// The screen position of a cell of `view` (its frame is in content coordinates, which
  /// are the screen's when the form fits).
  func point(in view: View, x: Int = 0, y: Int = 0) -> Point {
    Point(x: view.frame.minX + x, y: view.frame.minY + y)
  }

  /// Every view's draw count, in tree order.
  var drawCounts: [Int] { form.root.subtree.map(\.drawCount) }
}
