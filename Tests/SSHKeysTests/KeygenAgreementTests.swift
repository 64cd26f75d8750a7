import Foundation
import SSHKeys
import TestSupport
import Testing

/// Keys made by the real `ssh-keygen`, parsed, and held against what `ssh-keygen -l` says
/// of them: bits, fingerprint, comment and type, the whole line.
@Suite("SSH public keys, held against ssh-keygen")
struct KeygenAgreementTests {
  @Test(
    "every accepted type ssh-keygen makes: the same line as ssh-keygen -l",
    arguments: [
      ("ed25519", nil), ("ecdsa", 256), ("ecdsa", 384), ("ecdsa", 521), ("rsa", 2048),
      ("rsa", 3072), ("rsa", 4096),
    ] as [(String, Int?)])
  func generated(type: String, bits: Int?) throws {
    let keygen = try Keygen()
    let path = try keygen.generate(type, bits: bits)
    let line = try keygen.publicLine(path)
    let key = try SSHPublicKey(line: line)
    #expect(key.keygenLine == (try keygen.fingerprintLine(of: line)))
    #expect(key.bits == bits ?? 256)
    #expect(key.comment == "alice@laptop")
    // The key as register writes it is the line without its comment.
    #expect(line.hasPrefix(key.authorizedKey + " alice@laptop"))
    #expect(
      key.label
        == (type == "rsa"
          ? "RSA \(bits!) \(key.fingerprint)" : "\(key.typeName) \(key.fingerprint)"))
  }

  @Test("the security-key types, built from real blobs: the same line as ssh-keygen -l")
  func securityKeys() throws {
    let keygen = try Keygen()
    // sk-ssh-ed25519: the ed25519 point, then the application.
    let ed = Wire.fields(
      Wire.decode(try keygen.publicLine(try keygen.generate("ed25519")).split(separator: " ")[1]))
    let skEd = Wire.blob([Array("sk-ssh-ed25519@openssh.com".utf8), ed[1], Array("ssh:".utf8)])
    // sk-ecdsa-sha2-nistp256: the curve and the point, then the application.
    let ec = Wire.fields(
      Wire.decode(
        try keygen.publicLine(try keygen.generate("ecdsa", bits: 256)).split(separator: " ")[1]))
    let skEC = Wire.blob([
      Array("sk-ecdsa-sha2-nistp256@openssh.com".utf8), ec[1], ec[2], Array("ssh:".utf8),
    ])
    for (name, blob, typeName) in [
      ("sk-ssh-ed25519@openssh.com", skEd, "ED25519-SK"),
      ("sk-ecdsa-sha2-nistp256@openssh.com", skEC, "ECDSA-SK"),
    ] {
      let line = "\(name) \(Wire.base64(blob)) bob@key\n"
      let key = try SSHPublicKey(line: line)
      #expect(key.typeName == typeName)
      #expect(key.bits == 256)
      #expect(key.keygenLine == (try keygen.fingerprintLine(of: line)))
      // Without its application it is cut short.
      let short = Wire.base64(Array(blob.dropLast(8)))
      #expect(throws: SSHKeyRefusal.damaged) { try SSHPublicKey(line: "\(name) \(short)") }
    }
  }

  @Test("RSA: 1024 bits refused with its size, 2048 and 4096 taken")
  func rsaSizes() throws {
    let keygen = try Keygen()
    let short = try keygen.publicLine(try keygen.generate("rsa", bits: 1024))
    #expect(throws: SSHKeyRefusal.rsaTooShort(bits: 1024)) { try SSHPublicKey(line: short) }
    for bits in [2048, 4096] {
      let key = try SSHPublicKey(
        line: try keygen.publicLine(try keygen.generate("rsa", bits: bits)))
      #expect(key.bits == bits && key.typeName == "RSA")
    }
  }

  @Test("a DSA key is refused by its name")
  func dsa() throws {
    let keygen = try Keygen()
    let line = try keygen.publicLine(try keygen.generate("dsa"))
    #expect(line.hasPrefix("ssh-dss "))
    #expect(throws: SSHKeyRefusal.typeNotAccepted(name: "ssh-dss")) { try SSHPublicKey(line: line) }
  }

  @Test("a certificate is not a key to store", arguments: ["ed25519", "rsa"])
  func certificate(type: String) throws {
    let keygen = try Keygen()
    let ca = try keygen.generate("ed25519")
    let user = try keygen.generate(type)
    try ChildProcess.run(
      "/usr/bin/ssh-keygen", ["-q", "-s", ca, "-I", "alice", "-n", "alice", user + ".pub"])
    let line = try String(contentsOfFile: user + "-cert.pub", encoding: .utf8)
    let name = String(line.split(separator: " ")[0])
    #expect(throws: SSHKeyRefusal.typeNotAccepted(name: name)) { try SSHPublicKey(line: line) }
  }

  @Test("a private key pasted by mistake is refused as one", arguments: ["", "-m PEM", "-m PKCS8"])
  func privateKey(format: String) throws {
    let keygen = try Keygen()
    let options = format.isEmpty ? [] : format.split(separator: " ").map(String.init)
    for type in ["ed25519", "rsa", "ecdsa"] where !(type == "ed25519" && !format.isEmpty) {
      let path = try keygen.generate(type, options: options)
      let text = try String(contentsOfFile: path, encoding: .utf8)
      #expect(throws: SSHKeyRefusal.privateKey) { try SSHPublicKey(line: text) }
      // Its first line alone, or after the public line: the same.
      let first = String(text.split(separator: "\n")[0])
      #expect(throws: SSHKeyRefusal.privateKey) { try SSHPublicKey(line: first) }
      let both = try keygen.publicLine(path) + text
      #expect(throws: SSHKeyRefusal.privateKey) { try SSHPublicKey(line: both) }
    }
    #expect(throws: SSHKeyRefusal.privateKey) {
      try SSHPublicKey(line: "PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\n")
    }
  }
}
