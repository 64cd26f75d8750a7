import HandOff
import Testing

@Suite("Command words (--on-create without a shell)")
struct CommandWordsTests {
  @Test(
    "split like a shell would, with nothing expanded",
    arguments: [
      (
        "sudo -n /usr/local/sbin/register-useradd",
        ["sudo", "-n", "/usr/local/sbin/register-useradd"]
      ),
      ("  a \t b\nc  ", ["a", "b", "c"]),
      (
        "sh -c 'useradd -m -- \"$REGISTER_LOGIN\"'",
        ["sh", "-c", "useradd -m -- \"$REGISTER_LOGIN\""]
      ),
      ("echo \"a \\\"b\\\" \\$HOME \\n\"", ["echo", "a \"b\" $HOME \\n"]),
      ("a\\ b 'c d'e \"\"", ["a b", "c de", ""]),
      ("echo $HOME; rm -rf / > x", ["echo", "$HOME;", "rm", "-rf", "/", ">", "x"]),
      ("/opt/hook*", ["/opt/hook*"]),
    ])
  func split(line: String, words: [String]) throws {
    #expect(try CommandWords.split(line) == words)
  }

  @Test(
    "an open quote or a trailing backslash is refused",
    arguments: ["a 'b", "a \"b", "a\\", "\"a\\"])
  func unbalanced(line: String) {
    #expect(throws: CommandWords.Failure.unbalancedQuote) { try CommandWords.split(line) }
  }

  @Test("nothing to run is refused", arguments: ["", "   ", "\t\n"])
  func empty(line: String) {
    #expect(throws: CommandWords.Failure.empty) { try CommandWords.split(line) }
  }
}
