import Foundation

/// Members of a site logging in to a host's sshd (SSHServer with a PrivateHost) as
/// themselves: by password or by key, running one command that proves the shell ran.
extension SSHServer {
  /// What a login as `login` did: whether the command ran, and what ssh said.
  struct Login {
    let status: Int32
    let output: String
    var succeeded: Bool { status == 0 && output.contains("logged-in-42") }
    /// sshd said no (not a connection that failed on the way).
    var refused: Bool { status == 255 && output.contains("Permission denied") }
  }

  /// Logs in as `login` with `password` only (typed by an askpass program, as a person
  /// would at the prompt).
  func login(_ login: String, password: String) throws -> Login {
    let secret = "\(directory)/password-\(UUID().uuidString.prefix(8))"
    let askpass = secret + ".sh"
    try password.write(toFile: secret, atomically: true, encoding: .utf8)
    try "#!/bin/sh\ncat '\(secret)'\n".write(toFile: askpass, atomically: true, encoding: .utf8)
    chmod(askpass, 0o700)
    defer {
      try? FileManager.default.removeItem(atPath: secret)
      try? FileManager.default.removeItem(atPath: askpass)
    }
    return try member(
      login,
      [
        "-o", "PreferredAuthentications=password", "-o", "PubkeyAuthentication=no",
        "-o", "NumberOfPasswordPrompts=1",
      ],
      environment: "SSH_ASKPASS='\(askpass)' SSH_ASKPASS_REQUIRE=force DISPLAY=none")
  }

  /// Logs in as `login` with the private key at `key` only.
  func login(_ login: String, key: String) throws -> Login {
    try member(
      login,
      [
        "-i", key, "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes",
        "-o", "PreferredAuthentications=publickey",
      ])
  }

  private func member(_ login: String, _ options: [String], environment: String = "") throws
    -> Login
  {
    let arguments =
      [
        "-F", "/dev/null", "-p", "\(port)", "-o", "UserKnownHostsFile=\(directory)/known_hosts",
        "-o", "StrictHostKeyChecking=yes", "-o", "LogLevel=ERROR",
      ] + options + ["\(login)@127.0.0.1", "echo logged-in-$((6*7))"]
    let line = (["/usr/bin/ssh"] + arguments).map { "'\($0)'" }.joined(separator: " ")
    let ran = try command("/bin/sh", ["-c", "\(environment) \(line) < /dev/null"])
    try? "\(login): exit \(ran.status): \(ran.output)".write(
      toFile: "\(directory)/last-login", atomically: true, encoding: .utf8)
    return Login(status: ran.status, output: ran.output)
  }

  /// What the last member's login got and sshd's last lines, for a failure's message.
  var lastLogin: String {
    let login = (try? String(contentsOfFile: "\(directory)/last-login", encoding: .utf8)) ?? ""
    let log = (try? String(contentsOfFile: self.log, encoding: .utf8)) ?? ""
    return login + "\nsshd:\n" + log.split(separator: "\n").suffix(12).joined(separator: "\n")
  }
}
