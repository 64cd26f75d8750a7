import Foundation
import PlainFrontEnd
import Registration
import Synchronization
import TestSupport
import Testing

/// A store that runs `whileCreating` in the middle of creating an account (say, raise a
/// SIGTERM, the way one lands while the password is hashed); then it answers.
final class InterruptedStore: AccountStore {
  let inner = InMemoryAccountStore()
  let whileCreating: @Sendable () -> Void

  init(whileCreating: @escaping @Sendable () -> Void) {
    self.whileCreating = whileCreating
  }

  func isLoginTaken(_ login: String) throws(AccountStoreError) -> Bool {
    try inner.isLoginTaken(login)
  }

  func createAccount(_ signUp: SignUp) throws(AccountStoreError) -> CreatedAccount {
    whileCreating()
    return try inner.createAccount(signUp)
  }
  func signIn(login: String, password: String) throws(AccountStoreError) -> SignedInAccount? {
    try inner.signIn(login: login, password: password)
  }

  func changePassword(login: String, currentPassword: String, newPassword: String)
    throws(AccountStoreError) -> ChangedPassword?
  {
    try inner.changePassword(
      login: login, currentPassword: currentPassword, newPassword: newPassword)
  }

  func accountsCreated(from address: String) throws(AccountStoreError) -> Int {
    try inner.accountsCreated(from: address)
  }

  func deleteAccount(login: String) throws(AccountStoreError) -> Bool {
    try inner.deleteAccount(login: login)
  }
}

/// Lets the ending signals through on this thread (Swift Testing's threads block some), so
/// that `raise` delivers them here and now.
func unblockEndingSignals() {
  var set = sigset_t()
  sigemptyset(&set)
  for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&set, signal) }
  pthread_sigmask(SIG_UNBLOCK, &set, nil)
}

/// A signal hold that records what the front end asked of it; `arrived` plays a signal
/// that came while it held.
final class RecordingHold: Sendable {
  let events = Mutex<[String]>([])
  let arrived: Int32?

  init(arrived: Int32? = nil) { self.arrived = arrived }

  var hold: SignalHold {
    SignalHold(
      hold: { self.events.withLock { $0.append("hold") } },
      release: {
        self.events.withLock { $0.append("release") }
        return self.arrived
      })
  }
}

@Suite("Plain front end: signals while the account is written")
struct SignalHoldTests {
  static let answers = ["bobby", "Secret123", "Secret123"]

  @Test("the program's own signals: a SIGTERM while creating waits, the account is made")
  func heldForReal() async {
    await #expect(processExitsWith: .success) {
      unblockEndingSignals()
      let store = InterruptedStore { raise(SIGTERM) }
      let scheduler = ManualScheduler()
      let model = RegistrationViewModel(
        store: store, scheduler: scheduler, policy: FakeLoginPolicy())
      let outcome = PlainFrontEnd(
        dialogue: ScriptedDialogue(SignalHoldTests.answers), scheduler: scheduler,
        strings: .english, signals: .process
      ).signUp(model)
      // Still alive: made, and the signal waits until the program has reported it.
      guard case .signedUp(let account) = outcome, account.login == "bobby" else { exit(2) }
      guard store.inner.count == 1 else { exit(3) }
      exit(SignalHold.process.release() == SIGTERM ? 0 : 4)
    }
  }

  @Test("a second signal while creating ends the program at once")
  func secondSignalEnds() async {
    await #expect(processExitsWith: .signal(SIGHUP)) {
      unblockEndingSignals()
      let store = InterruptedStore {
        raise(SIGTERM)
        raise(SIGHUP)
      }
      let scheduler = ManualScheduler()
      let model = RegistrationViewModel(
        store: store, scheduler: scheduler, policy: FakeLoginPolicy())
      _ = PlainFrontEnd(
        dialogue: ScriptedDialogue(SignalHoldTests.answers), scheduler: scheduler,
        strings: .english, signals: .process
      ).signUp(model)
      exit(0)
    }
  }

  @Test("made: held from the submission on, and not released (the program reports first)")
  func madeKeepsTheHold() {
    let recording = RecordingHold(arrived: SIGTERM)
    let scheduler = ManualScheduler()
    let holdsWhenCreating = Mutex<[String]>([])
    let store = InterruptedStore {
      holdsWhenCreating.withLock { $0 = recording.events.withLock { $0 } }
    }
    let model = RegistrationViewModel(store: store, scheduler: scheduler, policy: FakeLoginPolicy())
    let outcome = PlainFrontEnd(
      dialogue: ScriptedDialogue(Self.answers), scheduler: scheduler, strings: .english,
      signals: recording.hold
    ).signUp(model)
    guard case .signedUp = outcome else {
      Issue.record("\(outcome)")
      return
    }
    #expect(holdsWhenCreating.withLock { $0 } == ["hold"])
    #expect(recording.events.withLock { $0 } == ["hold"])
  }

  @Test("not made, and a signal came meanwhile: the dialogue ends with it, asks nothing more")
  func notMadeWithSignal() {
    let recording = RecordingHold(arrived: SIGHUP)
    let store = InMemoryAccountStore()
    let scheduler = ManualScheduler()
    let model = RegistrationViewModel(store: store, scheduler: scheduler, policy: FakeLoginPolicy())
    let dialogue = ScriptedDialogue(Self.answers + ["carol", "Secret123", "Secret123"])
    let outcome = PlainFrontEnd(
      dialogue: RaceDialogue(dialogue) {
        if model.confirmation == "Secret123", store.count == 0 {
          store.add(login: "BOBBY", password: "x")
        }
      }, scheduler: scheduler, strings: .english, signals: recording.hold
    ).signUp(model)
    #expect(outcome == .terminated(signal: SIGHUP))
    #expect(recording.events.withLock { $0 } == ["hold", "release"])
    #expect(!dialogue.transcript.contains("carol"))
  }

  @Test("not made, no signal: released, and the person is asked again")
  func notMadeWithoutSignal() {
    let recording = RecordingHold()
    let store = InMemoryAccountStore()
    let scheduler = ManualScheduler()
    let model = RegistrationViewModel(store: store, scheduler: scheduler, policy: FakeLoginPolicy())
    let dialogue = ScriptedDialogue(Self.answers + ["carol", "Secret123", "Secret123"])
    let outcome = PlainFrontEnd(
      dialogue: RaceDialogue(dialogue) {
        if model.confirmation == "Secret123", store.count == 0 {
          store.add(login: "BOBBY", password: "x")
        }
      }, scheduler: scheduler, strings: .english, signals: recording.hold
    ).signUp(model)
    guard case .signedUp(let account) = outcome else {
      Issue.record("\(outcome)")
      return
    }
    #expect(account.login == "carol")
    #expect(recording.events.withLock { $0 } == ["hold", "release", "hold"])
  }
}
