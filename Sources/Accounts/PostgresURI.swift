/// A libpq connection URI (`postgresql://…` or `postgres://…`), and how to show it: its
/// password never appears, neither in the URI shown nor in a message that echoes it.
public struct PostgresURI: Sendable, Hashable, CustomStringConvertible {
  /// The URI as given, password included: for libpq only.
  let text: String
  /// The URI with every password replaced by `***`.
  public let redacted: String
  /// What must never be shown: each password as written and percent-decoded.
  private let secrets: [String]

  static let schemes = ["postgresql://", "postgres://"]

  /// Nil when `text` is not a PostgreSQL URI (then it is a file path).
  public init?(_ text: String) {
    guard let scheme = Self.schemes.first(where: { text.hasPrefix($0) }) else { return nil }
    self.text = text
    var secrets: [String] = []
    let rest = text.dropFirst(scheme.count)
    // libpq looks for user information before the first '/'. A password holding a raw '@'
    // is cut there by libpq; everything up to the last '@' is hidden all the same.
    let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
    let authority = rest[..<authorityEnd]
    var shown = scheme
    if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
      let password = authority[authority.index(after: colon)..<at]
      secrets.append(String(password))
      if let cut = password.firstIndex(of: "@") { secrets.append(String(password[..<cut])) }
      shown += authority[...colon] + "***" + authority[at...]
    } else {
      shown += authority
    }
    shown += rest[authorityEnd...]
    redacted = Self.redactingQuery(shown, secrets: &secrets)
    self.secrets = (secrets + secrets.map(Self.percentDecoded)).filter { !$0.isEmpty }
      .sorted { $0.count > $1.count }
  }

  public var description: String { redacted }

  /// `message` with every password in it replaced by `***` (libpq quotes parts of a URI it
  /// cannot parse, and sometimes all of it).
  func scrub(_ message: String) -> String {
    secrets.reduce(message) { $0.replacing($1, with: "***") }
  }

  /// Hides the value of every `password=` in the query part.
  private static func redactingQuery(_ uri: String, secrets: inout [String]) -> String {
    guard let question = uri.firstIndex(of: "?") else { return uri }
    let parameters = uri[uri.index(after: question)...].split(
      separator: "&", omittingEmptySubsequences: false)
    let shown = parameters.map { parameter -> String in
      guard let equals = parameter.firstIndex(of: "="),
        percentDecoded(String(parameter[..<equals])) == "password"
      else { return String(parameter) }
      secrets.append(String(parameter[parameter.index(after: equals)...]))
      return parameter[...equals] + "***"
    }
    return uri[...question] + shown.joined(separator: "&")
  }

  /// `%XX` sequences as bytes; anything malformed is kept as written.
  static func percentDecoded(_ text: String) -> String {
    var bytes: [UInt8] = []
    var utf8 = text.utf8[...]
    while let byte = utf8.popFirst() {
      if byte == UInt8(ascii: "%"), utf8.count >= 2,
        let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
      {
        bytes.append(value)
        utf8 = utf8.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
