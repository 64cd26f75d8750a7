import Registration
import Widgets

/// The site's questions on Sign up, after Confirm password in file order: each with the
/// toolkit's widget for its kind, its `help` as a caption, and its rows under it. The
/// labels are the admin's words.
public final class SignUpQuestionViews {
  /// One stack per question (none when the site asks none), for Sign up's own stack.
  public let groups: [View]
  private let fields: [(answering: QuestionAnswering, view: View)]

  init(_ viewModel: RegistrationViewModel) {
    var fields: [(answering: QuestionAnswering, view: View)] = []
    var groups: [View] = []
    for answering in viewModel.questions.answering {
      let refused = { viewModel.questionsRefused }
      let field = Self.field(for: answering)
      fields.append((answering, field))
      groups.append(VStack([field] + Self.rows(of: answering, refused: refused)))
    }
    self.fields = fields
    self.groups = groups
  }

  /// The field that answers the question named `name`: where a refused submission goes.
  public func view(named name: String) -> View? {
    fields.first { $0.answering.question.name == name }?.view
  }

  /// The person moved away from `view`: if it answers a question, its unmet rows may now
  /// show as errors.
  public func leave(_ view: View) {
    fields.first { $0.view === view }?.answering.leave()
  }

  private static func field(for answering: QuestionAnswering) -> View {
    let question = answering.question
    let caption = Self.caption(of: answering)
    let text = Binding(get: { answering.text }, set: { answering.take($0) })
    // At its limit the count shows as an error (in the caption's place, so it stays).
    let atLimit = { answering.isAtLengthLimit }
    let limitMessage = { answering.isAtLengthLimit ? caption?() : nil }
    switch question.kind {
    case .text, .email:
      return TextField(label: question.label, text: text, caption: caption).with {
        $0.showsError = atLimit
        $0.errorMessage = limitMessage
      }
    // Three lines: with five questions the form still scrolls within 24 rows.
    case .textArea:
      return TextArea(label: question.label, text: text, visibleLines: 3, caption: caption).with {
        $0.showsError = atLimit
        $0.errorMessage = limitMessage
      }
    case .choice:
      return Choice(
        question.label, options: question.choices,
        selection: Binding(get: { answering.choice }, set: { answering.choose($0) }),
        caption: caption)
    case .checkbox:
      return Checkbox(question.label, isOn: Binding(answering, \.isChecked), caption: caption)
    }
  }

  /// The admin's help, and for a text whose length the site limits, the count ("12/200")
  /// after it; nil when there is neither (the field has no caption row).
  private static func caption(of answering: QuestionAnswering) -> (() -> String?)? {
    let help = answering.question.help
    guard answering.lengthLimit != nil else { return help.map { help in { help } } }
    return {
      let count = answering.lengthIndicator ?? ""
      return help.map { "\($0)  \(count)" } ?? count
    }
  }

  /// The question's rows: struck through once met, errors once the person has left the
  /// question or a submission was refused for a question (a neutral row never is). A
  /// question's rows are fixed by its kind, only their answers change.
  private static func rows(of answering: QuestionAnswering, refused: @escaping () -> Bool)
    -> [View]
  {
    let texts = answering.rows.map(\.text)
    return texts.indices.map { index in
      RequirementRow({ texts[index] }, fitting: texts) {
        let row = answering.rows[index]
        if row.isMet { return .met }
        return row.blocks && (answering.wasLeft || refused()) ? .failed : .unmet
      }
    }
  }
}
