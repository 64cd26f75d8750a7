import Registration
import Synchronization
import TestSupport
import Testing

/// Sign up on a site with `password = off` (keys required): only the login is asked, the
/// key is what Create account waits for, and the store is given a sign-up without a
/// password.
@Suite("Sign-up without a password")
struct SignUpWithoutPasswordTests {
  static let line =
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKkcDxrh21AHfs99JaIWF+70u6HhCdyVDa2YA930r2NY alice@laptop"
  let store = SignUpRecordingStore()
  let scheduler = ManualScheduler()

  func model(_ need: SignUpKey.Need, withoutPassword: Bool = true) -> RegistrationViewModel {
    RegistrationViewModel(
      store: store, scheduler: scheduler, policy: FakeLoginPolicy(),
      key: SignUpKey(need: need, connecting: nil), withoutPassword: withoutPassword)
  }

  @Test("only the login is asked: no Password or Confirm rows")
  func onlyTheLogin() {
    let model = model(.required)
    #expect(model.withoutPassword)
    #expect(model.fields == [.login])
    #expect(model.requirements(for: .password).isEmpty)
    #expect(model.requirements(for: .confirmation).isEmpty)
    #expect(model.requirements.allSatisfy { $0.field == .login })
    #expect(!model.estimatesStrength)
  }

  @Test("Create account waits for the key, then makes the account without a password")
  func needsTheKey() {
    let model = model(.required)
    model.appear()
    model.login = "alice"
    scheduler.settle()
    #expect(!model.canSubmit)
    #expect(model.submit() == .busy)
    scheduler.settle()
    #expect(store.signUps.isEmpty)
    model.key?.pasted = Self.line
    #expect(model.canSubmit)
    #expect(model.submit() == .started)
    scheduler.settle()
    #expect(store.signUps.count == 1)
    #expect(store.signUps.first?.withoutPassword == true)
    #expect(store.signUps.first?.password == "")
    #expect(store.signUps.first?.details.keys.count == 1)
  }

  @Test("with an optional key (or none) the password stays: an account needs a way in")
  func onlyWithARequiredKey() {
    let optional = model(.optional)
    #expect(!optional.withoutPassword)
    #expect(optional.fields == RegistrationField.allCases)
    #expect(!optional.requirements(for: .password).isEmpty)
    let noKey = RegistrationViewModel(
      store: store, scheduler: scheduler, policy: FakeLoginPolicy(), withoutPassword: true)
    #expect(!noKey.withoutPassword)
    #expect(noKey.fields == RegistrationField.allCases)
  }

  @Test("a site with passwords: the sign-up carries the password, as before")
  func withPassword() {
    let model = model(.required, withoutPassword: false)
    model.appear()
    model.login = "alice"
    model.password = "Secret123"
    model.confirmation = "Secret123"
    model.key?.pasted = Self.line
    scheduler.settle()
    #expect(model.submit() == .started)
    scheduler.settle()
    #expect(store.signUps.first?.withoutPassword == false)
    #expect(store.signUps.first?.password == "Secret123")
  }
}

/// The in-memory store, keeping each sign-up as it was given.
final class SignUpRecordingStore: AccountStore {
  private let inner = InMemoryAccountStore()
  private let recorded = Mutex<[SignUp]>([])
  var signUps: [SignUp] { recorded.withLock { $0 } }

  func isLoginTaken(_ login: String) throws(AccountStoreError) -> Bool {
    try inner.isLoginTaken(login)
  }
  func availability(of login: String) throws(AccountStoreError) -> LoginAvailability {
    try inner.availability(of: login)
  }
  func signIn(login: String, password: String) throws(AccountStoreError) -> SignedInAccount? {
    try inner.signIn(login: login, password: password)
  }
  func changePassword(login: String, currentPassword: String, newPassword: String)
    throws(AccountStoreError) -> ChangedPassword?
  {
    try inner.changePassword(
      login: login, currentPassword: currentPassword, newPassword: newPassword)
  }
  func createAccount(_ signUp: SignUp) throws(AccountStoreError) -> CreatedAccount {
    recorded.withLock { $0.append(signUp) }
    return try inner.createAccount(signUp)
  }
  func accountsCreated(from address: String) throws(AccountStoreError) -> Int {
    try inner.accountsCreated(from: address)
  }
  func deleteAccount(login: String) throws(AccountStoreError) -> Bool {
    try inner.deleteAccount(login: login)
  }
}

/// Sign in by password of an account made without one: the form says, in words, that it
/// signs in with its key.
@Suite("Sign in: an account without a password")
struct SignInWithoutPasswordTests {
  @Test(
    "told in words, in English and Russian, whatever the password",
    arguments: [
      (Strings.english, "This account has no password: it signs in with its SSH key."),
      (Strings.russian, "У этого аккаунта нет пароля: вход — по его SSH-ключу."),
    ])
  func told(strings: Strings, words: String) throws {
    let store = InMemoryAccountStore()
    _ = try store.createAccount(
      SignUp(
        withoutPasswordLogin: "alice",
        details: SignUpDetails(
          keys: [
            AccountKey(type: "ssh-ed25519", base64: "AAAA", comment: "", fingerprint: "SHA256:a")
          ])))
    let scheduler = ManualScheduler()
    // An empty password is not sent: the form needs one.
    for password in ["!", "Secret123"] {
      let model = SignInViewModel(store: store, scheduler: scheduler, strings: strings)
      model.login = "alice"
      model.password = password
      model.signIn()
      scheduler.settle()
      #expect(model.message == words)
    }
  }
}
