import Accounts
import HandOff
import PasswordQuality
import PlainFrontEnd
import Policy
import Registration
import RegistrationUI
import Terminal
import Widgets

#if canImport(Glibc)
  import Glibc
#endif

/// Writes one line to stderr. Messages quote flags, paths, `TERM` and the store's reasons:
/// whatever a terminal would act on is written out (`\u{1B}`), so the line stays one line.
func complain(_ message: String) {
  var line = Array("register: \(message.escapedForTerminal)\n".utf8)
  _ = write(STDERR_FILENO, &line, line.count)
}

// A crash must not leave a core dump holding what was typed.
CoreDumps.forbid()
// A reader that goes away early (`register --json | true`) must not kill us mid-restore.
signal(SIGPIPE, SIG_IGN)

let environment = [
  "LC_ALL", "LC_CTYPE", "LC_MESSAGES", "LANG", "TERM", "HOME", "XDG_DATA_HOME", "REGISTER_DB",
  "SSH_CONNECTION", "SSH_ORIGINAL_COMMAND",
]
.reduce(into: [String: String]()) { values, name in
  if let value = getenv(name), value.pointee != 0 { values[name] = String(cString: value) }
}

let localeStrings = (Language.preferred(flag: nil, environment: environment) ?? .english).strings
var parsed: Options
do {
  parsed = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  complain(Options.message(for: error, in: localeStrings) + " " + localeStrings.tryHelp)
  exit(2)
}
guard let language = Language.preferred(flag: parsed.language, environment: environment) else {
  complain(localeStrings.unknownLanguage(parsed.language ?? "") + " " + localeStrings.tryHelp)
  exit(2)
}
let strings = language.strings

switch parsed.action {
case .help:
  print(strings.help)
  exit(0)
case .version:
  print(Options.version)
  exit(0)
case .run:
  break
}

// OpenSSH's forced command: the client's command may choose the screen, or line by line.
let ssh: SSHSession?
do {
  ssh = try SSHSession(environment: environment)
} catch {
  complain(strings.unknownCommand(error.command))
  exit(2)
}
if let ssh {
  if ssh.signIn { parsed.signIn = true }
  if ssh.plain { parsed.plain = true }
  // `ssh -T`, or a command without -t: nothing can tell a person typing (whose terminal
  // echoes the password) from a script; a script says `plain`.
  if !parsed.plain && isatty(STDIN_FILENO) == 0 {
    complain(strings.needsTerminal)
    exit(2)
  }
}
let options = parsed

// Forked as early as it can be, before any thread starts; the checker reads the policy
// while the locale is read and the terminal starts.
let passwordPolicyReady = startPasswordPolicy(options.passwordPolicy, strings: strings)
let strengthEstimator = ZxcvbnEstimator()

if setlocale(LC_ALL, "") == nil {
  // The locale asked for is not installed. Its character set is what matters for
  // drawing: keep UTF-8 if that is what was asked for (C.UTF-8 is always there).
  let asked = (environment["LC_ALL"] ?? environment["LC_CTYPE"] ?? environment["LANG"] ?? "")
    .lowercased()
  if asked.contains("utf-8") || asked.contains("utf8") { setlocale(LC_CTYPE, "C.UTF-8") }
}

/// The password policy, once read (the rows under Password follow its settings); exits 2
/// if it cannot be used (after `before`, which restores the terminal).
func requirePasswordPolicy(before: () -> Void = {}) -> (any PasswordPolicy)? {
  switch passwordPolicyReady() {
  case .success(let policy): return policy
  case .failure(let failure):
    before()
    complain(failure.message)
    exit(2)
  }
}

// What a login may be; the store compares logins by its identity and skeletons.
var reservedNames = ReservedNames()
if let file = options.reservedNames {
  do {
    reservedNames = try ReservedNames.builtIn(andFile: file)
  } catch {
    complain(strings.cannotReadReservedNames(file, error.reason))
    exit(2)
  }
}
let policy = UnicodeLoginPolicy(reserved: reservedNames, unixNames: options.unixNames)

// `--db`, else `REGISTER_DB` (an sshd config can set it), else the default file.
let given = options.database ?? environment["REGISTER_DB"]
guard let database = given ?? SQLiteAccountStore.defaultPath(environment: environment) else {
  complain(strings.noDatabasePlace)
  exit(3)
}
let location = StoreLocation(database)
// Opened on another thread while the terminal starts and the first frame is drawn. Only
// the default place's folders are made; a path given must be in a folder that exists.
let opening = OpeningAccountStore(
  location: location, identity: policy, createsFolders: given == nil)
// With --on-create, an account is stored, handed on, and taken back if that fails.
let handingOff = options.onCreate.map { words in
  HandingOffAccountStore(
    opening, hook: CommandHook(words: words, log: SystemLog.write),
    clientAddress: ssh?.clientAddress, notRemoved: SystemLog.notRemoved)
}
let store: any AccountStore = handingOff ?? opening
// Over SSH the client's address is recorded with the account, and counted for the limit.
let origin = ssh?.clientAddress.map { SignUpOrigin(address: $0, limit: options.maxPerAddress) }

/// Exits 3 if the database could not be opened (after `before`, which restores the terminal).
func requireStore(before: () -> Void = {}) {
  if case .failure(let error) = opening.opened() {
    before()
    // The location as shown: a URI without its password.
    complain(strings.cannotOpenDatabase(location.description, error.description(in: strings)))
    exit(3)
  }
}

/// How a session ended, whichever front end ran it.
enum Ending {
  case created(CreatedAccount)
  case signedIn(SignedInAccount)
  /// Nothing to print: the exit status, and a message for stderr if any.
  case status(Int32, String?)
}

/// Prints what the session produced (JSON for programs, a line for people) and exits;
/// with 128 + the signal's number if a signal waited for the outcome.
func finish(_ ending: Ending, signal: Int32? = nil) -> Never {
  // An account being handed on is finished first (a SIGHUP does not cut it short).
  handingOff?.finishCreating()
  // exit() runs no deinit: closed here, SQLite removes the -wal and -shm files.
  opening.close()
  let json = options.json || isatty(STDOUT_FILENO) == 0
  let signal = signal ?? EndingSignals.held
  let success = signal.map { 128 + $0 } ?? 0
  switch ending {
  case .created(let account):
    print(
      json
        ? JSON.object([
          "login": account.login, "password_hash": account.passwordHash,
          "created_at": account.createdAt,
        ])
        : strings.accountCreated(account.login.escapedForTerminal))
    exit(success)
  case .signedIn(let account):
    print(
      json
        ? JSON.object(["login": account.login, "signed_in_at": account.signedInAt])
        : strings.signedIn(account.login.escapedForTerminal))
    exit(success)
  case .status(let status, let message):
    if let message { complain(message) }
    exit(signal.map { 128 + $0 } ?? status)
  }
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
  let passwordPolicy = requirePasswordPolicy()
  requireStore()
  let scheduler = ManualScheduler()
  let timedReader = options.idleTimeout.map { TimedLineReader(idleTimeout: .seconds($0)) }
  // A hang-up while an account is handed on must not cut it short: the reads that follow
  // end the dialogue instead.
  if handingOff != nil { signal(SIGHUP, SIG_IGN) }
  // A signal while the account is written waits for it to be written and reported.
  let dialogue = PlainFrontEnd(
    dialogue: StandardDialogue(readLine: timedReader?.readLine ?? LineReader.readLine),
    scheduler: scheduler, strings: strings, signals: .process)
  switch options.signIn
    ? dialogue.signIn(SignInViewModel(store: store, scheduler: scheduler, strings: strings))
    : dialogue.signUp(
      RegistrationViewModel(
        store: store, scheduler: scheduler, strings: strings, policy: policy,
        passwordPolicy: passwordPolicy, strengthEstimator: strengthEstimator, origin: origin))
  {
  case .signedUp(let account): finish(.created(account))
  case .signedIn(let account): finish(.signedIn(account))
  case .inputEnded:
    if let timedReader, timedReader.timedOut, let seconds = options.idleTimeout {
      finish(.status(1, strings.idleClosed(seconds)))
    }
    finish(.status(1, strings.inputEnded))
  case .unmet: finish(.status(1, strings.answersUnmet))
  // The dialogue has said why: no second line.
  case .wrongCredentials: finish(.status(5, nil))
  case .failed: finish(.status(1, nil))
  case .handOffFailed: finish(.status(4, strings.handOffFailed))
  case .terminated(let signal): finish(.status(128 + signal, nil), signal: signal)
  }
}

let passwordPolicy = requirePasswordPolicy(before: screen.close)
let application = Application(screen: screen)
let scheduler = ApplicationScheduler(application)
let app = RegistrationApp(
  application: application,
  signUpModel: RegistrationViewModel(
    store: store, scheduler: scheduler, strings: strings, policy: policy,
    passwordPolicy: passwordPolicy, strengthEstimator: strengthEstimator, origin: origin),
  signInModel: SignInViewModel(store: store, scheduler: scheduler, strings: strings),
  start: options.signIn ? .signIn : .signUp, strings: strings,
  idleTimeout: options.idleTimeout.map {
    IdleTimeout(seconds: $0, scheduler: scheduler, strings: strings)
  })
application.render()
requireStore(before: screen.close)
let outcome = app.run()
// From here to the exit a signal waits: an account made must be reported first.
EndingSignals.hold(secondEndsAtOnce: false)
screen.close()

switch outcome {
case .signedUp(let account): finish(.created(account))
case .signedIn(let account): finish(.signedIn(account))
case .cancelled: finish(.status(1, nil))
case .interrupted: finish(.status(130, nil))
case .terminated(let signal, .signedUp(let account)?): finish(.created(account), signal: signal)
case .terminated(let signal, .signedIn(let account)?): finish(.signedIn(account), signal: signal)
case .terminated(let signal, _): finish(.status(128 + signal, nil), signal: signal)
case .inputClosed: finish(.status(128 + SIGHUP, nil))
case .timedOut: finish(.status(1, strings.idleClosed(options.idleTimeout ?? 0)))
case .handOffFailed: finish(.status(4, strings.handOffFailed))
}
