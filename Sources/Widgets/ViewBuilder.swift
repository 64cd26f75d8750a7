/// Composes views the way they read on screen: a stack's children written one under
/// another, with `if`, `switch` and `for` for content that depends on how the screen is
/// built.
///
/// The views are made once, when the stack is made, and stay: nothing is rebuilt or
/// compared when the user types. What changes on screen is what the views read while they
/// draw (an `@Observable` model, `@ViewState`), and only the views that read it are drawn
/// again.
///
/// ```swift
/// VStack(spacing: 1) {
///   Label("New account", alignment: .center, style: { $0.title })
///   TextField(label: "Name", text: Binding(account, \.name))
///   for rule in rules {
///     RequirementRow(rule.text) { rule.isMet() ? .met : .unmet }
///   }
///   if offersSignIn { Link("Have an account?", title: "Sign in") { … } }
/// }
/// ```
@resultBuilder
public enum ViewBuilder {
  /// One view.
  public static func buildExpression(_ view: View) -> [View] { [view] }

  /// Views made elsewhere, in order.
  public static func buildExpression(_ views: [View]) -> [View] { views }

  /// The views of each line, in order.
  public static func buildBlock(_ parts: [View]...) -> [View] { parts.flatMap { $0 } }

  /// An `if` without `else`: its views, or none.
  public static func buildOptional(_ part: [View]?) -> [View] { part ?? [] }

  /// The first branch of an `if`-`else` or `switch`.
  public static func buildEither(first part: [View]) -> [View] { part }

  /// The second branch of an `if`-`else` or `switch`.
  public static func buildEither(second part: [View]) -> [View] { part }

  /// A `for` loop: the views of every pass, in order.
  public static func buildArray(_ parts: [[View]]) -> [View] { parts.flatMap { $0 } }

  /// An `if #available` branch.
  public static func buildLimitedAvailability(_ part: [View]) -> [View] { part }
}

extension View {
  /// Sits as `alignment` says in the ``VStack`` it is in (by default it fills the width).
  @discardableResult
  public func aligned(_ alignment: VStack.Alignment) -> Self {
    stackAlignment = alignment
    return self
  }

  /// Lets `configure` set the view up (its actions, say) where it is declared, and returns it.
  @discardableResult
  public func with(_ configure: (Self) -> Void) -> Self {
    configure(self)
    return self
  }
}
