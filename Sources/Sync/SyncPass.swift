import Accounts
import Registration

#if canImport(Glibc)
  import Glibc
#endif

/// One pass of `register sync`: this host's local names and the site's uid range told to
/// the store, uids given to active accounts from before, then the extrausers files and the
/// keys' copy written from what the store holds. Each file is replaced whole (AtomicFile).
public struct SyncPass: Sendable {
  public let directory: UnixDirectory
  public let settings: UnixSettings
  public let folder: ExtrausersFolder
  /// This host's name in the store's `local_names`.
  public let host: String
  /// Where this host's own users and groups are.
  public var localFiles = (passwd: "/etc/passwd", group: "/etc/group")

  public init(
    directory: UnixDirectory, settings: UnixSettings, folder: ExtrausersFolder, host: String
  ) {
    self.directory = directory
    self.settings = settings
    self.folder = folder
    self.host = host
  }

  /// What a pass did.
  public struct Outcome: Equatable, Sendable {
    public var written = 0
    public var keys = 0
    /// Logins this host cannot hold (ExtrausersFiles).
    public var skipped: [String] = []
    /// Active accounts from before that were given a uid now.
    public var uidsGiven = 0
    /// The range has no uid left: active accounts from before without one are not
    /// written.
    public var rangeFull = false
    /// How many of the four files were written again (the others already held what the
    /// store has).
    public var filesWritten = 0
  }

  public func run() throws(SyncError) -> Outcome {
    try folder.check()
    let local = try LocalNames.read(passwd: localFiles.passwd, group: localFiles.group)
    var outcome = Outcome()
    let files: ExtrausersFiles
    let keys: [UnixKey]
    do throws(AccountStoreError) {
      try directory.setUIDRange(settings.uidRange)
      try directory.record(localNames: local, host: host)
      (outcome.uidsGiven, outcome.rangeFull) = try directory.assignMissingUIDs()
      let accounts = try directory.accounts()
      files = ExtrausersFiles(accounts: accounts, shell: settings.shell, local: local)
      let written = Set(accounts.map(\.login)).subtracting(files.skipped)
      keys = try directory.keys().filter { written.contains($0.login) }
    } catch {
      throw .store(error)
    }
    outcome.written = files.written
    outcome.skipped = files.skipped
    outcome.keys = keys.count
    outcome.filesWritten = try write(files, keys: SyncedKeys.text(of: keys), local: local)
    return outcome
  }

  /// The four files, the shadow group's id found in this host's own /etc/group; how many
  /// were written again. The folder is flushed only when one was.
  private func write(_ files: ExtrausersFiles, keys: String, local: [LocalName])
    throws(SyncError) -> Int
  {
    let shadowGroup = local.first { $0.kind == .group && $0.name == "shadow" }.map { gid_t($0.id) }
    let path = folder.path
    var written = 0
    for (text, name, mode, group) in [
      (files.passwd, "passwd", mode_t(0o644), gid_t(0)),
      (files.group, "group", 0o644, 0),
      // Without a shadow group only root reads it (0600 would do; 0640 root:root is that).
      (files.shadow, "shadow", 0o640, shadowGroup ?? 0),
      (keys, SyncedKeys.fileName, 0o644, 0),
    ] {
      if try AtomicFile.write(text, folder: path, name: name, mode: mode, owner: 0, group: group) {
        written += 1
      }
    }
    if written > 0 { try AtomicFile.flush(folder: path) }
    return written
  }
}
