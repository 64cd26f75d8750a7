import Foundation
import SSHKeys
import Testing

/// The key a session authenticated with, read from `SSH_USER_AUTH` strictly.
@Suite("The connecting key (SSH_USER_AUTH)")
struct ConnectingKeyTests {
  static func write(_ text: String, in keygen: Keygen, mode: Int = 0o600) throws -> String {
    let path = "\(keygen.folder)/auth-\(UUID().uuidString.prefix(6))"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    return path
  }

  @Test("the publickey line's key, among other methods; none without one")
  func methods() throws {
    let keygen = try Keygen()
    let line = try keygen.publicLine(try keygen.generate("ed25519"))
    let key = try SSHPublicKey(line: line)
    let parts = line.split(separator: " ")
    let file = try Self.write(
      "keyboard-interactive\npublickey \(parts[0]) \(parts[1])\n", in: keygen)
    #expect(ConnectingKey.key(environment: ["SSH_USER_AUTH": file]) == key)
    #expect(ConnectingKey.key(environment: [:]) == nil)
    #expect(ConnectingKey.key(fileAt: try Self.write("keyboard-interactive\n", in: keygen)) == nil)
    // A DSA key or a broken one is no key to offer.
    let dsa = try keygen.publicLine(try keygen.generate("dsa")).split(separator: " ")
    #expect(ConnectingKey.key(in: "publickey \(dsa[0]) \(dsa[1])\n") == nil)
    #expect(ConnectingKey.key(in: "publickey \(parts[0]) \(parts[1].dropLast(4))\n") == nil)
    #expect(ConnectingKey.key(in: "publickey \(parts[0]) \(parts[1]) extra\n") == nil)
  }

  @Test("a file that is not sshd's is not read: a link, writable by others, too big, relative")
  func strict() throws {
    let keygen = try Keygen()
    let parts = try keygen.publicLine(try keygen.generate("ed25519")).split(separator: " ")
    let text = "publickey \(parts[0]) \(parts[1])\n"
    let good = try Self.write(text, in: keygen)
    #expect(ConnectingKey.key(fileAt: good) != nil)
    let link = "\(keygen.folder)/link"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: good)
    #expect(ConnectingKey.key(fileAt: link) == nil)
    #expect(ConnectingKey.key(fileAt: try Self.write(text, in: keygen, mode: 0o620)) == nil)
    #expect(ConnectingKey.key(fileAt: try Self.write(text, in: keygen, mode: 0o602)) == nil)
    let big = text + String(repeating: "password\n", count: 8000)
    #expect(ConnectingKey.key(fileAt: try Self.write(big, in: keygen)) == nil)
    #expect(ConnectingKey.key(fileAt: keygen.folder) == nil)
    #expect(ConnectingKey.key(fileAt: "/dev/null") == nil)
    let relative = URL(fileURLWithPath: good).lastPathComponent
    #expect(ConnectingKey.key(fileAt: relative) == nil)
    #expect(ConnectingKey.key(fileAt: "\(keygen.folder)/absent") == nil)
  }
}
