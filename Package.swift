// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "register",
  products: [
    .executable(name: "register", targets: ["register"]),
    .executable(name: "field-gallery", targets: ["field-gallery"]),
    .executable(name: "form-example", targets: ["form-example"]),
    .library(name: "Widgets", targets: ["Widgets"]),
    .library(name: "Registration", targets: ["Registration"]),
  ],
  targets: [
    // System libraries and C shims.
    // No pkgConfig: its flags (-D_DEFAULT_SOURCE, -D_XOPEN_SOURCE=600) are ones SwiftPM
    // refuses with a warning on every build; shim.h asks for the wide API itself, and
    // module.modulemap links ncursesw and tinfo (what `pkg-config --libs ncursesw` says).
    .systemLibrary(name: "CNcurses"),
    .target(name: "CSignals"),
    .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
    .systemLibrary(name: "CCrypt", pkgConfig: "libcrypt", providers: [.apt(["libcrypt-dev"])]),
    // libpwquality, loaded at run time (Debian has no static library for it).
    .target(name: "CPwquality"),
    .systemLibrary(name: "CZxcvbn", providers: [.apt(["libzxcvbn-dev"])]),
    // ICU behind plain C types (see cicu.h: Foundation's own ICU clashes with its headers).
    .target(
      name: "CICU",
      linkerSettings: [
        .linkedLibrary("icui18n"), .linkedLibrary("icuuc"), .linkedLibrary("icudata"),
        .linkedLibrary("stdc++"), .linkedLibrary("m"),
      ]),
    // libpq's header only (no pkg-config: that would link it): Accounts loads the library
    // with dlopen when a URI asks for it.
    .systemLibrary(name: "CPostgres", providers: [.apt(["libpq-dev"])]),

    // The terminal: one Screen protocol, ncurses and in-memory screens, input decoding.
    .target(name: "Terminal", dependencies: ["CNcurses", "CSignals"]),
    // A small widget toolkit on top of any Screen.
    .target(name: "Widgets", dependencies: ["Terminal"]),
    // View models and rules: no terminal, no database.
    .target(name: "Registration", dependencies: ["SSHKeys"]),
    // What a login may be: identity, lookalikes, reserved and Unix names, over ICU.
    .target(name: "Policy", dependencies: ["Registration", "CICU"]),
    // SHA-256, for the throttle's keys and SSH key fingerprints.
    .target(name: "Digest"),
    // The account store on SQLite or PostgreSQL, with yescrypt password hashes.
    .target(
      name: "Accounts", dependencies: ["Registration", "Digest", "CSQLite", "CCrypt", "CPostgres"]),
    // SSH public keys: one authorized_keys line parsed and checked, its fingerprint as
    // ssh-keygen prints it, and the key a session authenticated with (SSH_USER_AUTH).
    .target(name: "SSHKeys", dependencies: ["Digest"]),
    // The host's password policy (libpwquality) and a strength estimate (zxcvbn).
    .target(name: "PasswordQuality", dependencies: ["Registration", "CPwquality", "CZxcvbn"]),
    // The screens of the program, built from widgets and bound to the view models.
    .target(name: "RegistrationUI", dependencies: ["Widgets", "Registration"]),
    // Handing a new account on (--on-create): the command, the store that runs it, the log.
    .target(name: "CSpawn"),
    .target(name: "HandOff", dependencies: ["Registration", "Terminal", "CSpawn"]),
    // The door's own limits: live sessions counted across processes, a hard deadline.
    .target(name: "Door"),
    // The site file (/etc/register/register.conf): read, checked, and its questions.
    .target(name: "SiteFile"),
    // Every host of a site: the extrausers files and the keys' copy from the store
    // (`register sync`).
    .target(name: "Sync", dependencies: ["Accounts", "Registration"]),
    // The JSON the program writes (the result line, the admin's JSON Lines).
    .target(name: "JSONText"),
    // `register admin`: the accounts' keeper (list, decide, delete, reset, ban, the door).
    .target(
      name: "Admin",
      dependencies: [
        "Accounts", "Policy", "Registration", "HandOff", "Terminal", "Widgets", "JSONText",
      ]),
    // The line-by-line front end on the same view models.
    .target(name: "PlainFrontEnd", dependencies: ["Registration", "Terminal"]),
    // Every feature of the fields on one screen, and the program that shows it.
    .target(name: "FieldGallery", dependencies: ["Widgets"]),
    .executableTarget(name: "field-gallery", dependencies: ["FieldGallery", "Widgets"]),
    // The example of docs "Build a form": the form in a library a test imports, and the
    // program that shows it.
    .target(name: "FormExample", dependencies: ["Widgets"]),
    .executableTarget(name: "form-example", dependencies: ["FormExample", "Widgets"]),
    // Times the account store against a large database (make bench-store).
    .executableTarget(
      name: "store-bench", dependencies: ["Accounts", "Policy", "Registration", "Admin", "Sync"]),
    // Times the password policy and the strength estimate per call (make bench-password).
    .executableTarget(name: "password-bench", dependencies: ["PasswordQuality", "Registration"]),
    // The composition root: flags, wiring, output.
    .executableTarget(
      name: "register",
      dependencies: [
        "RegistrationUI", "PlainFrontEnd", "Registration", "Accounts", "Policy",
        "PasswordQuality", "Terminal", "Widgets", "HandOff", "Door", "SiteFile", "Admin",
        "JSONText", "SSHKeys", "Sync",
      ]),

    // For the tests: an in-memory store, screen snapshots, a seeded random generator, a
    // throwaway PostgreSQL server.
    .target(
      name: "TestSupport", dependencies: ["Registration", "Terminal"], path: "Tests/TestSupport"),
    .testTarget(name: "TerminalTests", dependencies: ["Terminal", "TestSupport"]),
    .testTarget(
      name: "WidgetsTests",
      dependencies: ["Widgets", "FieldGallery", "FormExample", "TestSupport"],
      exclude: ["Snapshots"]),
    .testTarget(
      name: "RegistrationTests", dependencies: ["Registration", "SSHKeys", "TestSupport"]),
    .testTarget(
      name: "AccountsTests",
      dependencies: ["Accounts", "Policy", "Registration", "CSQLite", "TestSupport"]),
    .testTarget(name: "DigestTests", dependencies: ["Digest", "TestSupport"]),
    .testTarget(name: "SSHKeysTests", dependencies: ["SSHKeys", "Digest", "TestSupport"]),
    .testTarget(name: "PolicyTests", dependencies: ["Policy", "Registration"]),
    .testTarget(name: "PasswordQualityTests", dependencies: ["PasswordQuality", "Registration"]),
    // What only the PostgreSQL store has, through @testable import.
    .testTarget(
      name: "PostgresTests", dependencies: ["Accounts", "Digest", "Registration", "TestSupport"]),
    .testTarget(
      name: "PlainFrontEndTests",
      dependencies: ["PlainFrontEnd", "Registration", "TestSupport"]),
    .testTarget(
      name: "RegistrationUITests",
      dependencies: ["RegistrationUI", "Registration", "Policy", "SSHKeys", "TestSupport"],
      exclude: ["Snapshots"]),
    .testTarget(name: "HandOffTests", dependencies: ["HandOff", "Registration", "TestSupport"]),
    .testTarget(name: "DoorTests", dependencies: ["Door"]),
    .testTarget(name: "SiteFileTests", dependencies: ["SiteFile"]),
    .testTarget(
      name: "SyncTests", dependencies: ["Sync", "Accounts", "Registration", "TestSupport"]),
    .testTarget(
      name: "AdminTests",
      dependencies: ["Admin", "Accounts", "Policy", "Registration", "Terminal", "TestSupport"]),
    .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "SSHKeys"]),
    // The executable's own parts (the JSON writer), through @testable import.
    .testTarget(name: "RegisterTests", dependencies: ["register", "SiteFile", "JSONText", "Sync"]),
  ],
  swiftLanguageModes: [.v6]
)
