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
    var text = cell ?? "-"
    // Printable ASCII, nearly every cell, is copied as it is from its contiguous bytes.
    var columns = text.withUTF8 { utf8 in
      utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7f } ? utf8.count : -1
    }
    if columns >= 0 {
      text.withUTF8 { bytes.append(contentsOf: $0) }
    } else {
      let escaped = text.escapedForTerminal
      bytes.append(contentsOf: escaped.utf8)
      columns = escaped.count
    }
    guard !last else { return }
    let width = column < widths.count ? widths[column] : 0
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: max(1, width - columns + 1)))
  }
}
