/// Turns the bytes a terminal sends into events: text, keys with modifiers, bracketed
/// pastes and SGR mouse reports.
///
/// A value with no I/O, so it can be fed any bytes in tests. Bytes that may begin a longer
/// sequence (a lone Esc, half a UTF-8 character) are kept until more arrive or until the
/// caller decides none will come and calls `flush()`. Sequences it does not know are
/// dropped. Invalid UTF-8 and combining marks past ``CombiningRun``'s limit are refused
/// (``Event/refused(_:)``): typed, where they come; in a paste, the paste whole.
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
  enum Mode: Sendable {
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

  var mode = Mode.text
  /// The start of a sequence or character that may go on in the next read; in a paste, a
  /// tail that may be the start of its end marker. Never more than `maximumSequenceLength`.
  var pending: [UInt8] = []
  /// How many bytes of the CSI held in `pending` are already known to be its parameters.
  var scanned = 0
  /// The paste so far (up to `pasteCapacity`).
  var paste: [UInt8] = []
  /// The paste reached its capacity and was delivered; the rest is dropped.
  var pasteDelivered = false
  /// How many Ctrl-C bytes end what the paste has received so far.
  var pasteTrailingInterrupts = 0
  /// The combining marks in a row in the text typed so far.
  var typedRun = CombiningRun()

  /// Every byte examined, counted.
  var examined = 0
  /// How many bytes the decoder has examined so far: tests prove it linear with this.
  @_spi(Testing) public var bytesExamined: Int { examined }
  /// How many bytes the decoder holds now: never more than `maximumBufferedBytes`.
  @_spi(Testing) public var bufferedByteCount: Int { pending.count + paste.count }

  static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

  /// A decoder holding nothing.
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

  /// Events as they are decoded, and the run of text not yet delivered.
  struct Output {
    var events: [Event] = []
    var text = ""

    /// Delivers the run of text so far, so that what comes next follows it.
    mutating func endText() {
      if !text.isEmpty {
        events.append(.text(text))
        text = ""
      }
    }

    /// Refuses what was typed here; one refusal stands for a run of refused bytes.
    mutating func refuse(_ refusal: InputRefusal) {
      endText()
      if events.last != .refused(refusal) { events.append(.refused(refusal)) }
    }
  }

  private mutating func decodePending(atEnd: Bool) -> [Event] {
    var output = Output()
    let bytes = pending
    pending = []
    let resume = scanned
    scanned = 0
    var index: Int? = 0
    while let start = index, start < bytes.count {
      switch mode {
      case .paste:
        index = continuePaste(bytes, from: start, atEnd: atEnd, events: &output.events)
      case .droppingSequence:
        index = dropSequence(bytes, from: start)
      case .controlString:
        index = dropControlString(bytes, from: start, atEnd: atEnd)
      case .text:
        let known = start == 0 ? resume : 0
        index = decodeText(bytes, at: start, resume: known, atEnd: atEnd, into: &output)
      }
    }
    output.endText()
    // The rest waits in `pending` for the next read.
    guard index != nil else { return output.events }
    // Nothing more comes: a paste is over, and so is what was being dropped.
    if atEnd, case .paste = mode { endPaste(paused: true, events: &output.events) }
    if atEnd { mode = .text }
    return output.events
  }

  /// Decodes the byte, sequence or character at `index` as text, keys or the start of a
  /// paste; returns where decoding goes on, or nil when the rest must wait for more bytes
  /// (it is kept in `pending`).
  private mutating func decodeText(
    _ bytes: [UInt8], at index: Int, resume: Int, atEnd: Bool, into output: inout Output
  ) -> Int? {
    let byte = bytes[index]
    examined += 1
    switch byte {
    case 0x1B:
      switch escapeSequence(bytes, at: index, resume: resume, atEnd: atEnd) {
      case .incomplete(let known):
        pending = Array(bytes[index...])
        scanned = known
        return nil
      case .event(let event, let length):
        output.endText()
        if let event { output.events.append(event) }
        return index + length
      case .pasteStart(let length):
        output.endText()
        (mode, paste, pasteDelivered, pasteTrailingInterrupts) = (.paste, [], false, 0)
        return index + length
      case .tooLong(let length):
        mode = .droppingSequence
        return index + length
      case .controlString(let length):
        output.endText()
        mode = .controlString
        return index + length
      }
    case 0x00..<0x20, 0x7F:
      output.endText()
      if let key = Self.controlKey(byte) { output.events.append(.key(key)) }
      return index + 1
    case 0x20..<0x80:
      typedRun = CombiningRun()
      output.text.unicodeScalars.append(Unicode.Scalar(byte))
      return index + 1
    default:
      switch Self.utf8Scalar(bytes, at: index) {
      case .scalar(let scalar, let length):
        if TextWidth.isControl(scalar) { return index + length }
        if typedRun.admit(scalar) {
          output.text.unicodeScalars.append(scalar)
        } else {
          output.refuse(.tooManyCombiningMarks)
        }
        return index + length
      case .incomplete where !atEnd:
        pending = Array(bytes[index...])
        return nil
      case .incomplete, .invalid:
        output.refuse(.invalidUTF8)
        return index + 1
      }
    }
  }
}
