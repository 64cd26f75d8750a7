import Accounts
import Door
import Registration
import SiteFile

/// Everything a run decides from its command line, its environment and whether its
/// standard input and output are terminals, before it touches anything: read by a pure
/// function, so every decision is a unit test.
struct Configuration: Equatable {
  /// The flags, with what the SSH client's command added (`sign-in`, `plain`).
  var options: Options
  var language: Language
  /// Set when OpenSSH started us as a forced command (`SSH_CONNECTION`).
  var ssh: SSHSession?
  /// `--db`, else `REGISTER_DB`, else the site file's `db`, else the default file; nil when
  /// there is no place for it.
  var database: String?
  /// Only the default place's folders are made; a path given must be in a folder that exists.
  var createsDatabaseFolders: Bool
  /// `--idle-timeout`; over SSH 300 seconds when not given.
  var idleTimeout: Int?
  /// `--session-limit`; over SSH 900 seconds when not given: the most a session lasts.
  /// Nil when run by hand without it: no limit.
  var sessionLimit: Int?
  /// Over SSH, how many sessions the door holds at once, and where they are counted
  /// (nil when there is no place); nil when not over SSH (no address to count).
  var sessionCounting: SessionCounting?
  /// JSON on stdout: `--json`, or stdout is not a terminal.
  var json: Bool
  /// The form may be tried: not `--plain`, stdin a terminal, `TERM` set and not `dumb`.
  var triesForm: Bool
  /// Accent colours: neither `--no-color` nor `NO_COLOR` (set at all, even empty).
  var colors: Bool
  /// The locale asks for UTF-8: if it is not installed, C.UTF-8 draws in its place.
  var asksForUTF8: Bool
  /// The site file's `contact`: where a stranger the door refuses may write.
  var contact: String? = nil
  /// `--failover-wait`, 30 seconds when not given: how long a PostgreSQL server that is
  /// away is waited for in each call.
  var failoverWait = defaultFailoverWait
  /// The site file's `review = yes`: new accounts wait for an admin's approval.
  var review = false
  /// The site file's `name-hold`: days a deleted login stays taken.
  var nameHoldDays = StoreOptions.defaultNameHoldDays
  /// The site file's `sign-ups = closed`: the door is closed as `register admin close`
  /// closes it (Sign in and Change password still work).
  var signUpsClosed = false
  /// The site file's `[question NAME]` sections, in file order: asked at Sign up after
  /// Confirm password.
  var questions: [SiteQuestion] = []
  /// The site file's `keys`: whether Sign up asks for an SSH key (nil: no field). By
  /// default optional over SSH (the field takes one row there), off elsewhere.
  var keys: SignUpKey.Need? = nil
  /// The site file's `password = off` (with `keys = required`): Sign up has no password
  /// rows and its accounts no password; Change password and Reset are refused.
  var withoutPassword = false

  /// The client's address as the store and the hook are given it: normalised (IPv4-mapped
  /// IPv6 as IPv4, no zone), or as sshd wrote it when it is not an address.
  var clientAddress: String? {
    ssh?.clientAddress.map { ClientAddress($0)?.text ?? $0 }
  }

  /// What the door's sessions per address are counted by: an IPv6 client's /64, an IPv4
  /// client's address (every IPv6 client has a /64 to rotate through).
  var sessionAddress: String {
    ssh?.clientAddress.map { ClientAddress($0)?.network ?? $0 } ?? ""
  }

  /// Whether the door is asked before anything: the session starts on Sign up.
  var asksTheDoor: Bool { !options.signIn && !options.changePassword && !options.reset }

  /// The door's limits over SSH.
  struct SessionCounting: Equatable {
    var limits: SessionLimits
    /// The session folder (see `SessionFolder`), nil when none can be found.
    var folder: String?
  }

  /// Over SSH without `--idle-timeout`: a client that sends nothing does not hold a
  /// process for long.
  static let sshIdleTimeout = 300
  /// Without `--session-limit`: fifteen minutes, whatever comes in.
  static let defaultSessionLimit = 900
  /// Without `--failover-wait`: long enough for Patroni to promote a replica.
  static let defaultFailoverWait = 30
  /// Without `--sessions-per-address` and `--sessions`.
  static let defaultLimits = SessionLimits(perAddress: 3, total: 64)

  /// What a run starts with: a configuration to run, or a report to give at once.
  enum Startup: Equatable {
    case run(Configuration)
    case exit(Report)
  }

  /// Reads the site file at a path; `mustExist` when the command line named it.
  typealias SiteFileReader = (_ path: String, _ mustExist: Bool) throws(SiteFileError) -> SiteFile

  /// The run `arguments` (without the program's name), `environment` and the site file
  /// ask for. `environment` keeps variables set to the empty string: `NO_COLOR=` counts
  /// as set; every other variable set empty counts as unset.
  static func read(
    arguments: [String], environment: [String: String], stdinIsTerminal: Bool,
    stdoutIsTerminal: Bool,
    siteFile readSiteFile: SiteFileReader = { path, mustExist throws(SiteFileError) in
      try SiteFile.read(path: path, keys: SiteSettings.keys, mustExist: mustExist)
    }
  ) -> Startup {
    let set = environment.filter { !$0.value.isEmpty }
    // Until the flags are read, messages are in the locale's language.
    let localeStrings = (Language.preferred(flag: nil, environment: set) ?? .english).strings
    var options: Options
    do {
      options = try Options.parse(arguments)
    } catch {
      return .exit(
        .usage(Options.message(for: error, in: localeStrings) + " " + localeStrings.tryHelp))
    }
    guard var language = Language.preferred(flag: options.language, environment: set) else {
      return .exit(
        .usage(localeStrings.unknownLanguage(options.language ?? "") + " " + localeStrings.tryHelp))
    }
    switch options.action {
    case .help: return .exit(.help(language.strings.help))
    case .version: return .exit(.help(Options.version))
    case .run: break
    }

    // The site file's settings, as flags before the command line's: those win.
    let sitePath = options.siteFile ?? SiteFile.defaultPath
    let site: SiteFile
    let withoutPassword: Bool
    do throws(SiteFileError) {
      site = try readSiteFile(sitePath, options.siteFile != nil)
      withoutPassword = try SiteSettings.withoutPassword(site)
      let siteArguments = try SiteSettings.arguments(
        of: site, changingPassword: options.changePassword || options.reset)
      if !siteArguments.isEmpty {
        do {
          options = try Options.parse(siteArguments + arguments)
        } catch {
          return .exit(.usage(Options.message(for: error, in: language.strings)))
        }
        // The file's `lang` counts as `--lang` would.
        language = Language.preferred(flag: options.language, environment: set) ?? language
      }
    } catch {
      return .exit(
        .siteFileRefused(
          error.message(file: sitePath), overSSH: set["SSH_CONNECTION"] != nil,
          strings: DoorStrings.of(language)))
    }
    let strings = language.strings
    // OpenSSH's forced command: the client's command may choose the screen, or line by line.
    let ssh: SSHSession?
    do {
      ssh = try SSHSession(environment: set)
    } catch {
      return .exit(.usage(strings.unknownCommand(error.command)))
    }
    if let ssh {
      do {
        options = try options.merged(with: ssh)
      } catch {
        return .exit(.usage(Options.message(for: error, in: strings)))
      }
      // `ssh -T`, or a command without -t: nothing can tell a person typing (whose
      // terminal echoes the password) from a script; a script says `plain`.
      if !options.plain && !stdinIsTerminal { return .exit(.usage(strings.needsTerminal)) }
    }

    // No account here has a password to change or reset (asked by a flag or over SSH).
    if withoutPassword && (options.changePassword || options.reset) {
      return .exit(.usage(strings.noPasswordsHere))
    }

    let given = options.database ?? set["REGISTER_DB"] ?? site.setting("db")?.value
    let term = set["TERM"] ?? ""
    let asked = (set["LC_ALL"] ?? set["LC_CTYPE"] ?? set["LANG"] ?? "").lowercased()
    return .run(
      Configuration(
        options: options, language: language, ssh: ssh,
        database: given ?? SQLiteAccountStore.defaultPath(environment: set),
        createsDatabaseFolders: given == nil,
        idleTimeout: options.idleTimeout ?? (ssh == nil ? nil : sshIdleTimeout),
        sessionLimit: options.sessionLimit ?? (ssh == nil ? nil : defaultSessionLimit),
        sessionCounting: ssh.map { _ in
          SessionCounting(
            limits: SessionLimits(
              perAddress: options.sessionsPerAddress ?? defaultLimits.perAddress,
              total: options.sessions ?? defaultLimits.total),
            folder: SessionFolder.path(environment: set))
        },
        json: options.json || !stdoutIsTerminal,
        triesForm: !options.plain && stdinIsTerminal && !term.isEmpty && term != "dumb",
        colors: !options.noColor && environment["NO_COLOR"] == nil,
        asksForUTF8: asked.contains("utf-8") || asked.contains("utf8"),
        contact: site.setting("contact")?.value,
        failoverWait: options.failoverWait ?? defaultFailoverWait,
        review: site.setting("review")?.value == "yes",
        nameHoldDays: site.setting("name-hold").flatMap { Int($0.value) }
          ?? StoreOptions.defaultNameHoldDays,
        signUpsClosed: site.setting("sign-ups")?.value == "closed", questions: site.questions,
        keys: Self.keys(site.setting("keys")?.value ?? (ssh == nil ? "off" : "optional")),
        withoutPassword: withoutPassword))
  }

  private static func keys(_ word: String) -> SignUpKey.Need? {
    switch word {
    case "optional": .optional
    case "required": .required
    default: nil
    }
  }

  var strings: Strings { language.strings }
}
