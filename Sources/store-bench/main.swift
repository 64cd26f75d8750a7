// Measures the account store: `store-bench prepare LOCATION` creates an empty store;
// `store-bench measure LOCATION` times lookups, sign-ins, sign-ups by 1, 8 and 32 writers at
// once, races for one login against what is in it, and `register admin list` over it all.
// LOCATION is a file (SQLite) or a `postgresql://` URI. `make bench-store` fills each store with a million accounts in
// between, and runs both engines side by side. `store-bench keys-copy URI PROGRAM FOLDER`
// times `register keys` answered from the copy a running `register sync --follow` keeps.
import Accounts
import Policy
import Registration

#if canImport(Glibc)
  import Glibc
#endif

func fail(_ message: String) -> Never {
  var line = Array("store-bench: \(message)\n".utf8)
  _ = write(STDERR_FILENO, &line, line.count)
  exit(1)
}

func microseconds(_ duration: Duration) -> Double {
  Double(duration.components.attoseconds) / 1e12 + Double(duration.components.seconds) * 1e6
}

/// Median, 99th percentile and mean of durations, in microseconds.
func summary(_ samples: [Duration]) -> String {
  let micros = samples.map(microseconds).sorted()
  let mean = micros.reduce(0, +) / Double(micros.count)
  func rounded(_ value: Double) -> String { String(Double(Int(value * 10)) / 10) }
  return
    "median \(rounded(micros[micros.count / 2])) µs, p99 \(rounded(micros[micros.count * 99 / 100])) µs, "
    + "mean \(rounded(mean)) µs over \(micros.count)"
}

func measure(_ count: Int, _ body: (Int) throws -> Void) rethrows -> [Duration] {
  let clock = ContinuousClock()
  return try (0..<count).map { index in try clock.measure { try body(index) } }
}

let arguments = CommandLine.arguments
// make bench-sync's modes, which open no store of their own here.
if arguments.count == 6, arguments[1] == "sync-latency", let rate = Int(arguments[4]),
  let count = Int(arguments[5]), rate > 0, count > 0
{
  SyncLatency.run(uri: arguments[2], folder: arguments[3], rate: rate, count: count)
  exit(0)
}
if arguments.count == 5, arguments[1] == "keys-copy" {
  KeysFromCopy.run(location: arguments[2], program: arguments[3], folder: arguments[4])
  exit(0)
}
if arguments.count >= 4, arguments[1] == "runs", let count = Int(arguments[2]), count > 0 {
  ProgramRuns.run(count: count, words: Array(arguments[3...]))
  exit(0)
}
guard arguments.count == 3 || (arguments.count == 4 && arguments[1] == "measure") else {
  fail("usage: store-bench prepare|measure|list PATH|URI [REGISTER]")
}
let location = StoreLocation(arguments[2])
let engine = if case .postgres = location { "PostgreSQL" } else { "SQLite" }
let policy = UnicodeLoginPolicy()
let opened: any ClosableAccountStore
do { opened = try location.open(identity: policy, createsFolders: true) } catch {
  fail("\(error)")
}
let store = opened

/// "Login is free" as the form asks it: reserved names, then the store (identity, then
/// skeleton).
func isFree(_ login: String) throws -> Bool {
  try policy.reservation(of: login) == nil && store.availability(of: login) == .free
}

switch arguments[1] {
case "prepare":
  // The schema: SQLite makes its file with the first account; PostgreSQL has it already.
  if let service = store as? AccountService {
    do { try service.create() } catch { fail("\(error)") }
  }
  print("created \(location)")
case "measure":
  var generator = SystemRandomNumberGenerator()
  print("\(engine):")
  do {
    let present = try measure(10_000) { _ in
      _ = try isFree("user\(Int.random(in: 1...1_000_000, using: &generator))")
    }
    let absent = try measure(10_000) { _ in
      _ = try isFree("nobody\(Int.random(in: 1...1_000_000, using: &generator))")
    }
    let upper = try measure(10_000) { _ in
      _ = try isFree("USER\(Int.random(in: 1...1_000_000, using: &generator))")
    }
    // A Cyrillic е: no account has its identity, one has its skeleton.
    let lookalike = try measure(10_000) { _ in
      _ = try isFree("us\u{435}r\(Int.random(in: 1...1_000_000, using: &generator))")
    }
    print("Login is free, existing login:       \(summary(present))")
    print("Login is free, missing login:        \(summary(absent))")
    print("Login is free, existing, upper case: \(summary(upper))")
    print("Login is free, lookalike (Cyrillic): \(summary(lookalike))")
    // The program given: `register keys` for a login with a key, then one with none.
    if arguments.count == 4 {
      let withKey = keysCommandTimes(program: arguments[3], location: arguments[2], count: 500) {
        _ in "user\(Int.random(in: 1...1_000_000, using: &generator))"
      }
      let unknown = keysCommandTimes(program: arguments[3], location: arguments[2], count: 500) {
        _ in "nobody\(Int.random(in: 1...1_000_000, using: &generator))"
      }
      print("register keys, an account's key:     \(summary(withKey))")
      print("register keys, no such account:      \(summary(unknown))")
    }
    let stamp = String(UInt32.random(in: 0...UInt32.max, using: &generator), radix: 36)
    let single = try measure(20) { index in
      _ = try store.createAccount(login: "bench\(stamp)x\(index)", password: "Zq7vLm2pR")
    }
    print("createAccount (yescrypt + insert):   \(summary(single))")
    let signIns = try measure(20) { index in
      guard try store.signIn(login: "bench\(stamp)x\(index)", password: "Zq7vLm2pR") != nil else {
        fail("sign-in failed")
      }
    }
    print("signIn (lookup + yescrypt verify):   \(summary(signIns))")
    for hashed in [false, true] {
      for writers in [1, 8, 32] {
        let rate = signUps(
          writers: writers, seconds: hashed ? 5 : 3, hashed: hashed,
          run: "\(stamp)\(hashed ? "h" : "p")\(writers)", location: location, identity: policy)
        let what = hashed ? "hash included" : "hash excluded"
        print(
          "sign-ups, \(what), \(writers) writer\(writers == 1 ? ": " : "s:") \(Int(rate)) per second"
        )
      }
    }
    let rounds = 20
    let held = races(
      writers: 32, rounds: rounds, run: stamp, location: location, identity: policy)
    print("32 writers racing for one login: exactly one account in \(held) of \(rounds) rounds")
    if held != rounds { fail("a race lost or duplicated an account") }
  } catch {
    fail("\(error)")
  }
  store.close()
  AdminListing.run(arguments[2]).report()
case "list":
  store.close()
  AdminListing.run(arguments[2]).report()
default:
  fail("usage: store-bench prepare|measure|list PATH|URI")
}
