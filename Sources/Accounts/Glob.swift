/// A shell-style pattern over text, character by character: `*` any run, `?` any one,
/// `[abc]`, `[a-z]` and `[!abc]` one of (or none of) a set. Anything else is itself.
struct Glob {
  private enum Token {
    case anyRun, anyOne
    case literal(Character)
    case set([ClosedRange<Character>], negated: Bool)
  }

  private let tokens: [Token]

  init(_ pattern: String) {
    var tokens: [Token] = []
    let characters = Array(pattern)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      index += 1
      switch character {
      case "*": tokens.append(.anyRun)
      case "?": tokens.append(.anyOne)
      case "[":
        guard let (set, next) = Self.set(characters, from: index) else {
          tokens.append(.literal("["))
          continue
        }
        tokens.append(set)
        index = next
      default: tokens.append(.literal(character))
      }
    }
    self.tokens = tokens
  }

  /// The set starting after a `[`, and the index after its `]`; nil when it never ends.
  private static func set(_ characters: [Character], from start: Int) -> (Token, Int)? {
    var index = start
    let negated = index < characters.count && characters[index] == "!"
    if negated { index += 1 }
    var ranges: [ClosedRange<Character>] = []
    var first = true
    while index < characters.count {
      let character = characters[index]
      if character == "]" && !first { return (.set(ranges, negated: negated), index + 1) }
      first = false
      if index + 2 < characters.count, characters[index + 1] == "-", characters[index + 2] != "]",
        character <= characters[index + 2]
      {
        ranges.append(character...characters[index + 2])
        index += 3
      } else {
        ranges.append(character...character)
        index += 1
      }
    }
    return nil
  }

  /// Whether the whole of `text` matches.
  func matches(_ text: String) -> Bool {
    let text = Array(text)
    // The classic greedy walk with one point to go back to: linear for each `*`.
    var (t, p) = (0, 0)
    var star: (pattern: Int, text: Int)?
    while t < text.count {
      if p < tokens.count, Self.one(tokens[p], text[t]) {
        t += 1
        p += 1
      } else if p < tokens.count, case .anyRun = tokens[p] {
        star = (p, t)
        p += 1
      } else if let back = star {
        star = (back.pattern, back.text + 1)
        (p, t) = (back.pattern + 1, back.text + 1)
      } else {
        return false
      }
    }
    while p < tokens.count, case .anyRun = tokens[p] { p += 1 }
    return p == tokens.count
  }

  private static func one(_ token: Token, _ character: Character) -> Bool {
    switch token {
    case .anyRun: false
    case .anyOne: true
    case .literal(let literal): literal == character
    case .set(let ranges, let negated): ranges.contains { $0.contains(character) } != negated
    }
  }
}
