import Registration

/// The answers to the site's questions as `--on-create` gets them: one variable each,
/// `REGISTER_ANSWER_<NAME>`. A stranger wrote them, so a value never holds a control
/// character (a line break or tab is a space, the rest dropped: no line can be forged in a
/// script that writes one out) and never more than `longestValue` bytes.
enum AnswerEnvironment {
  /// The most bytes of UTF-8 a value keeps: well within any environment's limits.
  static let longestValue = 1024

  /// `NAME=value` for each answer, in the site file's order.
  static func variables(for answers: [QuestionAnswer]) -> [String] {
    answers.map { "\(name(of: $0.name))=\(value(of: $0.value))" }
  }

  /// `REGISTER_ANSWER_` and the name upper-cased, anything but a letter, digit or `_` as
  /// `_` (the site file allows none, but the store may hold older names).
  static func name(of name: String) -> String {
    "REGISTER_ANSWER_"
      + String(
        name.uppercased().unicodeScalars.map { scalar -> Character in
          let isWord =
            ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
          return isWord ? Character(scalar) : "_"
        })
  }

  /// A checkbox as `yes` or `no`; text cleaned and bounded, cut at a character's end.
  static func value(of value: QuestionAnswer.Value) -> String {
    switch value {
    case .checked(let checked): return checked ? "yes" : "no"
    case .text(let text):
      var out = ""
      var bytes = 0
      for character in text {
        let cleaned: String
        if character == "\n" || character == "\r\n" || character == "\r" || character == "\t" {
          cleaned = " "
        } else {
          cleaned = String(
            String.UnicodeScalarView(character.unicodeScalars.filter { !isControl($0) }))
        }
        bytes += cleaned.utf8.count
        if bytes > longestValue { break }
        out += cleaned
      }
      return out
    }
  }

  /// C0, DEL and C1.
  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
