import Registration
import Terminal

extension PlainFrontEnd {
  /// Asks the site's questions line by line, in file order, each until its rows are met
  /// (a person) or once (a script): a text or an email on one line, a text area's lines
  /// up to an empty one, a choice by its number, a checkbox as yes or no. Nil once every
  /// one is met, or how the dialogue ended. The labels are the admin's, escaped for the
  /// terminal like anything else not ours.
  public func ask(_ questions: SignUpQuestions, words: QuestionStrings) -> Outcome? {
    for answering in questions.answering {
      while true {
        switch ask(answering, words: words) {
        case .end(let ending): return ending
        case .met, .again: break
        }
        let rows = answering.rows
        for row in rows { dialogue.say("  \(row.isMet ? "[x]" : "[ ]") \(row.text)\n") }
        if answering.isMet { break }
        if !dialogue.isInteractive { return .unmet }
      }
    }
    return nil
  }

  /// One question asked once: `.met` when an answer was taken (its rows say the rest),
  /// `.again` when the line could not be, `.end` at the end of input or for a script's
  /// answer that cannot be taken.
  private func ask(_ answering: QuestionAnswering, words: QuestionStrings) -> Step<Int> {
    let question = answering.question
    let label = question.label.escapedForTerminal
    if let help = question.help { dialogue.say("  \(help.escapedForTerminal)\n") }
    switch question.kind {
    case .text, .email:
      dialogue.say(label + ": ")
      let answer: String
      switch nextAnswer() {
      case .success(let text): answer = text
      case .failure(let missing): return step(after: missing)
      }
      return took(answer, into: answering)
    case .textArea:
      dialogue.say("\(label) (\(words.endWithEmptyLine)):\n")
      var lines: [String] = []
      while true {
        switch nextAnswer() {
        case .success(let line) where line.isEmpty:
          return took(lines.joined(separator: "\n"), into: answering)
        case .success(let line): lines.append(line)
        case .failure(let missing): return step(after: missing)
        }
      }
    case .choice:
      for (index, option) in question.choices.enumerated() {
        dialogue.say("  \(index + 1). \(option.escapedForTerminal)\n")
      }
      dialogue.say("\(label) (\(words.byNumber)): ")
      let answer: String
      switch nextAnswer() {
      case .success(let text): answer = text
      case .failure(let missing): return step(after: missing)
      }
      let trimmed = answer.trimmingBlanks
      if trimmed.isEmpty {
        answering.choose(nil)
        return .met
      }
      guard let number = Int(trimmed), answering.choose(number - 1) else {
        dialogue.say("\(words.byNumber): 1-\(question.choices.count)\n")
        return dialogue.isInteractive ? .again(0) : .end(.unmet)
      }
      return .met
    case .checkbox:
      dialogue.say("\(label) (\(words.yesOrNo)): ")
      let answer: String
      switch nextAnswer() {
      case .success(let text): answer = text
      case .failure(let missing): return step(after: missing)
      }
      let word = answer.trimmingBlanks.lowercased()
      if word.isEmpty || words.noWords.contains(word) {
        answering.isChecked = false
      } else if words.yesWords.contains(word) {
        answering.isChecked = true
      } else {
        dialogue.say(words.yesOrNo + "\n")
        return dialogue.isInteractive ? .again(0) : .end(.unmet)
      }
      return .met
    }
  }

  /// The next line: its text, or the step when there is none to take (the end of
  /// input; a line that cannot be taken, said why).
  private func nextAnswer() -> Result<String, NoAnswer> {
    guard let line = dialogue.answerLine(secret: false) else { return .failure(.ended) }
    guard let answer = taken(line), !holdsNUL(answer) else { return .failure(.refused) }
    return .success(answer)
  }

  /// What follows a line that gave no answer.
  private func step(after missing: NoAnswer) -> Step<Int> {
    switch missing {
    case .ended: .end(ended())
    case .refused: dialogue.isInteractive ? .again(0) : .end(.unmet)
    }
  }

  /// A text answer taken, or refused for its length with a word why.
  private func took(_ answer: String, into answering: QuestionAnswering) -> Step<Int> {
    guard answering.take(answer) else {
      dialogue.say(strings.atMostCharacters(answering.question.longestAnswer) + "\n")
      return dialogue.isInteractive ? .again(0) : .end(.unmet)
    }
    return .met
  }
}

/// Why a line gave no answer.
enum NoAnswer: Error {
  case ended, refused
}

extension String {
  /// Without the spaces and tabs at either end.
  fileprivate var trimmingBlanks: String {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let start = firstIndex(where: { !blank($0) }), let end = lastIndex(where: { !blank($0) })
    else { return "" }
    return String(self[start...end])
  }
}
