/// Counts combining marks in a row, to hold text to UAX #15's Stream-Safe Text Format: no
/// more than 30 non-starters in a row.
///
/// Putting a run of marks in canonical order (what Swift's `Character ==` and ICU's
/// normalisers do) takes time that grows with the square of its length: a megabyte of
/// marks of alternating classes cost minutes. Real text needs a handful on one letter.
///
/// UAX #15 counts the non-starters of each character's NFKD decomposition; the Swift
/// standard library has no decompositions, so a scalar counts as one when its canonical
/// combining class is not 0, or when it extends the grapheme before it (the few characters
/// of class 0 whose decompositions begin with marks, U+0F73 or U+FF9E, all do). A run
/// allowed here is at most a few times 30 marks once decomposed: bounded, which is the
/// point. Where UAX #15 puts U+034F (CGJ) into a longer run, this program refuses the
/// marks beyond the limit: inserting anything would silently change a login or a password.
public struct CombiningRun: Hashable, Sendable {
  /// The most non-starters in a row that text may hold.
  public static let maximumNonStarters = 30

  /// Non-starters counted since the last starter.
  public private(set) var count = 0

  /// A run not yet begun.
  public init() {}

  /// Counts `scalar`; false when it is a non-starter beyond the limit (it is not counted,
  /// and every non-starter after it is refused too, until a starter).
  public mutating func admit(_ scalar: Unicode.Scalar) -> Bool {
    guard Self.isNonStarter(scalar) else {
      count = 0
      return true
    }
    guard count < Self.maximumNonStarters else { return false }
    count += 1
    return true
  }

  /// Whether `scalar` counts as a combining mark (see the type's description).
  public static func isNonStarter(_ scalar: Unicode.Scalar) -> Bool {
    // ASCII first: most text is, and it holds no mark.
    scalar.value >= 0x300
      && (scalar.properties.canonicalCombiningClass != .notReordered
        || scalar.properties.isGraphemeExtend)
  }

  /// Whether no run in `scalars` is longer than the limit.
  public static func isStreamSafe(_ scalars: some Sequence<Unicode.Scalar>) -> Bool {
    var run = CombiningRun()
    return scalars.allSatisfy { run.admit($0) }
  }
}

/// Text from bytes with nothing silently changed: invalid UTF-8 is refused (never turned
/// into U+FFFD), and so are runs of marks past ``CombiningRun``'s limit. One pass, each
/// byte looked at once.
enum StrictText {
  static func decode(_ bytes: some Collection<UInt8>) -> Result<String, InputRefusal> {
    var scalars = String.UnicodeScalarView()
    var run = CombiningRun()
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        guard run.admit(scalar) else { return .failure(.tooManyCombiningMarks) }
        scalars.append(scalar)
      case .emptyInput:
        return .success(String(scalars))
      case .error:
        return .failure(.invalidUTF8)
      }
    }
  }
}
