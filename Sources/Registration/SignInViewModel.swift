import Observation

/// The sign-in form without a screen. A wrong login and a wrong password get the same
/// message, so the form does not tell which logins exist. After too many failures the
/// store refuses for a while, and the form says when to try again.
@Observable
public final class SignInViewModel: ScreenModel {
  /// What the form tells the application.
  public enum Event: Hashable, Sendable {
    /// Signed in: the session is over.
    case signedIn(SignedInAccount)
    /// The store refused the login and password: the password is cleared, and the form goes
    /// back to it.
    case refused
    /// A field is empty: the form goes to it.
    case rejected(RegistrationField)
  }

  // A value longer than its field's `FieldLimit` is refused, as on the Sign up form.
  public var login: String {
    get { form[.login] }
    set { if form.take(newValue, for: .login) { inputChanged() } }
  }
  public var password: String {
    get { form[.password] }
    set { if form.take(newValue, for: .password) { inputChanged() } }
  }

  /// The inputs, the phase of the attempt and why the last one failed.
  public let form = Form<SignInField>(limits: { FieldLimit.of($0.registrationField) })
  /// What the form tells the application: signed in, refused, go to a field.
  public let events = Events<Event>()
  /// True when the store refused the last attempt's login and password (not when it
  /// could not answer): a script's exit status tells the two apart.
  public private(set) var credentialsRefused = false

  @ObservationIgnored private let store: any AccountStore
  @ObservationIgnored private let scheduler: any Scheduler
  @ObservationIgnored private let strings: Strings

  public init(store: any AccountStore, scheduler: any Scheduler, strings: Strings = .english) {
    self.store = store
    self.scheduler = scheduler
    self.strings = strings
  }

  /// Both fields are filled and no attempt is running.
  public var canSubmit: Bool { form.canSubmit }
  /// True while the password is being checked.
  public var isSigningIn: Bool { form.phase == .submitting }
  /// Why the last attempt failed; cleared when the user types.
  public var message: String? { form.message }
  /// The field whose last value was refused for being too long, until it takes one.
  public var refusedField: RegistrationField? { form.refusedField?.registrationField }

  @discardableResult
  public func signIn() -> Submission<RegistrationField> {
    let submission = form.submit(standing)
    switch submission {
    case .started: ask()
    case .rejected(let field): events.send(.rejected(field.registrationField))
    case .waiting, .busy: break
    }
    return submission.map(\.registrationField)
  }

  public func appear() {}

  /// Leaving the screen forgets an old failure message; what was typed stays.
  public func disappear() {
    form.say(nil)
  }

  private func ask() {
    credentialsRefused = false
    let (store, login, password) = (store, login, password)
    scheduler.perform({
      Result { () throws(AccountStoreError) in try store.signIn(login: login, password: password) }
    }) { [weak self] result in
      guard let self else { return }
      let answer = form.finish(
        credentials: result, wrong: strings.wrongCredentials, cannot: strings.cannotSignIn,
        strings: strings, clear: { self.password = "" }, standing)
      credentialsRefused = answer.refusesCredentials
      switch answer {
      case .accepted(let account): events.send(.signedIn(account))
      case .refused: events.send(.refused)
      case .unanswered: break
      }
    }
  }

  private func inputChanged() {
    form.inputChanged()
    form.refresh(standing)
  }

  private func standing(of field: SignInField) -> FieldStanding {
    form[field].isEmpty ? .unmet : .met
  }
}

/// The fields of the Sign in form: Sign up's login and password.
public enum SignInField: CaseIterable, Hashable, Sendable {
  case login, password

  var registrationField: RegistrationField { self == .login ? .login : .password }
}

extension Submission {
  /// The same submission, its field told otherwise.
  func map<Other: Hashable & Sendable>(_ transform: (Field) -> Other) -> Submission<Other> {
    switch self {
    case .started: .started
    case .rejected(let field): .rejected(firstUnmet: transform(field))
    case .waiting: .waiting
    case .busy: .busy
    }
  }
}
