/// A question the site asks at Sign up (a `[question NAME]` of the site file), as the form
/// asks it: the admin's own label and caption, and what an answer must be.
public struct SignUpQuestion: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    case text, email, textArea, choice, checkbox
  }

  /// The answer's name (`REGISTER_ANSWER_<NAME>`, the store's row).
  public let name: String
  public let label: String
  public let kind: Kind
  /// An answer must be given; a checkbox must be ticked.
  public let required: Bool
  /// The most characters a text answer may have (the form's own limit when nil).
  public let maxLength: Int?
  /// A choice's options, in file order.
  public let choices: [String]
  /// A caption under the field.
  public let help: String?

  /// The most characters any text answer may have: a site's `max-length` may only lower it.
  public static let longestAnswer = 4000

  public init(
    name: String, label: String, kind: Kind = .text, required: Bool = false,
    maxLength: Int? = nil, choices: [String] = [], help: String? = nil
  ) {
    self.name = name
    self.label = label
    self.kind = kind
    self.required = required
    self.maxLength = maxLength
    self.choices = choices
    self.help = help
  }

  /// The most characters its answer may have.
  public var longestAnswer: Int { min(maxLength ?? Self.longestAnswer, Self.longestAnswer) }
}
