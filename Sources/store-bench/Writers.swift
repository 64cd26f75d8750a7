// Many writers at once, each on a store of its own (as many processes or hosts would be):
// sign-ups per second, and races for one login.
import Accounts
import Dispatch
import Registration
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Runs `body(index)` on `count` threads of their own, all started before any runs.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  final class Job: @unchecked Sendable {
    // Unchecked: each thread reads its job once.
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
  }
  let gate = DispatchSemaphore(value: 0)
  var threads: [pthread_t] = []
  for index in 0..<count {
    let job = Job {
      gate.wait()
      body(index)
    }
    var thread = pthread_t()
    let created = pthread_create(
      &thread, nil,
      { context in
        Unmanaged<Job>.fromOpaque(context!).takeRetainedValue().run()
        return nil
      }, Unmanaged.passRetained(job).toOpaque())
    guard created == 0 else { fail("cannot start thread \(index)") }
    threads.append(thread)
  }
  for _ in 0..<count { gate.signal() }
  for thread in threads { pthread_join(thread, nil) }
}

/// Opens `count` stores on `location` (before any clock starts).
func openStores(_ count: Int, _ location: StoreLocation, _ identity: any LoginIdentity)
  -> [any ClosableAccountStore]
{
  (0..<count).map { _ in
    do { return try location.open(identity: identity) } catch { fail("\(error)") }
  }
}

/// Sign-ups per second with `writers` at once for `seconds`, each its own store; with the
/// yescrypt hash made for each, or one made beforehand. Every account created is looked up
/// afterwards: none may be lost.
func signUps(
  writers: Int, seconds: Int, hashed: Bool, run: String, location: StoreLocation,
  identity: any LoginIdentity
) -> Double {
  let stores = openStores(writers, location, identity)
  let hash = (try? stores[0].createAccount(login: "h\(run)", password: "Zq7vLm2pR"))?
    .passwordHash
  guard let hash else { fail("cannot create an account") }
  let created = Mutex<[String]>([])
  let clock = ContinuousClock()
  let start = clock.now
  let end = start + .seconds(seconds)
  let shared = stores
  onThreads(writers) { writer in
    let store = shared[writer]
    var mine: [String] = []
    while clock.now < end {
      let login = "w\(run)x\(writer)x\(mine.count)"
      do {
        if hashed {
          _ = try store.createAccount(login: login, password: "Zq7vLm2pR")
        } else {
          guard let store = store as? any PrehashedAccountStore else { fail("no prehashed path") }
          _ = try store.createAccount(login: login, passwordHash: hash)
        }
      } catch {
        fail("\(login): \(error)")
      }
      mine.append(login)
    }
    created.withLock { $0 += mine }
  }
  let elapsed = clock.now - start
  let logins = created.withLock { $0 }
  for login in logins {
    guard (try? stores[0].availability(of: login)) == .taken else { fail("\(login) was lost") }
  }
  for store in stores { store.close() }
  return Double(logins.count)
    / (Double(elapsed.components.seconds) + Double(
      elapsed.components.attoseconds) / 1e18)
}

/// `writers` racing for one login, `rounds` times (a new login each round): exactly one
/// account each time, every loser told it is taken. Returns the rounds that held.
func races(
  writers: Int, rounds: Int, run: String, location: StoreLocation, identity: any LoginIdentity
)
  -> Int
{
  let stores = openStores(writers, location, identity)
  let shared = stores
  var held = 0
  for round in 0..<rounds {
    let login = "race\(run)x\(round)"
    let outcomes = Mutex<[Result<CreatedAccount, AccountStoreError>]>([])
    onThreads(writers) { writer in
      let outcome = Result { () throws(AccountStoreError) in
        // Half in capitals: one identity all the same.
        try (shared[writer] as! any PrehashedAccountStore).createAccount(
          login: writer % 2 == 0 ? login : login.uppercased(), passwordHash: "$y$j9T$race")
      }
      outcomes.withLock { $0.append(outcome) }
    }
    let all = outcomes.withLock { $0 }
    let winners = all.filter { (try? $0.get()) != nil }.count
    let losers = all.filter { $0 == .failure(.loginTaken) }.count
    let taken = (try? stores[0].availability(of: login)) == .taken
    if winners == 1 && losers == writers - 1 && taken { held += 1 }
  }
  for store in stores { store.close() }
  return held
}
