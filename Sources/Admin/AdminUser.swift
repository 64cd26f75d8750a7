#if canImport(Glibc)
  import Glibc
#endif

/// Who is running `register admin`, for the audit log: the Unix user, and under sudo the
/// user who ran sudo (`alice as root`).
enum AdminUser {
  static func current(environment: [String: String]) -> String {
    var user = "uid \(getuid())"
    if let entry = getpwuid(getuid()), let name = entry.pointee.pw_name {
      user = String(cString: name)
    }
    if let sudo = environment["SUDO_USER"], !sudo.isEmpty, sudo != user {
      return "\(sudo) as \(user)"
    }
    return user
  }
}
