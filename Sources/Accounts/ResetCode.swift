/// A one-time code for `register admin reset`: 15 characters in three groups, from letters
/// and digits no one misreads (no 0/O, 1/I/L), about 74 bits from the system's generator.
enum ResetCode {
  private static let alphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")

  static func random() -> String {
    var generator = SystemRandomNumberGenerator()
    let characters = (0..<15).map { _ in alphabet.randomElement(using: &generator)! }
    return stride(from: 0, to: 15, by: 5).map { String(characters[$0..<$0 + 5]) }
      .joined(separator: "-")
  }
}
