import Registration
import SiteFile
import Testing

@testable import register

/// What a run decides from its flags, its environment and its terminals, before it does
/// anything.
@Suite("Configuration")
struct ConfigurationTests {
  static let terminal = ["TERM": "xterm-256color", "HOME": "/home/alice"]

  static func read(
    _ arguments: [String] = [], _ environment: [String: String] = terminal,
    stdin: Bool = true, stdout: Bool = true
  ) -> Configuration.Startup {
    Configuration.read(
      arguments: arguments, environment: environment, stdinIsTerminal: stdin,
      stdoutIsTerminal: stdout, siteFile: { _, _ in SiteFile() })
  }

  static func run(
    _ arguments: [String] = [], _ environment: [String: String] = terminal,
    stdin: Bool = true, stdout: Bool = true
  ) throws -> Configuration {
    guard case .run(let configuration) = read(arguments, environment, stdin: stdin, stdout: stdout)
    else {
      Issue.record("\(arguments) \(environment) does not run")
      throw CancellationError()
    }
    return configuration
  }

  @Test("a bad flag: status 2, in the locale's language, with the way to --help")
  func usage() {
    #expect(
      Self.read(["--nope"])
        == .exit(.usage("unknown option '--nope' (see register --help)")))
    guard case .exit(let report) = Self.read(["--nope"], ["LANG": "ru_RU.UTF-8"]) else {
      Issue.record("runs")
      return
    }
    #expect(report.status == 2)
    #expect(report.complaint?.hasSuffix(Strings.russian.tryHelp) == true)
    #expect(
      Self.read(["--lang", "de"])
        == .exit(.usage(Strings.english.unknownLanguage("de") + " " + Strings.english.tryHelp)))
  }

  @Test("--help in the language asked for, --version: status 0 on stdout")
  func help() {
    #expect(Self.read(["--help"]) == .exit(.help(Strings.english.help)))
    #expect(Self.read(["-h", "--lang=ru"]) == .exit(.help(Strings.russian.help)))
    #expect(Self.read(["--help"], ["LC_ALL": "ru_RU.UTF-8"]) == .exit(.help(Strings.russian.help)))
    #expect(Self.read(["--version"]) == .exit(.help(Options.version)))
  }

  @Test("the language: --lang, else LC_ALL, LC_MESSAGES, LANG, the first that is set")
  func language() throws {
    #expect(try Self.run([], ["LANG": "ru_RU.UTF-8"]).language == .russian)
    #expect(
      try Self.run([], ["LC_ALL": "en_US.UTF-8", "LANG": "ru_RU.UTF-8"]).language == .english)
    #expect(try Self.run([], ["LC_ALL": "", "LANG": "ru_RU.UTF-8"]).language == .russian)
    #expect(try Self.run(["--lang", "en"], ["LANG": "ru_RU.UTF-8"]).language == .english)
    #expect(try Self.run([], [:]).language == .english)
  }

  @Test("the database: --db, else REGISTER_DB, else the default place (its folders made)")
  func database() throws {
    let home = try Self.run()
    #expect(home.database == "/home/alice/.local/share/register/accounts.sqlite")
    #expect(home.createsDatabaseFolders)
    let xdg = try Self.run([], ["XDG_DATA_HOME": "/data", "HOME": "/home/alice"])
    #expect(xdg.database == "/data/register/accounts.sqlite")
    let variable = try Self.run([], ["REGISTER_DB": "postgresql:///accounts", "HOME": "/h"])
    #expect(variable.database == "postgresql:///accounts")
    #expect(!variable.createsDatabaseFolders)
    let flag = try Self.run(["--db", "/tmp/a.sqlite"], ["REGISTER_DB": "/tmp/b.sqlite"])
    #expect(flag.database == "/tmp/a.sqlite")
    #expect(!flag.createsDatabaseFolders)
    #expect(
      try Self.run([], ["REGISTER_DB": "", "HOME": "/h"]).database
        == "/h/.local/share/register/accounts.sqlite")
    #expect(try Self.run([], [:]).database == nil)
  }

  @Test("the form is tried on a terminal with a known TERM; otherwise line by line")
  func frontEnd() throws {
    #expect(try Self.run().triesForm)
    #expect(try !Self.run(["--plain"]).triesForm)
    #expect(try !Self.run([], stdin: false).triesForm)
    #expect(try !Self.run([], ["TERM": "dumb"]).triesForm)
    #expect(try !Self.run([], ["TERM": ""]).triesForm)
    #expect(try !Self.run([], [:]).triesForm)
    // stdout alone redirected keeps the form, and the result is JSON.
    let captured = try Self.run([], stdout: false)
    #expect(captured.triesForm && captured.json)
    #expect(try !Self.run().json)
    #expect(try Self.run(["--json"]).json)
  }

  @Test("colours unless --no-color or NO_COLOR, set even to nothing")
  func colors() throws {
    #expect(try Self.run().colors)
    #expect(try !Self.run(["--no-color"]).colors)
    #expect(try !Self.run([], ["TERM": "xterm", "NO_COLOR": "1"]).colors)
    #expect(try !Self.run([], ["TERM": "xterm", "NO_COLOR": ""]).colors)
  }

  @Test("a UTF-8 locale asked for: LC_ALL, else LC_CTYPE, else LANG")
  func characterSet() throws {
    #expect(try Self.run([], ["LANG": "xx_YY.UTF-8"]).asksForUTF8)
    #expect(try Self.run([], ["LC_CTYPE": "ru_RU.utf8", "LANG": "C"]).asksForUTF8)
    #expect(try !Self.run([], ["LC_ALL": "C", "LANG": "en_US.UTF-8"]).asksForUTF8)
    #expect(try !Self.run([], [:]).asksForUTF8)
  }

  static let ssh = ["SSH_CONNECTION": "192.0.2.7 51234 192.0.2.1 22", "TERM": "xterm"]

  @Test("over SSH: the client's address and command; without a terminal or plain, status 2")
  func overSSH() throws {
    let session = try Self.run([], Self.ssh)
    #expect(session.ssh?.clientAddress == "192.0.2.7")
    var command = Self.ssh
    command["SSH_ORIGINAL_COMMAND"] = "sign-in plain"
    let plain = try Self.run([], command, stdin: false)
    #expect(plain.options.signIn && plain.options.plain && !plain.triesForm)
    #expect(Self.read([], Self.ssh, stdin: false) == .exit(.usage(Strings.english.needsTerminal)))
    command["SSH_ORIGINAL_COMMAND"] = "bash"
    #expect(Self.read([], command) == .exit(.usage(Strings.english.unknownCommand("bash"))))
    command["SSH_ORIGINAL_COMMAND"] = "sign-in"
    #expect(
      Self.read(["--change-password"], command)
        == .exit(.usage("--change-password cannot be used with sign-in")))
    // SSH_ORIGINAL_COMMAND alone is not SSH.
    #expect(try Self.run([], ["SSH_ORIGINAL_COMMAND": "bash", "TERM": "xterm"]).ssh == nil)
  }
}
