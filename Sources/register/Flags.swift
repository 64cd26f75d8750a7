/// A flag the program takes, as `--help` and the manual page show it.
struct Flag: Equatable, Sendable {
  /// `--db`.
  let name: String
  /// Another spelling of the same flag (`-h`).
  var alias: String? = nil
  /// What follows the flag, as the English `--help` writes it (`PATH`, `en|ru`): upper case
  /// for a placeholder, lower case for a word to type as it is; nil when nothing follows.
  var value: String? = nil
}

extension Options {
  /// Every flag there is. The parser takes no other, and tests hold `--help` in every
  /// language, the manual page (packaging/register.1) and the bash completion (which reads
  /// `--help`) to this list: a flag added here and not there fails them, and the other way.
  static let flags: [Flag] = [
    Flag(name: "--config", value: "FILE"),
    Flag(name: "--db", value: "PATH|URI"),
    Flag(name: "--sign-in"),
    Flag(name: "--change-password"),
    Flag(name: "--reset"),
    Flag(name: "--json"),
    Flag(name: "--plain"),
    Flag(name: "--lang", value: "en|ru"),
    Flag(name: "--password-policy", value: "FILE|off"),
    Flag(name: "--no-color"),
    Flag(name: "--reserved", value: "FILE"),
    Flag(name: "--unix-names"),
    Flag(name: "--idle-timeout", value: "SECONDS"),
    Flag(name: "--max-per-address", value: "N"),
    Flag(name: "--sessions-per-address", value: "N"),
    Flag(name: "--sessions", value: "N"),
    Flag(name: "--session-limit", value: "SECONDS"),
    Flag(name: "--on-create", value: "COMMAND"),
    Flag(name: "--sign-ups-per-hour", value: "N"),
    Flag(name: "--failover-wait", value: "SECONDS"),
    Flag(name: "--help", alias: "-h"),
    Flag(name: "--version"),
  ]

  /// The flag an argument names (`--db` for `--db=x`), if it is one of `flags`.
  static func flag(named argument: String) -> Flag? {
    let name = String(argument.prefix { $0 != "=" })
    return flags.first { $0.name == name || $0.alias == name }
  }
}
