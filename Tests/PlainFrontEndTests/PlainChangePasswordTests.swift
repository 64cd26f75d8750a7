import Foundation
import PlainFrontEnd
import Registration
import TestSupport
import Testing

/// Change password line by line: the same view model as the form, asked field by field.
@Suite("Plain front end: change password")
struct PlainChangePasswordTests {
  let store = InMemoryAccountStore()
  let newPassword = NewPasswordDialogue()

  init() {
    store.add(login: "Alice", password: "Old4Secret")
  }

  func change(_ answers: [String], interactive: Bool = true, strings: Strings = .english)
    -> (PlainFrontEnd.Outcome, ScriptedDialogue)
  {
    newPassword.ask(
      answers, interactive: interactive, strings: strings,
      make: { [store] in
        ChangePasswordViewModel(
          store: store, scheduler: $0, strings: $1, passwordPolicy: $2, strengthEstimator: $3)
      }, run: PlainFrontEnd.changePassword)
  }

  @Test("four answers change the password, the new one with Sign up's rows and its strength")
  func straight() {
    let (outcome, dialogue) = change(["alice", "Old4Secret", "Zq7vLm2pR", "Zq7vLm2pR"])
    guard case .passwordChanged(let changed) = outcome else {
      Issue.record("\(outcome)")
      return
    }
    #expect(changed.login == "Alice")
    #expect(store.hasPassword("Zq7vLm2pR", for: "alice"))
    #expect(
      dialogue.transcript == "Change password\nLogin: alice\nCurrent password: \n"
        + NewPasswordDialogue.metRows)
    #expect(dialogue.secretAnswers == 3)
    #expect(
      !dialogue.transcript.contains("Old4Secret") && !dialogue.transcript.contains("Zq7vLm2pR"))
  }

  @Test("a new password the policy refuses only for the login typed again says why first")
  func refusedForTheNewLogin() {
    let (outcome, dialogue) = change([
      "bobby", "Old4Secret", "Xalice2026", "Xalice2026", "alice", "Old4Secret", "Zq7vLm2pR",
      "Zq7vLm2pR",
    ])
    guard case .passwordChanged = outcome else {
      Issue.record("\(outcome)")
      return
    }
    // After the login and current password asked again, before the new password is.
    let again = dialogue.transcript.components(separatedBy: "Current password: ").last ?? ""
    let beforeNew = again.components(separatedBy: "New password: ").first ?? ""
    #expect(beforeNew.contains("Easy to guess"), "\(dialogue.transcript)")
  }

  @Test("a refused new password says why and is asked again; a mismatch asks for both again")
  func askedAgain() {
    let (outcome, dialogue) = change([
      "alice", "Old4Secret", "Xalice2026", "Old4Secret", "Zq7vLm2pR", "Zq7vLm2pX", "Zq7vLm2pR",
      "Zq7vLm2pR",
    ])
    guard case .passwordChanged = outcome else {
      Issue.record("\(outcome)")
      return
    }
    let text = dialogue.transcript
    #expect(text.contains("  [ ] Easy to guess: contains the login\n"))
    #expect(text.contains("The new password is the current one.\n"))
    #expect(text.contains("The passwords do not match. Type the password again, then confirm it."))
    #expect(text.components(separatedBy: "New password: ").count == 5)
  }

  @Test("a wrong current password: one message, then the login and current password again")
  func wrongThenRight() {
    let (outcome, dialogue) = change([
      "alice", "Wrong4Secret", "Zq7vLm2pR", "Zq7vLm2pR", "alice", "Old4Secret",
    ])
    guard case .passwordChanged = outcome else {
      Issue.record("\(outcome)")
      return
    }
    #expect(
      dialogue.transcript.contains("Wrong login or password.\nLogin: alice\nCurrent password: \n"))
    #expect(dialogue.transcript.components(separatedBy: "New password: ").count == 2, "kept")
  }

  @Test("the current password typed again is the new one: says so before asking the new one again")
  func currentTypedAsNew() {
    let (outcome, dialogue) = change([
      "alice", "Wrong4Secret", "Zq7vLm2pR", "Zq7vLm2pR", "alice", "Zq7vLm2pR", "Wb4nKt8sQx",
      "Wb4nKt8sQx", "alice", "Old4Secret",
    ])
    guard case .passwordChanged = outcome else {
      Issue.record("\(outcome)")
      return
    }
    // After the current password asked the second time, before the new one is asked again.
    let second = dialogue.transcript.components(separatedBy: "Current password: ")[2]
    let beforeNew = second.components(separatedBy: "New password: ").first ?? ""
    #expect(beforeNew == "\nThe new password is the current one.\n", "\(dialogue.transcript)")
  }

  @Test("a script is never asked twice: wrong credentials end with their outcome, unmet with unmet")
  func script() {
    let (wrong, _) = change(
      ["nobody", "Old4Secret", "Zq7vLm2pR", "Zq7vLm2pR"], interactive: false)
    #expect(wrong == .wrongCredentials)
    let (weak, dialogue) = change(
      ["alice", "Old4Secret", "secret", "secret", "extra"], interactive: false)
    #expect(weak == .unmet)
    #expect(!dialogue.transcript.contains("Confirm new password"))
    let (same, _) = change(["alice", "Old4Secret", "Old4Secret", "Old4Secret"], interactive: false)
    #expect(same == .unmet)
    let (ended, _) = change(["alice", "Old4Secret"], interactive: false)
    #expect(ended == .inputEnded)
    #expect(store.hasPassword("Old4Secret", for: "alice"), "nothing was changed")
  }

  @Test("a locked login is told when to try again")
  func throttled() {
    store.fail(with: .throttled(retryAfterSeconds: 30))
    let (outcome, dialogue) = change(
      ["alice", "Old4Secret", "Zq7vLm2pR", "Zq7vLm2pR"], interactive: false)
    #expect(outcome == .failed)
    #expect(dialogue.transcript.hasSuffix("Too many attempts: try again in 30 seconds.\n"))
  }

  @Test("in Russian")
  func russian() {
    let (outcome, dialogue) = change(
      ["alice", "Old4Secret", "Zq7vLm2pR", "Zq7vLm2pR"], strings: .russian)
    guard case .passwordChanged = outcome else {
      Issue.record("\(outcome)")
      return
    }
    #expect(
      dialogue.transcript.hasPrefix(
        "Смена пароля\nЛогин: alice\nТекущий пароль: \nНовый пароль: \n"))
    #expect(dialogue.transcript.contains("Повторите новый пароль: "))
  }
}

/// Change password line by line holds the ending signals from the submission on, as Sign up
/// does: a change made is reported before a signal that came meanwhile acts.
@Suite("Plain front end: signals while a password is changed")
struct ChangePasswordSignalHoldTests {
  static let answers = ["alice", "Old4Secret", "Zq7vLm2pR", "Zq7vLm2pR"]

  func change(_ answers: [String], store: InMemoryAccountStore, hold: RecordingHold)
    -> PlainFrontEnd.Outcome
  {
    let scheduler = ManualScheduler()
    let model = ChangePasswordViewModel(store: store, scheduler: scheduler)
    return PlainFrontEnd(
      dialogue: ScriptedDialogue(answers), scheduler: scheduler, strings: .english,
      signals: hold.hold
    ).changePassword(model)
  }

  @Test("changed: held from the submission on, and not released (the program reports first)")
  func changedKeepsTheHold() {
    let store = InMemoryAccountStore()
    store.add(login: "alice", password: "Old4Secret")
    let recording = RecordingHold(arrived: SIGTERM)
    guard case .passwordChanged = change(Self.answers, store: store, hold: recording) else {
      Issue.record("not changed")
      return
    }
    #expect(recording.events.withLock { $0 } == ["hold"])
    #expect(store.hasPassword("Zq7vLm2pR", for: "alice"))
  }

  @Test("refused, and a signal came meanwhile: the dialogue ends with it, asks nothing more")
  func refusedWithSignal() {
    let store = InMemoryAccountStore()
    store.add(login: "alice", password: "Another4Secret")
    let recording = RecordingHold(arrived: SIGHUP)
    let outcome = change(Self.answers + ["alice", "Another4Secret"], store: store, hold: recording)
    #expect(outcome == .terminated(signal: SIGHUP))
    #expect(recording.events.withLock { $0 } == ["hold", "release"])
    #expect(store.hasPassword("Another4Secret", for: "alice"))
  }
}
