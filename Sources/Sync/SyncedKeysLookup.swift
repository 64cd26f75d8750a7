#if canImport(Glibc)
  import Glibc
#endif

/// A login's lines found in the keys' copy (SyncedKeys) mapped into memory: by bisection
/// over the lines when the copy says they are in order (about twenty lines looked at
/// among a million), else line by line. The copy is replaced by renaming, never written
/// in place, so the mapped file is whole for as long as it is read.
enum SyncedKeysLookup {
  static func lines(of login: String, descriptor: Int32, size: Int, path: String)
    throws(SyncError) -> [String]
  {
    let wanted = Array(login.utf8)
    // A login a line could not hold is in no line: nothing to find.
    guard !wanted.isEmpty, !wanted.contains(where: { $0 == 0x09 || $0 == 0x0A }), size > 0
    else { return [] }
    guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED
    else { throw .file(path: path, errno: errno) }
    defer { munmap(base, size) }
    let bytes = UnsafeRawBufferPointer(start: base, count: size).bindMemory(to: UInt8.self)
    let header = Array(SyncedKeys.header.utf8)
    let sorted = size >= header.count && bytes[..<header.count].elementsEqual(header)
    var line = sorted ? firstLine(of: wanted, in: bytes, from: header.count) : 0
    var found: [String] = []
    while line < size {
      let end = lineEnd(bytes, from: line)
      let tab = bytes[line..<end].firstIndex(of: 0x09)
      if let tab, bytes[line..<tab].elementsEqual(wanted) {
        found.append(String(decoding: bytes[(tab + 1)..<end], as: UTF8.self))
      } else if sorted {
        break
      }
      line = end + 1
    }
    return found
  }

  /// Where the first line whose login is not before `wanted` starts (the size when none).
  /// Every line before `low` is before it; every line from `high` on is not.
  static func firstLine(of wanted: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int)
    -> Int
  {
    var (low, high) = (start, bytes.count)
    while low < high {
      let middle = low + (high - low) / 2
      // The first line starting at or after the middle.
      let probe = middle == low ? low : lineEnd(bytes, from: middle - 1) + 1
      if probe >= high {
        // The middle is inside the range's last line: the few lines left, one by one.
        while low < high, isBefore(bytes, line: low, wanted) { low = lineEnd(bytes, from: low) + 1 }
        return min(low, bytes.count)
      }
      if isBefore(bytes, line: probe, wanted) {
        low = lineEnd(bytes, from: probe) + 1
      } else {
        high = probe
      }
    }
    return min(low, bytes.count)
  }

  /// Whether the login of the line at `line` comes before `wanted` in byte order.
  static func isBefore(_ bytes: UnsafeBufferPointer<UInt8>, line: Int, _ wanted: [UInt8]) -> Bool {
    let end = lineEnd(bytes, from: line)
    let login = bytes[line..<(bytes[line..<end].firstIndex(of: 0x09) ?? end)]
    return login.lexicographicallyPrecedes(wanted)
  }

  /// The index of the newline ending the line that holds `index` (the size when none).
  static func lineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
    bytes[index...].firstIndex(of: 0x0A) ?? bytes.count
  }
}
