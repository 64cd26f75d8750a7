import Foundation
import Testing

/// `make package-deb` (what `make deb` does after building): the package is built once for
/// the suite, checked by lintian, read with dpkg-deb, and installed into a throwaway root.
@Suite("Debian package", .serialized, .cleansUp, .packageBuilt)
struct PackageEndToEndTests {
  var package: BuiltPackage {
    get throws { try #require(BuiltPackage.current, "the .packageBuilt trait builds it") }
  }

  func dpkgDeb(_ arguments: [String]) throws -> String {
    let result = try command("/usr/bin/dpkg-deb", arguments + [try package.file])
    #expect(result.status == 0, "\(result.output)")
    return result.output
  }

  @Test("make package-deb makes one package, and lintian finds no errors in it")
  func lintianClean() throws {
    let package = try package
    #expect(package.status == 0, "\(package.output)")
    #expect(package.output.contains("lintian finds no errors"), "\(package.output)")
    let errors = package.output.split(separator: "\n").filter { $0.hasPrefix("E: ") }
    #expect(errors.isEmpty, "\(errors)")
  }

  @Test("its control: the version of --version, Depends from the binary and libpwquality, Suggests")
  func control() throws {
    let info = try dpkgDeb(["-f"])
    let fields = Dictionary(
      info.split(separator: "\n").filter { !$0.hasPrefix(" ") }.compactMap { line in
        line.firstIndex(of: ":").map {
          (String(line[..<$0]), line[line.index(after: $0)...].trimmingCharacters(in: .whitespaces))
        }
      }, uniquingKeysWith: { first, _ in first })
    #expect(fields["Package"] == "register")
    #expect(fields["Version"] == "\(try Shipping.version())-1")
    let architecture = try command("/usr/bin/dpkg", ["--print-architecture"]).output
    #expect(fields["Architecture"] == architecture.trimmingCharacters(in: .whitespacesAndNewlines))
    #expect(fields["Suggests"] == "libpq5, openssh-server, postgresql-client")
    // What the password checker loads at run time (no linker records it: without it the
    // program exits 2); for a binary that is not static, the shared libraries it needs too,
    // libc6 first of them.
    let runtime = "libpwquality1, cracklib-runtime"
    let needed = try command("/usr/bin/readelf", ["-d", Tmux.binary]).output.contains("(NEEDED)")
    if needed {
      #expect(
        fields["Depends"]?.contains("libc6") == true, "Depends: \(fields["Depends"] ?? "none")")
      #expect(fields["Depends"]?.hasSuffix(", " + runtime) == true)
    } else {
      #expect(fields["Depends"] == runtime, "a static binary needs only what it loads")
    }
    #expect(fields["Maintainer"]?.isEmpty == false)
    #expect(Int(fields["Installed-Size"] ?? "") ?? 0 > 1000)
  }

  @Test(
    "its files: the binary in /usr/bin, the manual page, the completion, copyright and changelog.Debian.gz, all root's"
  )
  func contents() throws {
    let lines = try dpkgDeb(["-c"]).split(separator: "\n")
    let files = Dictionary(
      lines.compactMap { line -> (String, (String, String))? in
        let columns = line.split(separator: " ", omittingEmptySubsequences: true)
        guard columns.count >= 6, !columns[0].hasPrefix("d") else { return nil }
        return (String(columns[5]), (String(columns[0]), String(columns[1])))
      }, uniquingKeysWith: { first, _ in first })
    let expected = [
      "./usr/bin/register", "./usr/share/man/man1/register.1.gz",
      "./usr/share/man/man5/register.conf.5.gz", "./usr/share/doc/register/examples/register.conf",
      "./usr/share/bash-completion/completions/register", "./usr/share/doc/register/copyright",
      "./usr/share/doc/register/changelog.Debian.gz",
    ]
    for path in expected { #expect(files[path] != nil, "\(path) is not in the package") }
    for path in Shipping.sshExamples {
      #expect(files["./usr/share/doc/register/examples/ssh/" + path] != nil)
    }
    #expect(files["./usr/bin/register"]?.0 == "-rwxr-xr-x")
    for (path, (mode, owner)) in files {
      #expect(owner == "root/root", "\(path)")
      if path != "./usr/bin/register" { #expect(mode == "-rw-r--r--", "\(path)") }
    }
  }

  @Test("installed with dpkg into a throwaway root, it runs; removed, it leaves nothing")
  func installAndRemove() throws {
    let root = try Shipping.folder("dpkg-root")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let database = root + "/var/lib/dpkg"
    try FileManager.default.createDirectory(
      atPath: database + "/updates", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: database + "/info", withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: database + "/status", contents: Data())

    // The throwaway root has no packages, so none of its Depends (libpwquality1 and
    // cracklib-runtime, which the host has): dpkg is told to go on without them.
    let install = try command(
      "/usr/bin/dpkg",
      ["--root=\(root)", "--force-not-root", "--force-depends", "--install", try package.file])
    #expect(install.status == 0, "\(install.output)")
    let version = try command(root + "/usr/bin/register", ["--version"])
    #expect(version.output == "register \(try Shipping.version())\n")
    let manual = try command(
      "/usr/bin/man", ["-P", "cat", "-l", root + "/usr/share/man/man1/register.1.gz"])
    #expect(manual.output.contains("SYNOPSIS"))

    let remove = try command(
      "/usr/bin/dpkg", ["--root=\(root)", "--force-not-root", "--purge", "register"])
    #expect(remove.status == 0, "\(remove.output)")
    let left = Shipping.files(in: root).filter { !$0.hasPrefix("var/lib/dpkg/") }
    #expect(left == [], "left behind")
  }

  @Test(
    "copyright is in Debian's machine-readable format, with LICENSE's text; the changelog names the version"
  )
  func copyrightAndChangelog() throws {
    let folder = try Shipping.folder("dpkg-x")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(try command("/usr/bin/dpkg-deb", ["-x", try package.file, folder]).status == 0)
    let copyright = try String(
      contentsOfFile: folder + "/usr/share/doc/register/copyright", encoding: .utf8)
    #expect(
      copyright.hasPrefix(
        "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"))
    #expect(copyright.contains("\nFiles: *\n"))
    #expect(copyright.contains("\nLicense: Expat\n Permission is hereby granted"))
    let license = try String(contentsOfFile: Shipping.root + "/LICENSE", encoding: .utf8)
    let lastLine = license.split(separator: "\n").last.map(String.init) ?? "?"
    #expect(copyright.hasSuffix(" " + lastLine + "\n"))

    let changelog = try command(
      "/bin/sh", ["-c", "gzip -dc \(folder)/usr/share/doc/register/changelog.Debian.gz"])
    #expect(changelog.output.hasPrefix("register (\(try Shipping.version())-1) "))
  }
}

/// Depends when the binary is not static: a small program linked to libsqlite3 in the
/// binary's place (the release binary is static today; libpwquality may change that).
@Suite("Debian package of a dynamic binary", .cleansUp)
struct DynamicPackageEndToEndTests {
  @Test("Depends is what dpkg-shlibdeps finds: libc6 and libsqlite3-0, with versions")
  func depends() throws {
    let folder = try Shipping.folder("deb-dynamic")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try """
    #include <sqlite3.h>
    #include <stdio.h>
    int main(void) { puts(sqlite3_libversion()); return 0; }
    """.write(toFile: folder + "/main.c", atomically: true, encoding: .utf8)
    let compiled = try command(
      "/usr/bin/cc", ["-o", folder + "/register", folder + "/main.c", "-lsqlite3"])
    try #require(compiled.status == 0, "\(compiled.output)")

    let make = try Shipping.make(
      [
        "package-deb", "BINARY=\(folder)/register", "DEB_DIR=\(folder)/out",
        "DEB_COMPRESSION=gzip",
      ], timeout: .seconds(600))
    #expect(make.status == 0, "\(make.output)")
    let deb = Shipping.files(in: folder + "/out").filter { $0.hasSuffix(".deb") }
    try #require(deb.count == 1)
    let depends = try command("/usr/bin/dpkg-deb", ["-f", folder + "/out/" + deb[0], "Depends"])
    #expect(depends.output.contains("libc6 (>= "), "\(depends.output)")
    #expect(depends.output.contains("libsqlite3-0 (>= "), "\(depends.output)")
    // No lintian overrides for a dynamic binary: they would hide nothing.
    let contents = try command("/usr/bin/dpkg-deb", ["-c", folder + "/out/" + deb[0]]).output
    #expect(!contents.contains("lintian/overrides"))
  }
}

/// The package `make package-deb` made for a suite, in a folder of its own.
struct BuiltPackage: Sendable {
  @TaskLocal static var current: BuiltPackage?

  let folder: String
  /// make's status and what it printed (lintian's report among it).
  let status: Int32
  let output: String

  /// The one .deb in the folder.
  var file: String {
    get throws {
      let debs = Shipping.files(in: folder).filter { $0.hasSuffix(".deb") }
      try #require(debs.count == 1, "packages made: \(debs); make said:\n\(output)")
      return folder + "/" + debs[0]
    }
  }
}

/// Builds the package once before a suite and removes it after. gzip rather than make
/// deb's xz: the same package in a fraction of the time.
struct PackageBuilt: SuiteTrait, TestScoping {
  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let folder = try Shipping.folder("deb")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let make = try Shipping.make(
      ["package-deb", "DEB_DIR=\(folder)", "DEB_COMPRESSION=gzip"], timeout: .seconds(600))
    let package = BuiltPackage(folder: folder, status: make.status, output: make.output)
    try await BuiltPackage.$current.withValue(package) { try await function() }
  }
}

extension Trait where Self == PackageBuilt {
  /// `make package-deb` once for the suite, into a folder removed after it.
  static var packageBuilt: PackageBuilt { PackageBuilt() }
}
