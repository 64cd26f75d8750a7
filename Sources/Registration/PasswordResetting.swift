/// What the Reset password form needs of a store: a new password set with the one-time
/// code an admin made (`register admin reset`). Implemented by the Accounts module.
public protocol PasswordResetting: Sendable {
  /// Stores a hash of `newPassword` for the login's account when `code` is its one-time
  /// code, unused and under 24 hours old; the code is used up. Nil for a wrong, used or
  /// expired code or an unknown login, with no word of which. Counted by the sign-in
  /// throttle (`.throttled`); a pending or locked account throws as Sign in does.
  func redeemResetCode(login: String, code: String, newPassword: String)
    throws(AccountStoreError) -> ChangedPassword?
}
