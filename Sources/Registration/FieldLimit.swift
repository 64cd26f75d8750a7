/// The longest value a field takes: typing and pasting stop there, and a view model
/// refuses a longer value (the line-by-line front end has no field to stop it).
///
/// A field counts what a person counts (graphemes) where a person types names, and always
/// bytes too: one grapheme can carry any number of combining marks, so a count of graphemes
/// alone bounds neither memory nor what the store keeps.
public struct FieldLimit: Hashable, Sendable {
  /// At most this many graphemes; nil: not counted.
  public let characters: Int?
  /// At most this many bytes of UTF-8.
  public let bytes: Int

  public init(characters: Int? = nil, bytes: Int) {
    self.characters = characters
    self.bytes = bytes
  }

  /// A login: 64 characters, and 512 bytes (64 letters with two combining marks each fit;
  /// a paste of marks does not).
  public static let login = FieldLimit(characters: 64, bytes: 512)
  /// A password: 511 bytes, the most libxcrypt hashes (CRYPT_MAX_PASSPHRASE_SIZE is 512 with
  /// the terminating NUL); a longer one could only fail later with a confusing "could not
  /// hash".
  public static let password = FieldLimit(bytes: 511)

  /// The limit of a sign-up field (the confirmation is a password).
  public static func of(_ field: RegistrationField) -> FieldLimit {
    field == .login ? .login : .password
  }

  /// Whether `text` is within both maxima. Looks at no more of a long text than it must: a
  /// grapheme is at least one byte.
  public func allows(_ text: String) -> Bool {
    let bytes = text.utf8.count
    guard bytes <= self.bytes else { return false }
    guard let characters, bytes > characters else { return true }
    var count = 0
    for _ in text {
      count += 1
      if count > characters { return false }
    }
    return true
  }

  /// What a field stops at as it is typed in: the graphemes it counts, else the bytes.
  public func message(_ strings: Strings) -> String {
    characters.map(strings.atMostCharacters) ?? strings.atMostBytes(bytes)
  }

  /// Why `text` was refused: too many graphemes, else too many bytes.
  public func message(_ strings: Strings, refusing text: String) -> String {
    if let characters, !FieldLimit(characters: characters, bytes: .max).allows(text) {
      return strings.atMostCharacters(characters)
    }
    return text.utf8.count > bytes ? strings.atMostBytes(bytes) : message(strings)
  }
}
