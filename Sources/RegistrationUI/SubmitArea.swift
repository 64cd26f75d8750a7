import Widgets

/// A screen's submit button and the line under it: what is happening while the model is
/// busy, otherwise what went wrong (dimmed while `isHint` says it is not an error yet).
/// With `wraps`, a message wider than the form goes on over more rows instead of being cut
/// (on Sign up at 80x24 with the key field one row is free: the messages it may show are
/// short enough for two).
/// Activating the button, enabled or not, calls `submit` (a disabled one then says why by
/// moving focus). `fitting` lists the longest messages, for the form's width.
func submitArea(
  _ button: Button, busy: @escaping () -> Bool, busyText: @autoclosure @escaping () -> String,
  message: @escaping () -> String?, isHint: @escaping () -> Bool = { false },
  fitting: [String] = [], wraps: Bool = true, submit: @escaping () -> Void
) -> VStack {
  button.action = submit
  button.onDisabledActivation = submit
  return VStack {
    button.aligned(.center)
    Label(
      { busy() ? busyText() : message() ?? "" }, alignment: .center,
      style: { busy() || isHint() ? $0.caption : $0.error }, fitting: fitting, wraps: wraps)
  }
}
