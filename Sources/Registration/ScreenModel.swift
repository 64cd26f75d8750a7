/// A screen's view model, told when its screen is shown and hidden.
public protocol ScreenModel: AnyObject {
  /// The screen was shown. Runs once per showing.
  func appear()
  /// The screen was hidden. Runs once per hiding.
  func disappear()
}
