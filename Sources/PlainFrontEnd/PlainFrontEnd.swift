import Registration
import Terminal

/// The second front end: the same view models, asked field by field on lines of text,
/// for screen readers, scripts and terminals that cannot draw a form.
///
/// After each answer it prints the field's requirements as a checklist (`[x]`, `[ ]`) and
/// asks again until every one is met; then it submits, like the form.
public final class PlainFrontEnd {
  /// How the dialogue ended. A signal that came while the store was asked, with nothing
  /// done, is `.terminated(signal:)`: had the account been made, the outcome would say so,
  /// with the signal still held (see `SignalHold`).
  public typealias Outcome = SessionOutcome

  let dialogue: any Dialogue
  let scheduler: ManualScheduler
  let strings: Strings
  let signals: SignalHold

  /// `scheduler` must be the one the view models were made with: the dialogue lets it
  /// settle after each answer. `signals` is `.process` in the program.
  public init(
    dialogue: any Dialogue, scheduler: ManualScheduler, strings: Strings,
    signals: SignalHold = .none
  ) {
    self.dialogue = dialogue
    self.scheduler = scheduler
    self.strings = strings
    self.signals = signals
  }

  public func signUp(_ model: RegistrationViewModel) -> Outcome {
    var created: CreatedAccount?
    model.events.listen { if case .created(let account) = $0 { created = account } }
    model.appear()
    defer { model.disappear() }
    dialogue.say(strings.signUpTitle + "\n")
    // Over SSH with --max-per-address: no questions when no account could be made.
    scheduler.settle()
    if let notice = model.addressLimitNotice {
      say(notice)
      return .failed
    }
    while true {
      if let ending = askInOrder(model.fields, { ask($0, of: model) }) {
        return ending
      }
      if let key = model.key, let ending = askKey(key) { return ending }
      if let ending = ask(model.questions, words: model.questions.strings) { return ending }
      signals.hold()
      model.submit()
      scheduler.settle()
      // Made: it must be reported before any signal acts, so the hold stays.
      if let created { return .signedUp(created) }
      // Taken back: said as such, the hold stays too (the program ends with it).
      if model.handOffFailed { return .handOffFailed }
      if let signal = signals.release() { return .terminated(signal: signal) }
      if let notice = model.addressLimitNotice {
        say(notice)
        return .failed
      }
      // Not created: the login was taken meanwhile, or the store failed. Say why, start over.
      if let message = model.message { say(message) }
      if !dialogue.isInteractive { return .unmet }
    }
  }

  public func signIn(_ model: SignInViewModel) -> Outcome {
    var signedIn: SignedInAccount?
    model.events.listen { if case .signedIn(let account) = $0 { signedIn = account } }
    model.appear()
    defer { model.disappear() }
    dialogue.say(strings.signInTitle + "\n")
    while true {
      dialogue.say(strings.loginLabel + ": ")
      guard let line = dialogue.answerLine(secret: false) else { return ended() }
      guard let login = taken(line), !holdsNUL(login) else {
        if dialogue.isInteractive { continue } else { return .unmet }
      }
      dialogue.say(strings.passwordLabel + ": ")
      guard let secret = dialogue.answerLine(secret: true) else { return ended() }
      guard let password = taken(secret), !holdsNUL(password) else {
        if dialogue.isInteractive { continue } else { return .unmet }
      }
      model.login = login
      model.password = password
      // No field stopped an over-long answer: the model refused it; say why.
      if let field = model.refusedField {
        let refused = field == .login ? login : password
        dialogue.say(FieldLimit.of(field).message(strings, refusing: refused) + "\n")
        if !dialogue.isInteractive { return .unmet }
        continue
      }
      signals.hold()
      model.signIn()
      scheduler.settle()
      if let signedIn { return .signedIn(signedIn) }
      if let signal = signals.release() { return .terminated(signal: signal) }
      if let message = model.message { say(message) }
      if !dialogue.isInteractive { return model.credentialsRefused ? .wrongCredentials : .failed }
    }
  }

  /// Where the dialogue goes after a question.
  enum Step<Field> {
    /// Every requirement of the field is met: on to the next.
    case met
    /// Back to this field (the password, when its confirmation did not match).
    case again(Field)
    case end(Outcome)
  }

  /// Asks `fields` in order with `ask`, going back where a step says so; nil once every
  /// one is met, or how the dialogue ended.
  func askInOrder<Field: Equatable>(_ fields: [Field], _ ask: (Field) -> Step<Field>)
    -> Outcome?
  {
    var index = fields.startIndex
    while index < fields.endIndex {
      switch ask(fields[index]) {
      case .met: index += 1
      // Not among those asked now: all of them again.
      case .again(let field): index = fields.firstIndex(of: field) ?? fields.startIndex
      case .end(let ending): return ending
      }
    }
    return nil
  }

  /// A field's rows as checkboxes, then the strength meter's word (advisory), as the form
  /// shows them.
  func show(_ requirements: [RequirementStatus], strength: PasswordStrength?) {
    for status in requirements {
      dialogue.say("  \(status.isMet ? "[x]" : "[ ]") \(status.displayText)\n")
    }
    if let strength {
      dialogue.say("  \(strings.strengthLabel): \(strings.strength(strength))\n")
    }
  }

  /// Asks for `field` until its requirements are met (a person) or once (a script).
  private func ask(_ field: RegistrationField, of model: RegistrationViewModel)
    -> Step<RegistrationField>
  {
    while true {
      dialogue.say(label(field) + ": ")
      guard let line = dialogue.answerLine(secret: field != .login) else { return .end(ended()) }
      guard let answer = taken(line), !holdsNUL(answer) else {
        if dialogue.isInteractive { continue } else { return .end(.unmet) }
      }
      switch field {
      case .login: model.login = answer
      case .password: model.password = answer
      case .confirmation: model.confirmation = answer
      }
      // No field stopped an over-long answer: the model refused it; say why.
      if model.refusedField == field {
        dialogue.say(FieldLimit.of(field).message(strings, refusing: answer) + "\n")
        if !dialogue.isInteractive { return .end(.unmet) }
        continue
      }
      scheduler.settle()
      let requirements = model.requirements(for: field)
      show(requirements, strength: field == .password ? model.strength : nil)
      // Why a login is refused, then a store that could not answer.
      if field == .login, let problem = model.loginProblem { say(strings.loginProblem(problem)) }
      if let message = model.message { say(message) }
      if requirements.allSatisfy(\.isMet) { return .met }
      if !dialogue.isInteractive { return .end(.unmet) }
      // With echo off nobody saw which of the two was mistyped: ask for both again.
      if field == .confirmation {
        say(strings.passwordsDoNotMatch)
        return .again(.password)
      }
    }
  }

  /// The line's text, or nil when it cannot be taken, with a word why (its bytes are not
  /// UTF-8, or it has too many combining marks in a row): never a changed answer.
  func taken(_ line: InputLine) -> String? {
    switch line {
    case .text(let text): return text
    case .refused(.invalidUTF8): dialogue.say(strings.answerNotUTF8 + "\n")
    case .refused(.tooManyCombiningMarks): dialogue.say(strings.answerTooManyMarks + "\n")
    }
    return nil
  }

  /// Whether `answer` holds a NUL character, which C would cut it at (crypt(3) would hash
  /// `A` for `A` and seven NULs): such an answer is refused, with a word why.
  func holdsNUL(_ answer: String) -> Bool {
    guard answer.utf8.contains(0) else { return false }
    dialogue.say(strings.answerContainsNUL + "\n")
    return true
  }

  /// A message on a line of its own. It may quote the store or what was typed: whatever
  /// a terminal would act on is written out.
  func say(_ message: String) {
    dialogue.say(message.escapedForTerminal + "\n")
  }

  /// The input ended at a question: finish its line.
  func ended() -> Outcome {
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
