#if canImport(Glibc)
  import Glibc
#endif

/// A file replaced whole: written beside under a name no one else can have made (mkstemp,
/// O_EXCL), given its mode and owner, flushed to the disk, then renamed over the old one.
/// A reader sees the old file or the new one, never half of one, also after a crash; a
/// symbolic link planted at the name is replaced, never followed.
enum AtomicFile {
  /// Writes `text` as `name` in the folder `folder`, mode `mode`, owned by `owner` and
  /// `group` when the program may give files away (as root); false when the file there
  /// already was that (its text, mode and owner), which is then left as it is: a pass
  /// that changed nothing costs no write and no flush to the disk.
  @discardableResult
  static func write(
    _ text: String, folder: String, name: String, mode: mode_t, owner: uid_t, group: gid_t
  ) throws(SyncError) -> Bool {
    let path = folder + "/" + name
    if holds(text, path: path, mode: mode, owner: owner, group: group) { return false }
    var template = Array((folder + "/." + name + ".XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw .file(path: path, errno: errno) }
    let temporary = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
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
    return true
  }

  /// Whether the file at `path` (not behind a symbolic link) is a plain file with exactly
  /// `text`, `mode`, and, as root, `owner` and `group`.
  static func holds(_ text: String, path: String, mode: mode_t, owner: uid_t, group: gid_t)
    -> Bool
  {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var status = stat()
    let bytes = Array(text.utf8)
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
      status.st_mode & 0o7777 == mode, Int(status.st_size) == bytes.count,
      geteuid() != 0 || (status.st_uid == owner && status.st_gid == group)
    else { return false }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var done = 0
    while done < bytes.count {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0, done + count <= bytes.count,
        bytes[done..<(done + count)].elementsEqual(chunk[..<count])
      else { return false }
      done += count
    }
    return true
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
