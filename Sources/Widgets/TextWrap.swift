import Terminal

/// Lays out runs of text (each drawn in its own style) in lines of a given width, breaking
/// at spaces, so that a narrow terminal shows all of a text instead of cutting it.
///
/// A word wider than a whole line is broken between graphemes. Widths are terminal
/// columns (`TextWidth`), as everywhere else.
public enum TextWrap {
  /// A piece of one run, placed on one line.
  public struct Piece: Hashable, Sendable {
    public var line: Int
    public var x: Int
    public var text: String
    /// Which of the runs it comes from.
    public var run: Int
  }

  /// The pieces of `runs` in lines at most `width` columns wide; lines after the first
  /// start at column `indent` (a hanging indent), unless that leaves no room.
  public static func layout(_ runs: [String], width: Int, indent: Int = 0) -> [Piece] {
    guard width > 0 else { return [] }
    let indent = indent < width ? indent : 0
    var pieces: [Piece] = []
    var line = 0
    var x = 0
    var lineIsEmpty = true

    func place(_ text: String, run: Int, columns: Int) {
      if let last = pieces.last, last.line == line, last.run == run,
        last.x + TextWidth.columns(of: last.text) == x
      {
        pieces[pieces.count - 1].text += text
      } else {
        pieces.append(Piece(line: line, x: x, text: text, run: run))
      }
      x += columns
      lineIsEmpty = false
    }
    func newLine() {
      line += 1
      x = indent
      lineIsEmpty = true
    }

    // A space is placed only when a word follows it on the same line: no line starts or
    // ends with one.
    var space: Int?
    for (run, text) in runs.enumerated() {
      for token in tokens(text) {
        if token == " " {
          // A space takes the style of the text before it (a link starts after it).
          if !lineIsEmpty { space = space ?? pieces.last?.run ?? run }
          continue
        }
        let columns = TextWidth.columns(of: token)
        let spaceColumns = space == nil ? 0 : 1
        if x + spaceColumns + columns > width && !lineIsEmpty {
          newLine()
        } else if let spaceRun = space {
          place(" ", run: spaceRun, columns: 1)
        }
        space = nil
        if x + columns <= width {
          place(token, run: run, columns: columns)
          continue
        }
        // Wider than a line: break it between graphemes.
        for character in token {
          let characterColumns = TextWidth.columns(of: character)
          if x + characterColumns > width && !lineIsEmpty { newLine() }
          place(String(character), run: run, columns: characterColumns)
        }
      }
    }
    return pieces
  }

  /// How many lines `runs` take at `width` (at least one).
  public static func lineCount(_ runs: [String], width: Int, indent: Int = 0) -> Int {
    max(1, (layout(runs, width: width, indent: indent).last?.line ?? 0) + 1)
  }

  /// The widest line of `runs` at `width`.
  public static func columns(_ runs: [String], width: Int, indent: Int = 0) -> Int {
    layout(runs, width: width, indent: indent).map { $0.x + TextWidth.columns(of: $0.text) }
      .max() ?? 0
  }

  /// Words and single spaces, in order.
  private static func tokens(_ text: String) -> [String] {
    var tokens: [String] = []
    var word = ""
    for character in text {
      if character == " " {
        if !word.isEmpty { tokens.append(word) }
        word = ""
        tokens.append(" ")
      } else {
        word.append(character)
      }
    }
    if !word.isEmpty { tokens.append(word) }
    return tokens
  }
}
