import Registration
import SSHKeys
import Synchronization
import TestSupport
import Testing

/// The "SSH key" field of Sign up in the view model: the connecting key offered and used,
/// a pasted line checked in words (English and Russian), a private key dropped, and the
/// key reaching the store with the sign-up.
@Suite("Sign-up: the SSH key field")
struct SignUpKeyTests {
  static let line =
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKkcDxrh21AHfs99JaIWF+70u6HhCdyVDa2YA930r2NY alice@laptop"
  /// The shape of a private key's file, not a real one.
  static let privateKey =
    "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU=\n-----END OPENSSH PRIVATE KEY-----\n"

  let store = RecordingStore()
  let scheduler = ManualScheduler()

  func model(_ key: SignUpKey) -> RegistrationViewModel {
    RegistrationViewModel(
      store: store, scheduler: scheduler, policy: FakeLoginPolicy(), key: key)
  }

  func fill(_ model: RegistrationViewModel) {
    model.login = "alice"
    model.password = "Secret123"
    model.confirmation = "Secret123"
    scheduler.settle()
  }

  @Test("over SSH the connecting key is offered as ssh-keygen -l shows it, and stored")
  func connectingKey() throws {
    let connecting = try SSHPublicKey(line: Self.line)
    let key = SignUpKey(need: .optional, connecting: connecting)
    #expect(
      key.connectingOffer
        == "Use key: ED25519 SHA256:bng8hJxgdKPhMoaffzh6zwRaLAa2PLAUL81i0uION64"
    )
    #expect(key.pasteOffer == nil)
    #expect(!key.showsPasteField)
    let model = model(key)
    model.appear()
    fill(model)
    #expect(model.submit() == .started)
    scheduler.settle()
    #expect(store.keys == [["SHA256:bng8hJxgdKPhMoaffzh6zwRaLAa2PLAUL81i0uION64"]])
  }

  @Test("an empty field skips the key when it is optional")
  func emptySkips() {
    let model = model(SignUpKey(need: .optional, connecting: nil))
    model.appear()
    fill(model)
    #expect(model.key?.rows == [])
    #expect(model.submit() == .started)
    scheduler.settle()
    #expect(store.keys == [[]])
  }

  @Test("a pasted line that is not a key says why, live, and blocks Create account")
  func pastedRefusal() {
    let key = SignUpKey(need: .optional, connecting: nil)
    let model = model(key)
    model.appear()
    fill(model)
    key.pasted = "ssh-dss AAAAB3NzaC1kc3M="
    #expect(key.rows == ["this key type is not accepted (ssh-dss)"])
    #expect(!model.canSubmit)
    #expect(model.submit() == .busy)
    key.pasted = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKkcDxrh21AHfs99"
    #expect(key.rows == ["this key is damaged (cut short?)"])
    key.pasted = Self.line
    #expect(key.rows == [])
    #expect(model.canSubmit)
    #expect(model.submit() == .started)
    scheduler.settle()
    #expect(store.keys == [["SHA256:bng8hJxgdKPhMoaffzh6zwRaLAa2PLAUL81i0uION64"]])
  }

  @Test("the rows in Russian")
  func russian() {
    let key = SignUpKey(need: .required, connecting: nil, strings: .russian)
    #expect(key.rows == ["Этому сайту нужен SSH-ключ"])
    key.pasted = "command=\"ls\" " + Self.line
    #expect(key.rows == ["параметры не принимаются; вставьте только ключ"])
    key.pasted = Self.privateKey
    #expect(key.pasted == "")
    #expect(key.rows.first?.hasPrefix("Это был закрытый ключ: он не сохранён.") == true)
  }

  @Test("a pasted private key is dropped from the field with a plain warning")
  func privateKeyDropped() {
    let key = SignUpKey(need: .optional, connecting: nil)
    key.pasted = Self.privateKey
    #expect(key.pasted == "")
    #expect(key.accountKeys == [])
    #expect(key.rows.count == 1)
    #expect(key.rows[0].hasPrefix("That was a private key: it was not kept."))
    // Nothing of it in what the field says.
    #expect(!key.rows[0].contains("b3BlbnNz"))
    key.pasted = Self.line
    #expect(!key.privateKeyWarning)
  }

  @Test("a paste longer than any key's line is not taken, and says so; the next one is")
  func tooLong() {
    let key = SignUpKey(need: .optional, connecting: nil)
    key.pasted = "ssh-ed25519 AAAA"
    key.pasted = "ssh-ed25519 " + String(repeating: "A", count: SSHPublicKey.longestLine)
    // Compared by size: a failure would print 8 KB otherwise.
    #expect(key.pasted.utf8.count == 16, "the line stays as it was")
    #expect(key.rows.contains("too long for an SSH key"))
    key.pasted = String(repeating: "A", count: 100 * SSHPublicKey.longestLine)
    #expect(key.pasted.utf8.count == 16)
    key.pasted = Self.line
    #expect(key.pasted == Self.line)
    #expect(key.rows == [])
    #expect(key.accountKeys.count == 1)
  }

  @Test("required: Create account is blocked until there is a key")
  func required() {
    let key = SignUpKey(need: .required, connecting: nil)
    let model = model(key)
    model.appear()
    fill(model)
    #expect(key.rows == ["This site needs an SSH key"])
    #expect(!model.canSubmit)
    #expect(model.submit() == .busy)
    scheduler.settle()
    #expect(store.keys.isEmpty)
    key.pasted = Self.line
    #expect(model.submit() == .started)
  }

  @Test("no key offered: the field shows once pasting is chosen, and unchosen drops the line")
  func pasteChosen() {
    let key = SignUpKey(need: .optional, connecting: nil)
    #expect(key.pasteOffer == "Paste an SSH key (the line of your .pub file)")
    #expect(!key.showsPasteField)
    key.pastesLine = true
    #expect(key.showsPasteField)
    key.pasted = "not a key"
    #expect(key.rows == ["not an SSH public key"])
    #expect(!key.isMet)
    key.pastesLine = false
    #expect(key.pasted == "")
    #expect(key.rows == [])
    #expect(key.isMet)
    #expect(
      SignUpKey(need: .optional, connecting: nil, strings: .russian).pasteOffer
        == "Вставить SSH-ключ (строку из файла .pub)")
  }

  @Test("required with no key offered: the field is shown at once, with no box")
  func requiredShowsField() {
    let key = SignUpKey(need: .required, connecting: nil)
    #expect(key.pasteOffer == nil)
    #expect(key.showsPasteField)
  }

  @Test("a pasted key instead of the connecting one")
  func pastedInstead() throws {
    let connecting = try SSHPublicKey(line: Self.line)
    let key = SignUpKey(need: .optional, connecting: connecting)
    key.usesConnectingKey = false
    #expect(key.showsPasteField)
    #expect(key.key == nil)
    key.pasted = "not a key"
    #expect(key.rows == ["not an SSH public key"])
  }
}

/// The in-memory store, keeping each sign-up's key fingerprints.
final class RecordingStore: AccountStore {
  private let inner = InMemoryAccountStore()
  private let recorded = Mutex<[[String]]>([])

  var keys: [[String]] { recorded.withLock { $0 } }

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
    recorded.withLock { $0.append(signUp.details.keys.map(\.fingerprint)) }
    return try inner.createAccount(signUp)
  }
  func accountsCreated(from address: String) throws(AccountStoreError) -> Int {
    try inner.accountsCreated(from: address)
  }
  func deleteAccount(login: String) throws(AccountStoreError) -> Bool {
    try inner.deleteAccount(login: login)
  }
}
