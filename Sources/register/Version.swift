/// The one place the version is written: `--version` prints it, and the Makefile reads this
/// line for the Debian package (`make version`), so keep it on one line as it is.
enum Version {
  static let number = "0.1.0"
}
