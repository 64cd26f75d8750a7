import Testing

@testable import register

/// The flag list is what the parser takes: every flag in it does something, and nothing
/// else is a flag.
@Suite("Options")
struct OptionsTests {
  /// A value the flag takes: its first word if it has words (`en`), else any text.
  static func sample(for flag: Flag) -> String {
    flag.value?.split(separator: "|").first { $0.first?.isLowercase == true }.map(String.init)
      ?? "1"
  }

  @Test(
    "every listed flag is parsed, and changes what the command line asks for",
    arguments: Options.flags)
  func listed(flag: Flag) throws {
    for name in [flag.name] + (flag.alias.map { [$0] } ?? []) {
      var arguments = [name]
      if flag.value != nil { arguments.append(Self.sample(for: flag)) }
      let options = try Options.parse(arguments)
      #expect(options != Options(), "\(arguments) changes nothing")
      if flag.value != nil {
        #expect(try Options.parse(["\(name)=\(Self.sample(for: flag))"]) == options)
        #expect(throws: Options.UsageError.missingValue(name)) { try Options.parse([name]) }
      }
    }
  }

  @Test("an argument that is not a listed flag is refused")
  func unlisted() {
    for argument in ["--database", "-x", "--json=yes", "--sign", "-"] {
      #expect(throws: Options.UsageError.unknownOption(argument)) { try Options.parse([argument]) }
    }
    #expect(throws: Options.UsageError.unexpectedArgument("alice")) { try Options.parse(["alice"]) }
  }

  @Test("Change password with --on-create or --sign-in is refused: one of them would be ignored")
  func conflicting() {
    for arguments in [
      ["--change-password", "--on-create", "true"], ["--on-create=true", "--change-password"],
    ] {
      #expect(throws: Options.UsageError.conflicting("--change-password", "--on-create")) {
        try Options.parse(arguments)
      }
    }
    #expect(throws: Options.UsageError.conflicting("--change-password", "--sign-in")) {
      try Options.parse(["--sign-in", "--change-password"])
    }
    let error = Options.UsageError.conflicting("--change-password", "--on-create")
    #expect(
      Options.message(for: error, in: .english)
        == "--change-password cannot be used with --on-create")
    #expect(
      Options.message(for: error, in: .russian)
        == "--change-password нельзя указать вместе с --on-create")
  }

  @Test("the version is the one in Version.swift")
  func version() {
    #expect(Options.version == "register \(Version.number)")
  }
}
