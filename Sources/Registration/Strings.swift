import SSHKeys

/// Every text the program shows, in one language. One table per language
/// (`Strings+English.swift`, `Strings+Russian.swift`); a text missing from a table does
/// not compile.
public struct Strings: Sendable {
  // Sign up
  public var signUpTitle: String
  public var loginLabel: String
  public var passwordLabel: String
  public var confirmationLabel: String
  public var show: String
  public var hide: String
  public var signUpButton: String
  public var haveAccount: String
  public var signInLink: String
  /// Given the columns and rows needed.
  public var terminalTooSmall: @Sendable (Int, Int) -> String
  public var creatingAccount: String
  /// Instead of `creatingAccount` when the store has not answered for a while.
  public var storeBrieflyAway: String
  public var loginTakenMeanwhile: String

  // Sign in
  public var signInTitle: String
  public var signInButton: String
  public var noAccount: String
  public var createOneLink: String
  public var signingIn: String
  public var wrongCredentials: String

  // Requirements
  public var loginLength: String
  public var loginIsFree: String
  public var checkingLogin: String
  public var passwordLength: String
  public var passwordUppercase: String
  public var confirmationMatches: String

  // Passwords: the host's policy (rows that follow its settings, "Hard to guess" and its
  // reasons), the strength meter, and the --password-policy messages
  public var passwordLengthAtLeast: @Sendable (Int) -> String
  public var passwordUppercaseLatin: @Sendable (Int) -> String
  public var passwordLowercaseLatin: @Sendable (Int) -> String
  public var passwordDigits: @Sendable (Int) -> String
  public var passwordSymbols: @Sendable (Int) -> String
  public var passwordKinds: @Sendable (Int) -> String
  public var passwordHardToGuess: String
  public var checkingPassword: String
  /// The whole row, for a password the policy refuses.
  public var passwordRefusal: @Sendable (PasswordRefusal) -> String
  public var strengthLabel: String
  public var strength: @Sendable (PasswordStrength) -> String
  public var cannotUsePasswordPolicy: @Sendable (_ path: String, _ reason: String) -> String
  public var policyFileUnreadable: String
  public var policyFileMalformed: String
  public var policyUnknownSetting: @Sendable (String) -> String
  public var policyBadValue: @Sendable (String) -> String
  public var cannotLoadPasswordPolicy: @Sendable (String) -> String

  // Input that never ends: why a field stopped taking input (its maximum length)
  public var atMostCharacters: @Sendable (Int) -> String
  public var atMostBytes: @Sendable (Int) -> String

  // Messages with a value in them
  public var cannotSave: @Sendable (String) -> String
  public var cannotCheck: @Sendable (String) -> String
  public var cannotSignIn: @Sendable (String) -> String

  // Results, printed after the form
  public var accountCreated: @Sendable (String) -> String
  public var signedIn: @Sendable (String) -> String

  // The line-by-line dialogue
  public var inputEnded: String
  public var answersUnmet: String

  // First use: what a newcomer is told after a mistake
  public var passwordsDoNotMatch: String
  public var loginTaken: String
  public var signInInstead: String
  // Hostile text: an answer with a NUL character (line by line)
  public var answerContainsNUL: String

  // The program's own messages, on stderr
  public var unknownOption: @Sendable (String) -> String
  public var unexpectedArgument: @Sendable (String) -> String
  public var missingValue: @Sendable (String) -> String
  public var unknownLanguage: @Sendable (String) -> String
  public var tryHelp: String
  public var noDatabasePlace: String
  public var cannotOpenDatabase: @Sendable (_ path: String, _ reason: String) -> String
  public var noTerminal: @Sendable (String) -> String
  public var unknownTerminal: @Sendable (String) -> String
  public var crashed: String
  public var help: String

  // Logins: what a login may be, lookalikes, reserved and system names
  public var loginCharacters: String
  /// The row's text with `--unix-names`.
  public var loginUnixCharacters: String
  /// "Login is free" unmet because the login looks like another (which is not said).
  public var loginLooksTaken: String
  public var loginReserved: String
  public var loginSystemName: String
  /// Why a login is refused, under the button.
  public var loginProblem: @Sendable (LoginProblem) -> String
  public var cannotReadReservedNames: @Sendable (_ path: String, _ reason: String) -> String

  // The database file and the sign-in throttle (the store's area)
  /// Why the database file is refused: the reason after "cannot open the account database".
  public var databaseRefused: @Sendable (DatabaseRefusal) -> String
  /// Sign-in is locked for this many seconds.
  public var tooManyAttempts: @Sendable (_ seconds: Int) -> String

  // Sign-up over SSH: limits for a public door, handing the account on, forced command
  /// `--max-per-address` is reached: at most this many accounts per address in 24 hours.
  public var addressLimitReached: @Sendable (_ limit: Int) -> String
  /// Under the button while the session is about to close for want of input.
  public var idleWarning: @Sendable (_ secondsLeft: Int) -> String
  /// On stderr once the session has closed after this many seconds without input.
  public var idleClosed: @Sendable (_ seconds: Int) -> String
  /// On stderr when the `--on-create` command failed (exit 4).
  public var handOffFailed: String
  /// Over SSH without a terminal: what to do instead.
  public var needsTerminal: String
  /// An SSH command (`SSH_ORIGINAL_COMMAND`) that is none of ours.
  public var unknownCommand: @Sendable (String) -> String
  /// A flag given something that is not a whole number in the range it allows.
  public var invalidNumber:
    @Sendable (_ option: String, _ value: String, _ allowed: ClosedRange<Int>) -> String
  /// `--on-create` with a quote left open.
  public var unbalancedQuote: @Sendable (_ option: String) -> String
  /// Two flags that cannot be used together.
  public var conflictingOptions: @Sendable (_ first: String, _ second: String) -> String

  // PostgreSQL store (many hosts): its server cannot be reached; the reason is libpq's
  public var storeUnreachable: @Sendable (_ reason: String) -> String

  // Change password (--change-password): the third screen, and its line-by-line dialogue
  public var changePasswordTitle: String
  public var currentPasswordLabel: String
  public var newPasswordLabel: String
  public var confirmNewPasswordLabel: String
  public var changePasswordButton: String
  public var changingPassword: String
  /// The new password is the current one again: said under the button, never submitted.
  public var newPasswordSameAsCurrent: String
  /// The store could not change it; the reason is the store's.
  public var cannotChangePassword: @Sendable (String) -> String
  /// The result for people, given the login.
  public var passwordChanged: @Sendable (String) -> String

  // Lines read that cannot be taken (line by line): why, and the person is asked again
  /// Bytes that are not UTF-8: the terminal is set to another encoding.
  public var answerNotUTF8: String
  /// More combining marks in a row than any script needs.
  public var answerTooManyMarks: String

  // Accounts have a life: review, locks, the door, and what a stranger is told
  /// Sign-up with `review = yes`: the account waits for an admin.
  public var applicationReceived: String
  /// Sign in (or Change password) of an account that waits for approval.
  public var applicationWaiting: String
  /// Sign in (or Change password) of a locked account, with the admin's reason if given.
  public var accountLocked: @Sendable (_ reason: String?) -> String
  /// The door is closed (`register admin close`), with the admin's message if given.
  public var signUpsClosed: @Sendable (_ message: String?) -> String
  /// The client's address is banned (`register admin ban address`).
  public var addressBanned: String
  /// An SSH key given at sign-up or added at `join@` is another account's.
  public var keyTaken: String
  /// Sign in by password of an account that has none (`password = off`).
  public var signsInWithKey: String
  /// `--change-password` or `--reset` on a site whose accounts have no password.
  public var noPasswordsHere: String
  /// A password longer than a hash takes.
  public var passwordTooLong: @Sendable (_ longestBytes: Int) -> String
  /// `sign-ups-per-hour` is reached, from wherever.
  public var signUpRateReached: @Sendable (_ perHour: Int) -> String
  /// What a stranger over SSH meets when the store or the hook fails (the log has why).
  public var signUpNotAvailable: String
  /// The site's `contact` after a refusal.
  public var withContact: @Sendable (_ message: String, _ contact: String) -> String

  // Reset password (--reset, Sign in's link, `ssh join@host reset`): the one-time code
  public var resetPasswordTitle: String
  /// The link under Sign in.
  public var forgotPasswordLink: String
  public var resetCodeLabel: String
  public var resetPasswordButton: String
  public var resettingPassword: String
  /// A wrong, used or expired code, or an unknown login: one message, never which.
  public var wrongResetCode: String
  /// The store could not set it; the reason is the store's.
  public var cannotResetPassword: @Sendable (String) -> String

  // Your account at join@: its SSH keys
  /// Removing the last key while the site requires keys.
  public var lastKeyRequired: String
  /// Removing the key of this connection: asked before it is done.
  public var removeKeyInUse: String
  public var keyAdded: String
  public var keyRemoved: String
  /// The store could not change or read the keys; the reason is the store's.
  public var cannotChangeKeys: @Sendable (String) -> String
  /// The heading, given the login.
  public var accountTitle: @Sendable (String) -> String
  public var noKeys: String
  /// After the key of this connection in the list.
  public var keyInUseMark: String
  /// Line by line: what may be typed at the account's prompt.
  public var accountChoices: String
  public var accountChoice: String
  public var pasteKeyLabel: String
  public var unknownChoice: String
  /// The account screen's key list: its columns (type, fingerprint).
  public var accountKeyColumns: [String]
  /// The list's key that removes the selected key, as named under it (`r remove`).
  public var removeKeyAction: String
  public var addConnectingKeyButton: String
  public var addPastedKeyButton: String
  /// Leaves the account screen (the session ends signed in).
  public var accountDoneButton: String
  // The SSH key at sign-up
  public var keyLabel: String
  /// Given the key as `ssh-keygen -l` shows it (one row at 80 columns): `ED25519 SHA256:…`.
  public var useConnectingKey: @Sendable (_ key: String) -> String
  /// With no key offered: the box that shows the field for a pasted line.
  public var pasteKeyOffer: String
  /// Said when a pasted private key was dropped from the field.
  public var privateKeyDropped: String
  /// Why a pasted line is not a key this site takes.
  public var keyRefusal: @Sendable (SSHKeyRefusal) -> String
  /// With `keys = required`, while there is no key.
  public var keyRequired: String
}

extension Strings {
  /// `message`, with the site's `contact` after it when there is one.
  public func withContactIfAny(_ message: String, _ contact: String?) -> String {
    contact.map { withContact(message, $0) } ?? message
  }
}

/// The languages the program speaks.
public enum Language: String, CaseIterable, Sendable {
  case english = "en"
  case russian = "ru"

  public var strings: Strings {
    switch self {
    case .english: .english
    case .russian: .russian
    }
  }

  /// `--lang` if given; otherwise the locale: the first of `LC_ALL`, `LC_MESSAGES` and
  /// `LANG` that is set decides, Russian when it starts with `ru`. Nil for an unknown
  /// `--lang` value.
  public static func preferred(flag: String?, environment: [String: String]) -> Language? {
    if let flag { return Language(rawValue: flag.lowercased()) }
    let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }
      .first { !$0.isEmpty }
    return locale?.hasPrefix("ru") == true ? .russian : .english
  }
}
