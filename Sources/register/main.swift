import Accounts
import Admin
import Door
import HandOff
import PasswordQuality
import PlainFrontEnd
import Policy
import Registration
import RegistrationUI
import SSHKeys
import SiteFile
import Terminal
import Widgets

#if canImport(Glibc)
  import Glibc
#endif

// What the run is decides in `Configuration` and how it ends in `Report`, both pure
// functions; this file only performs them, in the order the program needs.

/// Writes one line to stderr. Messages quote flags, paths, `TERM` and the store's reasons:
/// whatever a terminal would act on is written out (`\u{1B}`), so the line stays one line.
func complain(_ message: String) {
  var line = Array("register: \(message.escapedForTerminal)\n".utf8)
  _ = write(STDERR_FILENO, &line, line.count)
}

/// Prints what `report` says (stdout, then stderr) and exits with its status.
func perform(_ report: Report) -> Never {
  if let log = report.log { SystemLog.record(log) }
  if let output = report.output { print(output) }
  if let complaint = report.complaint { complain(complaint) }
  exit(report.status)
}

// A crash must not leave a core dump holding what was typed.
CoreDumps.forbid()
// A reader that goes away early (`register --json | true`) must not kill us mid-restore.
signal(SIGPIPE, SIG_IGN)

let environment = [
  "LC_ALL", "LC_CTYPE", "LC_MESSAGES", "LANG", "TERM", "HOME", "XDG_DATA_HOME", "REGISTER_DB",
  "SSH_CONNECTION", "SSH_ORIGINAL_COMMAND", "NO_COLOR", "XDG_RUNTIME_DIR", "XDG_STATE_HOME",
  "SUDO_USER", "SSH_USER_AUTH",
]
.reduce(into: [String: String]()) { values, name in
  if let value = getenv(name) { values[name] = String(cString: value) }
}

// `register keys LOGIN` is sshd's, and starts nothing more than it needs (KeysCommand).
if CommandLine.arguments.dropFirst().first == "keys" {
  let outcome = KeysCommand.run(
    arguments: Array(CommandLine.arguments.dropFirst(2)), environment: environment,
    site: { () throws(SiteFileError) in
      try SiteFile.read(path: SiteFile.defaultPath, keys: SiteSettings.keys, mustExist: false)
    })
  if !outcome.output.isEmpty { print(outcome.output, terminator: "") }
  if let complaint = outcome.complaint { complain(complaint) }
  exit(outcome.status)
}

/// The site file (absent is empty), or exit 2 with its line and reason.
func readSiteFileOrExit() -> SiteFile {
  do throws(SiteFileError) {
    return try SiteFile.read(path: SiteFile.defaultPath, keys: SiteSettings.keys, mustExist: false)
  } catch {
    complain(error.message(file: SiteFile.defaultPath))
    exit(2)
  }
}

// `register admin ...` is the Admin module's; a client never reaches it (SSHSession).
// It reads the same site file: its db, on-create, on-delete and name-hold, before the flags.
if CommandLine.arguments.dropFirst().first == "admin" {
  let site = readSiteFileOrExit()
  exit(
    AdminCommand.run(
      arguments: SiteSettings.adminArguments(of: site, environment: environment)
        + CommandLine.arguments.dropFirst(2),
      environment: environment,
      answers: { store, login throws(AccountStoreError) in try store.answers(of: login) }))
}

// `register sync [--follow]`: this host's extrausers files from the store (SyncCommand).
if CommandLine.arguments.dropFirst().first == "sync" {
  let site = readSiteFileOrExit()
  exit(
    SyncCommand.run(
      arguments: Array(CommandLine.arguments.dropFirst(2)), site: site, environment: environment))
}

let configuration: Configuration
switch Configuration.read(
  arguments: Array(CommandLine.arguments.dropFirst()), environment: environment,
  stdinIsTerminal: isatty(STDIN_FILENO) == 1, stdoutIsTerminal: isatty(STDOUT_FILENO) == 1)
{
case .exit(let report): perform(report)
case .run(let read): configuration = read
}
let options = configuration.options
let strings = configuration.strings
let doorStrings = DoorStrings.of(configuration.language)

// Forked as early as it can be, before any thread starts; the checker reads the policy
// while the locale is read and the terminal starts.
let passwordPolicyReady = startPasswordPolicy(options.passwordPolicy, strings: strings)
let strengthEstimator = ZxcvbnEstimator()

// Over SSH, a seat among the door's live sessions on this host, or a refusal before
// anything else. Taken after the fork above, so the checker does not share its lock;
// held to the end of the process, when the kernel lets go of the lock.
let seat: SessionSeat? = configuration.sessionCounting.map { counting in
  do throws(SessionRefusal) {
    guard let path = counting.folder else {
      throw .uncountable("no session folder: neither XDG_RUNTIME_DIR nor HOME is set")
    }
    let sessions = LiveSessions(folder: try SessionFolder.open(path))
    return try sessions.enter(
      address: configuration.sessionAddress, limits: counting.limits)
  } catch {
    if case .uncountable(let reason) = error {
      SystemLog.record("sessions cannot be counted, every session is refused: \(reason)")
    }
    perform(.refused(error, strings: doorStrings, contact: configuration.contact))
  }
}

// A locale asked for and not installed: its character set is what matters for drawing,
// and C.UTF-8 is always there.
if setlocale(LC_ALL, "") == nil && configuration.asksForUTF8 { setlocale(LC_CTYPE, "C.UTF-8") }

/// The password policy, once read (the rows under Password follow its settings); exits 2
/// if it cannot be used (after `before`, which restores the terminal).
func requirePasswordPolicy(before: () -> Void = {}) -> (any PasswordPolicy)? {
  switch passwordPolicyReady() {
  case .success(let policy): return policy
  case .failure(let failure):
    before()
    perform(.usage(failure.message))
  }
}

// What a login may be; the store compares logins by its identity and skeletons.
var reservedNames = ReservedNames()
if let file = options.reservedNames {
  do {
    reservedNames = try ReservedNames.builtIn(andFile: file)
  } catch {
    perform(.usage(strings.cannotReadReservedNames(file, error.reason)))
  }
}
let policy = UnicodeLoginPolicy(reserved: reservedNames, unixNames: options.unixNames)
// ICU's spoof checker and the reserved names' keys, ready before the first Login key.
policy.prepareOffThread()

guard let database = configuration.database else {
  perform(.storeUnavailable(strings.noDatabasePlace))
}
let location = StoreLocation(database)
// Opened on another thread while the terminal starts and the first frame is drawn.
let opening = OpeningAccountStore(
  location: location, identity: policy, createsFolders: configuration.createsDatabaseFolders,
  options: StoreOptions(
    signUpsPerHour: options.signUpsPerHour, review: configuration.review,
    nameHoldDays: configuration.nameHoldDays, clientAddress: configuration.clientAddress,
    systemLog: { SystemLog.audit($0.logLine) }),
  failoverWait: configuration.failoverWait)
// With --on-create, an account is stored, handed on, and taken back if that fails.
let handingOff = options.onCreate.map { words in
  HandingOffAccountStore(
    opening, hook: CommandHook(words: words, log: SystemLog.write),
    clientAddress: configuration.clientAddress, notRemoved: SystemLog.notRemoved)
}
// Over SSH a stranger is told no store's reason (the system log is); by hand, all of it.
let store = WatchedAccountStore(
  handingOff ?? opening,
  hiding: configuration.ssh == nil
    ? nil : strings.withContactIfAny(strings.signUpNotAvailable, configuration.contact),
  log: SystemLog.record)
// Over SSH the client's address is recorded with the account, and counted for the limit.
let origin = configuration.clientAddress.map {
  SignUpOrigin(address: $0, limit: options.maxPerAddress)
}

/// Exits 3 if the database could not be opened (after `before`, which restores the terminal).
func requireStore(before: () -> Void = {}) {
  if case .failure(let error) = opening.opened() {
    before()
    // The location as shown: a URI without its password.
    let message = strings.cannotOpenDatabase(location.description, error.description(in: strings))
    perform(
      configuration.ssh == nil
        ? .storeUnavailable(message)
        : Report(
          complaint: strings.withContactIfAny(strings.signUpNotAvailable, configuration.contact),
          status: 3, log: message))
  }
}

/// Over SSH and by hand, before anything is asked on Sign up: a door closed (by the site
/// file or `register admin close`) or a banned address ends the run, exit 6.
func requireOpenDoor(before: () -> Void = {}) {
  guard configuration.asksTheDoor else { return }
  var admission = Admission.open
  if configuration.signUpsClosed {
    admission = .closed(message: nil)
  } else if case .success(let opened) = opening.opened(), let service = opened as? AccountService {
    do throws(AccountStoreError) {
      admission = try service.admission(address: configuration.clientAddress)
    } catch {
      before()
      let reason = error.description(in: strings)
      perform(
        configuration.ssh == nil
          ? .storeUnavailable(strings.cannotOpenDatabase(location.description, reason))
          : Report(
            complaint: strings.withContactIfAny(strings.signUpNotAvailable, configuration.contact),
            status: 3, log: "the door cannot be asked: \(reason)"))
    }
  }
  if admission != .open {
    before()
    perform(.doorRefused(admission, strings: strings, contact: configuration.contact))
  }
}

/// Reports what the session produced and exits with its status. `deadlineNotice` says
/// that `--session-limit` ended it (when the dialogue has not said so itself).
func finish(_ outcome: SessionOutcome, deadlineNotice: String? = nil) -> Never {
  // An account being handed on is finished first (a SIGHUP does not cut it short).
  handingOff?.finishCreating()
  // exit() runs no deinit: closed here, SQLite removes the -wal and -shm files.
  opening.close()
  perform(
    Report(
      outcome, heldSignal: EndingSignals.held, json: configuration.json, strings: strings,
      idleTimeout: configuration.idleTimeout,
      deadlineNotice: SessionDeadline.reached ? deadlineNotice : nil))
}

/// Sign up's view model, on the scheduler of the form or of the line-by-line dialogue.
func signUpModel(_ scheduler: any Scheduler, _ passwordPolicy: (any PasswordPolicy)?)
  -> RegistrationViewModel
{
  RegistrationViewModel(
    store: store, scheduler: scheduler, strings: strings, policy: policy,
    passwordPolicy: passwordPolicy, strengthEstimator: strengthEstimator, origin: origin,
    key: signUpKey(),
    questions: SignUpQuestions(
      configuration.questions.map(\.signUpQuestion), strings: .of(configuration.language)),
    withoutPassword: configuration.withoutPassword)
}

/// The form's "SSH key" field (site `keys`), offering over SSH the key the client
/// connected with (sshd's `ExposeAuthInfo` names its file in `SSH_USER_AUTH`).
func signUpKey() -> SignUpKey? {
  guard let need = configuration.keys else { return nil }
  return SignUpKey(
    need: need, connecting: ConnectingKey.key(environment: environment), strings: strings)
}

/// The key this SSH session authenticated with, as the account screen would add it.
let connectingAccountKey = ConnectingKey.key(environment: environment).map(AccountKey.init)

/// Your account's view model, for the login signed in.
func accountModel(_ scheduler: any Scheduler, login: String) -> AccountViewModel {
  AccountViewModel(
    store: store, login: login, connectingKey: connectingAccountKey,
    keysRequired: configuration.keys == .required, readKey: pastedKeyReader(strings: strings),
    scheduler: scheduler, strings: strings)
}

/// Connected with a key of an active account: signed in at once, without a password (the
/// store audits it).
func keySignIn() -> SessionPhase? {
  SessionPhase.byKey(connectingAccountKey, configuration) { fingerprint throws(AccountStoreError) in
    try store.signIn(withKeyFingerprint: fingerprint)
  }
}

/// Change password's view model, with Sign up's password rows.
func changePasswordModel(_ scheduler: any Scheduler, _ passwordPolicy: (any PasswordPolicy)?)
  -> ChangePasswordViewModel
{
  ChangePasswordViewModel(
    store: store, scheduler: scheduler, strings: strings, passwordPolicy: passwordPolicy,
    strengthEstimator: strengthEstimator)
}

/// Reset password's view model (the one-time code, then Sign up's password rows).
func resetModel(_ scheduler: any Scheduler, _ passwordPolicy: (any PasswordPolicy)?)
  -> ResetPasswordViewModel
{
  ResetPasswordViewModel(
    store: store, scheduler: scheduler, strings: strings, passwordPolicy: passwordPolicy,
    strengthEstimator: strengthEstimator)
}

/// The form on the terminal, unless the terminal cannot draw one.
func openScreen() -> CursesScreen? {
  guard configuration.triesForm else { return nil }
  do {
    return try CursesScreen(colors: configuration.colors, crashNotice: strings.crashed)
  } catch {
    switch error {
    case .unknownTerminal(let name): complain(strings.unknownTerminal(name ?? ""))
    case .noTerminal(let reason): complain(strings.noTerminal(reason))
    }
    return nil
  }
}

guard let screen = openScreen() else {
  // The same view models, asked line by line. At the session's limit the dialogue is cut
  // short by SIGTERM: the line saying why goes first.
  if let limit = configuration.sessionLimit {
    SessionDeadline.start(
      seconds: limit, notice: "register: " + doorStrings.sessionEnded(limit) + "\n")
  }
  let passwordPolicy = requirePasswordPolicy()
  requireStore()
  requireOpenDoor()
  let scheduler = ManualScheduler()
  let timedReader = configuration.idleTimeout.map {
    TimedLineReader(idleTimeout: .seconds($0))
  }
  // A hang-up while an account is handed on must not cut it short: the reads that follow
  // end the dialogue instead.
  if handingOff != nil { signal(SIGHUP, SIG_IGN) }
  // A signal while the account is written waits for it to be written and reported.
  let dialogue = PlainFrontEnd(
    dialogue: StandardDialogue(readAnswer: timedReader?.readAnswer ?? LineReader.readAnswer),
    scheduler: scheduler, strings: strings, signals: .process)
  let phase =
    keySignIn()
    ?? SessionPhase(
      after: options.changePassword
        ? dialogue.changePassword(changePasswordModel(scheduler, passwordPolicy))
        : options.reset
          ? dialogue.resetPassword(resetModel(scheduler, passwordPolicy))
          : options.signIn
            ? dialogue.signIn(SignInViewModel(store: store, scheduler: scheduler, strings: strings))
            : dialogue.signUp(signUpModel(scheduler, passwordPolicy)), configuration)
  let outcome: SessionOutcome
  switch phase {
  // Signed in (by key or password): the account, line by line, then the report.
  case .signedIn(let account, _):
    dialogue.manageAccount(accountModel(scheduler, login: account.login))
    outcome = .signedIn(account)
  case .ended(let ended): outcome = ended
  }
  // Input that ended because nobody typed says so.
  // A script whose sign-up met a store away past failover-wait: exit 3, not "unmet".
  if outcome == .unmet || outcome == .failed, store.lastFailureWasUnreachable {
    finish(.storeAway)
  }
  finish(outcome == .inputEnded && timedReader?.timedOut == true ? .timedOut : outcome)
}

// At the session's limit the form ends as SIGTERM ends it; the line saying why comes
// once the terminal is restored.
if let limit = configuration.sessionLimit { SessionDeadline.start(seconds: limit, notice: nil) }
let passwordPolicy = requirePasswordPolicy(before: screen.close)
let application = Application(screen: screen)
let scheduler = ApplicationScheduler(application)
let idleTimeout = configuration.idleTimeout.map {
  IdleTimeout(seconds: $0, scheduler: scheduler, strings: strings)
}
// A Change password session is its own app: it makes no Sign up or Sign in model.
let run: () -> SessionOutcome
if options.changePassword {
  let app = ChangePasswordApp(
    application: application, model: changePasswordModel(scheduler, passwordPolicy),
    strings: strings, idleTimeout: idleTimeout)
  run = app.run
} else if options.reset {
  let app = ResetPasswordApp(
    application: application, model: resetModel(scheduler, passwordPolicy),
    strings: strings, idleTimeout: idleTimeout)
  run = app.run
} else {
  let app = RegistrationApp(
    application: application, signUpModel: signUpModel(scheduler, passwordPolicy),
    signInModel: SignInViewModel(store: store, scheduler: scheduler, strings: strings),
    resetModel: resetModel(scheduler, passwordPolicy),
    start: options.signIn ? .signIn : .signUp, strings: strings, idleTimeout: idleTimeout)
  run = app.run
}
application.render()
requireStore(before: screen.close)
requireOpenDoor(before: screen.close)
/// Your account on the terminal, after a sign-in over SSH: a new application on the same
/// screen (the first one has stopped), with its own scheduler and idle timeout.
func accountSession(_ account: SignedInAccount) -> SessionOutcome {
  let application = Application(screen: screen)
  let scheduler = ApplicationScheduler(application)
  let idleTimeout = configuration.idleTimeout.map {
    IdleTimeout(seconds: $0, scheduler: scheduler, strings: strings)
  }
  let app = AccountApp(
    application: application, signedIn: account,
    model: accountModel(scheduler, login: account.login),
    // No password here (`password = off`): nothing to change, so no Change password.
    passwordModel: configuration.withoutPassword
      ? nil : changePasswordModel(scheduler, passwordPolicy), strings: strings,
    idleTimeout: idleTimeout)
  return app.run()
}
let outcome =
  switch keySignIn() ?? SessionPhase(after: run(), configuration) {
  case .signedIn(let account, _): accountSession(account)
  case .ended(let ended): ended
  }
// From here to the exit a signal waits: an account made must be reported first.
EndingSignals.hold(secondEndsAtOnce: false)
screen.close()

finish(outcome, deadlineNotice: configuration.sessionLimit.map(doorStrings.sessionEnded))
