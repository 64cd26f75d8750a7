#if canImport(Glibc)
  import Glibc
#endif

/// The folder where each live session of the door holds one locked file: only this user
/// may write in it, so no one else can plant, remove or hold an entry.
///
/// It is `$XDG_RUNTIME_DIR/register` (the user's runtime folder, on tmpfs, made by
/// systemd-logind for every SSH session with `UsePAM yes`) when that folder is the user's
/// and closed to others, else `$XDG_STATE_HOME/register/sessions` (by default
/// `~/.local/state/register/sessions`). Never `/tmp`: anyone could make the name first.
public enum SessionFolder {
  /// The folder's path for `environment` (variables set to nothing count as unset), or
  /// nil when neither a runtime folder nor a home is known.
  public static func path(environment: [String: String]) -> String? {
    if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"),
      isPrivate(runtime)
    {
      return runtime + "/register"
    }
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return state + "/register/sessions"
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return home + "/.local/state/register/sessions"
    }
    return nil
  }

  /// Opens the folder at `path` (made, mode 0700, with the folders above it that are
  /// missing) and answers its descriptor, after checking that it is a folder (not a
  /// symbolic link), this user's, and that no one else may enter or write it.
  public static func open(_ path: String) throws(SessionRefusal) -> Int32 {
    var made = ""
    for part in path.split(separator: "/") {
      made += "/" + part
      if mkdir(made, 0o700) != 0 && errno != EEXIST {
        throw .uncountable("cannot make \(made): \(String(cString: strerror(errno)))")
      }
    }
    let folder = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard folder >= 0 else {
      throw .uncountable("cannot open \(path): \(String(cString: strerror(errno)))")
    }
    var status = stat()
    guard fstat(folder, &status) == 0, status.st_uid == geteuid(),
      status.st_mode & 0o077 == 0
    else {
      close(folder)
      throw .uncountable("\(path) must be this user's and closed to others (mode 0700)")
    }
    return folder
  }

  /// A runtime folder the XDG rules allow: a real folder, this user's, closed to others.
  private static func isPrivate(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
      && status.st_uid == geteuid() && status.st_mode & 0o077 == 0
  }
}
