/// The site file (`/etc/register/register.conf`), read: what it sets, line by line, and
/// the questions it asks. Its form is that of `pwquality.conf` and `sshd_config`: `key =
/// value` lines, `#` comments on lines of their own, and `[question NAME]` sections that
/// run to the next one or the end. The keys are the program's (`keys`); everything the
/// file says is checked here, and the first thing wrong refuses the whole file.
public struct SiteFile: Equatable, Sendable {
  /// One `key = value` line outside the sections.
  public struct Setting: Equatable, Sendable {
    public var key: String
    /// As written, without the blanks around it; valid for the key's `SiteKey.Value`.
    public var value: String
    public var line: Int
  }

  /// The settings, in file order, each key at most once.
  public var settings: [Setting]
  /// The `[question NAME]` sections, in file order.
  public var questions: [SiteQuestion]

  /// The most a site file may hold: far more than any site needs, and little to read.
  public static let largestFile = 64 * 1024
  public static let mostQuestions = 20
  public static let mostChoices = 20
  public static let longestQuestionName = 32
  /// The longest label, help or choice, in characters.
  public static let longestText = 200
  /// The longest `max-length` a question may have.
  public static let longestAnswer = 4000

  /// The setting of `key`, if the file has it.
  public func setting(_ key: String) -> Setting? { settings.first { $0.key == key } }

  /// An empty file: nothing set.
  public init() {
    settings = []
    questions = []
  }

  /// Reads `bytes` against `keys`.
  public init(parsing bytes: [UInt8], keys: [SiteKey]) throws(SiteFileError) {
    guard bytes.count <= Self.largestFile else {
      throw SiteFileError(.tooLarge(limit: Self.largestFile))
    }
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }
    var parser = Parser(keys: keys)
    for (index, line) in lines.enumerated() {
      let number = index + 1
      guard let decoded = String(validating: line, as: UTF8.self) else {
        throw SiteFileError(line: number, .notUTF8)
      }
      try parser.read(decoded, line: number)
    }
    try parser.finish()
    settings = parser.settings
    questions = parser.questions.map(\.question)
  }
}

/// Reads the file line by line.
private struct Parser {
  let keys: [SiteKey]
  var settings: [SiteFile.Setting] = []
  var questions: [QuestionDraft] = []

  init(keys: [SiteKey]) { self.keys = keys }

  mutating func read(_ text: String, line: Int) throws(SiteFileError) {
    // C0 controls but tab, DEL, and C1 controls: nothing an admin means to write.
    if text.unicodeScalars.contains(where: {
      ($0.value < 0x20 && $0 != "\t") || (0x7F...0x9F).contains($0.value)
    }) {
      throw SiteFileError(line: line, .controlCharacter)
    }
    let trimmed = text.trimmedOfBlanks
    if trimmed.isEmpty || trimmed.hasPrefix("#") { return }
    if trimmed.hasPrefix("[") {
      try section(trimmed, line: line)
      return
    }
    guard let equals = trimmed.firstIndex(of: "=") else {
      throw SiteFileError(line: line, .notKeyValue)
    }
    let key = String(trimmed[..<equals]).trimmedOfBlanks
    let value = String(trimmed[trimmed.index(after: equals)...]).trimmedOfBlanks
    guard !key.isEmpty, !key.contains(where: { $0 == " " || $0 == "\t" }) else {
      throw SiteFileError(line: line, .notKeyValue)
    }
    if questions.isEmpty {
      try setting(key, value, line: line)
    } else {
      try questions[questions.count - 1].set(key, value, line: line)
    }
  }

  private mutating func setting(_ key: String, _ value: String, line: Int) throws(SiteFileError) {
    guard let known = keys.first(where: { $0.name == key }) else {
      if SiteKey.coming.contains(key) { throw SiteFileError(line: line, .notSupported(key)) }
      throw SiteFileError(line: line, .unknownKey(key))
    }
    if let first = settings.first(where: { $0.key == key }) {
      throw SiteFileError(line: line, .duplicateKey(key, firstLine: first.line))
    }
    guard !value.isEmpty else { throw SiteFileError(line: line, .emptyValue(key)) }
    if let expected = known.value.refusal(of: value) {
      throw SiteFileError(line: line, .badValue(key, expected: expected))
    }
    settings.append(SiteFile.Setting(key: key, value: value, line: line))
  }

  private mutating func section(_ heading: String, line: Int) throws(SiteFileError) {
    let words = heading.dropFirst().split(separator: " ", omittingEmptySubsequences: true)
    guard heading.hasSuffix("]"), words.count == 2, words[0] == "question",
      words[1].hasSuffix("]"), words[1].count > 1
    else { throw SiteFileError(line: line, .badSection) }
    let name = String(words[1].dropLast())
    guard SiteFile.isQuestionName(name) else {
      throw SiteFileError(line: line, .badQuestionName(name))
    }
    if let first = questions.first(where: { $0.question.name == name }) {
      throw SiteFileError(line: line, .duplicateQuestion(name, firstLine: first.line))
    }
    guard questions.count < SiteFile.mostQuestions else {
      throw SiteFileError(line: line, .tooManyQuestions(limit: SiteFile.mostQuestions))
    }
    try questions.last?.finish()
    questions.append(QuestionDraft(name: name, line: line))
  }

  mutating func finish() throws(SiteFileError) { try questions.last?.finish() }
}

/// A `[question NAME]` section as it is read.
private struct QuestionDraft {
  var question: SiteQuestion
  /// The heading's line.
  let line: Int
  /// Where each key was set, for duplicates.
  var seen: [String: Int] = [:]

  init(name: String, line: Int) {
    question = SiteQuestion(name: name, label: "")
    self.line = line
  }

  mutating func set(_ key: String, _ value: String, line: Int) throws(SiteFileError) {
    guard ["label", "kind", "required", "max-length", "choices", "help"].contains(key) else {
      throw SiteFileError(line: line, .unknownQuestionKey(key))
    }
    if let first = seen[key] {
      throw SiteFileError(line: line, .duplicateKey(key, firstLine: first))
    }
    seen[key] = line
    guard !value.isEmpty else { throw SiteFileError(line: line, .emptyValue(key)) }
    func bounded(_ text: String) throws(SiteFileError) -> String {
      guard text.count <= SiteFile.longestText else {
        throw SiteFileError(line: line, .tooLongText(key, limit: SiteFile.longestText))
      }
      return text
    }
    switch key {
    case "label": question.label = try bounded(value)
    case "help": question.help = try bounded(value)
    case "kind":
      guard let kind = SiteQuestion.Kind(rawValue: value) else {
        let kinds = SiteQuestion.Kind.allCases.map(\.rawValue).joined(separator: ", ")
        throw SiteFileError(line: line, .badValue(key, expected: "one of \(kinds)"))
      }
      question.kind = kind
    case "required":
      guard let yes = SiteKey.Value.yesNo(value) else {
        throw SiteFileError(line: line, .badValue(key, expected: "yes or no"))
      }
      question.required = yes
    case "max-length":
      let range = 1...SiteFile.longestAnswer
      guard let length = SiteKey.Value.number(value, in: range) else {
        throw SiteFileError(
          line: line, .badValue(key, expected: "a whole number from 1 to \(range.upperBound)"))
      }
      question.maxLength = length
    default:  // choices
      let choices = value.split(separator: "|", omittingEmptySubsequences: false).map {
        String($0).trimmedOfBlanks
      }
      guard !choices.contains(where: \.isEmpty), choices.count >= 2 else {
        throw SiteFileError(line: line, .badValue(key, expected: "two or more, as A | B | C"))
      }
      guard choices.count <= SiteFile.mostChoices else {
        throw SiteFileError(line: line, .tooManyChoices(limit: SiteFile.mostChoices))
      }
      guard Set(choices).count == choices.count else {
        throw SiteFileError(line: line, .badValue(key, expected: "different from each other"))
      }
      for choice in choices { _ = try bounded(choice) }
      question.choices = choices
    }
  }

  /// The section is over: what it must have, and what its kind allows.
  func finish() throws(SiteFileError) {
    let name = question.name
    guard !question.label.isEmpty else { throw SiteFileError(line: line, .missingLabel(name)) }
    if question.kind == .choice, question.choices.isEmpty {
      throw SiteFileError(line: line, .choicesMissing(name))
    }
    if question.kind != .choice, let at = seen["choices"] {
      throw SiteFileError(line: at, .choicesNotAllowed(name))
    }
    if question.kind == .choice || question.kind == .checkbox, let at = seen["max-length"] {
      throw SiteFileError(line: at, .maxLengthNotAllowed(name))
    }
  }
}

extension SiteFile {
  /// A question's name: a-z first, then a-z, 0-9 or `_`, so that `REGISTER_ANSWER_<NAME>`
  /// is a plain environment variable.
  public static func isQuestionName(_ name: String) -> Bool {
    guard let first = name.utf8.first, (0x61...0x7A).contains(first),
      name.utf8.count <= longestQuestionName
    else { return false }
    return name.utf8.allSatisfy {
      (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "_")
    }
  }
}

extension SiteKey.Value {
  /// What the value must be, when `value` is not that; nil when it is.
  func refusal(of value: String) -> String? {
    switch self {
    case .text: return nil
    case .yesNo: return Self.yesNo(value) == nil ? "yes or no" : nil
    case .number(let range):
      return Self.number(value, in: range) == nil
        ? "a whole number from \(range.lowerBound) to \(range.upperBound)" : nil
    case .word(let words):
      return words.contains(value) ? nil : words.joined(separator: " or ")
    case .contact:
      return Self.isContact(value) ? nil : "an e-mail address or an http(s):// or mailto: URL"
    }
  }

  /// `yes` is true, `no` false, nothing else is either.
  public static func yesNo(_ value: String) -> Bool? {
    switch value {
    case "yes": true
    case "no": false
    default: nil
    }
  }

  /// Decimal digits only, in `range`.
  public static func number(_ value: String, in range: ClosedRange<Int>) -> Int? {
    guard !value.isEmpty, value.utf8.count <= 12,
      value.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let number = Int(value),
      range.contains(number)
    else { return nil }
    return number
  }

  /// One word (no blanks), at most 200 characters: `name@host` with something on both
  /// sides of the `@`, or a URL of the web or of mail.
  static func isContact(_ value: String) -> Bool {
    guard value.count <= 200, !value.contains(where: \.isWhitespace) else { return false }
    if value.hasPrefix("https://") || value.hasPrefix("http://") || value.hasPrefix("mailto:") {
      return !value.hasSuffix("//") && !value.hasSuffix(":")
    }
    let parts = value.split(separator: "@", omittingEmptySubsequences: false)
    return parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty
  }
}

extension String {
  /// Without the spaces and tabs at either end.
  var trimmedOfBlanks: String {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let start = firstIndex(where: { !blank($0) }), let end = lastIndex(where: { !blank($0) })
    else { return "" }
    return String(self[start...end])
  }
}
