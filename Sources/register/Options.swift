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
  /// Where the accounts are; nil for the default place.
  var database: String?
  /// Start on the Sign in screen.
  var signIn = false

  /// A command line that cannot be understood; the message names what was wrong.
  struct UsageError: Error, CustomStringConvertible {
    let description: String
  }

  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--json": options.json = true
      case "--no-color": options.noColor = true
      case "--sign-in": options.signIn = true
      case "--help", "-h": options.action = .help
      case "--version": options.action = .version
      case "--db":
        guard let path = remaining.popFirst(), !path.isEmpty else {
          throw UsageError(description: "--db needs a path")
        }
        options.database = path
      case _ where argument.hasPrefix("--db="):
        let path = String(argument.dropFirst("--db=".count))
        guard !path.isEmpty else { throw UsageError(description: "--db needs a path") }
        options.database = path
      case _ where argument.hasPrefix("-"):
        throw UsageError(description: "unknown option '\(argument)'")
      default:
        throw UsageError(description: "unexpected argument '\(argument)'")
      }
    }
    return options
  }

  static let version = "register 0.1.0"

  static let help = """
    Usage: register [options]

    Create an account (or sign in) in a form drawn in the terminal. On success the
    terminal is restored and the result is printed: a line for people when stdout is a
    terminal, otherwise (or with --json) one JSON object, so that
    `account=$(register --json)` works.

    Options:
      --db PATH     the account database (default: $XDG_DATA_HOME/register/accounts.sqlite,
                    or ~/.local/share/register/accounts.sqlite)
      --sign-in     start on the Sign in screen
      --json        print the result as JSON even when stdout is a terminal
      --no-color    use no colour (also when NO_COLOR is set)
      -h, --help    show this help and exit
      --version     show the version and exit

    Keys: Tab/Down and Shift-Tab/Up move between fields, Enter goes on or activates,
    F2 or Ctrl-R shows a password, Esc leaves, Ctrl-C quits at once.

    Exit status: 0 signed up or in, 1 cancelled (Esc), 2 usage error or no usable
    terminal, 3 the account database cannot be opened, 130 interrupted (Ctrl-C),
    128+N ended by signal N.
    """
}
