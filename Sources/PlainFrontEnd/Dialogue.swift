import Terminal

#if canImport(Glibc)
  import Glibc
#endif

/// Where the line-by-line dialogue reads answers and writes questions. Tests script it.
public protocol Dialogue: AnyObject {
  /// Whether a person answers (stdin is a terminal). A script's answers come in a fixed
  /// order: a question is never asked again, or the next line (a password) would be
  /// taken for the answer.
  var isInteractive: Bool { get }
  /// The next answer; nil at the end of input. Secret answers are not echoed.
  func answer(secret: Bool) -> String?
  /// The next answer, or why the line read cannot be taken (not UTF-8, too many combining
  /// marks in a row); nil at the end of input.
  func answerLine(secret: Bool) -> InputLine?
  /// Writes questions, checklists and messages (never the result).
  func say(_ text: String)
}

extension Dialogue {
  /// For dialogues whose answers are always text (scripts in tests).
  public func answerLine(secret: Bool) -> InputLine? { answer(secret: secret).map(InputLine.text) }
}

/// Answers from standard input, questions to standard error, so that standard output
/// carries only the result: `account=$(register --plain < answers)`.
public final class StandardDialogue: Dialogue {
  public let isInteractive: Bool
  private let readAnswer: (_ echo: Bool) -> InputLine?
  private let output: (String) -> Void

  /// Answers read by `readAnswer` (`LineReader`'s by default; a `TimedLineReader`'s for an
  /// idle timeout).
  public convenience init(
    readAnswer: @escaping (_ echo: Bool) -> InputLine? = LineReader.readAnswer
  ) {
    self.init(
      isInteractive: isatty(STDIN_FILENO) == 1, readAnswer: readAnswer,
      write: Self.writeToStandardError)
  }

  /// The same dialogue on other input and output (tests).
  public init(
    isInteractive: Bool, readAnswer: @escaping (_ echo: Bool) -> InputLine?,
    write: @escaping (String) -> Void
  ) {
    self.isInteractive = isInteractive
    self.readAnswer = readAnswer
    output = write
  }

  /// Answers that are always text (tests).
  public convenience init(
    isInteractive: Bool, readLine: @escaping (_ echo: Bool) -> String?,
    write: @escaping (String) -> Void
  ) {
    self.init(
      isInteractive: isInteractive, readAnswer: { readLine($0).map(InputLine.text) },
      write: write)
  }

  public func answer(secret: Bool) -> String? { answerLine(secret: secret)?.textOrEmpty }

  public func answerLine(secret: Bool) -> InputLine? {
    let line = readAnswer(!secret)
    // From a pipe nothing echoes the answer: show what a person would have seen, the
    // login (with what a terminal would act on written out) and the Enter, but never a
    // password (nor a line refused: it is not what anyone could read).
    if !isInteractive, let line {
      let shown = if case .text(let text) = line, !secret { text.escapedForTerminal } else { "" }
      say(shown + "\n")
    }
    return line
  }

  public func say(_ text: String) { output(text) }

  private static func writeToStandardError(_ text: String) {
    let bytes = Array(text.utf8)
    bytes.withUnsafeBufferPointer { buffer in
      var written = 0
      while written < buffer.count {
        let count = write(STDERR_FILENO, buffer.baseAddress! + written, buffer.count - written)
        if count <= 0 { return }
        written += count
      }
    }
  }
}
