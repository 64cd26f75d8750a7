import Registration

extension PlainFrontEnd {
  /// Change password, line by line: the login, the current password, the new one and its
  /// confirmation, as `setNewPassword` asks them (a new password that is the current one is
  /// asked again, and said why).
  public func changePassword(_ model: ChangePasswordViewModel) -> Outcome {
    setNewPassword(model, title: strings.changePasswordTitle)
  }
}
