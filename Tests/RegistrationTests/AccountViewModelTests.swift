import Registration
import SSHKeys
import TestSupport
import Testing

/// Your account at join@ without a screen: the keys, adding and removing them, in virtual time.
@Suite("Account view model")
struct AccountViewModelTests {
  let store = InMemoryAccountStore()
  let scheduler = ManualScheduler()
  static let laptop = AccountKey(
    type: "ssh-ed25519", base64: "AAAAC3NzaC1lZDI1NTE5AAAAIAAA", comment: "alice@laptop",
    fingerprint: "SHA256:laptop")
  static let phone = AccountKey(
    type: "ecdsa-sha2-nistp256", base64: "AAAAE2VjZHNh", comment: "phone\u{202E}",
    fingerprint: "SHA256:phone")
  static let desk = AccountKey(
    type: "ssh-ed25519", base64: "AAAAC3NzaC1lZDI1NTE5AAAAIBBB", comment: "",
    fingerprint: "SHA256:desk")

  init() {
    store.add(login: "Alice", password: "Old4Secret")
    store.add(login: "bob", password: "Old4Secret")
  }

  /// Reads `ssh-ed25519 desk` as the desk key; anything else is refused in words.
  static let reader: AccountViewModel.KeyReader = { line in
    line == "ssh-ed25519 desk" ? .success(desk) : .failure(.init("not an SSH public key"))
  }

  func model(
    connecting: AccountKey? = laptop, required: Bool = false, strings: Strings = .english
  ) -> AccountViewModel {
    let model = AccountViewModel(
      store: store, login: "Alice", connectingKey: connecting, keysRequired: required,
      readKey: Self.reader, scheduler: scheduler, strings: strings)
    model.appear()
    scheduler.settle()
    return model
  }

  @Test("the keys are read on appearing; the key of this connection is offered until added")
  func offered() throws {
    try store.addKey(Self.phone, to: "alice")
    let model = model()
    #expect(model.keys == [Self.phone])
    #expect(model.offeredKey == Self.laptop)
    model.addConnectingKey()
    #expect(model.isWorking)
    scheduler.settle()
    #expect(model.keys == [Self.phone, Self.laptop])
    #expect(model.offeredKey == nil)
    #expect(model.message == "Key added.")
    #expect(model.isInUse(Self.laptop) && !model.isInUse(Self.phone))
  }

  @Test("a pasted line is added when it is a key; otherwise why, and nothing stored")
  func pasted() throws {
    let model = model()
    model.pastedKey = "-----BEGIN OPENSSH PRIVATE KEY-----"
    model.addPastedKey()
    #expect(model.message == "not an SSH public key")
    #expect(model.messageIsError)
    #expect(try store.keys(of: "alice").isEmpty)
    model.pastedKey = "ssh-ed25519 desk"
    #expect(model.message == nil, "typing clears the message")
    model.addPastedKey()
    scheduler.settle()
    #expect(model.keys == [Self.desk])
    #expect(model.pastedKey.isEmpty)
  }

  @Test("a pasted private key is dropped from the line at once, with a plain warning")
  func privateKeyDropped() {
    for strings in [Strings.english, .russian] {
      let model = model(strings: strings)
      model.pastedKey = "ssh-ed25519 desk"
      model.pastedKey = SignUpKeyTests.privateKey
      #expect(model.pastedKey == "")
      #expect(model.message == strings.privateKeyDropped)
      #expect(model.messageIsError)
      #expect(model.message?.contains("b3BlbnNz") == false, "nothing of the key")
      model.pastedKey = "ssh-ed25519 desk"
      #expect(model.message == nil)
    }
  }

  @Test("a paste longer than any key's line is not taken, and says so")
  func tooLong() {
    let model = model()
    model.pastedKey = "ssh-ed25519 desk"
    model.pastedKey = "ssh-ed25519 " + String(repeating: "A", count: SSHPublicKey.longestLine)
    #expect(model.pastedKey == "ssh-ed25519 desk")
    #expect(model.message == "too long for an SSH key")
    #expect(model.messageIsError)
    let longest = String(repeating: "A", count: SSHPublicKey.longestLine)
    model.pastedKey = longest
    #expect(model.pastedKey == longest)
    #expect(model.message == nil)
  }

  @Test("a key another account has is refused with the store's words")
  func taken() throws {
    try store.addKey(Self.desk, to: "bob")
    let model = model()
    model.pastedKey = "ssh-ed25519 desk"
    model.addPastedKey()
    scheduler.settle()
    #expect(model.message == "Keys not changed: \(Strings.english.keyTaken)")
    #expect(model.keys.isEmpty)
    #expect(try store.keys(of: "bob") == [Self.desk], "bob's key stays bob's")
  }

  @Test("the key in use is removed only once the person confirms; another key at once")
  func removeInUse() throws {
    try store.addKey(Self.laptop, to: "alice")
    try store.addKey(Self.phone, to: "alice")
    let model = model()
    model.remove(fingerprint: Self.laptop.fingerprint)
    #expect(model.confirmingRemoval == Self.laptop.fingerprint)
    #expect(model.message == Strings.english.removeKeyInUse)
    scheduler.settle()
    #expect(try store.keys(of: "alice").count == 2, "not yet")
    model.cancelRemoval()
    model.remove(fingerprint: Self.laptop.fingerprint)
    scheduler.settle()
    #expect(try store.keys(of: "alice").count == 2, "a cancelled question asks again")
    model.remove(fingerprint: Self.laptop.fingerprint)
    scheduler.settle()
    #expect(model.keys == [Self.phone])
    #expect(model.message == "Key removed.")
    model.remove(fingerprint: Self.phone.fingerprint)
    scheduler.settle()
    #expect(model.keys.isEmpty, "keys optional: the last one may go")
  }

  @Test("while keys are required, the last key stays, in English and Russian")
  func lastKeyRequired() throws {
    try store.addKey(Self.phone, to: "alice")
    for strings in [Strings.english, .russian] {
      let model = model(connecting: nil, required: true, strings: strings)
      #expect(!model.canRemove(Self.phone))
      model.remove(fingerprint: Self.phone.fingerprint)
      scheduler.settle()
      #expect(model.message == strings.lastKeyRequired)
      #expect(try store.keys(of: "alice") == [Self.phone])
    }
    let model = model(connecting: nil, required: true)
    model.pastedKey = "ssh-ed25519 desk"
    model.addPastedKey()
    scheduler.settle()
    model.remove(fingerprint: Self.phone.fingerprint)
    scheduler.settle()
    #expect(model.keys == [Self.desk], "with two, one may go")
  }

  @Test("another account's key cannot be removed from here: the store is asked for this login")
  func strangersKey() throws {
    try store.addKey(Self.desk, to: "bob")
    let model = model()
    model.remove(fingerprint: Self.desk.fingerprint)
    scheduler.settle()
    #expect(try store.keys(of: "bob") == [Self.desk])
    #expect(model.keys.isEmpty)
  }

  @Test("a store that cannot answer says so")
  func failing() {
    store.fail(with: .unavailable("disk full"))
    let model = model(strings: .russian)
    #expect(model.message == "Ключи не изменены: disk full")
  }
}
