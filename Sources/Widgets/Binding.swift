/// A read-write handle on a value someone else owns, such as a view model's property.
///
/// Widgets hold bindings, never the owner's type, so the toolkit knows nothing of the
/// models it shows.
public struct Binding<Value> {
  /// Reads the value.
  public let get: () -> Value
  /// Writes the value.
  public let set: (Value) -> Void

  /// A binding reading with `get` and writing with `set`.
  public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
    self.get = get
    self.set = set
  }

  /// A binding to `object`'s property at `keyPath` (a view model's input, say). Each write
  /// through a key path to a computed property (an `@Observable` one) first reads it; a
  /// field written at every keystroke is better bound with `init(get:set:)`.
  public init<Root: AnyObject>(_ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>) {
    self.init(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
  }

  /// A binding that owns its value, for fields that no model backs. The value is
  /// observable, like a model's property: a view that reads it redraws when it changes.
  public init(initialValue: Value) {
    let box = Box(initialValue)
    self.init(get: { box.value }, set: { box.value = $0 })
  }
}

@Observable private final class Box<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }
}
