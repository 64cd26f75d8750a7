/// Which keys do what the application itself does: move the focus, suspend, cancel,
/// interrupt. Data, so that an application can change them.
///
/// The focused view sees a key first, except for `suspend`'s keys (a field must never
/// swallow Ctrl-Z); what it does not handle is looked up here.
///
/// ```swift
/// application.keyBindings[Key(.down)] = nil                    // Down stays in a list
/// application.keyBindings[.control("n")] = .focusNext
/// ```
public struct KeyBindings: Hashable, Sendable {
  /// What a bound key does.
  public enum Action: Hashable, Sendable {
    /// Focus the next view that takes focus (wrapping around).
    case focusNext
    /// Focus the previous view that takes focus (wrapping around).
    case focusPrevious
    /// Give the terminal back to the shell until the program is resumed.
    case suspend
    /// Leave: `Application.onCancel`, by default ending ``Application/run()`` as cancelled.
    case cancel
    /// Interrupt: `Application.onInterrupt`, by default ending ``Application/run()`` as
    /// interrupted.
    case interrupt
  }

  private var actions: [Key: Action]

  /// Bindings with these keys, and no others.
  public init(_ actions: [Key: Action] = [:]) {
    self.actions = actions
  }

  /// Tab, Down and Enter move forward; Shift-Tab and Up back; Ctrl-Z suspends; Esc
  /// cancels; Ctrl-C interrupts.
  public static let standard = KeyBindings([
    Key(.tab): .focusNext, Key(.down): .focusNext, Key(.enter): .focusNext,
    Key(.tab, .shift): .focusPrevious, Key(.up): .focusPrevious,
    .control("z"): .suspend, Key(.escape): .cancel, .control("c"): .interrupt,
  ])

  /// What `key` does; nil when it is not bound. Set nil to unbind it.
  public subscript(key: Key) -> Action? {
    get { actions[key] }
    set { actions[key] = newValue }
  }

  /// The keys bound to `action`.
  public func keys(for action: Action) -> [Key] {
    actions.filter { $0.value == action }.map(\.key)
  }
}
