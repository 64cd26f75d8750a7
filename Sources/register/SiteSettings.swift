import SiteFile

/// What the site file may set, and what it sets, as the flags would: every flag a site
/// keeps (not those of one run: `--config`, `--sign-in`, `--change-password`, `--reset`, `--json`,
/// `--plain`, `--help`, `--version`), and the site's own keys.
enum SiteSettings {
  /// The keys of `Options.flags` the file may set: the flag without its `--`.
  static let flagKeys: [SiteKey] = [
    SiteKey("on-create", .text),
    SiteKey("max-per-address", .number(0...Options.largestNumber)),
    SiteKey("idle-timeout", .number(1...Options.largestNumber)),
    SiteKey("reserved", .text),
    SiteKey("unix-names", .yesNo),
    SiteKey("password-policy", .text),
    SiteKey("sessions-per-address", .number(1...Options.largestNumber)),
    SiteKey("sessions", .number(1...Options.largestNumber)),
    SiteKey("session-limit", .number(1...Options.largestNumber)),
    SiteKey("sign-ups-per-hour", .number(1...Options.largestNumber)),
    SiteKey("failover-wait", .number(1...Options.largestNumber)),
    SiteKey("lang", .word(["en", "ru"])),
    SiteKey("no-color", .yesNo),
  ]

  /// Keys of the site's accounts that no flag of a run has: `review`, `sign-ups` and
  /// `name-hold` go to the store; `on-delete`, `on-lock` and `on-unlock` only to
  /// `register admin delete`, `lock` and `unlock`; `keys` to Sign up's "SSH key" field;
  /// `password = off` takes Sign up's password rows away.
  static let accountKeys: [SiteKey] = [
    SiteKey("review", .yesNo),
    SiteKey("sign-ups", .word(["open", "closed"])),
    SiteKey("name-hold", .number(0...36500)),
    SiteKey("on-delete", .text),
    SiteKey("on-lock", .text),
    SiteKey("on-unlock", .text),
    SiteKey("keys", .word(["off", "optional", "required"])),
    SiteKey("password", .word(["on", "off"])),
  ]

  /// True when the site's accounts have no password (`password = off`). Refused, at its
  /// line, unless `keys = required`: an account must have a way in.
  static func withoutPassword(_ site: SiteFile) throws(SiteFileError) -> Bool {
    guard let setting = site.setting("password"), setting.value == "off" else { return false }
    guard site.setting("keys")?.value == "required" else {
      throw SiteFileError(line: setting.line, .passwordOffNeedsKeys)
    }
    return true
  }

  /// Every key of the file: the flags', `db` (below `REGISTER_DB`, see `database`),
  /// `contact`, and the accounts' keys, which no flag has.
  static let keys =
    flagKeys + [SiteKey("db", .text), SiteKey("contact", .contact)] + accountKeys + unixKeys

  /// What `register sync` gives every account as a Unix user (checked by SyncCommand).
  static let unixKeys: [SiteKey] = [SiteKey("uid-range", .text), SiteKey("shell", .text)]

  /// What `register admin` takes from the site file, as its flags, before the command
  /// line's (the last one given wins): `db` (unless `REGISTER_DB` is set), `on-create`,
  /// `on-delete`, `on-lock`, `on-unlock`, `name-hold`.
  static func adminArguments(of site: SiteFile, environment: [String: String]) -> [String] {
    var arguments: [String] = []
    if environment["REGISTER_DB", default: ""].isEmpty, let db = site.setting("db") {
      arguments.append("--db=" + db.value)
    }
    for key in ["on-create", "on-delete", "on-lock", "on-unlock", "name-hold"] {
      if let setting = site.setting(key) { arguments.append("--\(key)=\(setting.value)") }
    }
    return arguments
  }

  /// The site's settings as flags, to go before the command line's (whose flags, read
  /// later, win). The file's `on-create` is left out for `--change-password`, which
  /// creates no account. Throws the first setting the flags' parser refuses, at its line.
  static func arguments(of site: SiteFile, changingPassword: Bool) throws(SiteFileError)
    -> [String]
  {
    var arguments: [String] = []
    for setting in site.settings {
      guard let key = flagKeys.first(where: { $0.name == setting.key }) else { continue }
      if setting.key == "on-create" && changingPassword { continue }
      let argument: String
      if key.value == .yesNo {
        guard setting.value == "yes" else { continue }
        argument = "--" + setting.key
      } else {
        argument = "--\(setting.key)=\(setting.value)"
      }
      do {
        _ = try Options.parse([argument])
      } catch {
        throw SiteFileError(line: setting.line, reason(for: error, key: setting.key))
      }
      arguments.append(argument)
    }
    return arguments
  }

  /// What the flags' parser says of a value, in the file's words.
  private static func reason(for error: Options.UsageError, key: String) -> SiteFileError.Reason {
    switch error {
    case .unbalancedQuote: .badValue(key, expected: "words with every quote closed")
    case .missingValue: .emptyValue(key)
    default: .badValue(key, expected: "what --\(key) takes")
    }
  }
}
