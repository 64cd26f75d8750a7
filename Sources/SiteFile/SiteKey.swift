/// A key the site file may set outside a `[question]` section, and what its value may be.
/// The program gives the list (its flags and its site keys); the file is read against it.
public struct SiteKey: Equatable, Sendable {
  public enum Value: Equatable, Sendable {
    /// Any text of one line (a path, a URI, a command).
    case text
    /// `yes` or `no`.
    case yesNo
    /// A whole number in the range, in decimal digits.
    case number(ClosedRange<Int>)
    /// One of these words, as written.
    case word([String])
    /// An e-mail address or an `http(s)://` or `mailto:` URL, for strangers to write to.
    case contact
  }

  public let name: String
  public let value: Value

  public init(_ name: String, _ value: Value) {
    self.name = name
    self.value = value
  }

  /// Keys the site file will have (SPEC "The new surfaces at a glance") whose features
  /// this version has not: refused by name, so that no admin believes they work.
  public static let coming: [String] = []
}
