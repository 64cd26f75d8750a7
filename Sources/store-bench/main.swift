// Measures the account store: `store-bench prepare PATH` creates an empty store;
// `store-bench measure PATH` times lookups, sign-ups and sign-ins against what is in it.
// `make bench-store` fills the store with a million accounts in between.
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

/// Median, 99th percentile and mean of durations, in microseconds.
func summary(_ samples: [Duration]) -> String {
  let micros = samples.map {
    Double($0.components.attoseconds) / 1e12 + Double($0.components.seconds) * 1e6
  }
  .sorted()
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
guard arguments.count == 3 else { fail("usage: store-bench prepare|measure PATH") }
let path = arguments[2]
let policy = UnicodeLoginPolicy()
let store: SQLiteAccountStore
do { store = try SQLiteAccountStore(path: path, identity: policy, createsFolders: true) } catch { fail("\(error)") }

/// "Login is free" as the form asks it: reserved names, then the store (identity, then
/// skeleton).
func isFree(_ login: String) throws -> Bool {
  try policy.reservation(of: login) == nil && store.availability(of: login) == .free
}

switch arguments[1] {
case "prepare":
  do { try store.create() } catch { fail("\(error)") }
  print("created \(path)")
case "measure":
  var generator = SystemRandomNumberGenerator()
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
    let stamp = Int(UInt32.random(in: 0...UInt32.max, using: &generator))
    let signUps = try measure(20) { index in
      _ = try store.createAccount(login: "bench\(stamp)x\(index)", password: "Secret123")
    }
    print("createAccount (yescrypt + insert):   \(summary(signUps))")
    let signIns = try measure(20) { index in
      guard try store.signIn(login: "bench\(stamp)x\(index)", password: "Secret123") != nil else {
        fail("sign-in failed")
      }
    }
    print("signIn (lookup + yescrypt verify):   \(summary(signIns))")
  } catch {
    fail("\(error)")
  }
default:
  fail("usage: store-bench prepare|measure PATH")
}
