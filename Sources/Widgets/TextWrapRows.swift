import Terminal

/// How a text area's text falls into rows of a width: at its line breaks, and where a line
/// is wider than the row, after its last space that fits (between graphemes in a word wider
/// than a row). Widths are terminal columns (`TextWidth`), so `日本` takes four and `👍🏽` two.
///
/// One column of the width is kept free, so the cursor after a full row's last grapheme
/// stays on that row. The drawing, the cursor, Up and Down and clicks all use these rows.
struct TextWrapRows {
  /// The graphemes of each row, as a range of the text's; a line break belongs to no row.
  let rows: [Range<Int>]
  private let characters: [Character]

  init(_ characters: [Character], width: Int) {
    self.characters = characters
    let room = max(1, width - 1)
    var rows: [Range<Int>] = []
    var start = 0
    var used = 0
    var afterSpace: Int?
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == "\n" {
        rows.append(start..<index)
        (start, used, afterSpace) = (index + 1, 0, nil)
        index += 1
        continue
      }
      let columns = TextWidth.columns(of: character)
      if used + columns > room && index > start {
        let end = afterSpace ?? index
        rows.append(start..<end)
        start = end
        used = characters[start..<index].reduce(0) { $0 + TextWidth.columns(of: $1) }
        afterSpace = nil
        continue
      }
      used += columns
      if character == " " { afterSpace = index + 1 }
      index += 1
    }
    rows.append(start..<characters.count)
    self.rows = rows
  }

  /// The row the cursor before grapheme `cursor` shows on: at a wrap, the row it starts.
  func row(of cursor: Int) -> Int {
    rows.lastIndex { $0.lowerBound <= cursor } ?? 0
  }

  /// The cursor's column in its row.
  func column(of cursor: Int) -> Int {
    let row = rows[row(of: cursor)]
    return columns(row.lowerBound..<min(cursor, row.upperBound))
  }

  /// The columns the graphemes in `range` take.
  func columns(_ range: Range<Int>) -> Int {
    characters[range].reduce(0) { $0 + TextWidth.columns(of: $1) }
  }

  /// Whether `row` was wrapped (its line goes on in the next row) rather than ended.
  func isWrapped(_ row: Int) -> Bool {
    let end = rows[row].upperBound
    return end < characters.count && characters[end] != "\n"
  }

  /// The last place the cursor can be in `row` and still show on it.
  func end(of row: Int) -> Int {
    let range = rows[row]
    return isWrapped(row) && !range.isEmpty ? range.upperBound - 1 : range.upperBound
  }

  /// The place in `row` nearest column `column`, as far as the row's end.
  func index(inRow row: Int, column: Int) -> Int {
    var index = rows[row].lowerBound
    var used = 0
    let end = end(of: row)
    while index < end {
      let width = TextWidth.columns(of: characters[index])
      if used + width > column { break }
      used += width
      index += 1
    }
    return index
  }
}
