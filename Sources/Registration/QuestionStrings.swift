/// The form's own words around the site's questions (the questions themselves are the
/// admin's), in each language.
public struct QuestionStrings: Hashable, Sendable {
  /// The live row under an `email` question.
  public var looksLikeAddress: String
  /// The row under a required text, email or text area.
  public var answered: String
  /// The row under a required choice.
  public var chosen: String
  /// The row under a required checkbox.
  public var ticked: String
  /// Line by line: how a checkbox is answered.
  public var yesOrNo: String
  /// Line by line: how a choice is answered, by its number.
  public var byNumber: String
  /// Line by line: how a text area ends.
  public var endWithEmptyLine: String
  /// Line by line: the words a checkbox takes as yes and as no.
  public var yesWords: [String]
  public var noWords: [String]
  /// How a limited answer's length is counted in its caption: `{count}` and `{limit}`
  /// stand for the numbers.
  public var lengthFormat = "{count}/{limit}"

  /// "12/200": `count` characters of the `limit` an answer may have.
  public func length(_ count: Int, of limit: Int) -> String {
    lengthFormat.replacing("{count}", with: String(count))
      .replacing("{limit}", with: String(limit))
  }

  public static let english = QuestionStrings(
    looksLikeAddress: "Looks like an address", answered: "Answered", chosen: "One chosen",
    ticked: "Ticked", yesOrNo: "yes or no", byNumber: "the number of your choice",
    endWithEmptyLine: "end with an empty line", yesWords: ["yes", "y"], noWords: ["no", "n"])

  public static let russian = QuestionStrings(
    looksLikeAddress: "Похоже на адрес", answered: "Есть ответ", chosen: "Выбран вариант",
    ticked: "Отмечено", yesOrNo: "да или нет", byNumber: "номер варианта",
    endWithEmptyLine: "в конце пустая строка", yesWords: ["да", "д", "yes", "y"],
    noWords: ["нет", "н", "no", "n"], lengthFormat: "{count} из {limit}")

  public static func of(_ language: Language) -> QuestionStrings {
    switch language {
    case .english: .english
    case .russian: .russian
    }
  }
}
