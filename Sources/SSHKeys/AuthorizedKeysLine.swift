/// One `authorized_keys` line taken apart before the key is decoded: what it must not be
/// (a private key, several lines, controls, options) is told apart from what it is.
enum AuthorizedKeysLine {
  struct Parts {
    let type: SSHKeyType
    let base64: [UInt8]
    let comment: String
  }

  /// The marks of a private key's first line (OpenSSH, PEM of any kind, PuTTY's .ppk).
  private static let privateKeyMarks = ["PRIVATE KEY-----", "PuTTY-User-Key-File-"].map {
    Array($0.utf8)
  }

  static func parse(_ input: String.UTF8View) throws(SSHKeyRefusal) -> Parts {
    // First, before any other look at it: a private key, wherever it is in the paste. The
    // bytes are read in place and never copied; the refusal holds none of them.
    if privateKeyMarks.contains(where: { contains(input, $0) }) { throw .privateKey }
    guard input.count <= SSHPublicKey.longestLine else { throw .tooLong }
    var bytes = Array(input)
    // Line ends at the end are the .pub file's own; trailing blanks go with them.
    while let last = bytes.last, isBlank(last) || last == 0x0A || last == 0x0D {
      bytes.removeLast()
    }
    let start = bytes.firstIndex(where: { !isBlank($0) }) ?? bytes.count
    bytes.removeFirst(start)
    guard !bytes.isEmpty else { throw .empty }
    if bytes.contains(0x0A) { throw .severalLines }
    if bytes.contains(where: { $0 < 0x20 && $0 != 0x09 || $0 == 0x7F }) {
      throw .controlCharacter
    }
    guard let text = String(validating: bytes, as: UTF8.self) else { throw .notAKey }
    // C1 controls (U+0080 to U+009F), which some terminals obey.
    if text.unicodeScalars.contains(where: { (0x80...0x9F).contains($0.value) }) {
      throw .controlCharacter
    }

    let fields = split(bytes)
    let first = String(decoding: fields[0], as: UTF8.self)
    guard let type = SSHKeyType(rawValue: first) else {
      if SSHKeyType.refusedNames.contains(first) { throw .typeNotAccepted(name: first) }
      // A known type further on: what came before it is options (command="…", from=…).
      let names = Set(SSHKeyType.allCases.map(\.name) + SSHKeyType.refusedNames)
      if fields.dropFirst().contains(where: { names.contains(String(decoding: $0, as: UTF8.self)) })
      {
        throw .options
      }
      throw .notAKey
    }
    guard fields.count >= 2 else { throw .damaged }
    let base64 = Array(fields[1])
    // The comment: everything after the blob and its blanks, as written.
    let afterBlob = fields[1].endIndex
    let commentStart = bytes[afterBlob...].firstIndex(where: { !isBlank($0) }) ?? bytes.count
    let comment = String(decoding: bytes[commentStart...], as: UTF8.self)
    return Parts(type: type, base64: base64, comment: comment)
  }

  private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

  /// The line's fields between blanks; the first two are the type and the blob.
  private static func split(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    bytes.split(whereSeparator: isBlank)
  }

  private static func contains(_ haystack: String.UTF8View, _ needle: [UInt8]) -> Bool {
    guard let first = needle.first else { return false }
    var index = haystack.startIndex
    while let found = haystack[index...].firstIndex(of: first) {
      if haystack[found...].starts(with: needle) { return true }
      index = haystack.index(after: found)
    }
    return false
  }
}
