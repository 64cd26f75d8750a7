import HandOff

/// What `register admin ...` was asked: the subcommand, its words and its flags. Flags may
/// come before or after the subcommand; each subcommand takes only its own.
struct AdminArguments: Equatable {
  var subcommand: AdminSubcommand?
  var words: [String] = []
  var help = false
  var json = false
  var plain = false
  var database: String?
  var onCreate: [String]?
  var onDelete: [String]?
  var onLock: [String]?
  var onUnlock: [String]?
  var nameHoldDays: Int?
  var state: String?
  var since: String?
  var reason: String?
  var message: String?

  /// Why the words are not a command; for stderr, exit 2.
  struct Usage: Error, Equatable {
    let message: String
  }

  /// Flags every subcommand takes: where the store is, and what it runs.
  static let commonFlags: Set = [
    "--db", "--on-create", "--on-delete", "--on-lock", "--on-unlock", "--name-hold",
  ]

  init(_ arguments: [String]) throws(Usage) {
    var seen: [String] = []
    var index = 0
    func value(_ flag: String) throws(Usage) -> String {
      index += 1
      guard index < arguments.count else { throw Usage(message: "\(flag) needs a value") }
      return arguments[index]
    }
    while index < arguments.count {
      let argument = arguments[index]
      var flag = argument
      var inline: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        flag = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      func given() throws(Usage) -> String {
        if let inline { return inline }
        return try value(flag)
      }
      switch flag {
      case "--help", "-h": help = true
      case "--json": json = true
      case "--plain": plain = true
      case "--db": database = try given()
      case "--on-create": onCreate = try Self.command(try given(), flag)
      case "--on-delete": onDelete = try Self.command(try given(), flag)
      case "--on-lock": onLock = try Self.command(try given(), flag)
      case "--on-unlock": onUnlock = try Self.command(try given(), flag)
      case "--name-hold":
        let text = try given()
        guard let days = Int(text), days >= 0, days <= 36500 else {
          throw Usage(message: "--name-hold takes a number of days, such as 90")
        }
        nameHoldDays = days
      case "--state": state = try given()
      case "--since": since = try given()
      case "--reason": reason = try given()
      case "--message": message = try given()
      default:
        if argument.hasPrefix("-") && argument != "-" {
          throw Usage(message: "unknown flag \(argument); see register admin --help")
        }
        if subcommand == nil {
          guard let known = AdminSubcommand(rawValue: argument) else {
            throw Usage(message: "unknown subcommand \(argument); see register admin --help")
          }
          subcommand = known
        } else {
          words.append(argument)
        }
        index += 1
        continue
      }
      seen.append(flag)
      index += 1
    }
    guard !help, let subcommand else { return }
    for flag in seen where flag != "--help" && flag != "-h" {
      guard Self.commonFlags.contains(flag) || subcommand.flags.contains(flag) else {
        throw Usage(message: "\(subcommand.rawValue) takes no \(flag)")
      }
    }
    guard subcommand.words.contains(words.count) else {
      throw Usage(message: "usage: register admin \(subcommand.synopsis)")
    }
  }

  private static func command(_ line: String, _ flag: String) throws(Usage) -> [String] {
    do throws(CommandWords.Failure) {
      return try CommandWords.split(line)
    } catch .empty {
      throw Usage(message: "\(flag) needs a command")
    } catch {
      throw Usage(message: "\(flag): a quote is not closed")
    }
  }
}

/// The subcommands, each with its flags, how many words it takes, and its help.
enum AdminSubcommand: String, CaseIterable {
  case list, show, review, approve, reject, lock, unlock, delete, reset, ban, unban, bans, close,
    open, log
  case importFile = "import"

  var flags: Set<String> {
    switch self {
    case .list: ["--state", "--since", "--json"]
    case .show, .bans: ["--json"]
    case .review: ["--plain"]
    case .log: ["--since", "--json"]
    case .reject, .lock: ["--reason"]
    case .close: ["--message"]
    case .approve, .unlock, .delete, .reset, .ban, .unban, .open, .importFile: []
    }
  }

  var words: ClosedRange<Int> {
    switch self {
    case .list, .review, .bans, .close, .open, .log: 0...0
    case .show, .approve, .reject, .lock, .unlock, .delete, .reset, .importFile: 1...1
    case .ban, .unban: 2...2
    }
  }

  var synopsis: String {
    switch self {
    case .list: "list [--state pending|active|locked] [--since 7d] [--json]"
    case .show: "show LOGIN [--json]"
    case .review: "review [--plain]"
    case .approve: "approve LOGIN"
    case .reject: "reject LOGIN [--reason TEXT]"
    case .lock: "lock LOGIN [--reason TEXT]"
    case .unlock: "unlock LOGIN"
    case .delete: "delete LOGIN"
    case .reset: "reset LOGIN"
    case .ban: "ban login PATTERN | ban address CIDR"
    case .unban: "unban login PATTERN | unban address CIDR"
    case .bans: "bans [--json]"
    case .close: "close [--message TEXT]"
    case .open: "open"
    case .log: "log [--since 24h] [--json]"
    case .importFile: "import FILE.sqlite"
    }
  }

  var summary: String {
    switch self {
    case .list: "Lists accounts, oldest first: login, state, when, from where."
    case .show: "Shows one account and its history in the audit log."
    case .review:
      "Goes through the pending accounts: approve, reject (with a reason), note, skip; "
        + "line by line with --plain or off a terminal."
    case .approve:
      "Makes a pending account active, running --on-create; if that fails it stays pending."
    case .reject: "Refuses a pending account: it is removed and its name held."
    case .lock:
      "Locks an account: it can no longer sign in; the reason is shown to it. "
        + "--on-lock then locks its Unix user."
    case .unlock: "Makes a locked account active again, then runs --on-unlock."
    case .delete:
      "Removes an account, running --on-delete first; the name stays taken for --name-hold days."
    case .reset:
      "Prints a one-time code (valid 24 hours, once) with which the person sets a new password."
    case .ban:
      "Bans logins matching a glob (*, ?, [...]) over the identity, or client addresses in a network."
    case .unban: "Lifts a ban, given as it was given."
    case .bans: "Lists the bans."
    case .close: "Closes sign-ups on every host; strangers see the message. Sign in goes on."
    case .open: "Opens sign-ups again."
    case .log: "Prints the audit log, oldest first."
    case .importFile:
      "Copies the accounts of an SQLite store in, hashes, times and states kept; "
        + "if any login clashes, lists them and imports nothing."
    }
  }
}
