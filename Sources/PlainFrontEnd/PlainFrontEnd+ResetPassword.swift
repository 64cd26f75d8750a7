import Registration

extension PlainFrontEnd {
  /// Reset password, line by line: the login, the one-time code (read with echo off, as a
  /// password is), the new password and its confirmation, as `setNewPassword` asks them.
  public func resetPassword(_ model: ResetPasswordViewModel) -> Outcome {
    setNewPassword(model, title: strings.resetPasswordTitle)
  }
}
