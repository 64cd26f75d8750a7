import CICU

/// The few ICU services logins need, on Swift strings. ICU works in UTF-16.
///
/// Every service that can fail answers nil when ICU reports an error (its data missing,
/// memory exhausted): the caller refuses, never goes on with the raw text. `status` is
/// the status each call starts with, as ICU's own functions take one: a failure there
/// makes ICU fail the call, which is how tests inject a failure.
struct ICU: Sendable {
  /// The status every call starts from: success, or an error injected by a test.
  let status: Int32

  /// The system's ICU, failing only when it does.
  static let system = ICU(status: CICU_ZERO_ERROR)

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
  func nfc(_ text: String) -> String? {
    normalize(Array(text.utf16), with: cicu_nfc).map(Self.string)
  }

  /// NFKC_Casefold: compatibility forms, case and default-ignorable characters folded
  /// away (`Straße` and `STRASSE` both become `strasse`, `Ａ` becomes `a`).
  func nfkcCasefold(_ text: String) -> String? {
    nfkcCasefold(Array(text.utf16)).map(Self.string)
  }

  /// The skeleton of the NFKC case fold of the skeleton, in UTF-16 all the way.
  func caselessSkeleton(_ text: String) -> String? {
    skeleton(Array(text.utf16)).flatMap(nfkcCasefold).flatMap(skeleton).map(Self.string)
  }

  private func nfkcCasefold(_ text: [UInt16]) -> [UInt16]? {
    normalize(text, with: cicu_nfkc_casefold)
  }

  /// The UTS #39 confusable skeleton (`pаypal` with a Cyrillic а is `paypal`).
  private func skeleton(_ text: [UInt16]) -> [UInt16]? {
    guard let checker = SpoofChecker.shared.checker else { return nil }
    return utf16Call(text) { source, length, destination, capacity, error in
      cicu_skeleton(checker, source, length, destination, capacity, error)
    }
  }

  private static func string(_ units: [UInt16]) -> String {
    String(decoding: units, as: UTF16.self)
  }

  /// The UTS #39 checks that failed (`cicu_restriction_level_failed()`, ...); 0 for none.
  func spoofChecks(_ text: String) -> Int32? {
    guard let checker = SpoofChecker.shared.checker else { return nil }
    let units = Array(text.utf16)
    var error = status
    let failed = cicu_spoof_check(checker, units, Int32(units.count), &error)
    return error > CICU_ZERO_ERROR ? nil : failed
  }

  private func normalize(
    _ text: [UInt16], with instance: (UnsafeMutablePointer<Int32>) -> OpaquePointer?
  ) -> [UInt16]? {
    var error = status
    guard let normalizer = instance(&error), error <= CICU_ZERO_ERROR else { return nil }
    return utf16Call(text) { source, length, destination, capacity, error in
      cicu_normalize(normalizer, source, length, destination, capacity, error)
    }
  }

  /// Calls an ICU function that writes UTF-16 into a buffer, growing the buffer once if
  /// ICU says it was too small; nil on an error.
  private func utf16Call(
    _ source: [UInt16],
    _ body: (
      UnsafePointer<UInt16>, Int32, UnsafeMutablePointer<UInt16>, Int32,
      UnsafeMutablePointer<Int32>
    ) -> Int32
  ) -> [UInt16]? {
    var capacity = source.count * 3 + 16
    for _ in 0..<2 {
      var error = status
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
      return error <= CICU_ZERO_ERROR ? output : nil
    }
    return nil
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
