import Terminal

/// A row of a table for people: columns of fixed widths, so that rows streamed one by one
/// line up without reading them all first. Each cell is escaped for the terminal; a cell
/// longer than its column pushes the rest right rather than being cut.
struct TableRow {
  let widths: [Int]

  func line(_ cells: [String?]) -> String {
    var bytes: [UInt8] = []
    for (index, cell) in cells.enumerated() {
      append(cell, column: index, last: index == cells.count - 1, to: &bytes)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the cell of `column` to a line being written, padded to the column's width
  /// unless it is the `last`: a listing writes its rows this way, with no text made of each.
  func append(_ cell: String?, column: Int, last: Bool, to bytes: inout [UInt8]) {
    let (text, columns) = Self.shown(cell ?? "-")
    bytes.append(contentsOf: text.utf8)
    guard !last else { return }
    let width = column < widths.count ? widths[column] : 0
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: max(1, width - columns + 1)))
  }

  /// The cell as shown and its length: printable ASCII as it is, counted by its bytes
  /// (nearly every cell, and a million rows are listed in seconds), anything else escaped.
  private static func shown(_ cell: String) -> (text: String, columns: Int) {
    if cell.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7f }) { return (cell, cell.utf8.count) }
    let escaped = cell.escapedForTerminal
    return (escaped, escaped.count)
  }
}
