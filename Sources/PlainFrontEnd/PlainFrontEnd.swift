import Registration

/// The second front end: the same view models, asked field by field on lines of text,
/// for screen readers, scripts and terminals that cannot draw a form.
///
/// After each answer it prints the field's requirements as a checklist (`[x]`, `[ ]`) and
/// asks again until every one is met; then it submits, like the form.
public final class PlainFrontEnd {
  /// How the dialogue ended.
  public enum Outcome: Hashable, Sendable {
    case signedUp(CreatedAccount)
    case signedIn(SignedInAccount)
    /// The input ended first; nothing was done.
    case inputEnded
    /// A script's answer did not meet a requirement (a script is not asked again).
    case unmet
  }

  private let dialogue: any Dialogue
  private let scheduler: ManualScheduler
  private let strings: Strings

  /// `scheduler` must be the one the view models were made with: the dialogue lets it
  /// settle after each answer.
  public init(dialogue: any Dialogue, scheduler: ManualScheduler, strings: Strings) {
    self.dialogue = dialogue
    self.scheduler = scheduler
    self.strings = strings
  }

  public func signUp(_ model: RegistrationViewModel) -> Outcome {
    var created: CreatedAccount?
    model.onCreated = { created = $0 }
    model.appear()
    defer { model.disappear() }
    dialogue.say(strings.signUpTitle + "\n")
    while true {
      for field in RegistrationField.allCases {
        if let ending = ask(field, of: model) { return ending }
      }
      model.submit()
      scheduler.settle()
      if let created { return .signedUp(created) }
      // Not created: the login was taken meanwhile, or the store failed. Say why, start over.
      if let message = model.message { dialogue.say(message + "\n") }
      if !dialogue.isInteractive { return .unmet }
    }
  }

  public func signIn(_ model: SignInViewModel) -> Outcome {
    var signedIn: SignedInAccount?
    model.onSignedIn = { signedIn = $0 }
    model.appear()
    defer { model.disappear() }
    dialogue.say(strings.signInTitle + "\n")
    while true {
      dialogue.say(strings.loginLabel + ": ")
      guard let login = dialogue.answer(secret: false) else { return ended() }
      dialogue.say(strings.passwordLabel + ": ")
      guard let password = dialogue.answer(secret: true) else { return ended() }
      model.login = login
      model.password = password
      model.signIn()
      scheduler.settle()
      if let signedIn { return .signedIn(signedIn) }
      if let message = model.message { dialogue.say(message + "\n") }
      if !dialogue.isInteractive { return .unmet }
    }
  }

  /// Asks for `field` until its requirements are met (a person) or once (a script); nil
  /// when they are met, otherwise how the dialogue ends.
  private func ask(_ field: RegistrationField, of model: RegistrationViewModel) -> Outcome? {
    while true {
      dialogue.say(label(field) + ": ")
      guard let answer = dialogue.answer(secret: field != .login) else { return ended() }
      switch field {
      case .login: model.login = answer
      case .password: model.password = answer
      case .confirmation: model.confirmation = answer
      }
      scheduler.settle()
      let requirements = model.requirements(for: field)
      for status in requirements {
        dialogue.say("  \(status.isMet ? "[x]" : "[ ]") \(status.displayText)\n")
      }
      // The meter's word, as the form shows it (advisory).
      if field == .password, let strength = model.strength {
        dialogue.say("  \(strings.strengthLabel): \(strings.strength(strength))\n")
      }
      // A store that could not answer says why.
      if let message = model.message { dialogue.say(message + "\n") }
      if requirements.allSatisfy(\.isMet) { return nil }
      if !dialogue.isInteractive { return .unmet }
    }
  }

  /// The input ended at a question: finish its line.
  private func ended() -> Outcome {
    dialogue.say("\n")
    return .inputEnded
  }

  private func label(_ field: RegistrationField) -> String {
    switch field {
    case .login: strings.loginLabel
    case .password: strings.passwordLabel
    case .confirmation: strings.confirmationLabel
    }
  }
}
