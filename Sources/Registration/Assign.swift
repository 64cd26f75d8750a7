import Observation

extension Observable where Self: AnyObject {
  /// Stores `value` only if it differs from what is there, so that observers hear only of
  /// real changes (a redraw each otherwise).
  public func assign<Value: Equatable>(
    _ value: Value, to keyPath: ReferenceWritableKeyPath<Self, Value>
  ) {
    if self[keyPath: keyPath] != value { self[keyPath: keyPath] = value }
  }
}
