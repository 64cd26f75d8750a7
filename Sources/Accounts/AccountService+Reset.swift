import Registration

/// Reset password's store: `redeemResetCode(login:code:newPassword:)` (AccountService+Life).
extension AccountService: PasswordResetting {}
