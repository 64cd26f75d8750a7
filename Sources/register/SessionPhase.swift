import Registration

/// Where a session stands before its account screen: signed in (by the key it connected
/// with, before anything was asked, or by password on Sign in), so the account screen
/// follows; or ended, with the outcome to report. Decided once here, not from flags in main.
enum SessionPhase: Equatable {
  /// How the person showed who they are.
  enum Proof: Equatable {
    case key
    case password
  }

  case signedIn(SignedInAccount, by: Proof)
  case ended(SessionOutcome)

  /// Signed in at once by `connectingKey`, where `configuration` lets a key sign in and
  /// `signIn` finds an active account with it; nil otherwise. A store that cannot answer is
  /// nil too: Sign up and Sign in then go on as they are.
  static func byKey(
    _ connectingKey: AccountKey?, _ configuration: Configuration,
    signIn: (String) throws(AccountStoreError) -> SignedInAccount?
  ) -> SessionPhase? {
    guard configuration.signsInByKey, let connectingKey,
      let account = try? signIn(connectingKey.fingerprint)
    else { return nil }
    return .signedIn(account, by: .key)
  }

  /// After the first screens: a sign-in goes on to the account screen where the session
  /// manages accounts; anything else ends the session.
  init(after outcome: SessionOutcome, _ configuration: Configuration) {
    if configuration.managesAccount, case .signedIn(let account) = outcome {
      self = .signedIn(account, by: .password)
    } else {
      self = .ended(outcome)
    }
  }
}
