#if canImport(Glibc)
  import Glibc
#endif

/// A file replaced whole: written beside under a name no one else can have made (mkstemp,
/// O_EXCL), given its mode and owner, flushed to the disk, then renamed over the old one.
/// A reader sees the old file or the new one, never half of one, also after a crash; a
/// symbolic link planted at the name is replaced, never followed.
enum AtomicFile {
  /// Writes `text` as `name` in the folder `folder`, mode `mode`, owned by `owner` and
  /// `group` when the program may give files away (as root).
  static func write(
    _ text: String, folder: String, name: String, mode: mode_t, owner: uid_t, group: gid_t
  ) throws(SyncError) {
    let path = folder + "/" + name
    var template = Array((folder + "/." + name + ".XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw .file(path: path, errno: errno) }
    let temporary = String(cString: template)
    var written = false
    defer {
      if !written { unlink(temporary) }
    }
    do throws(SyncError) {
      try writeAll(text, to: descriptor, path: temporary)
      if geteuid() == 0, fchown(descriptor, owner, group) != 0 {
        throw .file(path: temporary, errno: errno)
      }
      guard fchmod(descriptor, mode) == 0, fsync(descriptor) == 0 else {
        throw .file(path: temporary, errno: errno)
      }
    } catch {
      close(descriptor)
      throw error
    }
    guard close(descriptor) == 0 else { throw .file(path: temporary, errno: errno) }
    guard rename(temporary, path) == 0 else { throw .file(path: path, errno: errno) }
    written = true
  }

  /// Flushes the folder itself, so that the renames are on the disk too.
  static func flush(folder: String) throws(SyncError) {
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .file(path: folder, errno: errno) }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0 else { throw .file(path: folder, errno: errno) }
  }

  private static func writeAll(_ text: String, to descriptor: Int32, path: String)
    throws(SyncError)
  {
    let bytes = Array(text.utf8)
    var done = 0
    while done < bytes.count {
      let count = bytes.withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress! + done, bytes.count - done)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw .file(path: path, errno: errno)
      }
      done += count
    }
  }
}
