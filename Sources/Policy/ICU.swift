import CICU

/// The few ICU services logins need, on Swift strings. ICU works in UTF-16.
enum ICU {
  /// Unicode's general category of a code point (ICU's `UCharCategory`).
  static func category(of scalar: Unicode.Scalar) -> cicu_category {
    cicu_char_type(Int32(bitPattern: scalar.value))
  }

  static func isDefaultIgnorable(_ scalar: Unicode.Scalar) -> Bool {
    cicu_is_default_ignorable(Int32(bitPattern: scalar.value)) != 0
  }

  static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
    cicu_is_white_space(Int32(bitPattern: scalar.value)) != 0
  }

  /// NFC: canonical composition, `e` + U+0301 becomes `é`.
  static func nfc(_ text: String) -> String {
    string(normalize(Array(text.utf16), with: cicu_nfc))
  }

  /// NFKC_Casefold: compatibility forms, case and default-ignorable characters folded
  /// away (`Straße` and `STRASSE` both become `strasse`, `Ａ` becomes `a`).
  static func nfkcCasefold(_ text: String) -> String {
    string(nfkcCasefold(Array(text.utf16)))
  }

  /// The UTS #39 confusable skeleton (`pаypal` with a Cyrillic а is `paypal`).
  static func skeleton(_ text: String) -> String {
    string(skeleton(Array(text.utf16)))
  }

  /// The skeleton of the NFKC case fold of the skeleton, in UTF-16 all the way.
  static func caselessSkeleton(_ text: String) -> String {
    string(skeleton(nfkcCasefold(skeleton(Array(text.utf16)))))
  }

  private static func nfkcCasefold(_ text: [UInt16]) -> [UInt16] {
    normalize(text, with: cicu_nfkc_casefold)
  }

  private static func skeleton(_ text: [UInt16]) -> [UInt16] {
    guard let checker = SpoofChecker.shared.checker else { return text }
    return utf16Call(text) { source, length, destination, capacity, error in
      cicu_skeleton(checker, source, length, destination, capacity, error)
    }
  }

  private static func string(_ units: [UInt16]) -> String {
    String(decoding: units, as: UTF16.self)
  }

  /// The UTS #39 checks that failed (`cicu_restriction_level_failed()`, ...); 0 for none.
  static func spoofChecks(_ text: String) -> Int32 {
    guard let checker = SpoofChecker.shared.checker else { return 0 }
    let units = Array(text.utf16)
    var error = CICU_ZERO_ERROR
    let failed = cicu_spoof_check(checker, units, Int32(units.count), &error)
    return error > CICU_ZERO_ERROR ? 0 : failed
  }

  private static func normalize(
    _ text: [UInt16], with instance: (UnsafeMutablePointer<Int32>) -> OpaquePointer?
  ) -> [UInt16] {
    var error = CICU_ZERO_ERROR
    guard let normalizer = instance(&error), error <= CICU_ZERO_ERROR else {
      return text
    }
    return utf16Call(text) { source, length, destination, capacity, error in
      cicu_normalize(normalizer, source, length, destination, capacity, error)
    }
  }

  /// Calls an ICU function that writes UTF-16 into a buffer, growing the buffer once if
  /// ICU says it was too small. On an error the text comes back unchanged.
  private static func utf16Call(
    _ source: [UInt16],
    _ body: (
      UnsafePointer<UInt16>, Int32, UnsafeMutablePointer<UInt16>, Int32,
      UnsafeMutablePointer<Int32>
    ) -> Int32
  ) -> [UInt16] {
    var capacity = source.count * 3 + 16
    for _ in 0..<2 {
      var error = CICU_ZERO_ERROR
      var needed = 0
      let output = [UInt16](unsafeUninitializedCapacity: capacity) { buffer, count in
        needed = Int(
          body(source, Int32(source.count), buffer.baseAddress!, Int32(capacity), &error))
        count = error <= CICU_ZERO_ERROR ? needed : 0
      }
      if error == CICU_BUFFER_OVERFLOW_ERROR {
        capacity = needed
        continue
      }
      return error <= CICU_ZERO_ERROR ? output : source
    }
    return source
  }
}

/// One spoof checker for the whole program: configured once, then only read, which ICU
/// allows from any thread.
final class SpoofChecker: @unchecked Sendable {
  static let shared = SpoofChecker()
  let checker: OpaquePointer?

  private init() {
    var error = CICU_ZERO_ERROR
    let opened = cicu_spoof_open(&error)
    if error > CICU_ZERO_ERROR {
      cicu_spoof_close(opened)
      checker = nil
    } else {
      checker = opened
    }
  }
}
