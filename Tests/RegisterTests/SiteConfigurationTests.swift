import Door
import Registration
import SiteFile
import Testing

@testable import register

/// What the site file sets, under the command line and the environment, and how a file
/// that is wrong ends the run.
@Suite("Site configuration")
struct SiteConfigurationTests {
  static let terminal = ["TERM": "xterm-256color", "HOME": "/home/alice"]
  static let ssh = terminal.merging(["SSH_CONNECTION": "192.0.2.7 51234 192.0.2.1 22"]) { $1 }

  /// Runs with `site` as the file's text; the paths the program asked for are in `asked`.
  static func read(
    _ arguments: [String], site: String, _ environment: [String: String] = terminal
  ) -> Configuration.Startup {
    Configuration.read(
      arguments: arguments, environment: environment, stdinIsTerminal: true,
      stdoutIsTerminal: true,
      siteFile: { _, _ throws(SiteFileError) in
        try SiteFile(parsing: Array(site.utf8), keys: SiteSettings.keys)
      })
  }

  static func run(
    _ arguments: [String] = [], site: String, _ environment: [String: String] = terminal
  ) throws -> Configuration {
    guard case .run(let configuration) = read(arguments, site: site, environment) else {
      Issue.record("\(arguments) with \(site) does not run")
      throw CancellationError()
    }
    return configuration
  }

  static let site = """
    db = /var/lib/register/accounts.sqlite
    unix-names = yes
    idle-timeout = 120
    max-per-address = 3
    sessions-per-address = 2
    sessions = 10
    session-limit = 600
    on-create = sudo -n /usr/local/lib/register/register-useradd
    reserved = /etc/register/reserved
    password-policy = off
    sign-ups-per-hour = 50
    failover-wait = 60
    lang = ru
    no-color = yes
    contact = admins@example.org
    """

  @Test("every key sets what its flag sets")
  func keys() throws {
    let door = try Self.run(site: Self.site, Self.ssh)
    #expect(door.database == "/var/lib/register/accounts.sqlite")
    #expect(!door.createsDatabaseFolders)
    #expect(door.options.unixNames)
    #expect(door.idleTimeout == 120)
    #expect(door.options.maxPerAddress == 3)
    #expect(door.sessionCounting?.limits == SessionLimits(perAddress: 2, total: 10))
    #expect(door.sessionLimit == 600)
    #expect(door.options.onCreate == ["sudo", "-n", "/usr/local/lib/register/register-useradd"])
    #expect(door.options.reservedNames == "/etc/register/reserved")
    #expect(door.options.passwordPolicy == .off)
    #expect(door.options.signUpsPerHour == 50)
    #expect(door.failoverWait == 60)
    #expect(door.language == .russian)
    #expect(!door.colors)
    #expect(door.contact == "admins@example.org")
  }

  @Test("without a file: nothing set, the defaults")
  func empty() throws {
    let plain = try Self.run(site: "")
    #expect(plain.options == Options())
    #expect(plain.database == "/home/alice/.local/share/register/accounts.sqlite")
    #expect(plain.failoverWait == 30)
    #expect(plain.contact == nil)
  }

  @Test("a flag on the command line wins over the file")
  func flagsWin() throws {
    let given = try Self.run(
      [
        "--db", "/tmp/mine.sqlite", "--idle-timeout=5", "--max-per-address", "9",
        "--on-create", "/bin/true", "--password-policy", "/etc/strict.conf", "--lang", "en",
        "--failover-wait", "2", "--sign-ups-per-hour", "7", "--sessions", "3",
      ], site: Self.site, Self.ssh)
    #expect(given.database == "/tmp/mine.sqlite")
    #expect(given.idleTimeout == 5)
    #expect(given.options.maxPerAddress == 9)
    #expect(given.options.onCreate == ["/bin/true"])
    #expect(given.options.passwordPolicy == .file("/etc/strict.conf"))
    #expect(given.language == .english)
    #expect(given.failoverWait == 2)
    #expect(given.options.signUpsPerHour == 7)
    #expect(given.sessionCounting?.limits.total == 3)
    // What the command line leaves alone stays the file's.
    #expect(given.sessionCounting?.limits.perAddress == 2)
    #expect(given.options.unixNames)
  }

  @Test("REGISTER_DB wins over the file's db, --db over both")
  func database() throws {
    let environment = Self.terminal.merging(["REGISTER_DB": "/srv/env.sqlite"]) { $1 }
    #expect(try Self.run(site: "db = /srv/file.sqlite", environment).database == "/srv/env.sqlite")
    #expect(try Self.run(site: "db = /srv/file.sqlite").database == "/srv/file.sqlite")
    #expect(
      try Self.run(["--db", "/srv/flag.sqlite"], site: "db = /srv/file.sqlite", environment)
        .database == "/srv/flag.sqlite")
  }

  @Test("--change-password takes no account: the file's on-create is left out, not refused")
  func changePassword() throws {
    let changing = try Self.run(["--change-password"], site: "on-create = /bin/true")
    #expect(changing.options.changePassword)
    #expect(changing.options.onCreate == nil)
  }

  @Test("--help and --version answer whatever the file holds")
  func help() {
    #expect(Self.read(["--version"], site: "colour = red") == .exit(.help(Options.version)))
    #expect(Self.read(["--help"], site: "lang = ru") == .exit(.help(Strings.english.help)))
  }

  @Test("review, name-hold and sign-ups reach the store; by default none of them")
  func accountKeys() throws {
    let site = try Self.run(site: "review = yes\nname-hold = 7\nsign-ups = closed\non-delete = x")
    #expect(site.review)
    #expect(site.nameHoldDays == 7)
    #expect(site.signUpsClosed)
    #expect(site.asksTheDoor)
    let plain = try Self.run(site: "")
    #expect(!plain.review && !plain.signUpsClosed)
    #expect(plain.nameHoldDays == 90)
    #expect(try !Self.run(site: "review = no\nsign-ups = open").review)
    // Closed keeps Sign in and Change password working: the door is asked on Sign up only.
    #expect(try !Self.run(["--sign-in"], site: "sign-ups = closed").asksTheDoor)
    #expect(try !Self.run(["--change-password"], site: "sign-ups = closed").asksTheDoor)
  }

  @Test("register admin takes the file's on-lock and on-unlock, as their flags")
  func adminLockHooks() throws {
    let site = try SiteFile(
      parsing: Array("on-unlock = sudo u --unlock\non-lock = sudo u --lock\n".utf8),
      keys: SiteSettings.keys)
    #expect(
      SiteSettings.adminArguments(of: site, environment: [:])
        == ["--on-lock=sudo u --lock", "--on-unlock=sudo u --unlock"])
  }

  @Test("register admin takes the file's db (under REGISTER_DB), on-create, on-delete, name-hold")
  func adminArguments() throws {
    let site = try SiteFile(
      parsing: Array(
        "db = /srv/a.sqlite\non-delete = sudo register-userdel\nname-hold = 30\nreview = yes"
          .utf8),
      keys: SiteSettings.keys)
    #expect(
      SiteSettings.adminArguments(of: site, environment: [:])
        == ["--db=/srv/a.sqlite", "--on-delete=sudo register-userdel", "--name-hold=30"])
    #expect(
      SiteSettings.adminArguments(of: site, environment: ["REGISTER_DB": "/b"])
        == ["--on-delete=sudo register-userdel", "--name-hold=30"])
  }

  @Test(
    "a file that is wrong ends the run: FILE:LINE: reason, status 2",
    arguments: [
      ("colour = red", "/etc/register/register.conf:1: colour is not a key of register.conf(5)"),
      (
        "db = /a\npassword = off",
        "/etc/register/register.conf:2: password = off needs keys = required: an account "
          + "without a password signs in with its key"
      ),
      (
        "review = maybe",
        "/etc/register/register.conf:1: review must be yes or no"
      ),
      (
        "keys = some",
        "/etc/register/register.conf:1: keys must be off or optional or required"
      ),
      (
        "json = yes",
        "/etc/register/register.conf:1: json is not a key of register.conf(5)"
      ),
      (
        "on-create = sudo 'x",
        "/etc/register/register.conf:1: on-create must be words with every quote closed"
      ),
      ("on-create =", "/etc/register/register.conf:1: on-create needs a value"),
      (
        "idle-timeout = 0",
        "/etc/register/register.conf:1: idle-timeout must be a whole number from 1 to 1000000000"
      ),
    ])
  func refused(site: String, message: String) {
    #expect(Self.read([], site: site) == .exit(.usage(message)))
  }

  @Test("a file with questions runs, and carries them to the form in file order")
  func questions() throws {
    let configuration = try Self.run(
      site: "[question email]\nlabel = Your e-mail\nkind = email\n\n[question why]\nlabel = Why?\n")
    #expect(configuration.questions.map(\.signUpQuestion.name) == ["email", "why"])
  }

  @Test("over SSH a refused file is not shown to the stranger: the log has the reason")
  func overSSH() {
    #expect(
      Self.read([], site: "colour = red", Self.ssh)
        == .exit(
          Report(
            complaint: DoorStrings.english.unavailable, status: 2,
            log: "the site file is refused: /etc/register/register.conf:1: colour is not a key "
              + "of register.conf(5)")))
  }

  @Test("the file the command line names is the one read, and it must be there")
  func named() {
    var asked: [(String, Bool)] = []
    _ = Configuration.read(
      arguments: ["--config", "/srv/site.conf"], environment: Self.terminal,
      stdinIsTerminal: true, stdoutIsTerminal: true,
      siteFile: { path, mustExist in
        asked.append((path, mustExist))
        return SiteFile()
      })
    _ = Configuration.read(
      arguments: [], environment: Self.terminal, stdinIsTerminal: true, stdoutIsTerminal: true,
      siteFile: { path, mustExist in
        asked.append((path, mustExist))
        return SiteFile()
      })
    #expect(asked.map(\.0) == ["/srv/site.conf", "/etc/register/register.conf"])
    #expect(asked.map(\.1) == [true, false])
  }

  @Test("a door that refuses says where to write, when the site says")
  func contact() {
    let english = Report.refused(.full(limit: 64), strings: .english, contact: "admins@example.org")
    #expect(english.status == 6)
    #expect(
      english.complaint
        == DoorStrings.english.full + " (to write to this site: admins@example.org)")
    let russian = Report.refused(
      .addressFull(limit: 3), strings: .russian, contact: "https://example.org/join")
    #expect(
      russian.complaint
        == DoorStrings.russian.addressFull(3) + " (написать этому сайту: https://example.org/join)")
    #expect(
      Report.refused(.full(limit: 64), strings: .english).complaint == DoorStrings.english.full)
  }
}
