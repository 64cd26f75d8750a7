import Foundation
import Policy
import Registration
import RegistrationUI
import Terminal
import TestSupport
import Testing
import Widgets

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
}

/// Text a person might type or paste, in many scripts.
enum FuzzText {
  static let graphemes: [String] = [
    "a", "Z", "7", " ", "_", "@", ".", "-", "Ж", "щ", "É", "ß", "中", "文", "한", "ｱ", "👍", "👍🏽",
    "👨‍👩‍👧", "🇷🇺", "e\u{301}", "a\u{308}\u{304}", "ש", "ع", "ไ", "\u{0336}", "\u{200D}", "\u{FE0F}",
    "Ω", "ǅ", "ﬁ", "İ",
  ]

  static func text(_ random: inout SeededGenerator, count: Int) -> String {
    var text = ""
    for _ in 0..<count {
      if Int.random(in: 0..<12, using: &random) == 0 {
        text += ["\t", "\n", "\r\n", "\u{7}", "\u{1B}"].randomElement(using: &random)!
      } else {
        text += graphemes.randomElement(using: &random)!
      }
    }
    return text
  }
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

  /// What must hold after every event; nil when all is well.
  static func violation(_ form: SignUpHarness) -> String? {
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
    let model = form.model
    for status in model.requirements {
      if let met = status.requirement.isMet(by: model.input), met != status.isMet {
        return "\(status.id) shows \(status.isMet), the rule says \(met)"
      }
    }
    let all = model.requirements.allSatisfy(\.isMet) && !model.isCreating
    if model.canSubmit != all { return "canSubmit is \(model.canSubmit), should be \(all)" }
    return nil
  }

  /// Runs one sequence; the first violated invariant, with the event that led to it.
  static func run(seed: UInt64) -> String? {
    var random = SeededGenerator(seed: seed)
    let store = InMemoryAccountStore(logins: ["alice"], identity: UnicodeLoginPolicy())
    let form = SignUpHarness(
      size: Size(
        width: Int.random(in: 1...100, using: &random),
        height: Int.random(in: 1...40, using: &random)),
      store: store)
    // One sequence in 250 pastes a megabyte somewhere.
    let hugeAt = seed % 250 == 0 ? Int.random(in: 0..<60, using: &random) : -1
    for step in 0..<60 {
      let event = event(&random, screen: form.screen.size, hugePaste: step == hugeAt)
      switch event {
      case .resize(let size):
        form.resize(to: size)
      default:
        form.send(event)
      }
      if Int.random(in: 0..<4, using: &random) == 0 {
        form.scheduler.advance(by: .milliseconds(Int.random(in: 0...600, using: &random)))
        if form.scheduler.pendingWork > 0 {
          form.scheduler.finishWork(
            at: Int.random(in: 0..<form.scheduler.pendingWork, using: &random))
        }
        form.application.process([])
      }
      if let problem = violation(form) { return "step \(step) after \(event): \(problem)" }
      if form.app.outcome != nil { break }
    }
    return nil
  }

  @Test("random events into the whole application keep every invariant")
  func application() {
    let first = FuzzSettings.firstSeed
    for seed in first..<(first + UInt64(FuzzSettings.sequences)) {
      if let problem = Self.run(seed: seed) {
        print("fuzz: seed \(seed) failed: \(problem)")
        Issue.record("seed \(seed): \(problem)")
        return
      }
    }
  }

  @Test("random bytes into the input decoder, in random pieces")
  func decoder() {
    let first = FuzzSettings.firstSeed
    let pieces: [[UInt8]] = [
      Array("\u{1B}[".utf8), Array("\u{1B}O".utf8), Array("\u{1B}[200~".utf8),
      Array("\u{1B}[201~".utf8),
      Array("\u{1B}[<0;10;5M".utf8), Array("\u{1B}[1;5D".utf8), Array("Жж中👍🏽".utf8), [0xFF], [0xC3],
      [0xE2, 0x82], [0xF0, 0x9F], [0xED, 0xA0, 0x80], [0x1B], [0x00], [0x7F], Array("abc".utf8),
    ]
    for seed in first..<(first + UInt64(FuzzSettings.sequences)) {
      var random = SeededGenerator(seed: seed)
      var decoder = InputDecoder()
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 1...40, using: &random) {
        if Bool.random(using: &random) {
          bytes += pieces.randomElement(using: &random)!
        } else {
          bytes.append(UInt8.random(in: 0...255, using: &random))
        }
      }
      var events: [Event] = []
      var index = 0
      while index < bytes.count {
        let end = min(bytes.count, index + Int.random(in: 1...8, using: &random))
        events += decoder.decode(bytes[index..<end])
        index = end
        if Int.random(in: 0..<5, using: &random) == 0 { events += decoder.flush() }
      }
      events += decoder.flush()
      for event in events {
        guard case .text(let text) = event else { continue }
        if text.unicodeScalars.contains(where: { TextWidth.isControl($0) || $0 == "\u{FFFD}" }) {
          print("fuzz: decoder seed \(seed) failed: control or U+FFFD in \(text.debugDescription)")
          Issue.record("decoder seed \(seed): control or U+FFFD in text \(text.debugDescription)")
          return
        }
      }
      if decoder.hasPendingInput && !decoder.isReceivingPaste {
        Issue.record("decoder seed \(seed): bytes still held after flush")
        return
      }
    }
  }
}
