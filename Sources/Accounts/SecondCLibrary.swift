#if canImport(Glibc)
  import Glibc
#endif

/// The C library that `dlopen` brings along with libpq into the fully static binary: a
/// second glibc beside the program's own, sharing its threads. Two of its per-thread
/// mechanisms would break on the program's threads, and are mended here. In a dynamic
/// build there is one C library and nothing to do.
///
/// - Character tables (`isalnum`, `tolower`) are per thread, set up by a C library for the
///   threads it starts (and by `dlopen` for the thread that called it). On the program's
///   other threads the second one's were null: reconnecting there crashed libpq in
///   `pg_char_to_encoding`. `prepareThread()` sets them up (`__ctype_init`).
/// - Thread-specific keys (`pthread_key_create`) are numbered by each library from its own
///   table, but their values live in the one thread descriptor both share: Kerberos (tried
///   by libpq over TCP) got key 0, which is libdispatch's, and a worker thread then crashed
///   when it ended. So the keys are split: the program's keys below 32 stay its own and
///   every later one is 32 or above; the second library's are numbered after the
///   program's, below 32 (in the descriptor itself: one above 32 would be memory the
///   program's `free` is handed when the thread ends).
struct SecondCLibrary: @unchecked Sendable {
  // Unchecked: a C function pointer, set once and only read.
  private let ctypeInit: (@convention(c) () -> Void)?

  private typealias KeyCreate =
    @convention(c) (
      UnsafeMutablePointer<pthread_key_t>, (@convention(c) (UnsafeMutableRawPointer?) -> Void)?
    ) -> Int32

  /// The C library `library` was loaded with, if it is not the program's own.
  init(of library: UnsafeMutableRawPointer) {
    let ours: KeyCreate = pthread_key_create
    guard let theirs = dlsym(library, "pthread_key_create"),
      theirs != unsafeBitCast(ours, to: UnsafeMutableRawPointer.self)
    else {
      ctypeInit = nil
      return
    }
    ctypeInit = dlsym(library, "__ctype_init").map {
      unsafeBitCast($0, to: (@convention(c) () -> Void).self)
    }
    Self.splitKeys(theirs: unsafeBitCast(theirs, to: KeyCreate.self))
  }

  /// Makes the second library ready on the calling thread; call before libpq runs there.
  func prepareThread() {
    ctypeInit?()
  }

  /// Takes, in each table, the keys the other library uses or must be able to use (see
  /// the type). They are never given back.
  private static func splitKeys(theirs: KeyCreate) {
    var key = pthread_key_t()
    var used = Set(0..<pthread_key_t(32))
    // Ours: every free key below 32, so the program's next keys are 32 and up.
    while pthread_key_create(&key, nil) == 0 {
      if key >= 32 {
        pthread_key_delete(key)
        break
      }
      used.remove(key)
    }
    // Theirs: the numbers of the program's keys, so theirs are numbered after them.
    let last = used.max() ?? 0
    while theirs(&key, nil) == 0, key < last {}
  }
}
