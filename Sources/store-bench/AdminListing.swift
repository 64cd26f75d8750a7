import Admin
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// What `register admin list` over the whole store came to: how long, how many rows, and
/// the resident memory after the first 100,000 rows and at the end (flat: a page at a time).
struct AdminListing {
  let seconds: Double
  let rows: Int
  let earlyMegabytes: Double
  let lateMegabytes: Double

  /// `register admin list --db LOCATION` through the admin's own command, its table written
  /// to /dev/null as it is to stdout (a buffer at a time): what is measured is reading,
  /// formatting and the writes, not a terminal.
  static func run(_ location: String) -> AdminListing {
    let rows = Atomic(0)
    let early = Atomic(0)
    let clock = ContinuousClock()
    let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
    guard null >= 0 else { fail("cannot open /dev/null") }
    defer { close(null) }
    let counted = { @Sendable (lines: Int) in
      let before = rows.add(lines, ordering: .relaxed).oldValue
      if before < 100_000 && before + lines >= 100_000 {
        early.store(residentBytes(), ordering: .relaxed)
      }
    }
    let output = AdminOutput(
      line: { _ in counted(1) }, complaint: { fail($0) },
      write: { bytes in
        var lines = 0
        for byte in bytes where byte == UInt8(ascii: "\n") { lines += 1 }
        counted(lines)
        _ = write(null, bytes.baseAddress, bytes.count)
      })
    var status: Int32 = 0
    let elapsed = clock.measure {
      status = AdminCommand.run(
        arguments: ["list", "--db", location], environment: [:], output: output)
    }
    if status != 0 { fail("register admin list exited \(status)") }
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return AdminListing(
      seconds: seconds, rows: rows.load(ordering: .relaxed) - 1,
      earlyMegabytes: Double(early.load(ordering: .relaxed)) / 1e6,
      lateMegabytes: Double(residentBytes()) / 1e6)
  }

  func report() {
    func rounded(_ value: Double) -> String { String(Double(Int(value * 100)) / 100) }
    print(
      "register admin list, \(rows) accounts: \(rounded(seconds)) s; resident "
        + "\(rounded(earlyMegabytes)) MB after 100,000 rows, \(rounded(lateMegabytes)) MB at the end"
    )
  }

  /// The process's resident memory now (`/proc/self/statm`, in pages).
  static func residentBytes() -> Int {
    let descriptor = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return 0 }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 128)
    let count = read(descriptor, &buffer, buffer.count)
    guard count > 0 else { return 0 }
    let fields = String(decoding: buffer[..<count], as: UTF8.self).split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
