import Registration
import Widgets

extension Application {
  /// Sends the session's events from the application: Esc, Ctrl-C, the ending signals, the
  /// terminal gone, the idle timeout, and the end of each batch of input (which also starts
  /// the idle timeout again when input came).
  func sendSessionEvents(idleTimeout: IdleTimeout?, to send: @escaping (SessionEvent) -> Void) {
    onCancel = { send(.cancel) }
    onInterrupt = { send(.interrupt) }
    onTerminate = { send(.terminate(signal: $0)) }
    onEndOfInput = { send(.endOfInput) }
    var inputSeen = 0
    afterEvents = { [unowned self] in
      if let idleTimeout, inputCount != inputSeen {
        inputSeen = inputCount
        idleTimeout.restart()
      }
      send(.settled)
    }
    if let idleTimeout {
      idleTimeout.onExpired = { send(.idleTimeout) }
      idleTimeout.restart()
    }
  }

  /// Runs until the session ends; `outcome` is what the flow ended with, if it did.
  func runSession(router: Router, outcome: () -> SessionOutcome?) -> SessionOutcome {
    let exit = run()
    router.close()
    switch exit {
    case .stopped: return outcome() ?? .cancelled
    case .cancelled: return .cancelled
    case .interrupted: return .interrupted
    case .signal(let signal): return .terminated(signal: signal)
    case .endOfInput: return .inputClosed
    }
  }
}
