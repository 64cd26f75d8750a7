import Accounts
import Policy
import Registration
import SiteFile
import Sync

/// `register keys [--db PLACE] [--folder DIR] LOGIN`, for sshd's `AuthorizedKeysCommand`:
/// the keys of the active account with exactly this login, one `authorized_keys` line
/// each, and nothing (exit 0) for anyone else. sshd calls it at every login, so it starts nothing it does not
/// need: no terminal, no locale, no password policy; the login is looked up as typed.
enum KeysCommand {
  /// What the run prints (stdout), complains of (stderr) and exits with.
  struct Outcome: Equatable {
    var output: String = ""
    var complaint: String? = nil
    var status: Int32 = 0
  }

  static let usage = "usage: register keys [--db PLACE] [--folder DIR] LOGIN"

  /// The arguments after `keys`; the store is `--db`, else `REGISTER_DB`, else the site
  /// file's `db` (`site` is read only then; a file it refuses is an error, not another
  /// store), else the default file. `keys` gives the account's keys from the store;
  /// `synced` the copy `register sync` keeps on this host (in the extrausers folder, or
  /// `--folder`'s, for tests and benchmarks), asked without connecting while `current`
  /// says the host's `register sync --follow` holds it current (PostgreSQL only), and
  /// while the store is away, so that logins by key go on without it.
  static func run(
    arguments: [String], environment: [String: String],
    site: () throws(SiteFileError) -> SiteFile,
    keys: (StoreLocation, String) throws(AccountStoreError) -> [AccountKey] = storeKeys,
    current: (String) -> Bool = { FollowerLock.isHeld(folder: $0) },
    synced: (String, String) throws(SyncError) -> [String] = {
      try SyncedKeys.keys(of: $0, folder: $1)
    }
  ) -> Outcome {
    var database: String?
    var folder = ExtrausersFolder.defaultPath
    var rest = arguments[...]
    while let first = rest.first, first.hasPrefix("--db") || first == "--folder" {
      rest.removeFirst()
      if first.hasPrefix("--db=") {
        database = String(first.dropFirst(5))
      } else if first == "--db", let value = rest.popFirst() {
        database = value
      } else if first == "--folder", let value = rest.popFirst(), !value.isEmpty {
        folder = value
      } else {
        return Outcome(complaint: usage, status: 2)
      }
    }
    guard rest.count == 1, let login = rest.first, !login.hasPrefix("-") else {
      return Outcome(complaint: usage, status: 2)
    }
    var given = database ?? environment["REGISTER_DB"].flatMap { $0.isEmpty ? nil : $0 }
    if given == nil {
      do throws(SiteFileError) {
        given = try site().setting("db")?.value
      } catch {
        return Outcome(complaint: "keys: " + error.message(file: SiteFile.defaultPath), status: 1)
      }
    }
    guard let place = given ?? AccountService.defaultPath(environment: environment) else {
      return Outcome()
    }
    let location = StoreLocation(place)
    if case .postgres = location, current(folder), let copy = try? synced(login, folder) {
      return Outcome(output: copy.map { withoutComment($0) + "\n" }.joined())
    }
    do throws(AccountStoreError) {
      return Outcome(output: lines(try keys(location, login)))
    } catch {
      let reason = "keys: \(location): \(error)"
      if case .unreachable = error, let copy = try? synced(login, folder) {
        // Logged by sshd, as the failure would have been.
        return Outcome(
          output: copy.map { withoutComment($0) + "\n" }.joined(),
          complaint: reason + "; answered from the synced copy")
      }
      // sshd logs this; the person logging in sees only that no key was taken.
      return Outcome(complaint: reason, status: 1)
    }
  }

  /// `TYPE BASE64` of an authorized_keys line of the synced copy.
  static func withoutComment(_ line: String) -> String {
    line.split(separator: " ", maxSplits: 2).prefix(2).joined(separator: " ")
  }

  /// `TYPE BASE64` per key, with no comment: nothing a person typed reaches sshd.
  static func lines(_ keys: [AccountKey]) -> String {
    keys.map { $0.type + " " + $0.base64 + "\n" }.joined()
  }

  /// The keys from the store at `location`, opened only to read them.
  static func storeKeys(_ location: StoreLocation, _ login: String) throws(AccountStoreError)
    -> [AccountKey]
  {
    let store = try location.open(identity: UnicodeLoginPolicy(), failoverWait: 2)
    defer { store.close() }
    guard let service = store as? AccountService else { return [] }
    return try service.authorizedKeys(login: login)
  }
}
