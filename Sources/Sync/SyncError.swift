import Accounts
import Registration

/// Why a pass of `register sync` could not finish. The files are either the old ones or
/// the new ones: a pass that fails leaves what the last one wrote.
public enum SyncError: Error, Equatable, Sendable {
  /// The store refused or is away.
  case store(AccountStoreError)
  /// A file could not be read or written (`errno`'s number).
  case file(path: String, errno: Int32)
  /// The extrausers folder is not one the sync may write into.
  case unsafeFolder(path: String, reason: String)

  /// For the admin running it (never a stranger): what failed, in one line.
  public var message: String {
    switch self {
    case .store(let error): "the account store: \(error)"
    case .file(let path, let number): "\(path): \(SyncError.describe(number))"
    case .unsafeFolder(let path, let reason): "\(path): \(reason); nothing was written"
    }
  }

  static func describe(_ number: Int32) -> String {
    String(cString: strerror(number))
  }
}

#if canImport(Glibc)
  import Glibc
#endif
