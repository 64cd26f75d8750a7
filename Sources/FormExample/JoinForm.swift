import Widgets

// What the form edits. A view that reads it while drawing redraws when it changes.
@Observable public final class Member {
  /// The name typed.
  public var name = ""
  /// The password typed.
  public var password = ""
  /// Which of the kinds of membership was chosen, if one was.
  public var kind: Int?
  /// Whether the house rules were accepted.
  public var acceptsRules = false
  /// A member with nothing filled in.
  public init() {}
}

// The form, in a library of its own: the program shows it, a test imports it.
public struct JoinForm {
  /// What the form edits.
  public let member = Member()
  /// The form's views, for `Application.show(_:)`.
  public let root: View

  /// A form whose Join button, once everything is filled in, does `onJoin`.
  public init(onJoin: @escaping () -> Void) {
    let member = member
    typealias Rule = (text: String, isMet: () -> Bool)
    let rules: [Rule] = [
      ("At least 3 characters", { member.name.count >= 3 }),
      ("A password of 8 characters", { member.password.count >= 8 }),
    ]
    let ready = { rules.allSatisfy { $0.isMet() } && member.kind != nil && member.acceptsRules }
    let kinds = ["Student", "Regular", "Supporting"]
    root = VStack(spacing: 1, padding: VStack.Insets(top: 1, left: 2, right: 2)) {
      Label("Join the hackerspace", alignment: .center, style: { $0.title })
      TextField(label: "Name", text: Binding(member, \.name))
      SecureField(label: "Password", text: Binding(member, \.password))
      // A row per rule, struck through, live, once the rule holds.
      VStack(rules.map { rule in RequirementRow(rule.text) { rule.isMet() ? .met : .unmet } })
      Choice("Membership", options: kinds, selection: Binding(member, \.kind))
      Checkbox("I have read the house rules", isOn: Binding(member, \.acceptsRules))
      Button("Join", isEnabled: ready, action: onJoin).aligned(.center)
    }
  }
}
