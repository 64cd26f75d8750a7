/// Pastes, and what the decoder drops: over-long sequences and control strings.
extension InputDecoder {
  // MARK: Paste

  /// Takes paste bytes from `index` on; returns where decoding goes on after the paste, or
  /// nil when every byte was taken (a tail that may begin the end marker is held).
  mutating func continuePaste(
    _ bytes: [UInt8], from index: Int, atEnd: Bool, events: inout [Event]
  ) -> Int? {
    if let end = find(Self.pasteEnd, in: bytes, from: index) {
      takePaste(bytes[index..<end], events: &events)
      endPaste(paused: false, events: &events)
      return end + Self.pasteEnd.count
    }
    let keep = markerPrefixLength(Self.pasteEnd, atEndOf: bytes, from: index)
    takePaste(bytes[index..<(bytes.count - keep)], events: &events)
    guard atEnd else {
      pending = Array(bytes[(bytes.count - keep)...])
      return nil
    }
    // Input paused: the paste ends here; a held tail (an Esc, say) was typed.
    endPaste(paused: true, events: &events)
    return bytes.count - keep
  }

  private mutating func takePaste(_ data: ArraySlice<UInt8>, events: inout [Event]) {
    guard !data.isEmpty else { return }
    if let last = data.lastIndex(where: { $0 != 0x03 }) {
      pasteTrailingInterrupts = data.endIndex - last - 1
      examined += data.endIndex - last
    } else {
      pasteTrailingInterrupts += data.count
      examined += data.count
    }
    guard !pasteDelivered else { return }
    paste.append(contentsOf: data.prefix(Self.pasteCapacity - paste.count))
    if paste.count == Self.pasteCapacity {
      events.append(pasteEvent(Self.droppingCutCharacter(paste)))
      pasteDelivered = true
      paste = []
    }
  }

  /// Delivers the paste (unless it was delivered at its capacity). After a pause, the
  /// Ctrl-C bytes at its end are keys, not text.
  mutating func endPaste(paused: Bool, events: inout [Event]) {
    let interrupts = paused ? pasteTrailingInterrupts : 0
    if !pasteDelivered {
      paste.removeLast(interrupts)
      if !paused || !paste.isEmpty { events.append(pasteEvent(paste)) }
    }
    events += repeatElement(.key(.control("c")), count: interrupts)
    (mode, paste, pasteDelivered, pasteTrailingInterrupts) = (.text, [], false, 0)
  }

  /// The paste as text, or refused whole: a paste with invalid UTF-8 or too many marks in
  /// a row is not taken in part (a password half pasted is worse than none).
  private mutating func pasteEvent(_ bytes: [UInt8]) -> Event {
    examined += bytes.count
    switch StrictText.decode(bytes) {
    case .success(let text): return .paste(text)
    case .failure(let refusal): return .refused(refusal)
    }
  }

  /// Without a character that the capacity cut in two: the cut is ours, not the sender's.
  private static func droppingCutCharacter(_ bytes: [UInt8]) -> [UInt8] {
    // The lead byte of the last character is at most 3 bytes from the end.
    guard let lead = bytes.indices.suffix(4).last(where: { bytes[$0] & 0xC0 != 0x80 }) else {
      return bytes
    }
    let length: Int
    switch bytes[lead] {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return bytes
    }
    return bytes.count - lead < length ? Array(bytes[..<lead]) : bytes
  }

  /// How many bytes at the end of `bytes` (after `start`) are a beginning of `marker`.
  private mutating func markerPrefixLength(
    _ marker: [UInt8], atEndOf bytes: [UInt8], from start: Int
  ) -> Int {
    let longest = min(marker.count - 1, bytes.count - start)
    examined += longest
    for length in stride(from: longest, to: 0, by: -1)
    where bytes[(bytes.count - length)...].elementsEqual(marker[0..<length]) {
      return length
    }
    return 0
  }

  private mutating func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard bytes.count - start >= needle.count else { return nil }
    var index = start
    while index <= bytes.count - needle.count {
      examined += 1
      if bytes[index] == needle[0] && bytes[index..<(index + needle.count)].elementsEqual(needle) {
        return index
      }
      index += 1
    }
    return nil
  }

  // MARK: Sequences being dropped

  /// Drops parameter bytes of an over-long CSI, and its final byte; any other byte ends it.
  mutating func dropSequence(_ bytes: [UInt8], from start: Int) -> Int {
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      examined += 1
      if (0x20...0x3F).contains(byte) {
        index += 1
        continue
      }
      if (0x40...0x7E).contains(byte) { index += 1 }
      mode = .text
      break
    }
    return index
  }

  /// Drops a control string's bytes up to BEL or ST (Esc \). Any other control byte ends
  /// it too and is decoded, as is an Esc that does not begin ST. Nil when an Esc at the
  /// end must wait for the next byte.
  mutating func dropControlString(_ bytes: [UInt8], from start: Int, atEnd: Bool) -> Int? {
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      examined += 1
      switch byte {
      case 0x07:
        mode = .text
        return index + 1
      case 0x1B:
        guard index + 1 < bytes.count else {
          if atEnd {
            mode = .text
            return index
          }
          pending = [0x1B]
          return nil
        }
        mode = .text
        return bytes[index + 1] == UInt8(ascii: "\\") ? index + 2 : index
      case 0x00..<0x20, 0x7F:
        mode = .text
        return index
      default:
        index += 1
      }
    }
    return index
  }
}
