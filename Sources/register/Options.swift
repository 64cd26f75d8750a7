import HandOff
import Registration

/// What the command line asks for.
struct Options: Equatable {
  enum Action: Equatable {
    case run, help, version
  }

  var action = Action.run
  /// Print the result as JSON even when stdout is a terminal.
  var json = false
  /// Never use colour (also when `NO_COLOR` is set).
  var noColor = false
  /// Where the accounts are: a file path or a `postgresql://` URI; nil for `REGISTER_DB`,
  /// then the default place.
  var database: String?
  /// Start on the Sign in screen.
  var signIn = false
  /// Open the Change password screen.
  var changePassword = false
  /// Open the Reset password screen: a new password with an admin's one-time code.
  var reset = false
  /// Ask line by line even on a terminal.
  var plain = false
  /// `--lang`, as given.
  var language: String?
  /// `--password-policy`: the host's policy, another policy file, or none (demos only).
  var passwordPolicy = PasswordPolicyChoice.system

  enum PasswordPolicyChoice: Equatable {
    case system, off
    case file(String)
  }

  /// `--reserved FILE`: more names nobody may register.
  var reservedNames: String?
  /// `--unix-names`: logins fit for `useradd`; system users and groups are taken.
  var unixNames = false
  /// `--idle-timeout SECONDS`: the session ends after this long without input.
  var idleTimeout: Int?
  /// `--max-per-address N`: at most N accounts per client address (SSH) in 24 hours.
  var maxPerAddress: Int?
  /// `--sessions-per-address N`: at most N sessions at once from one client address (SSH).
  var sessionsPerAddress: Int?
  /// `--sessions N`: at most N sessions of the door at once on this host (SSH).
  var sessions: Int?
  /// `--session-limit SECONDS`: a session ends after this long, whatever comes in.
  var sessionLimit: Int?
  /// `--on-create COMMAND`, split into words: run for each account once it is stored.
  var onCreate: [String]?
  /// `--config FILE`: the site file to read instead of /etc/register/register.conf.
  var siteFile: String?
  /// `--sign-ups-per-hour N`: at most N accounts created in any hour, from anywhere.
  var signUpsPerHour: Int?
  /// `--failover-wait SECONDS`: how long a PostgreSQL server that is away is waited for.
  var failoverWait: Int?

  /// A command line that cannot be understood.
  enum UsageError: Error, Equatable {
    case unknownOption(String)
    case unexpectedArgument(String)
    case missingValue(String)
    /// A flag that takes a whole number in a range was given something else.
    case invalidNumber(String, String, ClosedRange<Int>)
    /// `--on-create` with a quote left open.
    case unbalancedQuote(String)
    /// Two flags that ask for different things: `--change-password` stores no account, so
    /// a hook for new accounts would never run, and it is not Sign in.
    case conflicting(String, String)
  }

  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var remaining = arguments[...]
    /// The value of `--name VALUE` or `--name=VALUE`.
    func value(of name: String, in argument: String) throws(UsageError) -> String? {
      let value: String?
      if argument == name {
        value = remaining.popFirst()
      } else if argument.hasPrefix(name + "=") {
        value = String(argument.dropFirst(name.count + 1))
      } else {
        return nil
      }
      guard let value, !value.isEmpty else { throw .missingValue(name) }
      return value
    }
    while let argument = remaining.popFirst() {
      // Only what `flags` lists, so that the list is the whole truth.
      if argument.hasPrefix("-") && flag(named: argument) == nil {
        throw .unknownOption(argument)
      }
      switch argument {
      case "--json": options.json = true
      case "--no-color": options.noColor = true
      case "--sign-in": options.signIn = true
      case "--change-password": options.changePassword = true
      case "--reset": options.reset = true
      case "--plain": options.plain = true
      case "--unix-names": options.unixNames = true
      case "--help", "-h": options.action = .help
      case "--version": options.action = .version
      default:
        if let path = try value(of: "--db", in: argument) {
          options.database = path
        } else if let language = try value(of: "--lang", in: argument) {
          options.language = language
        } else if let policy = try value(of: "--password-policy", in: argument) {
          options.passwordPolicy = policy == "off" ? .off : .file(policy)
        } else if let file = try value(of: "--reserved", in: argument) {
          options.reservedNames = file
        } else if let seconds = try value(of: "--idle-timeout", in: argument) {
          options.idleTimeout = try number(seconds, for: "--idle-timeout", minimum: 1)
        } else if let count = try value(of: "--max-per-address", in: argument) {
          options.maxPerAddress = try number(count, for: "--max-per-address", minimum: 0)
        } else if let count = try value(of: "--sessions-per-address", in: argument) {
          options.sessionsPerAddress = try number(count, for: "--sessions-per-address", minimum: 1)
        } else if let count = try value(of: "--sessions", in: argument) {
          options.sessions = try number(count, for: "--sessions", minimum: 1)
        } else if let seconds = try value(of: "--session-limit", in: argument) {
          options.sessionLimit = try number(seconds, for: "--session-limit", minimum: 1)
        } else if let file = try value(of: "--config", in: argument) {
          options.siteFile = file
        } else if let count = try value(of: "--sign-ups-per-hour", in: argument) {
          options.signUpsPerHour = try number(count, for: "--sign-ups-per-hour", minimum: 1)
        } else if let seconds = try value(of: "--failover-wait", in: argument) {
          options.failoverWait = try number(seconds, for: "--failover-wait", minimum: 1)
        } else if let line = try value(of: "--on-create", in: argument) {
          do {
            options.onCreate = try CommandWords.split(line)
          } catch .empty {
            throw .missingValue("--on-create")
          } catch {
            throw .unbalancedQuote("--on-create")
          }
        } else if argument.hasPrefix("-") {
          throw .unknownOption(argument)
        } else {
          throw .unexpectedArgument(argument)
        }
      }
    }
    if options.changePassword {
      if options.onCreate != nil { throw .conflicting("--change-password", "--on-create") }
      if options.signIn { throw .conflicting("--change-password", "--sign-in") }
      if options.reset { throw .conflicting("--change-password", "--reset") }
    }
    // Like Change password, a reset stores no account: a hook for new ones would never run.
    if options.reset {
      if options.onCreate != nil { throw .conflicting("--reset", "--on-create") }
      if options.signIn { throw .conflicting("--reset", "--sign-in") }
    }
    return options
  }

  /// These options with what the SSH client's command asks for (`sign-in`, `plain`); a
  /// command the forced command's flags cannot do is refused as those flags would be.
  func merged(with ssh: SSHSession) throws(UsageError) -> Options {
    var options = self
    if ssh.signIn {
      if changePassword { throw .conflicting("--change-password", "sign-in") }
      if reset { throw .conflicting("--reset", "sign-in") }
      options.signIn = true
    }
    if ssh.reset {
      if changePassword { throw .conflicting("--change-password", "reset") }
      // The forced command's hook is for new accounts; a reset makes none.
      options.onCreate = nil
      options.reset = true
    }
    if ssh.plain { options.plain = true }
    return options
  }

  /// The largest number a flag takes.
  static let largestNumber = 1_000_000_000

  /// A whole number of at least `minimum` (decimal digits only; at most 1,000,000,000,
  /// about 31 years of seconds, so that no sum of them overflows).
  private static func number(_ text: String, for option: String, minimum: Int)
    throws(UsageError) -> Int
  {
    let range = minimum...largestNumber
    guard text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let value = Int(text),
      range.contains(value)
    else { throw .invalidNumber(option, text, range) }
    return value
  }

  static func message(for error: UsageError, in strings: Strings) -> String {
    switch error {
    case .unknownOption(let option): strings.unknownOption(option)
    case .unexpectedArgument(let argument): strings.unexpectedArgument(argument)
    case .missingValue(let option): strings.missingValue(option)
    case .invalidNumber(let option, let value, let range):
      strings.invalidNumber(option, value, range)
    case .unbalancedQuote(let option): strings.unbalancedQuote(option)
    case .conflicting(let first, let second): strings.conflictingOptions(first, second)
    }
  }

  static let version = "register \(Version.number)"
}
