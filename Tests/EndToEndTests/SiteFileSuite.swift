import Foundation
import Testing

/// A suite that runs the release binary with a site file, each test in a folder of its
/// own: the site file written there, and what the run leaves read back.
protocol SiteFileSuite {
  var directory: TemporaryDirectory { get }
}

extension SiteFileSuite {
  /// A new folder for one test, once the release binary is known to be built.
  static func folder(_ prefix: String) throws -> TemporaryDirectory {
    #expect(
      FileManager.default.isExecutableFile(atPath: Tmux.binary),
      "build the release binary first: make test does")
    return try TemporaryDirectory(prefix)
  }

  func file(_ name: String) -> String { directory.path(name) }

  /// The text of a file the run left in the folder; empty when there is none.
  func contents(_ name: String) -> String {
    (try? String(contentsOfFile: file(name), encoding: .utf8)) ?? ""
  }

  /// Writes `text` as the folder's `register.conf` and returns its path.
  func writeSiteFile(_ text: String) throws -> String {
    try text.write(toFile: file("register.conf"), atomically: true, encoding: .utf8)
    return file("register.conf")
  }

  /// The release binary on the site file `site` in a tmux of its own, `--json` into the
  /// folder's `out` and its exit status into `status`, `=42=` on the screen once it has
  /// ended; returned when Sign up shows.
  func signUpForm(site: String) throws -> Tmux {
    let tmux = try Tmux()
    try tmux.shell(
      "\(Tmux.binary) --config \(site) --json > \(file("out")); echo $? > \(file("status")); "
        + "clear; echo =$((40+2))=")
    try tmux.wait(forText: "Create account")
    return tmux
  }
}
