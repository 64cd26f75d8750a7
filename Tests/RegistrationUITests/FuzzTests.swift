import Foundation
import Policy
import Registration
import RegistrationUI
@_spi(Testing) import Terminal
import TestSupport
import Testing
@_spi(Testing) import Widgets

/// How many sequences, from which seed: `FUZZ_SEQUENCES` and `FUZZ_SEED` (make fuzz sets
/// 10,000; CI runs the default 1,000). A failure names its seed, to run it again alone:
/// `FUZZ_SEED=N FUZZ_SEQUENCES=1 swift test --filter Fuzz`.
enum FuzzSettings {
  static var sequences: Int {
    ProcessInfo.processInfo.environment["FUZZ_SEQUENCES"].flatMap { Int($0) } ?? 1_000
  }
  static var firstSeed: UInt64 {
    ProcessInfo.processInfo.environment["FUZZ_SEED"].flatMap { UInt64($0) } ?? 1
  }
  static var seeds: Range<UInt64> { firstSeed..<(firstSeed + UInt64(sequences)) }
}

/// The spec's rules, written out again by hand. The fuzz must not ask the `Requirement`
/// objects the view model uses: that would check them only against themselves.
enum HandWrittenRules {
  static let rows: [String: @Sendable (RegistrationInput) -> Bool] = [
    "login.length": { $0.login.count >= 4 },
    "password.length": { $0.password.count >= 8 },
    "password.uppercase": { input in
      for character in input.password where character.isUppercase { return true }
      return false
    },
    "confirmation.matches": { !$0.confirmation.isEmpty && $0.confirmation == $0.password },
  ]

  /// Rows whose rule is the login policy's (ICU's script and character data): written by
  /// hand only where the answer is plain, nil where only the policy can tell.
  static let partialRows: [String: @Sendable (RegistrationInput) -> Bool?] = [
    "login.characters": { input in
      let login = input.login
      let asciiWord = login.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
      }
      if asciiWord && (1...32).contains(login.count) { return true }
      if login.contains(" ") || login.count > 32 { return false }
      if login.unicodeScalars.contains(where: {
        $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
      }) {
        return false
      }
      return nil
    }
  ]
}

@Suite("Fuzz")
struct FuzzTests {
  static let keys: [Key] = [
    Key(.tab), Key(.tab, .shift), Key(.up), Key(.down), Key(.left), Key(.right), Key(.home),
    Key(.end), Key(.enter), Key(.backspace), Key(.delete), Key(.backspace, .alt),
    Key(.left, .control), Key(.right, .control), Key(.function(2)), Key(.function(5)),
    Key(.insert), Key(.pageUp), .control("a"), .control("e"), .control("u"), .control("k"),
    .control("w"), .control("d"), .control("r"), .control("g"), .control("x"), .alt("b"),
    .alt("f"), .alt("x"),
  ]

  /// One random event, as a terminal could send it.
  static func event(_ random: inout SeededGenerator, screen: Size, hugePaste: Bool) -> Event {
    switch Int.random(in: 0..<100, using: &random) {
    case 0..<35:
      return .text(FuzzText.graphemes.randomElement(using: &random)!)
    case 35..<65:
      return .key(keys.randomElement(using: &random)!)
    case 65..<73:
      if hugePaste { return .paste(String(repeating: "0123456789abcdeF", count: 65_536)) }
      return .paste(FuzzText.text(&random, count: Int.random(in: 0...60, using: &random)))
    case 73..<85:
      let point = Point(
        x: Int.random(in: -2...screen.width + 2, using: &random),
        y: Int.random(in: -2...screen.height + 2, using: &random))
      let button: MouseEvent.Button = [.left, .left, .left, .right, .wheelUp].randomElement(
        using: &random)!
      return .mouse(MouseEvent(button, .press, at: point))
    case 85..<92:
      return .resize(
        Size(
          width: Int.random(in: 1...120, using: &random),
          height: Int.random(in: 1...40, using: &random)))
    case 92..<94:
      return .key(Key(.escape))
    default:
      return .resume
    }
  }

  /// What must hold after every batch; nil when all is well. `checksStale` draws every
  /// view again to compare (a view stays stale until redrawn, so every other step finds it).
  static func violation(_ form: SignUpHarness, decoder: InputDecoder, checksStale: Bool) -> String?
  {
    if let problem = rowsViolation(form) { return problem }
    if let problem = storedViolation(form) { return problem }
    if decoder.bufferedByteCount > InputDecoder.maximumBufferedBytes {
      return "the decoder holds \(decoder.bufferedByteCount) bytes"
    }
    // Once the application has stopped it draws no more: the screen is its last frame.
    guard form.application.exit == nil else { return nil }
    if checksStale, let stale = form.application.staleViews().first {
      return
        "a \(type(of: stale)) shows what it would no longer draw: it read state that is not observable"
    }
    return screenViolation(form)
  }

  /// The screen: the cursor on it, no row too wide, masks only in masked fields.
  static func screenViolation(_ form: SignUpHarness) -> String? {
    let screen = form.screen
    if let cursor = screen.cursor,
      !Rect(origin: .zero, size: screen.size).contains(cursor)
    {
      return "cursor \(cursor) outside \(screen.size)"
    }
    for (y, line) in screen.lines.enumerated() where TextWidth.columns(of: line) > screen.size.width
    {
      return
        "row \(y) is \(TextWidth.columns(of: line)) columns on a \(screen.size.width)-column screen"
    }
    // A masked field's value row shows masks only (or, empty, its placeholder).
    let secureFields = form.application.root.subtree.compactMap { $0 as? SecureField }
    for field in secureFields where !field.isRevealed && !field.editor.isEmpty {
      // Rows outside the viewport hold the scroll marks, not the field.
      let viewport = form.application.viewport
      guard let frame = form.application.screenFrame(of: field), frame.minY + 1 >= viewport.minY,
        frame.minY + 1 < viewport.maxY
      else { continue }
      for x in max(0, frame.minX)..<min(screen.size.width, frame.maxX) {
        let cell = screen.cell(at: Point(x: x, y: frame.minY + 1)).text
        if cell != "•" && cell != " " && cell != "" {
          return "a masked field shows '\(cell)' at \(x),\(frame.minY + 1)"
        }
      }
    }
    return nil
  }

  /// Every row says what the hand-written rule says; "Login is free" is met only for a
  /// login the store does not have, "Hard to guess" only for a password the policy takes;
  /// Sign up is enabled exactly when every row is met.
  static func rowsViolation(_ form: SignUpHarness) -> String? {
    let model = form.model
    let input = RegistrationInput(
      login: model.login, password: model.password, confirmation: model.confirmation)
    var allMet = true
    for status in model.requirements {
      if status.id == "login.free" {
        if status.isMet, (try? form.store.isLoginTaken(model.login)) != false {
          return "'Login is free' is met for \(model.login.debugDescription), which is taken"
        }
        allMet = allMet && status.isMet
        continue
      }
      if status.id == "password.policy" {
        // Asked of the harness's fake policy after a pause: met only where it accepts.
        if status.isMet,
          case .refused = FakePasswordPolicy().check(password: model.password, login: model.login)
        {
          return "'Hard to guess' is met for a password the policy refuses"
        }
        allMet = allMet && status.isMet
        continue
      }
      if let partial = HandWrittenRules.partialRows[status.id] {
        if let met = partial(input), met != status.isMet {
          return "\(status.id) shows \(status.isMet), the rule says \(met)"
        }
        allMet = allMet && status.isMet
        continue
      }
      guard let rule = HandWrittenRules.rows[status.id] else {
        return "no hand-written rule for the row \(status.id): add one to HandWrittenRules"
      }
      let met = rule(input)
      if met != status.isMet { return "\(status.id) shows \(status.isMet), the rule says \(met)" }
      allMet = allMet && met
    }
    let canSubmit = allMet && !model.isCreating
    if model.canSubmit != canSubmit { return "canSubmit is \(model.canSubmit), not \(canSubmit)" }
    return nil
  }

  /// Nothing is stored that was not shown: each model holds what its field holds (the
  /// store gets the model's values), and no more than the field's maximum.
  static func storedViolation(_ form: SignUpHarness) -> String? {
    // The screen shown: the other one's fields catch up with their model when next drawn
    // (a sign-in refused after leaving it clears a password nobody sees).
    let pairs: [(String, String, TextField)] =
      form.app.router.current == .signIn
      ? [
        ("sign-in login", form.signInModel.login, form.app.signIn.loginField),
        ("sign-in password", form.signInModel.password, form.app.signIn.passwordField),
      ]
      : [
        ("login", form.model.login, form.form.loginField),
        ("password", form.model.password, form.form.passwordField),
        ("confirmation", form.model.confirmation, form.form.confirmationField),
      ]
    // Too small a terminal shows no field: each catches up when it is drawn or typed into.
    let shown = form.screen.size.width >= 20 && form.screen.size.height >= 6
    for (name, value, field) in pairs where shown && value != field.editor.text {
      return
        "the \(name) model holds \(value.count) characters, its field \(field.editor.characters.count)"
    }
    if form.model.login.count > 64 || form.signInModel.login.count > 64 {
      return "a login over 64 characters"
    }
    for password in [form.model.password, form.model.confirmation, form.signInModel.password]
    where password.utf8.count > 512 {
      return "a password of \(password.utf8.count) bytes"
    }
    return nil
  }

  /// Runs one sequence; the first violated invariant, with what led to it.
  static func run(seed: UInt64) -> String? {
    var random = SeededGenerator(seed: seed)
    let store = InMemoryAccountStore(logins: ["alice"], identity: UnicodeLoginPolicy())
    let form = SignUpHarness(
      size: Size(
        width: Int.random(in: 1...100, using: &random),
        height: Int.random(in: 1...40, using: &random)),
      store: store)
    var decoder = InputDecoder()
    // One sequence in 250 pastes a megabyte or more somewhere.
    let hugeAt = seed % 250 == 0 ? Int.random(in: 0..<60, using: &random) : -1
    for step in 0..<60 {
      let events: [Event]
      let what: String
      if step == hugeAt || Int.random(in: 0..<3, using: &random) == 0 {
        // A hostile terminal's bytes, through the decoder as the run loop reads them.
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 1...4, using: &random) {
          bytes += HostileBytes.piece(&random, interrupts: false)
        }
        if step == hugeAt { bytes += HostileBytes.largestPaste(&random) }
        let paused = Int.random(in: 0..<3, using: &random) == 0
        events = decoder.decode(bytes) + (paused ? decoder.flush() : [])
        what = "\(bytes.count) bytes \(bytes.prefix(60))\(paused ? ", then a pause" : "")"
      } else {
        let event = event(&random, screen: form.screen.size, hugePaste: false)
        if case .resize(let size) = event {
          form.screen.resize(to: size)
          events = form.screen.nextEvents(until: nil)
        } else {
          events = [event]
        }
        what = "\(event)"
      }
      form.application.process(events)
      if Int.random(in: 0..<4, using: &random) == 0 {
        form.scheduler.advance(by: .milliseconds(Int.random(in: 0...600, using: &random)))
        if form.scheduler.pendingWork > 0 {
          form.scheduler.finishWork(
            at: Int.random(in: 0..<form.scheduler.pendingWork, using: &random))
        }
        form.application.process([])
      }
      if let problem = violation(form, decoder: decoder, checksStale: step.isMultiple(of: 2)) {
        return "step \(step) after \(what): \(problem)\n\(form.screen.snapshot)"
      }
      if form.app.outcome != nil { break }
    }
    if let problem = ending(form, decoder: &decoder) { return "at the end: \(problem)" }
    return nil
  }

  /// Ctrl-C ends the application whatever came before (after input pauses, as a person's
  /// key press comes after what the terminal sent); an account made was the one shown.
  static func ending(_ form: SignUpHarness, decoder: inout InputDecoder) -> String? {
    let shownLogin = form.form.loginField.editor.text
    let shownPassword = form.form.passwordField.editor.text
    if form.app.outcome == nil {
      form.application.process(decoder.flush())
    }
    if form.app.outcome == nil {
      // Twice: the second does not wait for an account being created.
      for event in decoder.decode([0x03, 0x03]) { form.screen.send(event) }
      let outcome = form.app.run()
      if outcome != .interrupted { return "Ctrl-C ended it with \(outcome)" }
    }
    if case .signedUp(let account) = form.app.outcome {
      if account.login != shownLogin { return "created \(account.login), shown \(shownLogin)" }
      if (try? form.store.signIn(login: shownLogin, password: shownPassword)) == nil {
        return "the stored password is not the one typed into the field"
      }
    }
    return nil
  }

  @Test("random and hostile input into the whole application keeps every invariant")
  func application() {
    for seed in FuzzSettings.seeds {
      if let problem = Self.run(seed: seed) {
        print("fuzz: seed \(seed) failed: \(problem)")
        Issue.record("seed \(seed): \(problem)")
        return
      }
    }
  }
}
