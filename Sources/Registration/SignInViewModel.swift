import Observation

/// The sign-in form without a screen. A wrong login and a wrong password get the same
/// message, so the form does not tell which logins exist. After too many failures the
/// store refuses for a while, and the form says when to try again.
@Observable
public final class SignInViewModel: ScreenModel {
  // A value longer than its field's `FieldLimit` is refused, as on the Sign up form.
  public var login: String {
    get { acceptedLogin }
    set { if accepts(newValue, for: .login) { acceptedLogin = newValue } }
  }
  public var password: String {
    get { acceptedPassword }
    set { if accepts(newValue, for: .password) { acceptedPassword = newValue } }
  }
  private var acceptedLogin = "" { didSet { inputDidChange() } }
  private var acceptedPassword = "" { didSet { inputDidChange() } }

  /// True while the password is being checked.
  public private(set) var isSigningIn = false
  /// Why the last attempt failed; cleared when the user types.
  public private(set) var message: String?
  /// True when the store refused the last attempt's login and password (not when it
  /// could not answer): a script's exit status tells the two apart.
  public private(set) var credentialsRefused = false
  /// The field whose last value was refused for being longer than `FieldLimit` allows
  /// (it kept the value it had), until it takes one.
  public private(set) var refusedField: RegistrationField?
  /// Called with the account once signed in.
  @ObservationIgnored public var onSignedIn: (SignedInAccount) -> Void = { _ in }
  /// Called when the store refused the login and password (the password is cleared; the
  /// form goes back to it).
  @ObservationIgnored public var onRefused: () -> Void = {}

  @ObservationIgnored private let store: any AccountStore
  @ObservationIgnored private let scheduler: any Scheduler
  @ObservationIgnored private let strings: Strings

  public init(store: any AccountStore, scheduler: any Scheduler, strings: Strings = .english) {
    self.store = store
    self.scheduler = scheduler
    self.strings = strings
  }

  /// Both fields are filled and no attempt is running.
  public var canSubmit: Bool { !login.isEmpty && !password.isEmpty && !isSigningIn }

  /// What signing in leads to.
  public enum Submission: Hashable, Sendable {
    case started
    /// A field is empty: the form should go to it.
    case rejected(emptyField: RegistrationField)
    case busy
  }

  @discardableResult
  public func signIn() -> Submission {
    if isSigningIn { return .busy }
    if login.isEmpty { return .rejected(emptyField: .login) }
    if password.isEmpty { return .rejected(emptyField: .password) }
    isSigningIn = true
    message = nil
    credentialsRefused = false
    let (store, login, password) = (store, login, password)
    scheduler.perform({
      Result { () throws(AccountStoreError) in try store.signIn(login: login, password: password) }
    }) {
      [weak self] result in
      guard let self else { return }
      isSigningIn = false
      switch result {
      case .success(let account?):
        onSignedIn(account)
      case .success(nil):
        credentialsRefused = true
        // Typed again from the start; the login stays, it is usually right.
        self.password = ""
        message = strings.wrongCredentials
        onRefused()
      case .failure(.throttled(let seconds)):
        message = strings.tooManyAttempts(seconds)
      case .failure(let error):
        message = strings.cannotSignIn(error.description(in: strings))
      }
    }
    return .started
  }

  public func appear() {}

  /// Leaving the screen forgets an old failure message; what was typed stays.
  public func disappear() {
    if message != nil { message = nil }
  }

  /// Whether `field` takes `value` (its limit allows it); records a refusal.
  private func accepts(_ value: String, for field: RegistrationField) -> Bool {
    let allowed = FieldLimit.of(field).allows(value)
    let refused = allowed ? (refusedField == field ? nil : refusedField) : field
    if refusedField != refused { refusedField = refused }
    return allowed
  }

  private func inputDidChange() {
    if message != nil && !isSigningIn { message = nil }
  }
}
