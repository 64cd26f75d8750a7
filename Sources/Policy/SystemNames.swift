#if canImport(Glibc)
  import Glibc
#endif

/// The names of the system's users and groups (`--unix-names`): a login that is one of
/// them would be handed to `useradd` and clash.
///
/// A dynamically linked program asks NSS (files, systemd, LDAP, whatever
/// /etc/nsswitch.conf lists). A fully static one must not: glibc would load NSS modules
/// built against the shared libc, and they crash it. It reads /etc/passwd and /etc/group.
enum SystemNames {
  /// No program interpreter (the auxiliary vector's AT_BASE is 0): the binary is linked
  /// fully static. Where /proc cannot say, assume so: reading the files is always safe.
  static let isStatic: Bool = {
    let fd = open("/proc/self/auxv", O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return true }
    defer { close(fd) }
    var vector = [UInt](repeating: 0, count: 128)
    let count = vector.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard count > 0 else { return true }
    for index in stride(from: 0, to: count / MemoryLayout<UInt>.size - 1, by: 2)
    where vector[index] == UInt(AT_BASE) {
      return vector[index + 1] == 0
    }
    return true
  }()

  /// Whether a user or a group has this exact name now.
  static func exists(_ name: String) -> Bool {
    if isStatic { return localNames().contains(name) }
    var buffer = [CChar](repeating: 0, count: 16384)
    var user = passwd()
    var userResult: UnsafeMutablePointer<passwd>?
    if getpwnam_r(name, &user, &buffer, buffer.count, &userResult) == 0, userResult != nil {
      return true
    }
    var group = group()
    var groupResult: UnsafeMutablePointer<group>?
    return getgrnam_r(name, &group, &buffer, buffer.count, &groupResult) == 0
      && groupResult != nil
  }

  /// Every user and group name the system lists, up to `limit`, to compare lookalikes
  /// with. Not every NSS source lists its names; `exists` still asks for each login.
  static func all(limit: Int = 10_000) -> [String] {
    if isStatic { return Array(localNames(limit: limit)) }
    var names: [String] = []
    setpwent()
    while names.count < limit, let entry = getpwent() {
      names.append(String(cString: entry.pointee.pw_name))
    }
    endpwent()
    setgrent()
    while names.count < limit, let entry = getgrent() {
      names.append(String(cString: entry.pointee.gr_name))
    }
    endgrent()
    return names
  }

  /// The names in /etc/passwd and /etc/group, read without NSS.
  private static func localNames(limit: Int = 10_000) -> Set<String> {
    var names = Set<String>()
    if let file = fopen("/etc/passwd", "re") {
      while names.count < limit, let entry = fgetpwent(file) {
        names.insert(String(cString: entry.pointee.pw_name))
      }
      fclose(file)
    }
    if let file = fopen("/etc/group", "re") {
      while names.count < limit, let entry = fgetgrent(file) {
        names.insert(String(cString: entry.pointee.gr_name))
      }
      fclose(file)
    }
    return names
  }
}
