/// Why a line is not a key this site takes, as a value the string tables turn into words.
///
/// No case holds any byte of the input (a private key pasted by mistake must not live on
/// in an error), except `typeNotAccepted`, whose name is always one of
/// `SSHKeyType.refusedNames`.
public enum SSHKeyRefusal: Error, Sendable, Hashable, CustomDebugStringConvertible {
  /// Nothing but spaces.
  case empty
  /// Not an `authorized_keys` line at all: "not an SSH public key".
  case notAKey
  /// A private key (OpenSSH, PEM or PuTTY): "a private key: never paste it; paste the .pub
  /// file's line".
  case privateKey
  /// An RSA key shorter than 2048 bits: "RSA keys need at least 2048 bits".
  case rsaTooShort(bits: Int)
  /// A type people have that is refused: "this key type is not accepted (ssh-dss)".
  case typeNotAccepted(name: String)
  /// `authorized_keys` options before the type (`command="..."`, `from=`, `restrict`):
  /// "options are not accepted". The site sets what a key may do, not the person.
  case options
  /// A line break with more after it: "one key per line".
  case severalLines
  /// A control character (NUL, escape, a lone carriage return…) anywhere in the line.
  case controlCharacter
  /// Longer than any key (the line, the key, the comment or an RSA modulus past 16384 bits).
  case tooLong
  /// The type is right but the key is not: bad base64, cut short, lengths that do not add
  /// up, another type inside, bytes after the end: "this key is damaged (cut short?)".
  case damaged

  public var debugDescription: String {
    switch self {
    case .empty: "empty"
    case .notAKey: "not an SSH public key"
    case .privateKey: "a private key"
    case .rsaTooShort(let bits): "RSA key of \(bits) bits, under 2048"
    case .typeNotAccepted(let name): "key type not accepted (\(name))"
    case .options: "options before the key type"
    case .severalLines: "more than one line"
    case .controlCharacter: "a control character"
    case .tooLong: "too long"
    case .damaged: "damaged key"
    }
  }
}
