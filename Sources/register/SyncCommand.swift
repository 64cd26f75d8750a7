import Accounts
import Registration
import SiteFile
import Sync
import Terminal

#if canImport(Glibc)
  import Glibc
#endif

/// `register sync [--follow]`: this host's extrausers files from the PostgreSQL store
/// (Sync), with the site file's `db`, `uid-range` and `shell`. `--folder DIR` and `--host
/// NAME` are for tests and benchmarks (another folder than /var/lib/extrausers, another
/// name than the host's).
enum SyncCommand {
  static let usage = "usage: register sync [--follow] [--folder DIR] [--host NAME]"

  /// Runs it; the exit status.
  static func run(arguments: [String], site: SiteFile, environment: [String: String]) -> Int32 {
    var follow = false
    var folder = ExtrausersFolder.defaultPath
    var host: String?
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--follow": follow = true
      case "--folder", "--host":
        guard let value = rest.popFirst(), !value.isEmpty else { return fail(usage, 2) }
        if argument == "--folder" { folder = value } else { host = value }
      default: return fail(usage, 2)
      }
    }
    let settings: UnixSettings
    switch unixSettings(of: site) {
    case .success(let read): settings = read
    case .failure(let message): return fail(message.text, 2)
    }
    let db =
      environment["REGISTER_DB"].flatMap { $0.isEmpty ? nil : $0 } ?? site.setting("db")?.value
    guard let db, case .postgres(let uri) = StoreLocation(db) else {
      return fail(
        "register sync needs the PostgreSQL store every host shares (db = postgresql://...);"
          + " with SQLite (one host), make Unix users with --on-create", 2)
    }
    let directory: UnixDirectory
    do throws(AccountStoreError) {
      // Short waits when following: the loop tries again itself, with its backoff.
      directory = try UnixDirectory(uri: uri, failoverWait: follow ? 1 : 30)
    } catch {
      return fail("the account store: \(error)", 1)
    }
    defer { directory.close() }
    let pass = SyncPass(
      directory: directory, settings: settings, folder: ExtrausersFolder(path: folder),
      host: host ?? hostName())
    guard follow else {
      do throws(SyncError) {
        report(try pass.run())
        return 0
      } catch {
        return fail(error.message, 1)
      }
    }
    // SIGTERM (systemd's stop) and the others end the loop between passes, cleanly.
    EndingSignals.hold(secondEndsAtOnce: true)
    let follower = SyncFollower(
      pass: pass,
      log: { result in
        switch result {
        case .success(let outcome): report(outcome)
        case .failure(let error): complain(error.message)
        }
      },
      shouldStop: { EndingSignals.held != nil })
    follower.run()
    return 0
  }

  /// `uid-range` and `shell` as the site file gives them, or the defaults.
  static func unixSettings(of site: SiteFile) -> Result<UnixSettings, Complaint> {
    var settings = UnixSettings()
    if let setting = site.setting("uid-range") {
      guard let range = UnixSettings.uidRange(setting.value) else {
        return .failure(
          Complaint(
            "\(SiteFile.defaultPath):\(setting.line): uid-range must be LOW-HIGH, within "
              + "\(UnixSettings.possibleUIDs.lowerBound)-\(UnixSettings.possibleUIDs.upperBound)"))
      }
      settings.uidRange = range
    }
    if let setting = site.setting("shell") {
      guard UnixSettings.isShell(setting.value) else {
        return .failure(
          Complaint("\(SiteFile.defaultPath):\(setting.line): shell must be an absolute path"))
      }
      settings.shell = setting.value
    }
    return .success(settings)
  }

  struct Complaint: Error {
    let text: String
    init(_ text: String) { self.text = text }
  }

  private static func report(_ outcome: SyncPass.Outcome) {
    var line = "synced \(outcome.written) accounts, \(outcome.keys) keys"
    if outcome.uidsGiven > 0 { line += "; \(outcome.uidsGiven) accounts given a uid" }
    if !outcome.skipped.isEmpty {
      line +=
        "; left out (not a Unix name here, or a local name or id): "
        + outcome.skipped.prefix(10).joined(separator: " ")
      if outcome.skipped.count > 10 { line += " and \(outcome.skipped.count - 10) more" }
    }
    if outcome.rangeFull { line += "; uid-range has no uid left" }
    print(line)
    // At once: to a pipe (the journal, under systemd) stdout would hold it for kilobytes.
    fflush(nil)
  }

  private static func fail(_ message: String, _ status: Int32) -> Int32 {
    complain(message)
    return status
  }

  private static func hostName() -> String {
    var name = [CChar](repeating: 0, count: 256)
    guard gethostname(&name, name.count - 1) == 0 else { return "localhost" }
    return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
