import Foundation
import Testing

@testable import Door

/// Sessions counted across processes through locked files: real files, real locks, real
/// processes holding them.
@Suite("Live sessions")
struct LiveSessionsTests {
  /// A private folder for one test, removed after it.
  final class Folder {
    let path: String
    let descriptor: Int32

    init() throws {
      path =
        FileManager.default.temporaryDirectory
        .appendingPathComponent("door-\(UUID().uuidString.prefix(8))").path
      descriptor = try SessionFolder.open(path)
    }

    deinit {
      close(descriptor)
      try? FileManager.default.removeItem(atPath: path)
    }

    var sessions: LiveSessions { LiveSessions(folder: descriptor) }

    /// The entries in the folder, the lock aside.
    func entries() throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: path).filter { $0 != ".lock" }
    }
  }

  static let limits = SessionLimits(perAddress: 3, total: 5)

  @Test("three from one address, the fourth refused; others still come in, up to the total")
  func limits() throws {
    let folder = try Folder()
    let sessions = folder.sessions
    let seats = try (0..<3).map { _ in try sessions.enter(address: "192.0.2.7", limits: Self.limits)
    }
    #expect(throws: SessionRefusal.addressFull(limit: 3)) {
      try sessions.enter(address: "192.0.2.7", limits: Self.limits)
    }
    let others = try (0..<2).map { _ in
      try sessions.enter(address: "2001:db8::1", limits: Self.limits)
    }
    #expect(throws: SessionRefusal.full(limit: 5)) {
      try sessions.enter(address: "198.51.100.1", limits: Self.limits)
    }
    #expect(try sessions.count(address: "192.0.2.7") == .init(total: 5, fromAddress: 3))
    // One leaves: its seat is free again, for that address.
    seats[0].leave()
    #expect(try sessions.count(address: "192.0.2.7") == .init(total: 4, fromAddress: 2))
    let again = try sessions.enter(address: "192.0.2.7", limits: Self.limits)
    #expect(try folder.entries().count == 5)
    _ = (seats, others, again)
  }

  @Test("a seat held by another process counts until that process is killed")
  func killedProcess() throws {
    let folder = try Folder()
    let sessions = folder.sessions
    // flock(1) holds an exclusive lock on an entry, as a session's process does (no
    // child of its own to keep the lock after it is killed).
    let key = "192.0.2.7".utf8.map { String(format: "%02x", $0) }.joined()
    let entry = "\(folder.path)/s-\(key)-1-abc"
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
    holder.arguments = ["--no-fork", "-x", entry, "/bin/sleep", "60"]
    try holder.run()
    defer {
      if holder.isRunning { kill(holder.processIdentifier, SIGKILL) }
      holder.waitUntilExit()
    }
    var count = try sessions.count(address: "192.0.2.7")
    for _ in 0..<500 where count.fromAddress == 0 {
      usleep(10_000)
      count = try sessions.count(address: "192.0.2.7")
    }
    #expect(count == .init(total: 1, fromAddress: 1))
    let one = SessionLimits(perAddress: 1, total: 5)
    #expect(throws: SessionRefusal.addressFull(limit: 1)) {
      try sessions.enter(address: "192.0.2.7", limits: one)
    }
    // Killed: no chance to clean up. The lock goes with the process; the file stays...
    kill(holder.processIdentifier, SIGKILL)
    holder.waitUntilExit()
    #expect(try folder.entries() == ["s-\(key)-1-abc"])
    #expect(try sessions.count(address: "192.0.2.7") == .init())
    // ...until the next one in removes it.
    let seat = try sessions.enter(address: "192.0.2.7", limits: one)
    #expect(try folder.entries().count == 1)
    #expect(try !folder.entries().contains("s-\(key)-1-abc"))
    seat.leave()
    #expect(try folder.entries().isEmpty)
  }

  @Test("twenty racing for five seats: exactly five get one")
  func race() async throws {
    let folder = try Folder()
    let sessions = folder.sessions
    let limits = SessionLimits(perAddress: 100, total: 5)
    let results = await withTaskGroup(of: SessionSeat?.self) { group in
      for index in 0..<20 {
        group.addTask { try? sessions.enter(address: "192.0.2.\(index)", limits: limits) }
      }
      var seats: [SessionSeat?] = []
      for await seat in group { seats.append(seat) }
      return seats
    }
    #expect(results.compactMap { $0 }.count == 5)
    #expect(try folder.entries().count == 5)
  }

  @Test("counting and entering take the folder's lock: while another process holds it, no seat")
  func folderLock() throws {
    let folder = try Folder()
    let sessions = folder.sessions
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
    holder.arguments = ["--no-fork", "-x", "\(folder.path)/.lock", "/bin/sleep", "60"]
    try holder.run()
    defer {
      if holder.isRunning { kill(holder.processIdentifier, SIGKILL) }
      holder.waitUntilExit()
    }
    // Until flock(1) has the lock, a probe of our own gets it.
    let probe = open("\(folder.path)/.lock", O_RDWR | O_CREAT, 0o600)
    defer { close(probe) }
    for _ in 0..<500 where flock(probe, LOCK_EX | LOCK_NB) == 0 {
      flock(probe, LOCK_UN)
      usleep(10_000)
    }
    #expect(throws: SessionRefusal.uncountable("the lock stayed taken")) {
      try sessions.enter(address: "192.0.2.7", limits: Self.limits)
    }
    #expect(try folder.entries().isEmpty)
    kill(holder.processIdentifier, SIGKILL)
    holder.waitUntilExit()
    _ = try sessions.enter(address: "192.0.2.7", limits: Self.limits)
  }

  @Test(
    "what is planted under a session's name (a link, a FIFO, a folder) neither counts nor hangs")
  func planted() throws {
    let folder = try Folder()
    let sessions = folder.sessions
    let key = "192.0.2.7".utf8.map { String(format: "%02x", $0) }.joined()
    let target = "\(folder.path)-target"
    _ = FileManager.default.createFile(atPath: target, contents: nil)
    defer { try? FileManager.default.removeItem(atPath: target) }
    try FileManager.default.createSymbolicLink(
      atPath: "\(folder.path)/s-\(key)-1-link", withDestinationPath: target)
    #expect(mkfifo("\(folder.path)/s-\(key)-2-fifo", 0o600) == 0)
    try FileManager.default.createDirectory(
      atPath: "\(folder.path)/s-\(key)-3-dir", withIntermediateDirectories: false)
    _ = FileManager.default.createFile(atPath: "\(folder.path)/notes", contents: nil)
    #expect(try sessions.count(address: "192.0.2.7") == .init())
    let seat = try sessions.enter(
      address: "192.0.2.7", limits: SessionLimits(perAddress: 1, total: 1))
    // The link and the FIFO are gone, the link's target untouched; the folder and what is
    // not named as ours stay.
    #expect(FileManager.default.fileExists(atPath: target))
    let left = Set(try folder.entries())
    #expect(left.contains("s-\(key)-3-dir") && left.contains("notes"))
    #expect(!left.contains("s-\(key)-1-link") && !left.contains("s-\(key)-2-fifo"))
    #expect(left.count == 3)
    seat.leave()
  }

  @Test(
    "an entry that cannot be read for want of descriptors or locks is never removed: refused",
    arguments: [("open", EMFILE), ("open", ENFILE), ("lock", ENOLCK)])
  func unreadableEntryKept(call: String, error: Int32) throws {
    let folder = try Folder()
    let seat = try folder.sessions.enter(address: "192.0.2.7", limits: Self.limits)
    var failing = LiveSessions.EntryCalls.system
    let fail: @Sendable () -> Int32 = {
      errno = error
      return -1
    }
    if call == "open" { failing.open = { _, _ in fail() } } else { failing.lock = { _ in fail() } }
    let broken = LiveSessions(folder: folder.descriptor, entryCalls: failing)
    #expect {
      try broken.enter(address: "2001:db8::1", limits: Self.limits)
    } throws: { refusal in
      guard case SessionRefusal.uncountable(let reason) = refusal else { return false }
      return reason.contains(String(cString: strerror(error)))
    }
    #expect(try folder.entries().count == 1)
    #expect(try folder.sessions.count(address: "192.0.2.7") == .init(total: 1, fromAddress: 1))
    seat.leave()
  }

}
