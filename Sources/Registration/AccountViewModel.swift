import Observation
import SSHKeys

/// Your account at `join@`, without a screen: the signed-in login, its SSH keys, adding one
/// (the key of this connection, or a pasted `authorized_keys` line) and removing one. The
/// last key is never removed while the site requires keys; the key of this connection only
/// once the person has said so. Every change goes through the store (which audits it) and
/// the list is read again after it.
@Observable
public final class AccountViewModel: ScreenModel {
  /// A pasted line, read: the key, or why it is not one (in the person's language).
  public typealias KeyReader = @Sendable (String) -> Result<AccountKey, KeyLineRefusal>

  /// Why a pasted line is not a key, already in words.
  public struct KeyLineRefusal: Error, Hashable, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
  }

  /// The account's login, as registered.
  public let login: String
  /// The account's keys, oldest first, as last read from the store.
  public private(set) var keys: [AccountKey] = []
  /// The pasted `authorized_keys` line, at most `SSHPublicKey.longestLine` bytes: a longer
  /// paste is not taken (the line stays as it was) and says so. A private key is never
  /// kept: the line is emptied as it arrives, with a plain warning (as at Sign up).
  public var pastedKey: String {
    get { pastedText }
    set {
      if Self.isPrivateKey(newValue) {
        pastedText = ""
        say(strings.privateKeyDropped, isError: true)
      } else if newValue.utf8.count > SSHPublicKey.longestLine {
        say(strings.keyRefusal(.tooLong), isError: true)
      } else {
        pastedText = newValue
        message = nil
      }
    }
  }
  private var pastedText = ""
  /// What the last action came to: done, refused, or a question (see `confirmingRemoval`).
  public private(set) var message: String?
  /// True when `message` says something went wrong.
  public private(set) var messageIsError = false
  /// The fingerprint of the key in use that the person asked to remove: removing it again
  /// confirms; anything else forgets it.
  public private(set) var confirmingRemoval: String?
  /// True while the store is asked.
  public private(set) var isWorking = false

  @ObservationIgnored private let store: any AccountKeyStore
  @ObservationIgnored private let connectingKey: AccountKey?
  @ObservationIgnored private let keysRequired: Bool
  @ObservationIgnored private let readKey: KeyReader
  @ObservationIgnored private let scheduler: any Scheduler
  @ObservationIgnored private let strings: Strings

  /// `connectingKey` is the key this SSH session authenticated with, if any; with
  /// `keysRequired` (the site's `keys = required`) the last key stays.
  public init(
    store: any AccountKeyStore, login: String, connectingKey: AccountKey?, keysRequired: Bool,
    readKey: @escaping KeyReader, scheduler: any Scheduler, strings: Strings = .english
  ) {
    self.store = store
    self.login = login
    self.connectingKey = connectingKey
    self.keysRequired = keysRequired
    self.readKey = readKey
    self.scheduler = scheduler
    self.strings = strings
  }

  // MARK: What the screen shows

  /// Whether `key` is the one this session is connected with.
  public func isInUse(_ key: AccountKey) -> Bool { key.fingerprint == connectingKey?.fingerprint }

  /// The key of this connection, when the account does not have it yet.
  public var offeredKey: AccountKey? {
    guard let connectingKey, !keys.contains(where: isInUse) else { return nil }
    return connectingKey
  }

  /// Whether `key` may be removed at all (not the last one while keys are required).
  public func canRemove(_ key: AccountKey) -> Bool { !(keysRequired && keys.count <= 1) }

  // MARK: What the person does

  public func appear() { reload() }

  public func disappear() {
    confirmingRemoval = nil
    message = nil
  }

  /// Adds the key of this connection.
  public func addConnectingKey() {
    guard let key = offeredKey, !isWorking else { return }
    add(key)
  }

  /// Adds the pasted line's key, or says why it is not one.
  public func addPastedKey() {
    guard !isWorking else { return }
    switch readKey(pastedKey) {
    case .success(let key): add(key, clearingPaste: true)
    case .failure(let refusal): say(refusal.message, isError: true)
    }
  }

  /// Removes the key with `fingerprint`: refused for the last key while keys are
  /// required; for the key in use, asks first (the same call again confirms).
  public func remove(fingerprint: String) {
    guard !isWorking, let key = keys.first(where: { $0.fingerprint == fingerprint }) else { return }
    guard canRemove(key) else {
      confirmingRemoval = nil
      return say(strings.lastKeyRequired, isError: true)
    }
    if isInUse(key) && confirmingRemoval != fingerprint {
      confirmingRemoval = fingerprint
      return say(strings.removeKeyInUse, isError: false)
    }
    confirmingRemoval = nil
    perform(
      { [store, login] () throws(AccountStoreError) in
        _ = try store.removeKey(fingerprint: fingerprint, from: login)
      }, done: strings.keyRemoved)
  }

  /// Forgets a removal waiting to be confirmed.
  public func cancelRemoval() {
    guard confirmingRemoval != nil else { return }
    confirmingRemoval = nil
    message = nil
  }

  // MARK: Inside

  private func add(_ key: AccountKey, clearingPaste: Bool = false) {
    confirmingRemoval = nil
    perform(
      { [store, login] () throws(AccountStoreError) in
        try store.addKey(key, to: login)
      }, done: strings.keyAdded, clearingPaste: clearingPaste)
  }

  private func perform(
    _ change: @escaping @Sendable () throws(AccountStoreError) -> Void, done: String,
    clearingPaste: Bool = false
  ) {
    isWorking = true
    let (store, login) = (store, login)
    scheduler.perform({
      Result { () throws(AccountStoreError) in
        try change()
        return try store.keys(of: login)
      }
    }) { [weak self] result in
      guard let self else { return }
      isWorking = false
      switch result {
      case .success(let keys):
        self.keys = keys
        if clearingPaste { pastedKey = "" }
        say(done, isError: false)
      case .failure(let error):
        say(strings.cannotChangeKeys(error.description(in: strings)), isError: true)
      }
    }
  }

  private func reload() {
    let (store, login) = (store, login)
    scheduler.perform({
      Result { () throws(AccountStoreError) in try store.keys(of: login) }
    }) { [weak self] result in
      guard let self else { return }
      switch result {
      case .success(let keys): self.keys = keys
      case .failure(let error):
        say(strings.cannotChangeKeys(error.description(in: strings)), isError: true)
      }
    }
  }

  /// A private key's marks anywhere in the paste (SSHKeys looks for them first, before
  /// any length).
  private static func isPrivateKey(_ text: String) -> Bool {
    do {
      _ = try SSHPublicKey(line: text)
      return false
    } catch {
      return error == .privateKey
    }
  }

  private func say(_ text: String, isError: Bool) {
    message = text
    messageIsError = isError
  }
}
