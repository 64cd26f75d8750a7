/// Why a site file is refused: the line (nil for the file as a whole) and the reason.
/// Shown to the admin as `FILE:LINE: reason` (exit 2).
public struct SiteFileError: Error, Equatable, Sendable {
  public enum Reason: Equatable, Sendable {
    // The file as a whole.
    case missing
    case unreadable(String)
    case symbolicLink
    case notRegularFile
    /// Owned by someone who is neither root nor the user running the program.
    case notOwned(uid: Int)
    /// Group or others may write it (mode).
    case writableByOthers(mode: Int)
    /// Its folder may be written by group or others, so the file may be swapped.
    case folderWritableByOthers(mode: Int)
    /// Its folder belongs to someone who is neither root nor the user.
    case folderNotOwned(uid: Int)
    case tooLarge(limit: Int)
    case notUTF8
    // A line.
    case controlCharacter
    case notKeyValue
    case emptyValue(String)
    case unknownKey(String)
    case notSupported(String)
    case duplicateKey(String, firstLine: Int)
    case badValue(String, expected: String)
    // The questions.
    case badSection
    case badQuestionName(String)
    case duplicateQuestion(String, firstLine: Int)
    case tooManyQuestions(limit: Int)
    case unknownQuestionKey(String)
    case missingLabel(String)
    case choicesMissing(String)
    case choicesNotAllowed(String)
    case maxLengthNotAllowed(String)
    case tooManyChoices(limit: Int)
    case tooLongText(String, limit: Int)
    // Settings that go together.
    /// `password = off` without `keys = required`: an account would have no way in.
    case passwordOffNeedsKeys
  }

  public var line: Int?
  public var reason: Reason

  public init(line: Int? = nil, _ reason: Reason) {
    self.line = line
    self.reason = reason
  }

  /// `FILE:LINE: reason`, or `FILE: reason` for the file as a whole.
  public func message(file: String) -> String {
    file + (line.map { ":\($0)" } ?? "") + ": " + reason.description
  }
}

extension SiteFileError.Reason: CustomStringConvertible {
  /// The reason in words for the admin (English: the file's keys are English too).
  public var description: String {
    switch self {
    case .missing: "no such file"
    case .unreadable(let why): "cannot be read: \(why)"
    case .symbolicLink: "is a symbolic link: give the real path"
    case .notRegularFile: "is not a regular file"
    case .notOwned(let uid): "belongs to uid \(uid): it must be root's or yours"
    case .writableByOthers(let mode):
      "can be written by group or others (mode \(octal(mode))): chmod go-w it"
    case .folderWritableByOthers(let mode):
      "is in a folder group or others can write (mode \(octal(mode))): chmod go-w the folder"
    case .folderNotOwned(let uid):
      "is in a folder of uid \(uid): the folder must be root's or yours"
    case .tooLarge(let limit): "is larger than \(limit) bytes"
    case .notUTF8: "is not UTF-8 text"
    case .controlCharacter: "holds a control character (only tabs and newlines may be there)"
    case .notKeyValue: "is not `key = value`, a `[question NAME]` heading or a # comment"
    case .emptyValue(let key): "\(key) needs a value"
    case .unknownKey(let key): "\(key) is not a key of register.conf(5)"
    case .notSupported(let key): "\(key) is not supported by this version"
    case .duplicateKey(let key, let first): "\(key) is set twice (first on line \(first))"
    case .badValue(let key, let expected): "\(key) must be \(expected)"
    case .badSection: "a section is written [question NAME]"
    case .badQuestionName(let name):
      "'\(name)' is not a question name: a-z first, then a-z, 0-9 or _, at most "
        + "\(SiteFile.longestQuestionName) characters"
    case .duplicateQuestion(let name, let first):
      "question \(name) is there twice (first on line \(first))"
    case .tooManyQuestions(let limit): "more than \(limit) questions"
    case .unknownQuestionKey(let key):
      "\(key) is not a question's key (label, kind, required, max-length, choices, help)"
    case .missingLabel(let name): "question \(name) has no label"
    case .choicesMissing(let name): "question \(name) is a choice: it needs choices = A | B"
    case .choicesNotAllowed(let name): "question \(name) is not a choice: choices is for choices"
    case .maxLengthNotAllowed(let name):
      "question \(name): max-length is for text, email and text-area"
    case .tooManyChoices(let limit): "more than \(limit) choices"
    case .tooLongText(let key, let limit): "\(key) is longer than \(limit) characters"
    case .passwordOffNeedsKeys:
      "password = off needs keys = required: an account without a password signs in with its key"
    }
  }

  private func octal(_ mode: Int) -> String {
    let digits = String(mode & 0o7777, radix: 8)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
