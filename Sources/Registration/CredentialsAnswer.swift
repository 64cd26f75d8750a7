/// How a form took the store's answer to a login and what proves the person (a password, a
/// one-time code).
enum CredentialsAnswer<Value> {
  /// Accepted: the form is done.
  case accepted(Value)
  /// The login and its proof were wrong, or the account may not come in (waiting, locked):
  /// the form goes back to the proof.
  case refused
  /// No answer on the credentials (too many attempts, the store failed): the form says why.
  case unanswered

  /// Whether the store refused the credentials (not when it could not answer): a script's
  /// exit status tells the two apart.
  var refusesCredentials: Bool {
    if case .refused = self { true } else { false }
  }
}

extension Form {
  /// Ends a submission the store answered about a login and what proves the person, the
  /// same way on Sign in, Change password and Reset password: accepted is done; wrong
  /// clears the proof (`clear`) and says `wrong`, never which of the two was wrong; too
  /// many attempts says when to try again; an account that may not come in is said as it
  /// is; any other failure is `cannot` with the store's reason.
  func finish<Value>(
    credentials result: Result<Value?, AccountStoreError>, wrong: String,
    cannot: (String) -> String, strings: Strings, clear: () -> Void,
    _ standing: (Field) -> FieldStanding
  ) -> CredentialsAnswer<Value> {
    switch result {
    case .success(let value?):
      finish(.done, standing)
      return .accepted(value)
    case .success(nil):
      finish(.editing, standing)
      // Typed again; the login stays, it is usually right.
      clear()
      say(wrong)
      return .refused
    case .failure(.throttled(let seconds)):
      finish(.editing, message: strings.tooManyAttempts(seconds), standing)
      return .unanswered
    case .failure(let error) where error.refusesAccount:
      // Only after the proof was right: whoever has it may know the account's state.
      finish(.editing, message: error.description(in: strings), standing)
      return .refused
    case .failure(let error):
      finish(.editing, message: cannot(error.description(in: strings)), standing)
      return .unanswered
    }
  }
}
