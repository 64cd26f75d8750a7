import Dispatch

extension UnicodeLoginPolicy {
  /// Does now what the first Login key and the first lookup would otherwise do inside the
  /// typing: ICU's spoof checker and normalisers opened, and the keys of every reserved
  /// (and, with Unix names, system) name worked out. The answers are the same either way.
  public func prepare() {
    _ = validate("prepare")
    _ = reservation(of: "prepare")
  }

  /// `prepare()` on another thread, started now: the form's first frame does not wait for
  /// it, and a key or a lookup that comes first waits only for what it needs (the spoof
  /// checker is opened once, the names' keys are worked out under their lock).
  public func prepareOffThread() {
    DispatchQueue.global(qos: .utility).async { [self] in prepare() }
  }

  /// How many reserved or system names' keys have been worked out (each list's once).
  @_spi(Testing) public var namesWorkedOut: Int {
    reserved.workedOut.load(ordering: .relaxed)
      + (systemNames?.workedOut.load(ordering: .relaxed) ?? 0)
  }
}
