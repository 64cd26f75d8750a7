import Digest
import Registration

/// A login as typed at Sign in, sorted before anything is stored for it: one no sign-up
/// could have made (too long, a NUL, or against the rules of the policy the store was
/// given) gets no throttle record of its own, only a share of one bucket, so that new
/// logins cannot fill the disk; every other login's record is keyed by a fixed-size digest
/// of its identity key, whatever its length.
struct SignInLogin {
  /// The identity key; nil when the login is too long or holds a NUL (then not even
  /// computed: the identity of a huge paste is slow, and no account has it).
  let key: String?
  /// Whether the login breaks the policy's rules (a `LoginPolicy`; a bare `LoginIdentity`
  /// says nothing of rules). Accounts from before a rule may still have such a login.
  let breaksRules: Bool

  /// The most bytes of UTF-8 a login signed in with may have: 64 characters of 16 bytes,
  /// more than any script's letter with its marks takes (and the row under Sign in stops
  /// at 64 characters).
  static let longestBytes = 1024

  /// The throttle key every login no sign-up could have made shares. Not 64 hexadecimal
  /// digits, so no digest is equal to it.
  static let sharedBucket = "logins no sign-up could make"

  init(_ login: String, identity: any LoginIdentity) {
    guard !login.utf8.contains(0), login.utf8.count <= Self.longestBytes,
      FieldLimit.login.allows(login)
    else {
      (key, breaksRules) = (nil, true)
      return
    }
    key = identity.identityKey(login)
    breaksRules = (identity as? any LoginPolicy)?.validate(login) != nil
  }

  /// The key the attempt is counted under: the digest of the identity key, or the shared
  /// bucket for a login no sign-up could have made and no account (from before) has.
  func throttleKey(hasAccount: Bool) -> String {
    guard let key, hasAccount || !breaksRules else { return Self.sharedBucket }
    return Self.digest(of: key)
  }

  /// SHA-256 of the identity key, in hexadecimal: what the throttle stores.
  static func digest(of key: String) -> String { SHA256.hex(key) }
}
