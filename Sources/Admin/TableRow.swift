import Terminal

/// A row of a table for people: columns of fixed widths, so that rows streamed one by one
/// line up without reading them all first. Each cell is escaped for the terminal; a cell
/// longer than its column pushes the rest right rather than being cut.
struct TableRow {
  let widths: [Int]

  func line(_ cells: [String?]) -> String {
    var line = ""
    for (index, cell) in cells.enumerated() {
      let (text, columns) = Self.shown(cell ?? "-")
      if index == cells.count - 1 {
        line += text
      } else {
        let width = index < widths.count ? widths[index] : 0
        line += text + String(repeating: " ", count: max(1, width - columns + 1))
      }
    }
    return line
  }

  /// The cell as shown and its length: printable ASCII as it is, counted by its bytes
  /// (nearly every cell, and a million rows are listed in seconds), anything else escaped.
  private static func shown(_ cell: String) -> (text: String, columns: Int) {
    if cell.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7f }) { return (cell, cell.utf8.count) }
    let escaped = cell.escapedForTerminal
    return (escaped, escaped.count)
  }
}
