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
  do {
    parsed = try parsed.merged(with: ssh)
  } catch {
    complain(Options.message(for: error, in: strings))
    exit(2)
  }
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

/// Prints what the session produced (JSON for programs, a line for people) and exits
/// with its status; with 128 + the signal's number if a signal waited for the outcome.
func finish(_ outcome: SessionOutcome) -> Never {
  // An account being handed on is finished first (a SIGHUP does not cut it short).
  handingOff?.finishCreating()
  // exit() runs no deinit: closed here, SQLite removes the -wal and -shm files.
  opening.close()
  let json = options.json || isatty(STDOUT_FILENO) == 0
  var outcome = outcome
  var signal = EndingSignals.held
  // Done while a signal waited: reported, and the signal still ends the program.
  if case .terminated(let ending, let completed) = outcome {
    signal = ending
    outcome = completed ?? outcome
  }
  /// Exits with `status`, or 128 + the signal that waited.
  func end(_ status: Int32, _ message: String? = nil) -> Never {
    if let message { complain(message) }
    exit(signal.map { 128 + $0 } ?? status)
  }
  /// Reports what was done, as a JSON object for a script or a line for a person; exits.
  func done(_ object: String, _ line: String) -> Never {
    print(json ? object : line)
    end(0)
  }
  switch outcome {
  case .signedUp(let account):
    done(
      JSON.object([
        "login": account.login, "password_hash": account.passwordHash,
        "created_at": account.createdAt,
      ]), strings.accountCreated(account.login.escapedForTerminal))
  case .signedIn(let account):
    done(
      JSON.object(["login": account.login, "signed_in_at": account.signedInAt]),
      strings.signedIn(account.login.escapedForTerminal))
  case .passwordChanged(let changed):
    done(
      JSON.object([
        "login": changed.login, "password_hash": changed.passwordHash,
        "changed_at": changed.changedAt,
      ]), strings.passwordChanged(changed.login.escapedForTerminal))
  case .terminated(let ending, _): exit(128 + ending)
  case .cancelled, .failed: end(1)
  case .interrupted: end(130)
  case .inputClosed: end(128 + SIGHUP)
  case .inputEnded: end(1, strings.inputEnded)
  case .timedOut: end(1, strings.idleClosed(options.idleTimeout ?? 0))
  case .unmet: end(1, strings.answersUnmet)
  // The dialogue has said why: no second line.
  case .wrongCredentials: end(5)
  case .handOffFailed: end(4, strings.handOffFailed)
  }
}

/// Sign up's view model, on the scheduler of the form or of the line-by-line dialogue.
func signUpModel(_ scheduler: any Scheduler, _ passwordPolicy: (any PasswordPolicy)?)
  -> RegistrationViewModel
{
  RegistrationViewModel(
    store: store, scheduler: scheduler, strings: strings, policy: policy,
    passwordPolicy: passwordPolicy, strengthEstimator: strengthEstimator, origin: origin)
}

/// Change password's view model, with Sign up's password rows.
func changePasswordModel(_ scheduler: any Scheduler, _ passwordPolicy: (any PasswordPolicy)?)
  -> ChangePasswordViewModel
{
  ChangePasswordViewModel(
    store: store, scheduler: scheduler, strings: strings, passwordPolicy: passwordPolicy,
    strengthEstimator: strengthEstimator)
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
  let outcome =
    options.changePassword
    ? dialogue.changePassword(changePasswordModel(scheduler, passwordPolicy))
    : options.signIn
      ? dialogue.signIn(SignInViewModel(store: store, scheduler: scheduler, strings: strings))
      : dialogue.signUp(signUpModel(scheduler, passwordPolicy))
  // Input that ended because nobody typed says so.
  finish(outcome == .inputEnded && timedReader?.timedOut == true ? .timedOut : outcome)
}

let passwordPolicy = requirePasswordPolicy(before: screen.close)
let application = Application(screen: screen)
let scheduler = ApplicationScheduler(application)
let idleTimeout = options.idleTimeout.map {
  IdleTimeout(seconds: $0, scheduler: scheduler, strings: strings)
}
// A Change password session is its own app: it makes no Sign up or Sign in model.
let run: () -> SessionOutcome
if options.changePassword {
  let app = ChangePasswordApp(
    application: application, model: changePasswordModel(scheduler, passwordPolicy),
    strings: strings, idleTimeout: idleTimeout)
  run = app.run
} else {
  let app = RegistrationApp(
    application: application, signUpModel: signUpModel(scheduler, passwordPolicy),
    signInModel: SignInViewModel(store: store, scheduler: scheduler, strings: strings),
    start: options.signIn ? .signIn : .signUp, strings: strings, idleTimeout: idleTimeout)
  run = app.run
}
application.render()
requireStore(before: screen.close)
let outcome = run()
// From here to the exit a signal waits: an account made must be reported first.
EndingSignals.hold(secondEndsAtOnce: false)
screen.close()

finish(outcome)
