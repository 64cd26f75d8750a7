import Registration

extension PlainFrontEnd {
  /// Reset password, line by line: the login, the one-time code (read with echo off, as a
  /// password is), the new password (its rows and strength after it, asked again until they
  /// are met), its confirmation (both asked again if they differ); then the store. A person
  /// whose login or code was refused is asked those two again; a script is never asked twice.
  public func resetPassword(_ model: ResetPasswordViewModel) -> Outcome {
    var changed: ChangedPassword?
    model.events.listen { if case .reset(let password) = $0 { changed = password } }
    model.appear()
    defer { model.disappear() }
    dialogue.say(strings.resetPasswordTitle + "\n")
    var fields = ResetPasswordField.allCases
    while true {
      if let ending = askInOrder(fields, { ask($0, of: model) }) { return ending }
      signals.hold()
      let submission = model.submit()
      scheduler.settle()
      if let changed { return .passwordChanged(changed) }
      if let signal = signals.release() { return .terminated(signal: signal) }
      if let message = model.message { say(message) }
      if case .rejected(let field) = submission {
        if !dialogue.isInteractive { return .unmet }
        if let unmet = model.requirements(for: field).first(where: { !$0.isMet }) {
          say(unmet.displayText)
        }
        fields = Array(ResetPasswordField.allCases.drop { $0 != field })
      } else {
        if !dialogue.isInteractive { return model.credentialsRefused ? .wrongCredentials : .failed }
        // Refused by the store (or it could not answer): the login and code again.
        fields = [.login, .code]
      }
    }
  }

  /// Asks for `field` until it is filled in and its rows are met (a person) or once (a script).
  private func ask(_ field: ResetPasswordField, of model: ResetPasswordViewModel)
    -> Step<ResetPasswordField>
  {
    while true {
      dialogue.say(field.label(strings) + ": ")
      guard let line = dialogue.answerLine(secret: field.isSecret) else { return .end(ended()) }
      guard let answer = taken(line), !holdsNUL(answer) else {
        if dialogue.isInteractive { continue } else { return .end(.unmet) }
      }
      model[field] = answer
      // No field stopped an over-long answer: the model refused it; say why.
      if model.refusedField == field {
        dialogue.say(field.limit.message(strings, refusing: answer) + "\n")
        if !dialogue.isInteractive { return .end(.unmet) }
        continue
      }
      scheduler.settle()
      let requirements = model.requirements(for: field)
      show(requirements, strength: field == .newPassword ? model.strength : nil)
      if !answer.isEmpty && requirements.allSatisfy(\.isMet) { return .met }
      if !dialogue.isInteractive { return .end(.unmet) }
      // With echo off nobody saw which of the two was mistyped: ask for both again.
      if field == .confirmation {
        say(strings.passwordsDoNotMatch)
        return .again(.newPassword)
      }
    }
  }
}
