import Registration

/// Hands an account on once it is stored: to `useradd`, a mail server, a queue.
public protocol NewAccountHook: Sendable {
  /// Runs for `account`, just stored; a failure makes the store take the account back.
  func run(for account: CreatedAccount, clientAddress: String?) -> HookResult
}

/// How a hand-off went.
public enum HookResult: Hashable, Sendable {
  case success
  case failure(HookFailure)
}

/// Why a hand-off failed, for the log.
public enum HookFailure: Hashable, Sendable, CustomStringConvertible {
  case couldNotStart(String)
  case exited(Int32)
  case signalled(Int32)
  case timedOut

  public var description: String {
    switch self {
    case .couldNotStart(let reason): "could not start: \(reason)"
    case .exited(let code): "exit status \(code)"
    case .signalled(let signal): "ended by signal \(signal)"
    case .timedOut: "did not finish in time, stopped"
    }
  }
}

/// What the log says of one hand-off: for whom, how it went, what the command printed.
public struct LogEntry: Hashable, Sendable {
  public let login: String
  public let result: HookResult
  /// The command's stdout and stderr together (the start of it), the hash taken out.
  public let output: String
}
