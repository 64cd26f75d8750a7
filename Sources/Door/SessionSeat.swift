import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// One live session's entry in the session folder, locked while it is held.
public final class SessionSeat: Sendable {
  private let folder: Int32
  private let name: String
  /// The entry's descriptor, holding its lock; -1 once left.
  private let descriptor: Mutex<Int32>

  init(folder: Int32, name: String, descriptor: Int32) {
    self.folder = folder
    self.name = name
    self.descriptor = Mutex(descriptor)
  }

  /// Gives the seat back: the entry is removed, then its lock let go. Ending the process
  /// does the same for the count (the file is removed by the next one in).
  public func leave() {
    descriptor.withLock { descriptor in
      guard descriptor >= 0 else { return }
      unlinkat(folder, name, 0)
      close(descriptor)
      descriptor = -1
    }
  }

  deinit { leave() }
}
