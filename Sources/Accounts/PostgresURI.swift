/// A libpq connection URI (`postgresql://…` or `postgres://…`), and how to show it: its
/// password never appears, neither in the URI shown nor in a message that echoes it.
public struct PostgresURI: Sendable, Hashable, CustomStringConvertible {
  /// The URI as given, password included: for libpq only.
  let text: String
  /// The URI with every password replaced by `***`.
  public let redacted: String
  /// What must never be shown: each password as written and percent-decoded.
  private let secrets: [String]

  /// Nil when `text` is not a PostgreSQL URI (then it is a file path). A scheme in
  /// another case (`PostgreSQL://`) is one (schemes ignore case; libpq gets it in
  /// lowercase); so is one with a slash too few (`postgresql:/db`), which libpq will
  /// refuse: never a file whose name, password and all, is printed.
  public init?(_ text: String) {
    guard let scheme = Self.scheme(of: text) else { return nil }
    let rest = text.dropFirst(scheme.count)
    self.text = (scheme.hasSuffix("//") ? scheme.lowercased() : scheme) + rest
    var secrets: [String] = []
    // libpq takes as user information what comes before an '@' that no '/' precedes, and
    // as the password all of it from the first ':' to the first '@' ('?' and '#'
    // included). Hidden: from that ':' to the last such '@' (a raw '@' in a password sends
    // the rest to the host name, which errors echo); with none, to the last '@' of all
    // when a ':' comes before the first '/' (a raw '/' in a password: libpq then reads its
    // pieces as a port, a database and a query). Each piece is hidden in messages too.
    let firstSlash = rest.firstIndex(of: "/") ?? rest.endIndex
    var shown = scheme
    var afterAuthority = rest.startIndex
    if let colon = rest[..<firstSlash].firstIndex(of: ":"),
      let at = rest[..<firstSlash].lastIndex(of: "@") ?? rest.lastIndex(of: "@"),
      colon < at
    {
      let password = rest[rest.index(after: colon)..<at]
      secrets.append(String(password))
      let pieces = password.split(whereSeparator: { $0 == "@" || $0 == "/" })
      if pieces.count > 1 { secrets += pieces.map(String.init) }
      shown += rest[...colon] + "***"
      afterAuthority = at
    }
    shown += rest[afterAuthority...]
    redacted = Self.redactingQuery(shown, secrets: &secrets)
    self.secrets = (secrets + secrets.map(Self.percentDecoded)).filter { !$0.isEmpty }
      .sorted { $0.count > $1.count }
  }

  /// The scheme `text` begins with, as written: `postgresql:` or `postgres:` in any case,
  /// and the slashes after it (at least one); nil if there is none.
  private static func scheme(of text: String) -> String? {
    for name in ["postgresql:", "postgres:"] {
      let head = text.utf8.prefix(name.utf8.count)
      guard String(decoding: head, as: UTF8.self).lowercased() == name else { continue }
      let slashes = text.utf8.dropFirst(name.utf8.count).prefix { $0 == UInt8(ascii: "/") }
      guard !slashes.isEmpty else { return nil }
      return String(decoding: head, as: UTF8.self) + String(repeating: "/", count: slashes.count)
    }
    return nil
  }

  public var description: String { redacted }

  /// `message` with every password in it replaced by `***` (libpq quotes parts of a URI it
  /// cannot parse, and sometimes all of it).
  func scrub(_ message: String) -> String {
    secrets.reduce(message) { $0.replacing($1, with: "***") }
  }

  /// Hides the value of every `password=` and `sslpassword=` (the client key's) in the
  /// query part.
  private static func redactingQuery(_ uri: String, secrets: inout [String]) -> String {
    guard let question = uri.firstIndex(of: "?") else { return uri }
    let parameters = uri[uri.index(after: question)...].split(
      separator: "&", omittingEmptySubsequences: false)
    let shown = parameters.map { parameter -> String in
      guard let equals = parameter.firstIndex(of: "="),
        ["password", "sslpassword"].contains(percentDecoded(String(parameter[..<equals])))
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
