import Registration
import SiteFile

extension SiteQuestion {
  /// The question as the form asks it: the site file's section, word for word.
  var signUpQuestion: SignUpQuestion {
    let kind: SignUpQuestion.Kind =
      switch self.kind {
      case .text: .text
      case .email: .email
      case .textArea: .textArea
      case .choice: .choice
      case .checkbox: .checkbox
      }
    return SignUpQuestion(
      name: name, label: label, kind: kind, required: required, maxLength: maxLength,
      choices: choices, help: help)
  }
}
