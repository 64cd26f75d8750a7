import Widgets

// What the form edits. A view that reads it while drawing redraws when it changes.
@Observable final class NewAccount {
  var name = ""
  var password = ""
}

let account = NewAccount()
typealias Rule = (text: String, isMet: () -> Bool)
let nameRules: [Rule] = [("At least 3 characters", { account.name.count >= 3 })]
let passwordRules: [Rule] = [
  ("At least 8 characters", { account.password.count >= 8 }),
  ("One digit", { account.password.contains(where: \.isNumber) }),
]

// A field with a row per rule under it, struck through, live, once the rule holds.
func group(_ field: TextField, _ rules: [Rule]) -> VStack {
  VStack([field] + rules.map { rule in RequirementRow(rule.text) { rule.isMet() ? .met : .unmet } })
}

let screen = try CursesScreen(colors: true)
let application = Application(screen: screen, contentWidth: 50)
let isComplete = { (nameRules + passwordRules).allSatisfy { $0.isMet() } }
let form = VStack(spacing: 1, padding: VStack.Insets(top: 1, left: 2, right: 2)) {
  Label("New account", alignment: .center, style: { $0.title })
  group(TextField(label: "Name", text: Binding(account, \.name)), nameRules)
  group(SecureField(label: "Password", text: Binding(account, \.password)), passwordRules)
  Button("Create", isEnabled: isComplete) { application.stop() }.aligned(.center)
}
application.show(form)
let ending = application.run()
screen.close()
print(ending == .stopped ? "Welcome, \(account.name)!" : "Nothing created.")
