import PlainFrontEnd
import Registration
import TestSupport

/// What the line-by-line Change password and Reset password tests share: a form that sets a
/// new password, asked through a scripted dialogue, and the new password's rows as they are
/// shown when all are met.
struct NewPasswordDialogue {
  /// The new password and its confirmation, every row met, as the dialogue shows them.
  static let metRows = """
    New password: 
      [x] At least 8 characters
      [x] One uppercase letter
      [x] Hard to guess
      Strength: strong
    Confirm new password: 
      [x] Matches the password

    """

  let scheduler = ManualScheduler()

  /// Answers `answers` to the model `make` gives (with the fakes' policy and strength), run
  /// by `run` (`PlainFrontEnd.changePassword` or `.resetPassword`).
  func ask<Model: NewPasswordModel>(
    _ answers: [String], interactive: Bool, strings: Strings,
    make: (ManualScheduler, Strings, FakePasswordPolicy, FakeStrengthEstimator) -> Model,
    run: (PlainFrontEnd) -> (Model) -> PlainFrontEnd.Outcome
  ) -> (PlainFrontEnd.Outcome, ScriptedDialogue) {
    let dialogue = ScriptedDialogue(answers, interactive: interactive)
    let model = make(scheduler, strings, FakePasswordPolicy(), FakeStrengthEstimator())
    let front = PlainFrontEnd(dialogue: dialogue, scheduler: scheduler, strings: strings)
    return (run(front)(model), dialogue)
  }
}
