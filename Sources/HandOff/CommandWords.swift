/// A command line split into words the way a shell splits one, without the shell: no
/// variables, globs, redirections or `;`, so whatever the admin writes is the command
/// and its arguments, nothing more. `sh -c '...'` is there for those who want a shell.
public enum CommandWords {
  public enum Failure: Error, Equatable {
    /// No words at all.
    case empty
    /// A quote opened and never closed (or a backslash at the very end).
    case unbalancedQuote
  }

  /// Splits at blanks (space, tab, newline). Single quotes keep everything literally;
  /// double quotes keep everything but `\"`, `\\`, `\$` and `` \` ``; a backslash outside
  /// quotes keeps the next character.
  public static func split(_ line: String) throws(Failure) -> [String] {
    var words: [String] = []
    var word = ""
    // True once the word has begun: `''` is an empty word, not nothing.
    var inWord = false
    var characters = line.makeIterator()
    while let character = characters.next() {
      switch character {
      case " ", "\t", "\n":
        if inWord { words.append(word) }
        word = ""
        inWord = false
      case "'":
        inWord = true
        while true {
          guard let next = characters.next() else { throw .unbalancedQuote }
          if next == "'" { break }
          word.append(next)
        }
      case "\"":
        inWord = true
        while true {
          guard let next = characters.next() else { throw .unbalancedQuote }
          if next == "\"" { break }
          if next == "\\" {
            guard let escaped = characters.next() else { throw .unbalancedQuote }
            if !"\"\\$`".contains(escaped) { word.append("\\") }
            word.append(escaped)
          } else {
            word.append(next)
          }
        }
      case "\\":
        guard let escaped = characters.next() else { throw .unbalancedQuote }
        inWord = true
        word.append(escaped)
      default:
        inWord = true
        word.append(character)
      }
    }
    if inWord { words.append(word) }
    guard !words.isEmpty else { throw .empty }
    return words
  }
}
