import Synchronization
import Testing
import Widgets

#if canImport(Glibc)
  import Glibc
#endif

/// `Application.run()` on a memory screen: time is virtual, so timers are checked to the
/// instant without sleeping; work on the worker thread is real.
@Suite("The run loop in virtual time")
struct RunLoopTests {
  let screen = MemoryScreen(size: Size(width: 20, height: 6))
  let application: Application
  let start: ContinuousClock.Instant

  init() {
    application = Application(screen: screen, contentWidth: 20)
    start = screen.manualClock.now
  }

  var elapsed: Duration { screen.manualClock.now - start }

  @Test("timers run in order, each at its time: the wait ends at the next deadline")
  func timersOnTime() {
    var ran: [String] = []
    var at: [Duration] = []
    application.schedule(after: .milliseconds(250)) {
      ran.append("late")
      at.append(elapsed)
    }
    application.schedule(after: .milliseconds(100)) {
      ran.append("early")
      at.append(elapsed)
    }
    screen.pause(.seconds(1))
    #expect(application.run() == .endOfInput)
    #expect(ran == ["early", "late"])
    #expect(at == [.milliseconds(100), .milliseconds(250)])
    #expect(elapsed == .seconds(1))
  }

  @Test("a timer scheduled by a timer counts from when it was scheduled")
  func timerFromTimer() {
    var at: [Duration] = []
    application.schedule(after: .milliseconds(100)) { [application] in
      at.append(elapsed)
      application.schedule(after: .milliseconds(100)) { at.append(elapsed) }
    }
    screen.pause(.seconds(1))
    _ = application.run()
    #expect(at == [.milliseconds(100), .milliseconds(200)])
  }

  @Test("a cancelled timer never runs, and the loop does not wake for it")
  func cancelled() {
    var ran = false
    let timer = application.schedule(after: .milliseconds(100)) { ran = true }
    timer.cancel()
    screen.pause(.seconds(1))
    _ = application.run()
    #expect(!ran)
    #expect(timer.isCancelled)
    // One wait for the whole pause, one that finds the end of input: none at 100 ms.
    #expect(screen.waitCount == 2)
  }

  @Test("a timer not yet due when input ends does not run")
  func notDue() {
    var ran = false
    application.schedule(after: .seconds(2)) { ran = true }
    screen.pause(.seconds(1))
    _ = application.run()
    #expect(!ran)
    #expect(elapsed == .seconds(1))
  }

  @Test("work runs off the loop's thread; its completion on it, once the result wakes the wait")
  func performWakesTheLoop() {
    let loop = pthread_self()
    var result: Int?
    var completedOnLoop = false
    application.perform({ pthread_equal(pthread_self(), loop) == 0 ? 42 : -1 }) { value in
      result = value
      completedOnLoop = pthread_equal(pthread_self(), loop) != 0
    }
    screen.waitForWaker()
    #expect(application.run() == .endOfInput)
    #expect(result == 42)
    #expect(completedOnLoop)
  }

  @Test("each result goes to its own completion, whatever the order work finishes in")
  func performMany() {
    var results: [Int: String] = [:]
    for number in 1...3 {
      application.perform({ String(repeating: "x", count: number) }) { results[number] = $0 }
    }
    for _ in 1...3 { screen.waitForWaker() }
    _ = application.run()
    #expect(results == [1: "x", 2: "xx", 3: "xxx"])
  }

  @Test("a completion and a timer in one batch draw one frame")
  func oneFrame() {
    let label = Binding(initialValue: "")
    application.show(VStack([Label({ label.get() })]))
    application.render()
    let flushes = screen.flushCount
    application.perform({ "done" }) { label.set($0) }
    application.schedule(after: .zero) { label.set(label.get() + "!") }
    screen.waitForWaker()
    _ = application.run()
    #expect(screen.line(0) == "done!")
    // The frame run() starts with has nothing new; then one for the batch.
    #expect(screen.flushCount == flushes + 1)
  }
}
