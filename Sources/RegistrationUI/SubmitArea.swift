import Widgets

/// A screen's submit button and the line under it: what is happening while the model is
/// busy, otherwise what went wrong (dimmed while `isHint` says it is not an error yet).
/// Activating the button, enabled or not, calls `submit` (a disabled one then says why by
/// moving focus).
func submitArea(
  _ button: Button, busy: @escaping () -> Bool, busyText: @autoclosure @escaping () -> String,
  message: @escaping () -> String?, isHint: @escaping () -> Bool = { false },
  submit: @escaping () -> Void
) -> VStack {
  button.action = submit
  button.onDisabledActivation = submit
  let area = VStack()
  area.add(button, alignment: .center)
  area.add(
    Label(
      { busy() ? busyText() : message() ?? "" }, alignment: .center,
      style: { busy() || isHint() ? $0.caption : $0.error }))
  return area
}
