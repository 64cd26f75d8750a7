import Registration
import SSHKeys

// Keys for the account screen at `join@`: the connecting key and a pasted line, checked by
// SSHKeys and stored as `AccountKey`.

extension AccountKey {
  /// A checked key as the store keeps it (its comment has no controls: SSHKeys refused them).
  init(_ key: SSHPublicKey) {
    self.init(
      type: key.type.name, base64: key.base64, comment: key.comment, fingerprint: key.fingerprint)
  }
}

/// Reads a pasted `authorized_keys` line for the account screen: the key, or why it is not
/// one in the person's words (a private key's bytes are never in the refusal).
func pastedKeyReader(strings: Strings) -> AccountViewModel.KeyReader {
  { line in
    do throws(SSHKeyRefusal) {
      return .success(AccountKey(try SSHPublicKey(line: line)))
    } catch {
      return .failure(AccountViewModel.KeyLineRefusal(strings.keyRefusal(error)))
    }
  }
}
