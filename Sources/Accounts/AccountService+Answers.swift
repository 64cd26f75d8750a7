import Registration

extension AccountService {
  /// The answers `login` gave to the site's questions at sign-up, in the site file's
  /// order: what reviewers see (`register admin show`). None for a login with no account
  /// or no answers.
  public func answers(of login: String) throws(AccountStoreError) -> [QuestionAnswer] {
    guard !login.isEmpty, !login.utf8.contains(0) else { return [] }
    return try table.answers(key: identity.identityKey(login))
  }
}
