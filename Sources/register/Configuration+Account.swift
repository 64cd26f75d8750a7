extension Configuration {
  /// Over SSH with keys on (site `keys`), a person signed in sees their account (its keys,
  /// its password) before the session ends.
  var managesAccount: Bool { ssh != nil && keys != nil }

  /// Whether the key the session connected with signs its account in at once: where
  /// accounts are managed, and not for `--change-password` or `--reset`, which ask.
  var signsInByKey: Bool { managesAccount && !options.changePassword && !options.reset }
}
