import Accounts
import Registration
import RegistrationUI
import Terminal
import Widgets

#if canImport(Glibc)
  import Glibc
#endif

/// Writes one line to stderr.
func complain(_ message: String) {
  var line = Array("register: \(message)\n".utf8)
  _ = write(STDERR_FILENO, &line, line.count)
}

func environment(_ name: String) -> String? {
  getenv(name).map { String(cString: $0) }
}

setlocale(LC_ALL, "")
// A reader that goes away early (`register --json | true`) must not kill us mid-restore.
signal(SIGPIPE, SIG_IGN)

let options: Options
do {
  options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  complain("\(error)\nTry 'register --help'.")
  exit(2)
}

switch options.action {
case .help:
  print(Options.help)
  exit(0)
case .version:
  print(Options.version)
  exit(0)
case .run:
  break
}

let defaultPath = SQLiteAccountStore.defaultPath(
  environment: [
    "XDG_DATA_HOME": environment("XDG_DATA_HOME"), "HOME": environment("HOME"),
  ].compactMapValues { $0 })
guard let path = options.database ?? defaultPath else {
  complain("no place for the account database: HOME is not set; give one with --db PATH")
  exit(3)
}
let store: SQLiteAccountStore
do {
  store = try SQLiteAccountStore(path: path)
} catch {
  complain("cannot open the account database \(path): \(error)")
  exit(3)
}

let strings = Strings.english
let screen: CursesScreen
do {
  screen = try CursesScreen(colors: !options.noColor && environment("NO_COLOR") == nil)
} catch {
  complain("\(error)")
  exit(2)
}

let application = Application(screen: screen)
let scheduler = ApplicationScheduler(application)
let outcome = RegistrationApp(
  application: application,
  signUpModel: RegistrationViewModel(store: store, scheduler: scheduler, strings: strings),
  signInModel: SignInViewModel(store: store, scheduler: scheduler, strings: strings),
  start: options.signIn ? .signIn : .signUp, strings: strings
).run()
screen.close()

let json = options.json || isatty(STDOUT_FILENO) == 0
switch outcome {
case .signedUp(let account):
  print(
    json
      ? JSON.object([
        "login": account.login, "password_hash": account.passwordHash,
        "created_at": account.createdAt,
      ])
      : strings.accountCreated(account.login))
  exit(0)
case .signedIn(let account):
  print(
    json
      ? JSON.object(["login": account.login, "signed_in_at": account.signedInAt])
      : strings.signedIn(account.login))
  exit(0)
case .cancelled:
  exit(1)
case .interrupted:
  exit(130)
case .terminated(let signal):
  exit(128 + signal)
case .inputClosed:
  exit(128 + SIGHUP)
}
