import Registration
import Terminal

extension PlainFrontEnd {
  /// "SSH key", asked after Confirm password: one pasted `authorized_keys` line, checked
  /// and asked again until it is a key (a person) or once (a script). An empty answer skips
  /// it when the key is optional. Nil once it is settled, or how the dialogue ended.
  ///
  /// Line by line only a pasted line is taken: the key one connected with is the form's
  /// offer, and nothing is signed up with unasked.
  func askKey(_ key: SignUpKey) -> Outcome? {
    key.usesConnectingKey = false
    while true {
      dialogue.say(strings.keyLabel + ": ")
      // A script written before sites asked for keys ends after Confirm password.
      guard let line = dialogue.answerLine(secret: false) else {
        return key.need == .optional && !dialogue.isInteractive ? nil : ended()
      }
      guard let answer = taken(line), !holdsNUL(answer) else {
        if dialogue.isInteractive { continue } else { return .unmet }
      }
      key.pasted = answer
      for row in key.rows { dialogue.say("  [ ] \(row.escapedForTerminal)\n") }
      if key.isMet { return nil }
      if !dialogue.isInteractive { return .unmet }
    }
  }
}
