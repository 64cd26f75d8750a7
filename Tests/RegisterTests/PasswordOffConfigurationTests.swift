import Registration
import SiteFile
import Testing

@testable import register

/// The site file's `password = off`: taken with `keys = required` (Sign up then has no
/// password rows), refused at its line otherwise, and no password to change or reset.
@Suite("Site configuration: password = off")
struct PasswordOffConfigurationTests {
  static func read(_ arguments: [String] = [], site: String) -> Configuration.Startup {
    SiteConfigurationTests.read(arguments, site: site)
  }

  @Test("with keys = required: the site's accounts have no password")
  func taken() throws {
    let configuration = try SiteConfigurationTests.run(
      site: "keys = required\npassword = off\n")
    #expect(configuration.withoutPassword)
    #expect(configuration.keys == .required)
    #expect(
      try !SiteConfigurationTests.run(site: "keys = required\npassword = on\n").withoutPassword)
    #expect(try !SiteConfigurationTests.run(site: "keys = required\n").withoutPassword)
  }

  @Test(
    "without keys = required: refused with the file, the line and the reason (exit 2)",
    arguments: [
      "password = off", "keys = optional\n\npassword = off", "keys = off\npassword = off",
    ])
  func refused(site: String) {
    let line = site.split(separator: "\n", omittingEmptySubsequences: false).count
    #expect(
      Self.read(site: site)
        == .exit(
          .usage(
            "/etc/register/register.conf:\(line): password = off needs keys = required: "
              + "an account without a password signs in with its key")))
  }

  @Test("password takes on or off, nothing else")
  func badValue() {
    #expect(
      Self.read(site: "keys = required\npassword = no")
        == .exit(.usage("/etc/register/register.conf:2: password must be on or off")))
  }

  @Test(
    "Change password and Reset are refused in words (English and Russian)",
    arguments: ["--change-password", "--reset"])
  func noPasswordToChange(flag: String) {
    let site = "keys = required\npassword = off\n"
    #expect(
      Self.read([flag], site: site) == .exit(.usage(Strings.english.noPasswordsHere)))
    #expect(
      Self.read([flag, "--lang=ru"], site: site) == .exit(.usage(Strings.russian.noPasswordsHere)))
    #expect(
      Strings.russian.noPasswordsHere
        == "У аккаунтов здесь нет паролей (вход — по SSH-ключам): менять или сбрасывать нечего.")
  }
}
