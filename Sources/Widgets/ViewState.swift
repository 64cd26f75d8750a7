import Observation

/// State of a view that its drawing depends on: reading it while drawing is observed, and
/// changing it redraws the view, like a change to an `@Observable` model's property.
///
/// A view is redrawn only when something it read in its last drawing has changed: its
/// model's observable properties, or its own `@ViewState`. There is no other way to ask
/// for a redraw, so every state a drawing reads must be one of the two.
///
/// ```swift
/// final class Disclosure: View {
///   @ViewState var isOpen = false
///   override func draw(in canvas: Canvas) { ... isOpen ? model.details : "▸" ... }
/// }
/// ```
///
/// Setting an `Equatable` value equal to the current one changes nothing and redraws
/// nothing. Only views can hold it.
@propertyWrapper
public struct ViewState<Value> {
  private var value: Value
  private let isSame: ((Value, Value) -> Bool)?
  /// Its bit in the owner's ``View/ownReads``, given when the owner's drawing first reads
  /// it; until then no drawing of the owner depends on it.
  private var slot: Int?

  /// State whose every assignment counts as a change (closures, say).
  public init(wrappedValue: Value) {
    value = wrappedValue
    isSame = nil
  }

  /// State that changes only when a value unequal to the current one is assigned.
  public init(wrappedValue: Value) where Value: Equatable {
    value = wrappedValue
    isSame = (==)
  }

  @available(*, unavailable, message: "@ViewState is only for properties of a View")
  public var wrappedValue: Value {
    get { fatalError("unavailable") }
    set { fatalError("unavailable") }
  }

  /// The value, read and written through the view that holds it, so that reads are
  /// observed and changes are announced. Inlined into each property's accessors, where the
  /// key paths are literals: the storage is then reached directly, not by the key-path
  /// runtime (about 900 instructions a read otherwise).
  public static subscript<Owner: View>(
    _enclosingInstance owner: Owner,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<Owner, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<Owner, ViewState<Value>>
  ) -> Value {
    @inline(__always) get {
      let state = owner[keyPath: storageKeyPath]
      var slot = state.slot
      if slot == nil, owner.isDrawingTracked, let new = owner.newOwnSlot() {
        owner[keyPath: storageKeyPath].slot = new
        slot = new
      }
      owner.accessOwn(owner, keyPath: wrappedKeyPath, slot: slot)
      return state.value
    }
    @inline(__always) set {
      let state = owner[keyPath: storageKeyPath]
      if let isSame = state.isSame, isSame(state.value, newValue) { return }
      owner.withOwnMutation(of: owner, keyPath: wrappedKeyPath, slot: state.slot) {
        owner[keyPath: storageKeyPath].value = newValue
      }
    }
  }
}
