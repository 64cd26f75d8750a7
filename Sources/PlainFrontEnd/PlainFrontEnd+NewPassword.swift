import Registration

extension PlainFrontEnd {
  /// A new password, line by line (Change password, Reset password): the login, what proves
  /// the person (read with echo off, as a password is), the new password (its rows and
  /// strength after it, asked again until they are met), its confirmation (both asked again
  /// if they differ); then the store. A person whose login or proof was refused is asked
  /// those two again; a script is never asked twice.
  func setNewPassword<Model: NewPasswordModel>(_ model: Model, title: String) -> Outcome {
    var changed: ChangedPassword?
    model.events.listen { if let password = Model.passwordSet(by: $0) { changed = password } }
    model.appear()
    defer { model.disappear() }
    dialogue.say(title + "\n")
    let allFields = Array(Model.Field.allCases)
    var fields = allFields
    while true {
      if let ending = askInOrder(fields, { ask($0, of: model) }) { return ending }
      signals.hold()
      let submission = model.submit()
      scheduler.settle()
      if let changed { return .passwordChanged(changed) }
      if let signal = signals.release() { return .terminated(signal: signal) }
      if let message = model.message { say(message) }
      if case .rejected(let field) = submission {
        // Changed by what was typed again (the policy's row follows the login; the current
        // password may now be the new one): from that field on, saying why first.
        if !dialogue.isInteractive { return .unmet }
        let unmet = model.requirements(for: field).first { !$0.isMet }
        if let why = unmet?.displayText ?? model.problem(with: field) { say(why) }
        fields = Array(allFields.drop { $0 != field })
      } else {
        if !dialogue.isInteractive { return model.credentialsRefused ? .wrongCredentials : .failed }
        // Refused by the store (or it could not answer): the login and the proof again.
        fields = [.login, .proof]
      }
    }
  }

  /// Asks for `field` until it is filled in and its rows are met (a person) or once (a script).
  private func ask<Model: NewPasswordModel>(_ field: Model.Field, of model: Model)
    -> Step<Model.Field>
  {
    while true {
      dialogue.say(field.label(strings) + ": ")
      guard let line = dialogue.answerLine(secret: field != .login) else { return .end(ended()) }
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
      let problem = model.problem(with: field)
      if let problem { say(problem) }
      if !answer.isEmpty && problem == nil && requirements.allSatisfy(\.isMet) { return .met }
      if !dialogue.isInteractive { return .end(.unmet) }
      // With echo off nobody saw which of the two was mistyped: ask for both again.
      if field == .confirmation {
        say(strings.passwordsDoNotMatch)
        return .again(.newPassword)
      }
    }
  }
}
