import Registration

extension PlainFrontEnd {
  /// Change password, line by line: the login, the current password, the new one (its rows
  /// and strength after it, asked again until they are met), its confirmation (both asked
  /// again if they differ); then the store. A person whose login or current password was
  /// refused is asked those two again; a script is never asked twice.
  public func changePassword(_ model: ChangePasswordViewModel) -> Outcome {
    var changed: ChangedPassword?
    model.onChanged = { changed = $0 }
    model.appear()
    defer { model.disappear() }
    dialogue.say(strings.changePasswordTitle + "\n")
    var fields = ChangePasswordField.allCases
    while true {
      var index = fields.startIndex
      while index < fields.endIndex {
        switch ask(fields[index], of: model) {
        case .met: index += 1
        case .again(let field): index = fields.firstIndex(of: field)!
        case .end(let ending): return ending
        }
      }
      signals.hold()
      let submission = model.submit()
      scheduler.settle()
      if let changed { return .passwordChanged(changed) }
      if let signal = signals.release() { return .terminated(signal: signal) }
      if let message = model.message { say(message) }
      if case .rejected(let field) = submission {
        // The policy's row changed with the login: from that field on.
        if !dialogue.isInteractive { return .unmet }
        fields = Array(ChangePasswordField.allCases.drop { $0 != field })
      } else {
        if !dialogue.isInteractive { return model.credentialsRefused ? .wrongCredentials : .failed }
        // Refused by the store (or it could not answer): the login and current password again.
        fields = [.login, .currentPassword]
      }
    }
  }

  /// Where the dialogue goes after a question.
  private enum Answer {
    case met
    /// Back to this field (the new password, when its confirmation did not match).
    case again(ChangePasswordField)
    case end(Outcome)
  }

  /// Asks for `field` until it is filled in and its rows are met (a person) or once (a script).
  private func ask(_ field: ChangePasswordField, of model: ChangePasswordViewModel) -> Answer {
    while true {
      dialogue.say(field.label(strings) + ": ")
      guard let answer = dialogue.answer(secret: field != .login) else { return .end(ended()) }
      if holdsNUL(answer) {
        if dialogue.isInteractive { continue } else { return .end(.unmet) }
      }
      model[field] = answer
      // No field stopped an over-long answer: the model refused it; say why.
      if model.refusedField == field {
        dialogue.say(field.limit.message(strings) + "\n")
        if !dialogue.isInteractive { return .end(.unmet) }
        continue
      }
      scheduler.settle()
      let requirements = model.requirements(for: field)
      for status in requirements {
        dialogue.say("  \(status.isMet ? "[x]" : "[ ]") \(status.displayText)\n")
      }
      let sameAsCurrent = field == .newPassword && model.isSameAsCurrent
      if field == .newPassword, let strength = model.strength {
        dialogue.say("  \(strings.strengthLabel): \(strings.strength(strength))\n")
      }
      if sameAsCurrent { say(strings.newPasswordSameAsCurrent) }
      if !answer.isEmpty && !sameAsCurrent && requirements.allSatisfy(\.isMet) { return .met }
      if !dialogue.isInteractive { return .end(.unmet) }
      // With echo off nobody saw which of the two was mistyped: ask for both again.
      if field == .confirmation {
        say(strings.passwordsDoNotMatch)
        return .again(.newPassword)
      }
    }
  }
}
