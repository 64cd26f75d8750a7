import Accounts
import PlainFrontEnd
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

let environment = ["LC_ALL", "LC_CTYPE", "LC_MESSAGES", "LANG", "TERM", "HOME", "XDG_DATA_HOME"]
  .reduce(into: [String: String]()) { values, name in
    if let value = getenv(name) { values[name] = String(cString: value) }
  }

if setlocale(LC_ALL, "") == nil {
  // The locale asked for is not installed. Its character set is what matters for
  // drawing: keep UTF-8 if that is what was asked for (C.UTF-8 is always there).
  let asked = environment["LC_ALL"] ?? environment["LC_CTYPE"] ?? environment["LANG"] ?? ""
  let lowered = asked.lowercased()
  if lowered.contains("utf-8") || lowered.contains("utf8") { setlocale(LC_CTYPE, "C.UTF-8") }
}
// A reader that goes away early (`register --json | true`) must not kill us mid-restore.
signal(SIGPIPE, SIG_IGN)

let localeStrings = (Language.preferred(flag: nil, environment: environment) ?? .english).strings
let options: Options
do {
  options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  complain(Options.message(for: error, in: localeStrings) + "\n" + localeStrings.tryHelp)
  exit(2)
}
guard let language = Language.preferred(flag: options.language, environment: environment) else {
  complain(localeStrings.unknownLanguage(options.language ?? "") + "\n" + localeStrings.tryHelp)
  exit(2)
}
let strings = language.strings

switch options.action {
case .help:
  print(strings.help)
  exit(0)
case .version:
  print(Options.version)
  exit(0)
case .run:
  break
}

guard let path = options.database ?? SQLiteAccountStore.defaultPath(environment: environment) else {
  complain(strings.noDatabasePlace)
  exit(3)
}
let store: SQLiteAccountStore
do {
  store = try SQLiteAccountStore(path: path)
} catch {
  complain(strings.cannotOpenDatabase(path, error.description))
  exit(3)
}

/// Prints what the session produced: JSON for programs, a line for people.
func report(created: CreatedAccount?, signedIn: SignedInAccount?) -> Never {
  let json = options.json || isatty(STDOUT_FILENO) == 0
  if let account = created {
    print(
      json
        ? JSON.object([
          "login": account.login, "password_hash": account.passwordHash,
          "created_at": account.createdAt,
        ])
        : strings.accountCreated(account.login))
  } else if let account = signedIn {
    print(
      json
        ? JSON.object(["login": account.login, "signed_in_at": account.signedInAt])
        : strings.signedIn(account.login))
  }
  exit(0)
}

/// The form on the terminal, unless the terminal cannot draw one.
func openScreen() -> CursesScreen? {
  let term = environment["TERM"] ?? ""
  if options.plain || isatty(STDIN_FILENO) == 0 || term.isEmpty || term == "dumb" { return nil }
  do {
    return try CursesScreen(
      colors: !options.noColor && getenv("NO_COLOR") == nil, crashNotice: strings.crashed)
  } catch {
    switch error {
    case .unknownTerminal(let name): complain(strings.unknownTerminal(name ?? ""))
    case .noTerminal(let reason): complain(strings.noTerminal(reason))
    }
    return nil
  }
}

guard let screen = openScreen() else {
  // The same view models, asked line by line.
  let scheduler = ManualScheduler()
  let dialogue = PlainFrontEnd(dialogue: StandardDialogue(), scheduler: scheduler, strings: strings)
  let outcome =
    options.signIn
    ? dialogue.signIn(SignInViewModel(store: store, scheduler: scheduler, strings: strings))
    : dialogue.signUp(RegistrationViewModel(store: store, scheduler: scheduler, strings: strings))
  switch outcome {
  case .signedUp(let account): report(created: account, signedIn: nil)
  case .signedIn(let account): report(created: nil, signedIn: account)
  case .inputEnded:
    complain(strings.inputEnded)
    exit(1)
  }
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

switch outcome {
case .signedUp(let account): report(created: account, signedIn: nil)
case .signedIn(let account): report(created: nil, signedIn: account)
case .cancelled: exit(1)
case .interrupted: exit(130)
case .terminated(let signal): exit(128 + signal)
case .inputClosed: exit(128 + SIGHUP)
}
