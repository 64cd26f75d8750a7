// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "register",
  products: [
    .executable(name: "register", targets: ["register"]),
    .executable(name: "field-gallery", targets: ["field-gallery"]),
    .library(name: "Widgets", targets: ["Widgets"]),
    .library(name: "Registration", targets: ["Registration"]),
  ],
  targets: [
    // System libraries and C shims.
    .systemLibrary(
      name: "CNcurses",
      pkgConfig: "ncursesw",
      providers: [.apt(["libncurses-dev"])]
    ),
    .target(name: "CSignals"),

    // The terminal: one Screen protocol, ncurses and in-memory screens, input decoding.
    .target(name: "Terminal", dependencies: ["CNcurses", "CSignals"]),
    // A small widget toolkit on top of any Screen.
    .target(name: "Widgets", dependencies: ["Terminal"]),
    // View models and rules: no terminal, no database.
    .target(name: "Registration"),
    // The screens of the program, built from widgets and bound to the view models.
    .target(name: "RegistrationUI", dependencies: ["Widgets", "Registration"]),
    // Every feature of the fields on one screen, and the program that shows it.
    .target(name: "FieldGallery", dependencies: ["Widgets"]),
    .executableTarget(
      name: "field-gallery", dependencies: ["FieldGallery", "Terminal", "Widgets"]),
    // The composition root: flags, wiring, output.
    .executableTarget(
      name: "register", dependencies: ["RegistrationUI", "Registration", "Terminal"]),

    // Screen snapshot files for the UI tests.
    .target(name: "ScreenSnapshots", dependencies: ["Terminal"], path: "Tests/ScreenSnapshots"),
    .testTarget(name: "TerminalTests", dependencies: ["Terminal"]),
    .testTarget(
      name: "WidgetsTests", dependencies: ["Widgets", "FieldGallery", "ScreenSnapshots"],
      exclude: ["Snapshots"]),
    .testTarget(name: "RegistrationTests", dependencies: ["Registration"]),
    .testTarget(
      name: "RegistrationUITests",
      dependencies: ["RegistrationUI", "Registration", "ScreenSnapshots"],
      exclude: ["Snapshots"]),
    .testTarget(name: "EndToEndTests"),
  ],
  swiftLanguageModes: [.v6]
)
