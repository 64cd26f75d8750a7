import Observation

/// One of the site's questions being answered on the form: what was given, and the rows
/// it must meet. Observable on its own, so a question's field redraws only when its
/// answer changes. Knows nothing of terminals: the full-screen form and the line-by-line
/// front end both fill it.
@Observable
public final class QuestionAnswering {
  /// A row under the question: its text, whether it is met, and whether it holds the
  /// form back while it is not (an optional email left empty is neutral: neither met nor
  /// wrong).
  public struct Row: Hashable, Sendable {
    public let text: String
    public let isMet: Bool
    /// True when the row, unmet, keeps Create account from going ahead (and may show as
    /// an error); false for a neutral row.
    public let blocks: Bool

    public init(text: String, isMet: Bool, blocks: Bool? = nil) {
      self.text = text
      self.isMet = isMet
      self.blocks = blocks ?? !isMet
    }
  }

  public let question: SignUpQuestion
  /// A text, an email or a text area's lines, as typed. Longer than the question allows
  /// is refused: it keeps what it had (see `take`).
  public private(set) var text = ""
  /// A checkbox.
  public var isChecked = false
  /// The index of the choice made, in `question.choices`; nil before one is made.
  public private(set) var choice: Int?
  /// True once the person has left the question's field: its unmet rows may now show as
  /// errors, like the login's and the password's.
  public private(set) var wasLeft = false

  @ObservationIgnored private let strings: QuestionStrings

  public init(_ question: SignUpQuestion, strings: QuestionStrings = .english) {
    self.question = question
    self.strings = strings
  }

  /// Takes `text` as the answer if it is no longer than the question allows; false (and
  /// the answer as it was) when it is.
  @discardableResult
  public func take(_ text: String) -> Bool {
    guard text.count <= question.longestAnswer else { return false }
    if self.text != text { self.text = text }
    return true
  }

  /// Records that the person moved away from the question's field.
  public func leave() {
    if !wasLeft { wasLeft = true }
  }

  /// The most characters the answer may have, when the site set `max-length` for a text:
  /// the form counts them ("12/200").
  public var lengthLimit: Int? {
    switch question.kind {
    case .text, .email, .textArea: question.maxLength.map { _ in question.longestAnswer }
    case .choice, .checkbox: nil
    }
  }

  /// "12/200" while the site limits the answer's length; nil otherwise.
  public var lengthIndicator: String? {
    lengthLimit.map { strings.length(text.count, of: $0) }
  }

  /// True while the answer is as long as its limit allows: the indicator shows as an error.
  public var isAtLengthLimit: Bool { lengthLimit.map { text.count >= $0 } ?? false }

  /// Makes the choice at `index` (nil: none); false, and nothing changed, for an index
  /// the question has no option at.
  @discardableResult
  public func choose(_ index: Int?) -> Bool {
    if let index, !question.choices.indices.contains(index) { return false }
    if choice != index { choice = index }
    return true
  }

  /// The rows under the question, in display order: an email's live "Looks like an
  /// address" (neutral while empty: nothing to check, and nothing checked either; a required
  /// one's "Answered" holds the form back), and for a required question, that it is answered, chosen or ticked.
  public var rows: [Row] {
    var rows: [Row] = []
    let given = !text.allSatisfy(\.isWhitespace)
    if question.kind == .email {
      let looksLikeAddress = given && Self.looksLikeAddress(text)
      rows.append(
        Row(
          text: strings.looksLikeAddress, isMet: looksLikeAddress,
          blocks: given && !looksLikeAddress))
    }
    guard question.required else { return rows }
    switch question.kind {
    case .text, .email, .textArea: rows.append(Row(text: strings.answered, isMet: given))
    case .choice: rows.append(Row(text: strings.chosen, isMet: choice != nil))
    case .checkbox: rows.append(Row(text: strings.ticked, isMet: isChecked))
    }
    return rows
  }

  /// No row holds the form back: each is met, or neutral.
  public var isMet: Bool { !rows.contains(where: \.blocks) }

  /// The answer as it is stored: a text as typed (a choice's option, "" for none), a
  /// checkbox ticked or not.
  public var answer: QuestionAnswer {
    switch question.kind {
    case .checkbox: QuestionAnswer(name: question.name, value: .checked(isChecked))
    case .choice:
      QuestionAnswer(name: question.name, value: .text(choice.map { question.choices[$0] } ?? ""))
    case .text, .email, .textArea: QuestionAnswer(name: question.name, value: .text(text))
    }
  }

  /// One word, `local@domain`, something before the `@` and a domain with a dot inside
  /// it: what a person means as an address, not a full RFC 5322 check (a typo is caught,
  /// not every address proved).
  public static func looksLikeAddress(_ text: String) -> Bool {
    guard text.utf8.count <= 254, !text.contains(where: { $0.isWhitespace || $0.isNewline })
    else { return false }
    let parts = text.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty else { return false }
    let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
    return labels.count >= 2 && !labels.contains(where: \.isEmpty)
  }
}

/// The site's questions on one form, in file order.
public struct SignUpQuestions {
  public let answering: [QuestionAnswering]
  /// The form's own words around them, in the form's language.
  public let strings: QuestionStrings

  public init(_ questions: [SignUpQuestion], strings: QuestionStrings = .english) {
    answering = questions.map { QuestionAnswering($0, strings: strings) }
    self.strings = strings
  }

  /// The question of this name, if the site asks it.
  public func answering(named name: String) -> QuestionAnswering? {
    answering.first { $0.question.name == name }
  }

  /// Every question's rows are met: Create account may go ahead.
  public var areMet: Bool { answering.allSatisfy(\.isMet) }
  /// The first question with an unmet row: where a refused submission goes.
  public var firstUnmet: QuestionAnswering? { answering.first { !$0.isMet } }
  /// The answers, in file order, as the sign-up carries them (`SignUpDetails.answers`).
  public var answers: [QuestionAnswer] { answering.map(\.answer) }
}
