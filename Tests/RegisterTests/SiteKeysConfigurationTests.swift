import Registration
import Testing

@testable import register

/// The site file's `keys`: whether Sign up has an "SSH key" field, and whether it needs one.
@Suite("Site configuration: keys")
struct SiteKeysConfigurationTests {
  @Test("by default optional over SSH, off on the host's own terminal")
  func defaults() throws {
    #expect(
      try SiteConfigurationTests.run(site: "", SiteConfigurationTests.ssh).keys == .optional)
    #expect(try SiteConfigurationTests.run(site: "").keys == nil)
  }

  @Test(
    "the file's word wins",
    arguments: [("off", nil), ("optional", .optional), ("required", .required)]
      as [(String, SignUpKey.Need?)])
  func word(word: String, need: SignUpKey.Need?) throws {
    #expect(
      try SiteConfigurationTests.run(site: "keys = \(word)", SiteConfigurationTests.ssh).keys
        == need)
    #expect(try SiteConfigurationTests.run(site: "keys = \(word)").keys == need)
  }
}
