import Registration
import Widgets

/// The site's questions on Sign up, after Confirm password in file order: each with the
/// toolkit's widget for its kind, its `help` as a caption, and its rows under it. The
/// labels are the admin's words.
public final class SignUpQuestionViews {
  /// One stack per question (none when the site asks none), for Sign up's own stack.
  public let groups: [View]
  private let fields: [(name: String, view: View)]

  init(_ viewModel: RegistrationViewModel) {
    var fields: [(name: String, view: View)] = []
    var groups: [View] = []
    for answering in viewModel.questions.answering {
      let field = Self.field(for: answering)
      fields.append((answering.question.name, field))
      groups.append(
        VStack([field] + Self.rows(of: answering, refused: { viewModel.questionsRefused })))
    }
    self.fields = fields
    self.groups = groups
  }

  /// The field that answers the question named `name`: where a refused submission goes.
  public func view(named name: String) -> View? {
    fields.first { $0.name == name }?.view
  }

  private static func field(for answering: QuestionAnswering) -> View {
    let question = answering.question
    let caption: (() -> String?)? = question.help.map { help in { help } }
    let text = Binding(get: { answering.text }, set: { answering.take($0) })
    switch question.kind {
    case .text, .email: return TextField(label: question.label, text: text, caption: caption)
    // Three lines: with five questions the form still scrolls within 24 rows.
    case .textArea:
      return TextArea(label: question.label, text: text, visibleLines: 3, caption: caption)
    case .choice:
      return Choice(
        question.label, options: question.choices,
        selection: Binding(get: { answering.choice }, set: { answering.choose($0) }),
        caption: caption)
    case .checkbox:
      return Checkbox(question.label, isOn: Binding(answering, \.isChecked), caption: caption)
    }
  }

  /// The question's rows: struck through once met, errors once a submission was refused
  /// for a question. A question's rows are fixed by its kind, only their answers change.
  private static func rows(of answering: QuestionAnswering, refused: @escaping () -> Bool)
    -> [View]
  {
    let texts = answering.rows.map(\.text)
    return texts.indices.map { index in
      RequirementRow({ texts[index] }, fitting: texts) {
        if answering.rows[index].isMet { return .met }
        return refused() ? .failed : .unmet
      }
    }
  }
}
