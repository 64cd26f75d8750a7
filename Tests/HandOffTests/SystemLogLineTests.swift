import HandOff
import Testing

@Suite("SystemLog line")
struct SystemLogLineTests {
  @Test("a hook's failure reason reaches the log escaped, as the login and output do")
  func failureEscaped() {
    let reason = "no such file\u{1b}]0;owned\u{07}\u{202e}"
    let line = SystemLog.line(
      login: "alice", result: .failure(.couldNotStart(reason)), output: "",
      hook: "on-create", afterFailure: "the account stays pending")
    #expect(!line.contains("\u{1b}"))
    #expect(!line.contains("\u{07}"))
    #expect(!line.contains("\u{202e}"))
    #expect(line.hasPrefix("on-create for alice: failed (could not start: no such file"))
    #expect(line.hasSuffix("; the account stays pending"))
  }
}
