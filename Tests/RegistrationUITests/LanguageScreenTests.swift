import Policy
import Registration
import RegistrationUI
import Terminal
import TestSupport
import Testing
import Widgets

/// Every screen, in every state worth seeing, in both languages: nothing shown in one
/// language comes from the other's table.
@Suite("Screens in each language")
struct LanguageScreenTests {
  /// The plain texts of a table (the ones with a value in them are closures).
  static func texts(_ strings: Strings) -> [String] {
    Mirror(reflecting: strings).children.compactMap { $0.value as? String }
      .filter { $0.count >= 3 && !$0.contains("\n") }
  }

  /// What a person sees going through both screens: typing, checking, errors, a lost
  /// race, a wrong password.
  static func screens(_ strings: Strings) -> [String] {
    var seen: [String] = []
    let store = InMemoryAccountStore(logins: ["taken"], identity: UnicodeLoginPolicy())
    let form = SignUpHarness(store: store, strings: strings)
    func look() { seen.append(form.screen.lines.joined(separator: "\n")) }
    look()
    form.type("tak")
    look()
    form.type("en")
    form.settle()
    look()  // taken, with the offer to sign in
    form.press(Key(.tab), Key(.tab))  // past "Sign in instead?"
    form.type("secret")
    form.press(Key(.tab), Key(.tab), Key(.enter))
    look()  // rejected: focus back on Login, errors shown
    form.press(.control("u"))
    form.type("bobby")
    form.press(Key(.tab), .control("u"))
    form.type("Zq7vLm2pR")
    form.press(Key(.tab))
    form.type("Zq7vLm2pR")
    form.settle()
    look()  // every requirement met
    store.add(login: "BOBBY", password: "x")  // another process wins the race
    form.press(Key(.tab), Key(.enter))
    look()  // creating
    form.settle()
    look()  // the login was just taken
    form.press(Key(.tab), Key(.enter))  // the link to Sign in
    form.type("bobby")
    form.press(Key(.tab))
    form.type("wrong")
    form.press(Key(.tab), Key(.enter))
    look()  // checking the password
    form.settle()
    look()  // wrong login or password
    form.resize(to: Size(width: 12, height: 4))
    look()
    return seen
  }

  @Test("the Russian screens show no English text, and the other way round")
  func noMixing() {
    let english = Self.screens(.english)
    let russian = Self.screens(.russian)
    for text in Self.texts(.english) {
      #expect(!russian.contains { $0.contains(text) }, "English on a Russian screen: \(text)")
    }
    for text in Self.texts(.russian) {
      #expect(!english.contains { $0.contains(text) }, "Russian on an English screen: \(text)")
    }
    #expect(russian[0].contains("Создание аккаунта"))
    #expect(russian.joined().contains("Неверный логин или пароль."))
    #expect(russian.joined().contains("Логин только что заняли. Выберите другой."))
  }

  @Test("the Russian form")
  func russianSnapshot() {
    let form = SignUpHarness(strings: .russian)
    form.type("борис")
    form.settle()
    form.press(Key(.tab))
    form.type("Секрет")
    #expect(compareSnapshot(form.screen, named: "sign-up-russian") == .matches)
  }

  @Test("every table has every text: none is empty")
  func complete() {
    for strings in Language.allCases.map(\.strings) {
      for child in Mirror(reflecting: strings).children {
        if let text = child.value as? String { #expect(!text.isEmpty, "\(child.label ?? "")") }
      }
    }
  }
}
