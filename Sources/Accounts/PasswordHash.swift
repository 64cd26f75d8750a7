import CCrypt
import Registration

#if canImport(Glibc)
  import Glibc
#endif

/// Password hashes from the system's crypt(3): yescrypt (`$y$`), the format of
/// /etc/shadow, at libxcrypt's default cost, with a fresh salt from the OS.
enum PasswordHash {
  /// The longest password libxcrypt hashes, in bytes: its CRYPT_MAX_PASSPHRASE_SIZE (512)
  /// less the C string's end.
  static let longestPassword = Int(CRYPT_MAX_PASSPHRASE_SIZE) - 1

  /// An account's hash when it has no password (site `password = off`): `!`, which no
  /// crypt(3) output equals (as in /etc/shadow, where it locks the password).
  static let none = "!"

  /// A yescrypt hash of `password` with a new salt.
  static func make(_ password: String) throws(AccountStoreError) -> String {
    // crypt(3) takes a C string: it would hash only what comes before a NUL.
    guard !password.utf8.contains(0) else { throw .containsNUL("password") }
    guard password.utf8.count <= longestPassword else {
      throw .passwordTooLong(longestBytes: longestPassword)
    }
    var setting = [CChar](repeating: 0, count: Int(CRYPT_GENSALT_OUTPUT_SIZE))
    // No random bytes given: libxcrypt takes them from the OS. Cost 0 is its default.
    guard crypt_gensalt_rn("$y$", 0, nil, 0, &setting, Int32(setting.count)) != nil else {
      throw .unavailable("could not make a salt for the password hash")
    }
    let salt = setting.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    guard let hash = crypt(password, setting: salt) else {
      throw .unavailable("could not hash the password")
    }
    return hash
  }

  /// Whether `password` hashes to `hash`, compared in constant time.
  static func verify(_ password: String, against hash: String) -> Bool {
    guard !password.utf8.contains(0), let computed = crypt(password, setting: hash) else {
      return false
    }
    return constantTimeEqual(Array(computed.utf8), Array(hash.utf8))
  }

  /// A hash to verify against when the login does not exist, so that a wrong login takes
  /// as long as a wrong password and timing does not tell which was wrong. Fixed, with
  /// the default cost: made at run time, the first wrong login would take twice as long.
  /// Its password was random and is known to nobody.
  static let decoy = "$y$j9T$6EW3Lzp0qAXrrAFs9GknQ/$zDdm/ihIvOBvpSRSnh0CvPEPgdb2QGSP7brC6on3DI8"

  private static func crypt(_ password: String, setting: String) -> String? {
    let data = UnsafeMutablePointer<crypt_data>.allocate(capacity: 1)
    let size = MemoryLayout<crypt_data>.size
    memset(data, 0, size)
    defer {
      // The work area held the passphrase.
      explicit_bzero(data, size)
      data.deallocate()
    }
    guard let output = crypt_rn(password, setting, data, Int32(size)) else { return nil }
    let result = String(cString: output)
    // libxcrypt writes a hash starting with '*' instead of failing in some cases.
    return result.hasPrefix("*") ? nil : result
  }

  private static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for index in a.indices { difference |= a[index] ^ b[index] }
    return difference == 0
  }
}

/// Makes and checks password hashes: yescrypt in the program; the tests count its calls.
protocol PasswordHasher: Sendable {
  func hash(_ password: String) throws(AccountStoreError) -> String
  func verify(_ password: String, against hash: String) -> Bool
}

/// The system's yescrypt (`PasswordHash`).
struct YescryptHasher: PasswordHasher {
  func hash(_ password: String) throws(AccountStoreError) -> String {
    try PasswordHash.make(password)
  }

  func verify(_ password: String, against hash: String) -> Bool {
    PasswordHash.verify(password, against: hash)
  }
}
