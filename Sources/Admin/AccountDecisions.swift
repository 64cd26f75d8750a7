import Accounts
import HandOff
import Registration
import Terminal

/// An admin's decisions on one account, as `register admin approve` and the review screen
/// both make them. Each is conditional on the account's state in the store, so of two admins
/// deciding at once the second is told it was decided.
struct AccountDecisions {
  let service: AccountService
  let admin: String
  /// `--on-create`: run at an approval; when it fails the account is pending again.
  let onCreate: [String]?
  /// `--on-delete`: run before a deletion; when it fails the account is kept.
  let onDelete: [String]?
  /// `--on-lock`, `--on-unlock`: run after the store's change, for the account's Unix user;
  /// when one fails the store's state stands and the admin is told (exit 4).
  let onLock: [String]?
  let onUnlock: [String]?
  let nameHoldDays: Int

  func approve(_ login: String) throws(AccountStoreError) -> AdminAnswer {
    let change = try service.approve(login, by: admin)
    guard change == .changed else { return Self.answer(login, change, "approved") }
    guard let words = onCreate else { return .done("Approved \(login.escapedForTerminal).") }
    guard let found = try service.accountToHandOn(login) else { return Self.noAccount(login) }
    let hook = CommandHook(words: words) {
      SystemLog.write($0, hook: "on-create", afterFailure: "the account stays pending")
    }
    let name = found.account.login.escapedForTerminal
    if case .failure(let failure) = hook.run(
      for: found.account, clientAddress: found.clientAddress)
    {
      _ = try service.returnToPending(login)
      return .refused(
        "on-create failed for \(name) (\(failure.description.escapedForTerminal)); "
          + "it stays pending", status: 4)
    }
    return .done("Approved \(name); on-create done.")
  }

  func reject(_ login: String, reason: String?) throws(AccountStoreError) -> AdminAnswer {
    Self.answer(login, try service.reject(login, reason: reason, by: admin), "rejected")
  }

  func lock(_ login: String, reason: String?) throws(AccountStoreError) -> AdminAnswer {
    let change = try service.lock(login, reason: reason, by: admin)
    guard change == .changed, let words = onLock else {
      return Self.answer(login, change, "locked")
    }
    return try afterChange(
      login, hook: words, name: "on-lock", done: "Locked",
      // Sign in refuses already; only the Unix user's own password or keys may still work.
      failed: "locked in the store, but the Unix user may still log in")
  }

  func unlock(_ login: String) throws(AccountStoreError) -> AdminAnswer {
    let change = try service.unlock(login, by: admin)
    guard change == .changed, let words = onUnlock else {
      return Self.answer(login, change, "unlocked")
    }
    return try afterChange(
      login, hook: words, name: "on-unlock", done: "Unlocked",
      failed: "unlocked in the store, but the Unix user stays locked")
  }

  /// Runs `--on-lock` or `--on-unlock` once the store has changed: the store's state stands
  /// whatever the hook does, and a failure says the Unix user was not reached.
  private func afterChange(
    _ login: String, hook words: [String], name: String, done: String, failed: String
  ) throws(AccountStoreError) -> AdminAnswer {
    guard let found = try service.accountToHandOn(login) else { return Self.noAccount(login) }
    let hook = CommandHook(words: words) {
      SystemLog.write($0, hook: name, afterFailure: failed)
    }
    let account = found.account.login.escapedForTerminal
    if case .failure(let failure) = hook.run(
      for: found.account, clientAddress: found.clientAddress)
    {
      return .refused(
        "\(name) failed for \(account) (\(failure.description.escapedForTerminal)); "
          + "it is \(failed)", status: 4)
    }
    return .done("\(done) \(account); \(name) done.")
  }

  func delete(_ login: String) throws(AccountStoreError) -> AdminAnswer {
    if let words = onDelete {
      guard let found = try service.accountToHandOn(login) else { return Self.noAccount(login) }
      let hook = CommandHook(words: words) {
        SystemLog.write($0, hook: "on-delete", afterFailure: "the account is kept")
      }
      if case .failure(let failure) = hook.run(
        for: found.account, clientAddress: found.clientAddress)
      {
        return .refused(
          "on-delete failed for \(found.account.login.escapedForTerminal) "
            + "(\(failure.description.escapedForTerminal)); the account is kept", status: 4)
      }
    }
    guard let deleted = try service.delete(login, by: admin) else { return Self.noAccount(login) }
    return .done(
      "Deleted \(deleted.login.escapedForTerminal); the name is held for \(nameHoldDays) days.")
  }

  func note(_ login: String, _ text: String) throws(AccountStoreError) -> AdminAnswer {
    guard try service.note(login, text, by: admin) else { return Self.noAccount(login) }
    return .done("Noted on \(login.escapedForTerminal).")
  }

  static func answer(_ login: String, _ change: StateChange, _ done: String) -> AdminAnswer {
    let name = login.escapedForTerminal
    switch change {
    case .changed:
      return .done("\(done.prefix(1).uppercased() + done.dropFirst()) \(name).")
    case .unchanged(.pending):
      return .refused("\(name) was not \(done): it is pending (approve or reject it)")
    case .unchanged(let state):
      return .refused("\(name) was not \(done): it is \(state.rawValue) (decided already)")
    case .removed:
      return .refused("\(name) was not \(done): it was rejected or deleted (decided already)")
    case .noAccount: return noAccount(login)
    }
  }

  static func noAccount(_ login: String) -> AdminAnswer {
    .refused("no account \(login.escapedForTerminal)")
  }
}
