import Accounts
import Door
import Registration
import SiteFile
import Testing

@testable import register

/// The door's limits: how many sessions, how long, and what a refused client is told.
@Suite("Door configuration")
struct DoorConfigurationTests {
  static let ssh = [
    "SSH_CONNECTION": "192.0.2.7 51234 192.0.2.1 22", "TERM": "xterm", "HOME": "/home/join",
  ]

  static func run(_ arguments: [String], _ environment: [String: String]) throws -> Configuration {
    guard
      case .run(let configuration) = Configuration.read(
        arguments: arguments, environment: environment, stdinIsTerminal: true,
        stdoutIsTerminal: true, siteFile: { _, _ in SiteFile() })
    else { throw CancellationError() }
    return configuration
  }

  @Test("over SSH: 3 sessions an address, 64 in all, 900 s at most, 300 s idle, unless given")
  func defaults() throws {
    let door = try Self.run([], Self.ssh)
    #expect(door.sessionCounting?.limits == SessionLimits(perAddress: 3, total: 64))
    #expect(door.sessionCounting?.folder == "/home/join/.local/state/register/sessions")
    #expect(door.sessionLimit == 900)
    #expect(door.idleTimeout == 300)
    let given = try Self.run(
      [
        "--sessions-per-address", "1", "--sessions=10", "--session-limit", "60",
        "--idle-timeout", "20",
      ], Self.ssh)
    #expect(given.sessionCounting?.limits == SessionLimits(perAddress: 1, total: 10))
    #expect(given.sessionLimit == 60)
    #expect(given.idleTimeout == 20)
  }

  @Test(
    "not over SSH: nothing counted (no address), no idle timeout, no session limit unless given")
  func local() throws {
    let local = try Self.run(["--sessions", "2"], ["TERM": "xterm", "HOME": "/home/alice"])
    #expect(local.sessionCounting == nil)
    #expect(local.idleTimeout == nil)
    #expect(local.sessionLimit == nil)
    let given = try Self.run(["--session-limit", "60"], ["TERM": "xterm", "HOME": "/home/alice"])
    #expect(given.sessionLimit == 60)
  }

  @Test("the client's address normalised for the store and the hook; sessions counted per /64")
  func addresses() throws {
    let mapped = try Self.run(
      [], Self.ssh.merging(["SSH_CONNECTION": "::ffff:192.0.2.7 51234 192.0.2.1 22"]) { $1 })
    #expect(mapped.clientAddress == "192.0.2.7")
    #expect(mapped.sessionAddress == "192.0.2.7")
    let six = try Self.run(
      [], Self.ssh.merging(["SSH_CONNECTION": "2001:DB8:0:0:1::7 51234 2001:db8::1 22"]) { $1 })
    #expect(six.clientAddress == "2001:db8::1:0:0:7")
    #expect(six.sessionAddress == ClientAddress("2001:db8::99")?.network)
    #expect(six.sessionAddress != six.clientAddress)
    let local = try Self.run([], ["TERM": "xterm", "HOME": "/home/alice"])
    #expect(local.clientAddress == nil)
  }

  @Test(
    "the limits are whole numbers from 1",
    arguments: [
      ("--sessions-per-address", "0"), ("--sessions", "0"), ("--session-limit", "0"),
      ("--sessions", "-1"), ("--session-limit", "15m"),
    ])
  func badNumbers(flag: String, value: String) {
    #expect(throws: Options.UsageError.invalidNumber(flag, value, 1...1_000_000_000)) {
      try Options.parse([flag, value])
    }
  }

  @Test("6: a refused client is told in words, never why the sessions could not be counted")
  func refused() {
    #expect(
      Report.refused(.addressFull(limit: 3), strings: .english)
        == Report(
          complaint:
            "your address already has 3 sessions open, the most it may: close one, or try again later",
          status: 6))
    #expect(
      Report.refused(.full(limit: 64), strings: .english)
        == Report(complaint: DoorStrings.english.full, status: 6))
    let hidden = Report.refused(
      .uncountable("/home/join/.local/state: mode 0777"), strings: .english)
    #expect(hidden == Report(complaint: DoorStrings.english.unavailable, status: 6))
    #expect(
      Report.refused(.addressFull(limit: 1), strings: .russian).complaint?.contains("1") == true)
    #expect(
      Report.refused(.full(limit: 64), strings: .russian).complaint == DoorStrings.russian.full)
  }

  @Test("the session limit: said once the terminal is back, after what was done; status 143")
  func deadline() {
    let notice = DoorStrings.english.sessionEnded(900)
    #expect(notice == "a session lasts at most 15 minutes: this one was closed")
    #expect(
      Report(
        .terminated(signal: 15), heldSignal: nil, json: false, strings: .english,
        idleTimeout: nil, deadlineNotice: notice) == Report(complaint: notice, status: 143))
    let account = CreatedAccount(login: "alice", passwordHash: "$y$", createdAt: "")
    #expect(
      Report(
        .terminated(signal: 15, completed: .signedUp(account)), heldSignal: nil, json: false,
        strings: .english, idleTimeout: nil, deadlineNotice: notice)
        == Report(output: "Account alice created.", complaint: notice, status: 143))
  }

  @Test("the words in Russian, numbers declined")
  func russian() {
    #expect(
      DoorStrings.russian.sessionEnded(900) == "сеанс длится не дольше 15 минут: этот сеанс закрыт")
    #expect(DoorStrings.russian.sessionEnded(60).contains("1 минуты"))
    #expect(DoorStrings.russian.sessionEnded(1260).contains("21 минуты"))
    #expect(DoorStrings.russian.sessionEnded(660).contains("11 минут"))
    #expect(DoorStrings.russian.sessionEnded(30).contains("30 секунд"))
    #expect(
      DoorStrings.english.sessionEnded(1) == "a session lasts at most 1 second: this one was closed"
    )
  }
}
