/// The longest value a field takes: typing and pasting stop there, and a view model
/// refuses a longer value (the line-by-line front end has no field to stop it).
public struct FieldLimit: Hashable, Sendable {
  /// What the maximum counts.
  public enum Unit: Hashable, Sendable {
    /// Graphemes, as a person counts characters.
    case characters
    /// Bytes of UTF-8.
    case bytes
  }

  public let maximum: Int
  public let unit: Unit

  public init(maximum: Int, unit: Unit) {
    self.maximum = maximum
    self.unit = unit
  }

  /// A login: 64 characters.
  public static let login = FieldLimit(maximum: 64, unit: .characters)
  /// A password: 512 bytes, the most libxcrypt hashes (CRYPT_MAX_PASSPHRASE_SIZE); a longer
  /// one could only fail later with a confusing "could not hash".
  public static let password = FieldLimit(maximum: 512, unit: .bytes)

  /// The limit of a sign-up field (the confirmation is a password).
  public static func of(_ field: RegistrationField) -> FieldLimit {
    field == .login ? .login : .password
  }

  /// Whether `text` is no longer than the maximum. Looks at no more of a long text than it
  /// must: a grapheme is at least one byte.
  public func allows(_ text: String) -> Bool {
    let bytes = text.utf8.count
    if bytes <= maximum { return true }
    guard unit == .characters else { return false }
    var count = 0
    for _ in text {
      count += 1
      if count > maximum { return false }
    }
    return true
  }

  /// Why a longer value stops: "At most 64 characters".
  public func message(_ strings: Strings) -> String {
    switch unit {
    case .characters: strings.atMostCharacters(maximum)
    case .bytes: strings.atMostBytes(maximum)
    }
  }
}
