import Foundation
import Testing

/// The bash completion (packaging/register.bash), loaded in bash with bash-completion as a
/// shell loads it, asked as a Tab press asks: COMP_WORDS and COMP_CWORD set, then COMPREPLY.
@Suite("Bash completion", .cleansUp)
struct CompletionEndToEndTests {
  static let script = Shipping.root + "/packaging/register.bash"

  /// What Tab offers after `words` (the last one is the word being completed, `line` what
  /// was typed, if not the words and a space between them), in `folder`, after running
  /// `prelude`.
  func complete(
    _ words: [String], line: String? = nil, in folder: String = "/", prelude: String = ""
  ) throws -> [String] {
    let program = """
      source /usr/share/bash-completion/bash_completion
      source "\(Self.script)"
      cd "\(folder)"
      \(prelude)
      COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
      COMP_LINE=\(line.map { "'\($0)'" } ?? "\"$*\""); COMP_POINT=${#COMP_LINE}
      _register "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try command("/bin/bash", ["-c", program, "bash"] + words)
    #expect(result.status == 0, "\(result.output)")
    return result.output.split(separator: "\n").map(String.init).sorted()
  }

  /// The flags `--help` lists: its lines that begin, after two spaces, with a dash.
  static func helpFlags() throws -> [String] {
    let help = try command(Tmux.binary, ["--help"]).output
    return help.split(separator: "\n")
      .filter { $0.hasPrefix("  -") }
      .flatMap { line in
        line.split(separator: " ").prefix { $0.hasPrefix("-") }.map {
          $0.trimmingCharacters(in: [","])
        }
      }
      .sorted()
  }

  @Test("bash -n finds the script well formed")
  func syntax() throws {
    let result = try command("/bin/bash", ["-n", Self.script])
    #expect(result.status == 0 && result.output == "", "\(result.output)")
  }

  @Test("a dash offers every flag of --help, and no other")
  func flags() throws {
    let flags = try Self.helpFlags()
    #expect(flags.contains("--db") && flags.contains("-h"))
    #expect(try complete([Tmux.binary, "-"]) == flags)
    #expect(try complete([Tmux.binary, "--sign-in", "--"]) == flags.filter { $0.hasPrefix("--") })
    #expect(try complete([Tmux.binary, "--no"]) == ["--no-color"])
  }

  @Test("--lang offers en and ru, also after =")
  func language() throws {
    #expect(try complete([Tmux.binary, "--lang", ""]) == ["en", "ru"])
    #expect(try complete([Tmux.binary, "--lang", "r"]) == ["ru"])
    // bash splits `--lang=r` at the = (COMP_WORDBREAKS).
    #expect(
      try complete([Tmux.binary, "--lang", "=", "r"], line: "\(Tmux.binary) --lang=r") == ["ru"])
  }

  @Test("--db and --reserved offer files; a flag without a value offers nothing after it")
  func files() throws {
    let folder = try Shipping.folder("completion")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for name in ["accounts.sqlite", "names.txt"] {
      _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data())
    }
    try FileManager.default.createDirectory(
      atPath: folder + "/data", withIntermediateDirectories: true)
    #expect(
      try complete([Tmux.binary, "--db", ""], in: folder) == [
        "accounts.sqlite", "data", "names.txt",
      ])
    #expect(try complete([Tmux.binary, "--reserved", "n"], in: folder) == ["names.txt"])
    #expect(try complete([Tmux.binary, "--json", ""], in: folder) == [])
  }

  @Test("what --help says a flag takes decides: FILE|off, SECONDS, COMMAND")
  func placeholders() throws {
    // A program whose --help has the flags other branches bring, by the same rule (a shell
    // function: a file just written may not run while another test spawns, ETXTBSY).
    let program = """
      fake-register() {
        printf '%s\\n' 'Options:' \\
          '  --password-policy FILE|off  the password policy' \\
          '  --idle-timeout SECONDS  leave after this long' '  --on-create COMMAND  run this'
      }
      """
    let folder = try Shipping.folder("completion-help")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    _ = FileManager.default.createFile(atPath: folder + "/pwquality.conf", contents: Data())
    func complete(_ words: String...) throws -> [String] {
      try self.complete(["fake-register"] + words, in: folder, prelude: program)
    }
    #expect(try complete("--password-policy", "") == ["off", "pwquality.conf"])
    #expect(try complete("--password-policy", "o") == ["off"])
    #expect(try complete("--idle-timeout", "") == [])
    #expect(try complete("--on-create", "useradd").contains("useradd"))
    #expect(try complete("--") == ["--idle-timeout", "--on-create", "--password-policy"])
  }
}
