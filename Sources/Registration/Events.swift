/// What a view model tells those who act on it (the application, a front end, a test): one
/// stream of values, which any number may follow. Nothing replaces a listener already
/// there, so two layers can never silently undo each other's wiring.
public final class Events<Event> {
  private var listeners: [(Event) -> Void] = []

  init() {}

  /// Calls `listener` with every event from now on, in order.
  public func listen(_ listener: @escaping (Event) -> Void) {
    listeners.append(listener)
  }

  func send(_ event: Event) {
    for listener in listeners { listener(event) }
  }
}
