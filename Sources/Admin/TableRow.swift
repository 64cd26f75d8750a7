import Terminal

/// A row of a table for people: columns of fixed widths, so that rows streamed one by one
/// line up without reading them all first. Each cell is escaped for the terminal; a cell
/// longer than its column pushes the rest right rather than being cut.
struct TableRow {
  let widths: [Int]

  func line(_ cells: [String?]) -> String {
    var line = ""
    for (index, cell) in cells.enumerated() {
      let text = (cell ?? "-").escapedForTerminal
      if index == cells.count - 1 {
        line += text
      } else {
        let width = index < widths.count ? widths[index] : 0
        line += text + String(repeating: " ", count: max(1, width - text.count + 1))
      }
    }
    return line
  }
}
