/// A question the site asks at Sign up, from a `[question NAME]` section: what the form
/// shows and checks, and the name its answer goes by (`REGISTER_ANSWER_<NAME>`).
public struct SiteQuestion: Equatable, Sendable {
  public enum Kind: String, CaseIterable, Equatable, Sendable {
    case text
    case email
    case textArea = "text-area"
    case choice
    case checkbox
  }

  /// Lower-case letters, digits and `_`, a letter first (see `SiteFile.questionName`).
  public var name: String
  /// The admin's own words, shown as the field's label.
  public var label: String
  public var kind: Kind
  /// An answer must be given (for a checkbox: it must be ticked).
  public var required: Bool
  /// The most characters an answer may have; nil for the form's own limit. Never set for
  /// a choice or a checkbox.
  public var maxLength: Int?
  /// The options of a `choice`, in file order; empty for every other kind.
  public var choices: [String]
  /// A caption under the field.
  public var help: String?

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

  /// The variable `--on-create` gets the answer in.
  public var environmentName: String { "REGISTER_ANSWER_" + name.uppercased() }
}
