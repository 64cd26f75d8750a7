#if canImport(Glibc)
  import Glibc
#endif

/// The key an SSH session authenticated with, from the file OpenSSH's `ExposeAuthInfo`
/// writes and names in `SSH_USER_AUTH`: one line per method that succeeded, such as
/// `publickey ssh-ed25519 AAAA…` or `keyboard-interactive`.
///
/// sshd writes the file, not the client; it is read strictly all the same: an absolute
/// path, not a symbolic link, a regular file owned by this process's user and writable
/// by no one else, at most `largestFile` bytes.
public enum ConnectingKey {
  /// Far more than sshd writes (a few methods, each at most one key).
  public static let largestFile = 65536

  /// The key the session authenticated with, if it did with one this site accepts.
  public static func key(environment: [String: String]) -> SSHPublicKey? {
    guard let path = environment["SSH_USER_AUTH"] else { return nil }
    return key(fileAt: path)
  }

  /// The key in the file at `path`, if the file passes the checks above and holds one.
  public static func key(fileAt path: String) -> SSHPublicKey? {
    guard path.hasPrefix("/"), let text = contents(of: path) else { return nil }
    return key(in: text)
  }

  /// The first `publickey` line's key that this site accepts; nil when there is none.
  public static func key(in text: String) -> SSHPublicKey? {
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
      let fields = line.split(separator: " ", omittingEmptySubsequences: false)
      guard fields.count == 3, fields[0] == "publickey" else { continue }
      if let key = try? SSHPublicKey(type: String(fields[1]), base64: String(fields[2])) {
        return key
      }
    }
    return nil
  }

  private static func contents(of path: String) -> String? {
    let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var status = stat()
    guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
      status.st_uid == geteuid(), status.st_mode & 0o022 == 0,
      status.st_size <= largestFile
    else { return nil }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while bytes.count <= largestFile {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { return nil }
      if count == 0 { break }
      bytes += chunk[0..<count]
    }
    // It may have grown since fstat.
    guard bytes.count <= largestFile else { return nil }
    return String(validating: bytes, as: UTF8.self)
  }
}
