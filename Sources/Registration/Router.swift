/// The screens of the program.
public enum Route: Hashable, Sendable {
  case signUp, signIn, changePassword, resetPassword
  /// Your account at `join@`, once signed in over SSH.
  case account
}

/// Which screen is showing. Switching hides the old one and shows the new one, running
/// their disappear and appear hooks exactly once each; the models keep what was typed.
public final class Router {
  public private(set) var current: Route?
  private let screens: [Route: any ScreenModel]

  public init(screens: [Route: any ScreenModel]) {
    self.screens = screens
  }

  /// Shows `route`. Showing the screen already shown does nothing.
  public func show(_ route: Route) {
    guard route != current else { return }
    if let current { screens[current]?.disappear() }
    current = route
    screens[route]?.appear()
  }

  /// Hides the current screen (the program is ending).
  public func close() {
    if let current { screens[current]?.disappear() }
    current = nil
  }
}
