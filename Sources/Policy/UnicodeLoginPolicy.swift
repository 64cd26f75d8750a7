import Registration
import Synchronization

/// What a login may be, over the system's ICU: NFC for storage, NFKC case folding for
/// identity, UTS #39 for lookalikes and mixed scripts; reserved names; and with
/// `unixNames`, Debian's user-name rule and the system's users and groups.
///
/// It fails closed: when ICU fails, a login is refused (``reservation(of:)`` says
/// `.reserved`: the person reads that it is not available) and its keys are
/// ``unavailableKey``, which no login's key can be, never the raw text (two lookalikes
/// would then pass as two accounts).
public final class UnicodeLoginPolicy: LoginPolicy {
  public let rule: LoginRule
  let reserved: NameKeys
  let systemNames: NameKeys?
  let icu: ICU
  /// The keys last worked out: one lookup asks for them twice (reserved names, then the
  /// store).
  private let lastKeys = Mutex<(login: String, identity: String, skeleton: String)?>(nil)

  /// The identity key and skeleton of a login whose keys ICU could not work out: not one
  /// a login can have (a NUL, which no stored login holds, and capitals, which case
  /// folding removes), and the same for all of them, so at most one could ever be stored.
  public static let unavailableKey = "\u{0}ICU UNAVAILABLE"

  public convenience init(reserved: ReservedNames = ReservedNames(), unixNames: Bool = false) {
    self.init(reserved: reserved, unixNames: unixNames, icu: .system)
  }

  /// The same policy over an ICU whose every call fails with `icuFailure` (tests).
  @_spi(Testing) public convenience init(
    reserved: ReservedNames = ReservedNames(), unixNames: Bool = false, icuFailure: Int32
  ) {
    self.init(reserved: reserved, unixNames: unixNames, icu: ICU(status: icuFailure))
  }

  init(reserved: ReservedNames, unixNames: Bool, icu: ICU) {
    rule = unixNames ? .unixNames : .unicode
    self.reserved = NameKeys { reserved.names }
    systemNames = unixNames ? NameKeys { SystemNames.all() } : nil
    self.icu = icu
  }

  /// NFC; as given if ICU fails (it is then refused: see the type).
  public func normalized(_ login: String) -> String { icu.nfc(login) ?? login }

  /// NFKC_Casefold (which gives the same for a login and its NFC form).
  public func identityKey(_ login: String) -> String {
    keys(of: login)?.identity ?? Self.unavailableKey
  }

  /// The skeleton of the case fold of the skeleton. The outer pair ignores case (`Rооt`
  /// with Cyrillic о is `root`); the first skeleton comes before case is folded, so a
  /// capital I still looks like a small l (`Ian` is `lan`).
  public func skeleton(_ login: String) -> String {
    keys(of: login)?.skeleton ?? Self.unavailableKey
  }

  /// Both keys, or nil when ICU failed for either.
  private func keys(of login: String) -> (identity: String, skeleton: String)? {
    if let last = lastKeys.withLock({ $0 }), last.login.utf8.elementsEqual(login.utf8) {
      return (last.identity, last.skeleton)
    }
    guard let identity = icu.nfkcCasefold(login), let skeleton = icu.caselessSkeleton(login)
    else { return nil }
    lastKeys.withLock { $0 = (login, identity, skeleton) }
    return (identity, skeleton)
  }

  public func validate(_ login: String) -> LoginProblem? {
    // Without NFC the rules look at the text as given; ICU failing refuses it anyway.
    let login = icu.nfc(login) ?? login
    if let problem = LoginCharacters.forbidden(in: login) { return problem }
    switch rule {
    case .unicode: return LoginCharacters.unicodeProblem(in: login)
    case .unixNames: return LoginCharacters.unixProblem(in: login)
    }
  }

  public func reservation(of login: String) -> LoginReservation? {
    // ICU failed: not available, rather than compared by raw text.
    guard let (identity, skeleton) = keys(of: login) else { return .reserved }
    if reserved.matches(identity: identity, skeleton: skeleton, policy: self) { return .reserved }
    if let systemNames {
      if systemNames.matches(identity: identity, skeleton: skeleton, policy: self)
        || SystemNames.exists(identity)
      {
        return .systemName
      }
    }
    return nil
  }
}

/// The identity keys and skeletons of a list of names, worked out the first time they
/// are needed (off the interface thread: the first lookup), not at start-up.
final class NameKeys: Sendable {
  private let names: @Sendable () -> [String]
  private let keys = Mutex<(identities: Set<String>, skeletons: Set<String>)?>(nil)
  /// How many names' keys were worked out so far (tests count them).
  let workedOut = Atomic<Int>(0)

  init(_ names: @escaping @Sendable () -> [String]) {
    self.names = names
  }

  /// Whether a name of the list has this identity or skeleton; true (taken) when ICU
  /// fails for a name of the list, whose keys are then worked out again next time.
  func matches(identity: String, skeleton: String, policy: UnicodeLoginPolicy) -> Bool {
    keys.withLock { keys in
      if keys == nil {
        let names = names()
        workedOut.add(names.count, ordering: .relaxed)
        let identities = names.compactMap { policy.icu.nfkcCasefold($0) }
        let skeletons = names.compactMap { policy.icu.caselessSkeleton($0) }
        guard identities.count == names.count, skeletons.count == names.count else {
          return true
        }
        keys = (Set(identities), Set(skeletons))
      }
      return keys!.identities.contains(identity) || keys!.skeletons.contains(skeleton)
    }
  }
}
