import Foundation

/// The release binary where sshd will run it: sshd refuses an `AuthorizedKeysCommand` in a
/// folder (or under one) that others may write to, as a clean clone in `/tmp` is, so the
/// tests give sshd a link to (or copy of) the binary in a root-owned folder of its own,
/// removed when the test process ends.
enum SafeBinary {
  static let register: String = {
    let folder = safeFolder()
    try? FileManager.default.removeItem(atPath: folder)
    mkdir(folder, 0o755)
    let path = folder + "/register"
    if link(Tmux.binary, path) != 0 {
      try? FileManager.default.copyItem(atPath: Tmux.binary, toPath: path)
    }
    atexit { try? FileManager.default.removeItem(atPath: safeFolder()) }
    return path
  }()
}

/// `/run` is root's and closed to others; one folder per test process.
private func safeFolder() -> String { "/run/register-e2e-\(getpid())" }
