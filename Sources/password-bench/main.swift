// Times the password policy (libpwquality, through its checker process) and the strength
// estimate (zxcvbn) per call, for passwords of 8 to 64 characters: `make bench-password`.
// Prints figures; asserts nothing. zxcvbn is timed in thread CPU time, which the other
// programs on a shared machine do not inflate; the checker by the wall clock of a round
// trip, and by the CPU its process used.
import PasswordQuality
import Registration

#if canImport(Glibc)
  import Glibc
#endif

/// A small seeded generator (xorshift64*), so every run times the same passwords.
struct Generator: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state ^= state >> 12
    state ^= state << 25
    state ^= state >> 27
    return state &* 2_685_821_657_736_338_717
  }
}

let alphabet = Array("abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789-_.!")

func microseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
}

/// Median, 95th percentile and maximum, in microseconds.
func summary(_ samples: [Double]) -> String {
  let sorted = samples.sorted()
  func text(_ value: Double) -> String { String(Double(Int(value * 10)) / 10) }
  return
    "p50 \(text(sorted[sorted.count / 2])) µs, p95 \(text(sorted[sorted.count * 95 / 100])) µs, "
    + "max \(text(sorted.last!)) µs"
}

/// The CPU time a process has used so far, in microseconds (utime + stime).
func cpuMicroseconds(of process: Int32) -> Double {
  guard let file = fopen("/proc/\(process)/stat", "r") else { return 0 }
  defer { fclose(file) }
  var line = [CChar](repeating: 0, count: 1024)
  guard fgets(&line, Int32(line.count), file) != nil else { return 0 }
  let text = String(decoding: line.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self)
  // Fields after the command name, which is in parentheses: utime and stime are 14 and 15.
  let fields = text[text.lastIndex(of: ")")!...].split(separator: " ")
  let ticks = Double(fields[12])! + Double(fields[13])!
  return ticks * 1e6 / Double(sysconf(Int32(_SC_CLK_TCK)))
}

let clock = ContinuousClock()

/// The CPU time `body` takes on this thread, in microseconds.
func cpu(_ body: () -> Void) -> Double {
  var start = timespec()
  var end = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
  body()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
  return Double(end.tv_sec - start.tv_sec) * 1e6 + Double(end.tv_nsec - start.tv_nsec) / 1e3
}
var generator = Generator(state: 0x5EED)
let policy: HostPasswordPolicy
do {
  let start = clock.now
  policy = try HostPasswordPolicy(configuration: nil)
  print(
    "policy loaded (fork, dlopen, configuration): \(summary([microseconds(clock.now - start)]))")
} catch {
  print("password-bench: the policy cannot be loaded: \(error)")
  exit(1)
}
let estimator = ZxcvbnEstimator()

/// /proc/loadavg: how busy the machine was.
func loadAverage() -> String {
  var text = [CChar](repeating: 0, count: 64)
  if let file = fopen("/proc/loadavg", "r") {
    _ = fgets(&text, Int32(text.count), file)
    fclose(file)
  }
  return String(decoding: text.prefix { $0 != 0 && $0 != 10 }.map(UInt8.init), as: UTF8.self)
}
let count = 200

print(
  "\nper call, \(count) random passwords of each length (login 'alice'); zxcvbn in CPU time:")
for length in [8, 12, 16, 24, 32, 48, 64] {
  let passwords = (0..<count).map { _ in
    String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
  }
  let cpuBefore = cpuMicroseconds(of: policy.checkerProcess)
  let checks = passwords.map { password in
    microseconds(clock.measure { _ = policy.check(password: password, login: "alice") })
  }
  let checkerCPU = (cpuMicroseconds(of: policy.checkerProcess) - cpuBefore) / Double(count)
  let estimates = passwords.map { password in
    cpu { _ = estimator.strength(of: password, login: "alice") }
  }
  print(
    "  \(length) characters: libpwquality \(summary(checks)) (checker CPU \(Int(checkerCPU)) µs a call);"
      + " zxcvbn \(summary(estimates))")
}

print("\nzxcvbn, the worst text found (one character repeated), CPU per call:")
for length in [8, 16, 32, 64, 512] {
  let password = String(repeating: "a", count: length)
  let samples = (0..<20).map { _ in cpu { _ = estimator.strength(of: password, login: "alice") } }
  print("  \(length) characters: \(summary(samples))")
}

print("\nper keystroke while typing a 64-character password (every prefix, as the form does):")
print("  (load average: \(loadAverage()))")
let typed = String((0..<64).map { _ in alphabet.randomElement(using: &generator)! })
let prefixes = (1...64).map { String(typed.prefix($0)) }
let perKey = prefixes.map { prefix in cpu { _ = estimator.strength(of: prefix, login: "alice") } }
print("  zxcvbn on the interface thread: \(summary(perKey))")
