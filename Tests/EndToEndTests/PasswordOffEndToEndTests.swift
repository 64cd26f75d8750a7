import Foundation
import Testing

/// The release binary in tmux at 80x24 with a site file of `keys = required` and
/// `password = off`: Sign up asks the login and a pasted key only, the account is stored
/// with `!` (the hook is given it), and a sign-in by password is told the account signs in
/// with its key; signed in by that key at join@, the account screen offers no Change password.
@Suite("Sign-up without a password end to end", .serialized, .cleansUp)
struct PasswordOffEndToEndTests: SiteFileSuite {
  static let line =
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKkcDxrh21AHfs99JaIWF+70u6HhCdyVDa2YA930r2NY alice@laptop"
  let directory: TemporaryDirectory

  init() throws { directory = try Self.folder("register-passwordoff-e2e") }

  func siteFile() throws -> String {
    let text = """
      db = \(file("accounts.sqlite"))
      keys = required
      password = off
      on-create = /bin/sh -c 'printf %s "$REGISTER_PASSWORD_HASH" > \(file("hook-hash"))'

      """
    return try writeSiteFile(text)
  }

  @Test("the login and a pasted key only: made with `!`; a password never signs it in")
  func pastedKeyOnly() throws {
    let site = try siteFile()
    let tmux = try signUpForm(site: site)
    try tmux.type("alice")
    try tmux.wait(forText: "✓ L̶o̶g̶i̶n̶ ̶i̶s̶ ̶f̶r̶e̶e̶")
    let form = try tmux.screen().joined(separator: "\n")
    #expect(!form.contains("Password"), "\(form)")
    #expect(!form.contains("Confirm"), "\(form)")
    try tmux.keys("Tab")
    try tmux.paste(Self.line)
    try tmux.wait(forText: "alice@laptop")
    try tmux.keys("Tab", "Enter")
    try tmux.wait(forText: "=42=")
    let screen = try tmux.screen().joined(separator: "\n")
    #expect(contents("status") == "0\n", "\(screen)")
    let out = contents("out")
    #expect(out.hasPrefix(#"{"login":"alice","password_hash":"!""#), "\(out)")
    // The account's key, and it alone.
    #expect(
      out.contains(#""keys":["SHA256:bng8hJxgdKPhMoaffzh6zwRaLAa2PLAUL81i0uION64"]}"#), "\(out)")
    #expect(contents("hook-hash") == "!")

    // Any password, line by line: refused in words (exit 5), whatever was typed.
    for password in ["!", "Zq7vLm2pR"] {
      let signIn = try command(
        "/bin/sh",
        [
          "-c",
          "printf 'alice\\n\(password)\\n' | \(Tmux.binary) --config \(site) --sign-in --plain 2>&1",
        ])
      #expect(signIn.status == 5, "\(signIn.output)")
      #expect(
        signIn.output.contains("This account has no password: it signs in with its SSH key."),
        "\(signIn.output)")
    }
    // No password to change or reset.
    let change = try command(
      "/bin/sh",
      ["-c", "\(Tmux.binary) --config \(site) --change-password --plain 2>&1 </dev/null"])
    #expect(change.status == 2, "\(change.output)")
    #expect(change.output.contains("there is no password to change or reset"), "\(change.output)")

    // At join@ with that key (sshd's ExposeAuthInfo file): the account at once, Done alone.
    let auth = file("user-auth")
    try "publickey \(Self.line.split(separator: " ").prefix(2).joined(separator: " "))\n"
      .write(toFile: auth, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: auth)
    try tmux.shell(
      "clear; SSH_CONNECTION='192.0.2.7 50000 192.0.2.1 22' SSH_USER_AUTH=\(auth) "
        + "\(Tmux.binary) --config \(site); echo status=$?")
    try tmux.wait(forText: "Your account: alice")
    try tmux.wait(forText: "[ Done ]")
    let account = try tmux.screen().joined(separator: "\n")
    #expect(!account.contains("Change password"), "\(account)")
    try tmux.keys("BTab", "Enter")
    try tmux.wait(forText: "status=0")
  }
}
