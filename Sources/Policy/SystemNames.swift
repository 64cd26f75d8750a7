#if canImport(Glibc)
  import Glibc
#endif

/// The names of the system's users and groups (`--unix-names`): a login that is one of
/// them would be handed to `useradd` and clash.
enum SystemNames {
  /// Whether a user or a group has this exact name now (files, LDAP, whatever NSS asks).
  static func exists(_ name: String) -> Bool {
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
}
