import Registration

extension PlainFrontEnd {
  /// Your account, line by line: the login and the keys, numbered (comments escaped, the
  /// key of this connection marked), then a choice: add the connecting key, paste one,
  /// remove one by its number (the key in use asks to be removed twice). An empty answer
  /// or the end of input leaves.
  public func manageAccount(_ model: AccountViewModel) {
    model.appear()
    defer { model.disappear() }
    scheduler.settle()
    say(strings.accountTitle(model.login))
    while true {
      listKeys(model)
      dialogue.say(strings.accountChoices + "\n" + strings.accountChoice + ": ")
      guard let line = dialogue.answerLine(secret: false), let answer = taken(line),
        !answer.isEmpty
      else { return }
      let words = answer.split(separator: " ")
      switch (words.first, words.count) {
      case ("a", 1) where model.offeredKey != nil: model.addConnectingKey()
      case ("p", 1):
        dialogue.say(strings.pasteKeyLabel + ": ")
        guard let pasted = dialogue.answerLine(secret: false).flatMap(taken) else { return }
        model.pastedKey = pasted
        model.addPastedKey()
      case ("r", 2):
        guard let number = Int(words[1]), model.keys.indices.contains(number - 1) else {
          say(strings.unknownChoice)
          continue
        }
        model.remove(fingerprint: model.keys[number - 1].fingerprint)
      default:
        say(strings.unknownChoice)
        continue
      }
      scheduler.settle()
      if let message = model.message { say(message) }
      if !dialogue.isInteractive && model.messageIsError { return }
    }
  }

  private func listKeys(_ model: AccountViewModel) {
    if model.keys.isEmpty { say(strings.noKeys) }
    for (index, key) in model.keys.enumerated() {
      let mark = model.isInUse(key) ? " " + strings.keyInUseMark : ""
      // `say` escapes: a comment's controls are shown, never acted on.
      say("  \(index + 1). \(key.type) \(key.fingerprint) \(key.comment)\(mark)")
    }
  }
}
