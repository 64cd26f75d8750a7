/// Turns the bytes a terminal sends into events: text, keys with modifiers, bracketed
/// pastes and SGR mouse reports.
///
/// A value with no I/O, so it can be fed any bytes in tests. Bytes that may begin a longer
/// sequence (a lone Esc, half a UTF-8 character) are kept until more arrive or until the
/// caller decides none will come and calls `flush()`. Invalid UTF-8 and sequences it does
/// not know are dropped.
///
/// Whatever arrives, what it holds is bounded (`maximumBufferedBytes`) and each byte is
/// looked at a bounded number of times: a sequence is never scanned again from its start.
public struct InputDecoder: Sendable {
  /// The most a paste delivers: 1 MiB. What comes after it, up to the end marker, is dropped.
  public static let pasteCapacity = 1 << 20
  /// The longest control sequence held; a longer one is noise and is dropped as it comes.
  public static let maximumSequenceLength = 64
  /// The most bytes the decoder ever holds between two calls.
  public static let maximumBufferedBytes = pasteCapacity + maximumSequenceLength

  /// What the bytes being read belong to.
  private enum Mode: Sendable {
    /// Text, keys and the starts of sequences.
    case text
    /// A bracketed paste, until its end marker or a pause.
    case paste
    /// The rest of a CSI that grew past `maximumSequenceLength`: dropped up to its end.
    case droppingSequence
    /// An OSC, DCS, SOS, PM or APC string (replies this program never asks for): dropped
    /// up to BEL or ST, or any other control byte, which is then decoded (so Ctrl-C works).
    case controlString
  }

  private var mode = Mode.text
  /// The start of a sequence or character that may go on in the next read; in a paste, a
  /// tail that may be the start of its end marker. Never more than `maximumSequenceLength`.
  private var pending: [UInt8] = []
  /// How many bytes of the CSI held in `pending` are already known to be its parameters.
  private var scanned = 0
  /// The paste so far (up to `pasteCapacity`).
  private var paste: [UInt8] = []
  /// The paste reached its capacity and was delivered; the rest is dropped.
  private var pasteDelivered = false
  /// How many Ctrl-C bytes end what the paste has received so far.
  private var pasteTrailingInterrupts = 0

  /// Every byte examined, counted.
  var examined = 0
  /// How many bytes the decoder has examined so far: tests prove it linear with this.
  @_spi(Testing) public var bytesExamined: Int { examined }

  static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

  public init() {}

  /// True while bytes wait for the rest of a sequence, or a paste has not ended.
  public var hasPendingInput: Bool {
    if case .text = mode { return !pending.isEmpty }
    return true
  }

  /// True while a bracketed paste is being received: it ends at its end marker, or at
  /// `flush()` when the caller has seen input pause.
  public var isReceivingPaste: Bool {
    if case .paste = mode { true } else { false }
  }

  /// How many bytes the decoder holds now: never more than `maximumBufferedBytes`.
  public var bufferedByteCount: Int { pending.count + paste.count }

  /// Decodes what it can of `bytes` (after any bytes kept from the last call).
  public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Event] {
    pending.append(contentsOf: bytes)
    return decodePending(atEnd: false)
  }

  /// Decodes what is pending as if no more bytes will come (input has paused): a lone Esc
  /// is the Esc key, an unfinished sequence or character is dropped, and a paste that has
  /// not ended is delivered with what came. Ctrl-C pressed at the very end of such a paste
  /// was pressed to get out of it: it is delivered as a key after the paste.
  public mutating func flush() -> [Event] {
    decodePending(atEnd: true)
  }

  private mutating func decodePending(atEnd: Bool) -> [Event] {
    var events: [Event] = []
    var text = ""
    func emitText() {
      if !text.isEmpty {
        events.append(.text(text))
        text = ""
      }
    }
    let bytes = pending
    pending = []
    let resume = scanned
    scanned = 0
    var index = 0
    while index < bytes.count {
      switch mode {
      case .paste:
        guard let next = continuePaste(bytes, from: index, atEnd: atEnd, events: &events) else {
          return events
        }
        index = next
        continue
      case .droppingSequence:
        index = dropSequence(bytes, from: index)
        continue
      case .controlString:
        guard let next = dropControlString(bytes, from: index, atEnd: atEnd) else { return events }
        index = next
        continue
      case .text:
        break
      }
      let byte = bytes[index]
      examined += 1
      switch byte {
      case 0x1B:
        switch escapeSequence(bytes, at: index, resume: index == 0 ? resume : 0, atEnd: atEnd) {
        case .incomplete(let known):
          emitText()
          pending = Array(bytes[index...])
          scanned = known
          return events
        case .event(let event, let length):
          emitText()
          if let event { events.append(event) }
          index += length
        case .pasteStart(let length):
          emitText()
          (mode, paste, pasteDelivered, pasteTrailingInterrupts) = (.paste, [], false, 0)
          index += length
        case .tooLong(let length):
          mode = .droppingSequence
          index += length
        case .controlString(let length):
          emitText()
          mode = .controlString
          index += length
        }
      case 0x00..<0x20, 0x7F:
        emitText()
        if let key = Self.controlKey(byte) { events.append(.key(key)) }
        index += 1
      case 0x20..<0x80:
        text.unicodeScalars.append(Unicode.Scalar(byte))
        index += 1
      default:
        switch Self.utf8Scalar(bytes, at: index) {
        case .scalar(let scalar, let length):
          if !TextWidth.isControl(scalar) { text.unicodeScalars.append(scalar) }
          index += length
        case .incomplete where !atEnd:
          emitText()
          pending = Array(bytes[index...])
          return events
        case .incomplete, .invalid:
          index += 1
        }
      }
    }
    emitText()
    // Nothing more comes: a paste is over, and so is what was being dropped.
    if atEnd, case .paste = mode { endPaste(paused: true, events: &events) }
    if atEnd, case .droppingSequence = mode { mode = .text }
    if atEnd, case .controlString = mode { mode = .text }
    return events
  }

  // MARK: Paste

  /// Takes paste bytes from `index` on; returns where decoding goes on after the paste, or
  /// nil when every byte was taken (a tail that may begin the end marker is held).
  private mutating func continuePaste(
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
      events.append(.paste(Self.pasteText(paste)))
      pasteDelivered = true
      paste = []
    }
  }

  /// Delivers the paste (unless it was delivered at its capacity). After a pause, the
  /// Ctrl-C bytes at its end are keys, not text.
  private mutating func endPaste(paused: Bool, events: inout [Event]) {
    let interrupts = paused ? pasteTrailingInterrupts : 0
    if !pasteDelivered {
      paste.removeLast(interrupts)
      if !paused || !paste.isEmpty { events.append(.paste(Self.pasteText(paste))) }
    }
    events += repeatElement(.key(.control("c")), count: interrupts)
    (mode, paste, pasteDelivered, pasteTrailingInterrupts) = (.text, [], false, 0)
  }

  private static func pasteText(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self).droppingReplacements
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
  private mutating func dropSequence(_ bytes: [UInt8], from start: Int) -> Int {
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
  private mutating func dropControlString(_ bytes: [UInt8], from start: Int, atEnd: Bool) -> Int? {
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

extension String {
  /// Without the U+FFFD that lenient UTF-8 decoding puts where bytes were invalid.
  fileprivate var droppingReplacements: String {
    contains("\u{FFFD}")
      ? String(String.UnicodeScalarView(unicodeScalars.filter { $0 != "\u{FFFD}" })) : self
  }
}
