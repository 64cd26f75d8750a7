import Policy
import Registration
import RegistrationUI
import SSHKeys
import Terminal
import TestSupport
import Testing
@_spi(Testing) import Widgets

/// The "SSH key" field on the Sign up screen, over SSH: one row (the connecting key
/// offered, or a box to paste one) right above the button, so that the whole form, with
/// "Hard to guess" and the line under the button, still fits 80x24; the field for a
/// pasted line only when asked for, and a refusal under it only when there is one.
@Suite("Sign up screen: the SSH key field")
struct SignUpKeyScreenTests {
  static let line =
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKkcDxrh21AHfs99JaIWF+70u6HhCdyVDa2YA930r2NY alice@laptop"
  static let warning = "No input for a while: closing in 1 minute."

  func shows(_ text: String, on form: SignUpHarness) -> Bool {
    form.screen.lines.contains { $0.trimmingCharacters(in: .whitespaces) == text }
  }

  /// Everything met, focus on the key's box; then the idle warning under the button.
  func filled(_ key: SignUpKey) -> SignUpHarness {
    let form = SignUpHarness(idleTimeout: 300, key: key)
    // Not `fillValidForm`: settling would run the idle timeout out.
    form.type("alice")
    form.press(Key(.tab))
    form.type("Zq7vLm2pR")
    form.press(Key(.tab))
    form.type("Zq7vLm2pR")
    form.wait(.seconds(2))
    form.scheduler.finishAllWork()
    form.wait(.seconds(2))
    form.press(Key(.tab))
    form.wait(.seconds(240))
    return form
  }

  @Test("the connecting key offered in one row: the whole form and the idle warning at 80x24")
  func connectingOffered() throws {
    let key = SignUpKey(need: .optional, connecting: try SSHPublicKey(line: Self.line))
    let form = filled(key)
    #expect(form.focused is Checkbox)
    #expect(shows(Self.warning, on: form))
    #expect(
      shows(
        "[x] Use key: ED25519 SHA256:bng8hJxgdKPhMoaffzh6zwRaLAa2PLAUL81i0uION64",
        on: form))
    #expect(shows("Create account", on: form))
    #expect(shows("Already have an account? Sign in", on: form))
    #expect(!form.screen.lines.contains { $0.contains("SSH key") })
    #expect(compareSnapshot(form.screen, named: "sign-up-key-connecting") == .matches)
  }

  @Test("a security key's offer (ED25519-SK, the longest label) fits its one row at 80 columns")
  func securityKeyOffered() throws {
    let line =
      "sk-ssh-ed25519@openssh.com AAAAGnNrLXNzaC1lZDI1NTE5QG9wZW5zc2guY29tAAAAIAECAwQFBgcICQoLDA0O"
      + "DxAREhMUFRYXGBkaGxwdHh8gAAAABHNzaDo= alice@yubikey"
    let key = SignUpKey(need: .optional, connecting: try SSHPublicKey(line: line))
    let form = filled(key)
    #expect(
      form.screen.lines.contains {
        $0.contains("ED25519-SK SHA256:nX0hpi5mKbTIJ10yBq5/sLQhiI1Y0RBAqN0drDdgJWs")
          && $0.contains("[x] ")
      }, "\(form.screen.lines.joined(separator: "\n"))")
    #expect(shows("Create account", on: form))
  }

  @Test("no key offered: a box to paste one, one row; the whole form at 80x24")
  func pasteOffered() {
    let key = SignUpKey(need: .optional, connecting: nil)
    let form = filled(key)
    #expect(form.focused is Checkbox)
    #expect(shows(Self.warning, on: form))
    #expect(shows("[ ] Paste an SSH key (the line of your .pub file)", on: form))
    #expect(shows("Already have an account? Sign in", on: form))
    #expect(compareSnapshot(form.screen, named: "sign-up-key-paste-offered") == .matches)
    // Ticked, the field shows and takes the next Tab; a wrong line says why under it.
    form.type(" ")
    #expect(key.pastesLine)
    form.press(Key(.tab))
    #expect((form.focused as? TextField)?.label == "SSH key")
    form.send(.paste("ssh-dss AAAAB3NzaC1kc3M="))
    form.scheduler.finishAllWork()
    form.wait(.seconds(1))
    #expect(form.screen.snapshot.contains("this key type is not accepted (ssh-dss)"))
    #expect(!form.app.signUp.submitButton.isEnabled())
    #expect(compareSnapshot(form.screen, named: "sign-up-key-pasted-refused") == .matches)
  }

  @Test("in Russian, the offer and the box to paste each take one row; nothing scrolls")
  func russian() throws {
    let offered = try SSHPublicKey(line: Self.line)
    for (connecting, row) in [
      (offered, "[x] Этот ключ: ED25519 SHA256:bng8hJxgdKPhMoaffzh6zwRaLAa2PLAUL81i0uION64"),
      (nil, "[ ] Вставить SSH-ключ (строку из файла .pub)"),
    ] as [(SSHPublicKey?, String)] {
      let key = SignUpKey(need: .optional, connecting: connecting, strings: .russian)
      let form = SignUpHarness(strings: .russian, key: key)
      form.fillValidForm()
      form.press(Key(.tab))
      #expect(form.focused is Checkbox)
      #expect(shows(row, on: form), "\(form.screen.lines.joined(separator: "\n"))")
      #expect(!form.screen.lines.contains { $0.contains("▲") || $0.contains("▼") })
    }
  }

  @Test("the offer declined: the field for a pasted line, and its refusal under it")
  func offerDeclined() throws {
    let key = SignUpKey(need: .optional, connecting: try SSHPublicKey(line: Self.line))
    let form = filled(key)
    // Space unticks it: the field for a pasted line takes focus next and says what is wrong.
    form.type(" ")
    #expect(!key.usesConnectingKey)
    form.press(Key(.tab))
    #expect((form.focused as? TextField)?.label == "SSH key")
    form.send(.paste("ssh-dss AAAAB3NzaC1kc3M="))
    form.scheduler.finishAllWork()
    form.wait(.seconds(1))
    #expect(form.screen.snapshot.contains("this key type is not accepted (ssh-dss)"))
    #expect(!form.app.signUp.submitButton.isEnabled())
    // Ticked again: the field and its rows are gone, the key is the connecting one.
    form.press(Key(.tab, .shift))
    form.type(" ")
    form.wait(.seconds(1))
    #expect(key.usesConnectingKey)
    #expect(!form.screen.snapshot.contains("ssh-dss"))
    #expect(form.app.signUp.submitButton.isEnabled())
  }
}
