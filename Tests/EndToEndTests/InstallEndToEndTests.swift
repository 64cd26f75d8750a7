import Foundation
import Testing

/// `make install` and `make uninstall` into a temporary DESTDIR, and the installed program.
@Suite("make install", .serialized, .cleansUp)
struct InstallEndToEndTests {
  let destination: String

  init() throws {
    destination = try Shipping.folder("install")
  }

  /// What make install puts under /usr/local, the examples aside.
  static let installed = [
    "usr/local/bin/register",
    "usr/local/share/bash-completion/completions/register",
    "usr/local/share/man/man1/register.1.gz",
    "usr/local/share/man/man5/register.conf.5.gz",
    "usr/local/share/doc/register/examples/register.conf",
    "usr/local/share/register/installed-files",
  ]

  func make(_ target: String, _ arguments: [String] = []) throws -> (status: Int32, output: String)
  {
    try Shipping.make([target, "DESTDIR=\(destination)"] + arguments)
  }

  @Test(
    "install puts the binary, the manual page, the completion and the examples in place; uninstall takes them all away"
  )
  func installThenUninstall() throws {
    defer { try? FileManager.default.removeItem(atPath: destination) }
    let install = try make("install")
    #expect(install.status == 0, "\(install.output)")

    let examples = Shipping.sshExamples.map { "usr/local/share/doc/register/examples/ssh/" + $0 }
    #expect(Shipping.files(in: destination) == (Self.installed + examples).sorted())
    let binary = destination + "/usr/local/bin/register"
    #expect(Shipping.mode(binary) == 0o755)
    #expect(Shipping.mode(destination + "/usr/local/share/man/man1/register.1.gz") == 0o644)

    // The installed program runs: its version, and a sign-up line by line.
    #expect(try command(binary, ["--version"]).output == "register \(try Shipping.version())\n")
    let database = destination + "/accounts.sqlite"
    let signUp = try command(
      "/bin/sh",
      [
        "-c",
        "printf 'alice\\nZq7vLm2pR\\nZq7vLm2pR\\n' | \(binary) --plain --db \(database) 2>/dev/null",
      ])
    #expect(signUp.status == 0)
    #expect(
      signUp.output.hasPrefix("{\"login\":\"alice\",\"password_hash\":\"$y$"), "\(signUp.output)")
    try FileManager.default.removeItem(atPath: database)

    // man finds the page where it was put, and it is the package's page.
    let page = try command(
      "/usr/bin/man", ["-P", "cat", "-l", destination + "/usr/local/share/man/man1/register.1.gz"])
    #expect(page.status == 0)
    #expect(page.output.contains("--unix-names"))
    let sitePage = try command(
      "/usr/bin/man",
      ["-P", "cat", "-l", destination + "/usr/local/share/man/man5/register.conf.5.gz"])
    #expect(sitePage.status == 0)
    #expect(sitePage.output.contains("sign-ups-per-hour"))

    let uninstall = try make("uninstall")
    #expect(uninstall.status == 0, "\(uninstall.output)")
    #expect(Shipping.entries(in: destination) == [], "left behind")
  }

  @Test(
    "install builds nothing: without the binary it says to run make build, and installs nothing")
  func buildsNothing() throws {
    defer { try? FileManager.default.removeItem(atPath: destination) }
    let recipe = try make("-n", ["install"])
    #expect(!recipe.output.contains("swift build"), "make -n install:\n\(recipe.output)")
    let missing = try make("install", ["BINARY=\(destination)/no-such-binary"])
    #expect(missing.status != 0)
    #expect(missing.output.contains("run make build first"))
    #expect(!missing.output.contains("Compiling") && !missing.output.contains("Building"))
    #expect(Shipping.entries(in: destination) == [])
  }

  @Test(
    "whatever deploy/ssh holds is installed as examples; a second install drops what the first put and this one does not"
  )
  func examplesAndReinstall() throws {
    let source = try Shipping.folder("ssh-examples")
    defer {
      try? FileManager.default.removeItem(atPath: destination)
      try? FileManager.default.removeItem(atPath: source)
    }
    try FileManager.default.createDirectory(
      atPath: source + "/sshd_config.d", withIntermediateDirectories: true)
    try "Match User join\n".write(
      toFile: source + "/sshd_config.d/register.conf", atomically: true, encoding: .utf8)
    try "an old note\n".write(toFile: source + "/old note.txt", atomically: true, encoding: .utf8)

    #expect(try make("install", ["SSH_EXAMPLES=\(source)"]).status == 0)
    let examples = destination + "/usr/local/share/doc/register/examples/ssh"
    #expect(Shipping.files(in: examples) == ["old note.txt", "sshd_config.d/register.conf"])
    #expect(Shipping.mode(examples + "/sshd_config.d/register.conf") == 0o644)

    try FileManager.default.removeItem(atPath: source + "/old note.txt")
    #expect(try make("install", ["SSH_EXAMPLES=\(source)"]).status == 0)
    #expect(Shipping.files(in: examples) == ["sshd_config.d/register.conf"])

    #expect(try make("uninstall").status == 0)
    #expect(Shipping.entries(in: destination) == [])
  }

  @Test("uninstall keeps a file changed since install, and the folders holding it")
  func changedFileKept() throws {
    defer { try? FileManager.default.removeItem(atPath: destination) }
    #expect(try make("install").status == 0)
    let completion = destination + "/usr/local/share/bash-completion/completions/register"
    try "# mine now\n".write(toFile: completion, atomically: true, encoding: .utf8)

    let uninstall = try make("uninstall")
    #expect(uninstall.status == 0)
    #expect(uninstall.output.contains("kept \(completion)"))
    #expect(
      Shipping.files(in: destination) == ["usr/local/share/bash-completion/completions/register"])
  }

  @Test("an install that fails half way is undone by uninstall")
  func failedInstallUndone() throws {
    defer { try? FileManager.default.removeItem(atPath: destination) }
    // A file where the completion's folder must go: install stops there.
    let share = destination + "/usr/local/share"
    try FileManager.default.createDirectory(atPath: share, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: share + "/bash-completion", contents: Data())
    #expect(try make("install").status != 0)
    #expect(Shipping.files(in: destination).contains("usr/local/bin/register"))

    #expect(try make("uninstall").status == 0)
    #expect(
      Shipping.entries(in: destination) == [
        "usr", "usr/local", "usr/local/share", "usr/local/share/bash-completion",
      ])
  }

  @Test("uninstall with nothing installed says so and fails")
  func nothingToUninstall() throws {
    defer { try? FileManager.default.removeItem(atPath: destination) }
    let uninstall = try make("uninstall")
    #expect(uninstall.status != 0)
    #expect(uninstall.output.contains("nothing to uninstall"))
  }

  @Test("bash-completion finds the installed completion by the command's name")
  func completionIsFound() throws {
    defer { try? FileManager.default.removeItem(atPath: destination) }
    #expect(try make("install").status == 0)
    let found = try command(
      "/bin/bash",
      [
        "-c",
        "source /usr/share/bash-completion/bash_completion; XDG_DATA_DIRS=\(destination)/usr/local/share "
          + "__load_completion register && complete -p register",
      ])
    #expect(found.output.contains("complete -F _register register"), "\(found.output)")
  }
}
