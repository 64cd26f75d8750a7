import Synchronization

/// A login policy that keeps its last `validate` answer: one Login key asks twice (the
/// problem said under the button, and the "Letters, digits" row), and the policy's rules
/// (ICU's normalisation and spoof checks) are most of a key's work. The answer depends
/// on the text alone, so it is kept for exactly the same code units (not `==`, which
/// treats canonically equivalent texts as one).
final class RememberingLoginPolicy: LoginPolicy {
  private let base: any LoginPolicy
  private let last = Mutex<(login: String, problem: LoginProblem?)?>(nil)

  init(_ base: any LoginPolicy) {
    self.base = base
  }

  var rule: LoginRule { base.rule }
  func normalized(_ login: String) -> String { base.normalized(login) }
  func identityKey(_ login: String) -> String { base.identityKey(login) }
  func skeleton(_ login: String) -> String { base.skeleton(login) }
  func reservation(of login: String) -> LoginReservation? { base.reservation(of: login) }

  func validate(_ login: String) -> LoginProblem? {
    if let last = last.withLock({ $0 }), last.login.utf8.elementsEqual(login.utf8) {
      return last.problem
    }
    let problem = base.validate(login)
    last.withLock { $0 = (login, problem) }
    return problem
  }
}
