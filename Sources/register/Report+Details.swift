import JSONText
import Registration

extension Report {
  /// The result object `object` (flat, one line) with `"answers": {NAME: value, ...}`
  /// added at its end when there are answers: text as a string, a checkbox as true or
  /// false. Without answers, `object` as it is.
  static func withAnswers(_ answers: [QuestionAnswer], _ object: String) -> String {
    guard !answers.isEmpty else { return object }
    let pairs = answers.map { answer in
      let value =
        switch answer.value {
        case .text(let text): JSON.string(text)
        case .checked(let checked): checked ? "true" : "false"
        }
      return JSON.string(answer.name) + ":" + value
    }
    return appending("answers", "{" + pairs.joined(separator: ",") + "}", to: object)
  }

  /// `object` (flat, one line) with `"name": value` (JSON already) added at its end.
  static func appending(_ name: String, _ value: String, to object: String) -> String {
    guard object.hasSuffix("}") else { return object }
    return object.dropLast() + "," + JSON.string(name) + ":" + value + "}"
  }
}
