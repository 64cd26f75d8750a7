import SSHKeys

extension Strings {
  public static let english = Strings(
    signUpTitle: "Create account",
    loginLabel: "Login",
    passwordLabel: "Password",
    confirmationLabel: "Confirm password",
    show: "show",
    hide: "hide",
    signUpButton: "Create account",
    haveAccount: "Already have an account?",
    signInLink: "Sign in",
    terminalTooSmall: { "Terminal too small: needs at least \($0) columns and \($1) rows" },
    creatingAccount: "Creating the account…",
    storeBrieflyAway: "The store is briefly away; still trying…",
    loginTakenMeanwhile: "The login was just taken. Choose another.",
    signInTitle: "Sign in",
    signInButton: "Sign in",
    noAccount: "No account yet?",
    createOneLink: "Create one",
    signingIn: "Checking the password…",
    wrongCredentials: "Wrong login or password.",
    loginLength: "At least 4 characters",
    loginIsFree: "Login is free",
    checkingLogin: "Checking that the login is free",
    passwordLength: "At least 8 characters",
    passwordUppercase: "One uppercase letter",
    confirmationMatches: "Matches the password",
    passwordLengthAtLeast: { "At least \($0) characters" },
    passwordUppercaseLatin: {
      $0 == 1 ? "One uppercase letter A–Z" : "At least \($0) uppercase letters A–Z"
    },
    passwordLowercaseLatin: {
      $0 == 1 ? "One lowercase letter a–z" : "At least \($0) lowercase letters a–z"
    },
    passwordDigits: { $0 == 1 ? "One digit" : "At least \($0) digits" },
    passwordSymbols: {
      $0 == 1 ? "One symbol (not A–Z, a–z, 0–9)" : "At least \($0) symbols (not A–Z, a–z, 0–9)"
    },
    passwordKinds: { "At least \($0) of: a–z, A–Z, 0–9, symbols" },
    passwordHardToGuess: "Hard to guess",
    checkingPassword: "Checking that the password is hard to guess",
    passwordRefusal: {
      switch $0 {
      case .dictionaryWord: "Easy to guess: based on a dictionary word"
      case .containsLogin: "Easy to guess: contains the login"
      case .similarToLogin: "Easy to guess: too similar to the login"
      case .basedOnUserName: "Easy to guess: based on a user name"
      case .tooFewDifferentCharacters: "Easy to guess: few different characters"
      case .palindrome: "Easy to guess: reads the same backwards"
      case .tooSimple: "Easy to guess: letters or digits in order"
      case .looksLikeIDNumber: "Easy to guess: looks like an ID number"
      case .sequence: "Easy to guess: has a run like abcd or 1234"
      case .repeatedCharacter: "Easy to guess: too many repeats in a row"
      case .tooManyOfOneKind: "Easy to guess: many of one kind in a row"
      case .forbiddenWord: "Easy to guess: contains a forbidden word"
      case .tooShort: "Easy to guess: too short"
      case .needsDigits: "Easy to guess: needs more digits"
      case .needsUppercase: "Easy to guess: needs more letters A–Z"
      case .needsLowercase: "Easy to guess: needs more letters a–z"
      case .needsSymbols: "Easy to guess: needs more symbols"
      case .needsMoreKinds: "Easy to guess: too few kinds of characters"
      case .caseChangesOnly: "Easy to guess: the old one in other case"
      case .similarToOld: "Easy to guess: too like the old password"
      case .rotatedOld: "Easy to guess: the old password rotated"
      case .sameAsOld: "Easy to guess: the same as the old password"
      case .other: "Easy to guess: the host's policy refuses it"
      case .cannotCheck: "Not checked: no password dictionary"
      }
    },
    strengthLabel: "Strength",
    strength: {
      switch $0 {
      case .veryWeak: "very weak"
      case .weak: "weak"
      case .fair: "fair"
      case .good: "good"
      case .strong: "strong"
      }
    },
    cannotUsePasswordPolicy: { "cannot use the password policy \($0): \($1)" },
    policyFileUnreadable: "the file cannot be read",
    policyFileMalformed: "a line is too long",
    policyUnknownSetting: { "unknown setting '\($0)'" },
    policyBadValue: { "'\($0)' needs a number" },
    cannotLoadPasswordPolicy: {
      "cannot load the host's password policy (libpwquality): \($0); install libpwquality1, or use --password-policy off (for demos only)"
    },
    atMostCharacters: { "At most \($0) characters" },
    atMostBytes: { "At most \($0) bytes" },
    cannotSave: { "Account not created: \($0)" },
    cannotCheck: { "Login not checked: \($0)" },
    cannotSignIn: { "Not signed in: \($0)" },
    accountCreated: { "Account \($0) created." },
    signedIn: { "Signed in as \($0)." },
    inputEnded: "input ended before every question was answered; nothing was done",
    answersUnmet: "an answer does not meet its requirements; nothing was done",
    passwordsDoNotMatch: "The passwords do not match. Type the password again, then confirm it.",
    loginTaken: "This login is taken.",
    signInInstead: "Sign in instead?",
    answerContainsNUL: "The answer contains a NUL character, which is not accepted.",
    unknownOption: { "unknown option '\($0)'" },
    unexpectedArgument: { "unexpected argument '\($0)'" },
    missingValue: { "\($0) needs a value" },
    unknownLanguage: { "unknown language '\($0)': use en or ru" },
    tryHelp: "(see register --help)",
    noDatabasePlace: "no place for the account database: HOME is not set; give one with --db PATH",
    cannotOpenDatabase: { "cannot open the account database \($0): \($1)" },
    noTerminal: { "no terminal to draw on (\($0)): asking line by line instead" },
    unknownTerminal: { "unknown terminal type '\($0)': asking line by line instead" },
    crashed: "register crashed; the terminal was restored.",
    help: """
      Usage: register [options]

      Create an account (or sign in, or change a password) in a form drawn in the
      terminal. On success the terminal is restored and the result printed: a line
      for people when stdout is a terminal, otherwise (or with --json) one JSON
      object, so that account=$(register --json) works.

      Options:
        --db PATH|URI
                      the account database: a file, or postgresql://... for one
                      shared by many hosts (default: $REGISTER_DB, else
                      $XDG_DATA_HOME/register/accounts.sqlite, or
                      ~/.local/share/register/accounts.sqlite)
        --sign-in     start on the Sign in screen
        --change-password  change an account's password (login, current
                      password, new password twice)
        --reset       set a new password with the one-time code from
                      register admin reset (login, code, new password twice)
        --json        print the result as JSON even when stdout is a terminal
        --plain       ask line by line instead of drawing a form (also when stdin
                      is not a terminal, or TERM is dumb, unset or unknown)
        --lang en|ru  the language (default: from LC_ALL, LC_MESSAGES or LANG)
        --password-policy FILE|off
                      the password policy, in pwquality.conf(5) form (default:
                      the host's, /etc/security/pwquality.conf); off checks no
                      policy: for demos only
        --no-color    use no colour (also when NO_COLOR is set)
        --reserved FILE  more names nobody may register, one a line (# comments)
        --unix-names  logins fit for useradd: a-z first, then a-z, 0-9, - and _;
                      the system's user and group names are taken
        --idle-timeout SECONDS  end the session after that long without input
                      (over SSH, 300 when not given)
        --max-per-address N  at most N accounts per client address (over SSH,
                      from SSH_CONNECTION) in 24 hours
        --sessions-per-address N  at most N sessions at once from one client
                      address, over SSH (default 3; exit 6 past it)
        --sessions N  at most N sessions at once on this host, over SSH
                      (default 64; exit 6 past it)
        --session-limit SECONDS  end a session after that long, whatever
                      comes in (over SSH 900 when not given; as SIGTERM,
                      exit 143)
        --on-create COMMAND  run COMMAND (split into words, no shell) once an
                      account is stored, with REGISTER_LOGIN, REGISTER_PASSWORD_HASH,
                      REGISTER_CREATED_AT and REGISTER_CLIENT_ADDRESS set; if it fails
                      (or takes over 30 s) the account is removed again (exit 4)
        --config FILE  the site file, in register.conf(5) form (default:
                      /etc/register/register.conf); a flag given here wins over it
        --sign-ups-per-hour N  at most N new accounts in any hour, from anywhere
                      (counted in the database)
        --failover-wait SECONDS  how long a PostgreSQL server that is away is
                      waited for (default 30)
        -h, --help    show this help and exit
        --version     show the version and exit

      Keys: Tab or Down goes to the next field, Shift-Tab or Up to the previous one.
      Enter moves on from a field (in the last one, once everything is filled in, it
      creates the account, signs in or changes the password) and presses a button.
      F2 or Ctrl-R shows the password. Esc goes back (on Sign in) or quits; Ctrl-C
      quits; Ctrl-Z suspends.

      As OpenSSH's forced command (see docs/ssh.md) it needs a terminal (ssh -t);
      the client may add sign-in (start on Sign in) or plain (line by line, for
      answers piped in).

      Exit status: 0 signed up or in, or the password changed; 1 cancelled, or the
      answers ran out or did not meet the requirements, or no input for
      --idle-timeout; 2 a usage error (also over SSH without a terminal, or an
      unknown command), or a password policy that cannot be used; 3 the database
      cannot be opened; 4 the --on-create command failed (the account was
      removed); 5 the login or password of a sign-in (or of a password change) is
      wrong, or the account waits for approval or is locked; 6 sign-ups are
      closed, the address is banned, or over SSH too many sessions (see
      --sessions-per-address and --sessions); 130 interrupted (Ctrl-C); 128+N
      ended by signal N.
      """,
    loginCharacters: "Letters, digits and . _ -",
    loginUnixCharacters: "Lowercase a-z, digits, - and _",
    loginLooksTaken: "Looks like an existing login",
    loginReserved: "This name is reserved",
    loginSystemName: "A system user or group has this name",
    loginProblem: { problem in
      switch problem {
      case .space: "No spaces in a login"
      case .controlCharacter: "No control characters in a login"
      case .invisibleCharacter: "No invisible characters in a login"
      case .unknownCharacter: "A character Unicode does not define"
      case .notAllowed(let character): "“\(character)” is not allowed: letters, digits, . _ -"
      case .startsWithPunctuation: "Begin with a letter or a digit"
      case .endsWithPunctuation: "End with a letter or a digit"
      case .punctuationInARow: "Two of . _ - in a row"
      case .mixedScripts: "Mixes alphabets, such as Latin and Cyrillic"
      case .mixedDigits: "Mixes digits of different number systems"
      case .repeatedMark: "The same accent twice on one letter"
      case .tooManyMarks: "Too many accents on one letter"
      case .tooLong(let limit): "Longer than \(limit) characters"
      case .unixFirstCharacter: "Begin with a lowercase letter a-z"
      case .unixCharacter(let character): "“\(character)” is not allowed: a-z, 0-9, - and _"
      }
    },
    cannotReadReservedNames: { "cannot read the reserved names in \($0): \($1)" },
    // The database file and the sign-in throttle (the store's area)
    databaseRefused: englishRefusal,
    tooManyAttempts: { "Too many attempts: try again in \(englishDuration($0))." },
    // Sign-up over SSH: limits for a public door, handing the account on, forced command
    addressLimitReached: {
      "Limit reached: \($0) \($0 == 1 ? "account" : "accounts") a day per address."
    },
    idleWarning: { "No input for a while: closing in \(englishDuration($0))." },
    idleClosed: { "no input for \(englishDuration($0)): the session was closed; nothing was done" },
    handOffFailed: "sign-up could not be completed, so no account was kept; please try again later",
    needsTerminal:
      "this form needs a terminal: connect with ssh -t (or send the answers line by line with the command plain)",
    unknownCommand: {
      "unknown command '\($0)': the commands are sign-up (the default), sign-in, reset and plain"
    },
    invalidNumber: {
      "\($0) needs a whole number from \($2.lowerBound) to \($2.upperBound), not '\($1)'"
    },
    unbalancedQuote: { "\($0): a quote is not closed" },
    conflictingOptions: { "\($0) cannot be used with \($1)" },
    // PostgreSQL store (many hosts)
    storeUnreachable: { "server unreachable (\($0))" },
    // Change password (--change-password)
    changePasswordTitle: "Change password",
    currentPasswordLabel: "Current password",
    newPasswordLabel: "New password",
    confirmNewPasswordLabel: "Confirm new password",
    changePasswordButton: "Change password",
    changingPassword: "Changing the password…",
    newPasswordSameAsCurrent: "The new password is the current one.",
    cannotChangePassword: { "Password not changed: \($0)" },
    passwordChanged: { "Password of \($0) changed." },
    // Lines read that cannot be taken (line by line)
    answerNotUTF8: "Set your terminal to UTF-8: this answer is not valid UTF-8.",
    answerTooManyMarks: "Too many combining marks in a row: this answer is not accepted.",
    // Accounts have a life
    applicationReceived:
      "Your application was received; you will be able to log in once it is approved.",
    applicationWaiting: "Your application is waiting for approval.",
    accountLocked: { reason in "This account is locked" + (reason.map { ": \($0)" } ?? ".") },
    // After "Account not created: ", as the store's other reasons are
    signUpsClosed: { message in "sign-ups are closed" + (message.map { ": \($0)" } ?? "") },
    addressBanned: "sign-ups from this address are not accepted",
    keyTaken: "this SSH key belongs to another account",
    signsInWithKey: "This account has no password: it signs in with its SSH key.",
    noPasswordsHere:
      "Accounts here have no password (they sign in with their SSH keys): there is no password to change or reset.",
    passwordTooLong: { "the password is longer than \($0) bytes" },
    signUpRateReached: { _ in "too many new accounts this hour; try again later" },
    signUpNotAvailable: "Sign-up is not available now.",
    withContact: { message, contact in "\(message) (to write to this site: \(contact))" },

    // Reset password (--reset)
    resetPasswordTitle: "Reset password",
    forgotPasswordLink: "Forgot your password?",
    resetCodeLabel: "One-time code",
    resetPasswordButton: "Set the new password",
    resettingPassword: "Setting the new password…",
    wrongResetCode: "Wrong login or code, or the code has expired.",
    cannotResetPassword: { "Password not set: \($0)" },

    // Your account at join@
    lastKeyRequired: "This is your last key, and this site needs one: add another first.",
    removeKeyInUse: "This is the key you are connected with. Remove it again to confirm.",
    keyAdded: "Key added.",
    keyRemoved: "Key removed.",
    cannotChangeKeys: { "Keys not changed: \($0)" },
    accountTitle: { "Your account: \($0)" },
    noKeys: "No SSH keys yet.",
    keyInUseMark: "(this connection)",
    accountChoices: "a: add the key you connected with, p: paste a key, r N: remove key N, "
      + "Enter: done",
    accountChoice: "Choose",
    pasteKeyLabel: "SSH key (one authorized_keys line)",
    unknownChoice: "Not one of the choices.",
    accountKeyColumns: ["Type", "Fingerprint"],
    removeKeyAction: "r remove",
    addConnectingKeyButton: "Add the key you connected with",
    addPastedKeyButton: "Add key",
    accountDoneButton: "Done",
    keyLabel: "SSH key",
    useConnectingKey: { "Use key: \($0)" },
    pasteKeyOffer: "Paste an SSH key (the line of your .pub file)",
    privateKeyDropped:
      "That was a private key: it was not kept. Never paste it anywhere; paste the line of the .pub file.",
    keyRefusal: { refusal in
      switch refusal {
      case .empty: "paste one line of your .pub file"
      case .notAKey: "not an SSH public key"
      case .privateKey: "a private key: never paste it; paste the .pub file's line"
      case .rsaTooShort: "RSA keys need at least 2048 bits"
      case .typeNotAccepted(let name): "this key type is not accepted (\(name))"
      case .options: "options are not accepted; paste the key alone"
      case .severalLines: "one key per line"
      case .controlCharacter: "the line has a control character"
      case .tooLong: "too long for an SSH key"
      case .damaged: "this key is damaged (cut short?)"
      }
    },
    keyRequired: "This site needs an SSH key"
  )

  private static func englishRefusal(_ refusal: DatabaseRefusal) -> String {
    func subject(_ companion: String?) -> String { companion.map { "its \($0) file" } ?? "it" }
    return switch refusal {
    case .folderMissing(let folder):
      "the folder \(folder) does not exist (only the default folder is created)"
    case .folderUnsafe(let folder):
      "the folder \(folder) can be changed by other users: it must belong to you or root, "
        + "and not be writable by group or others (unless sticky, like /tmp)"
    case .isFolder: "it is a folder: give the path of a file"
    case .symbolicLink(let companion):
      "\(subject(companion)) is a symbolic link: give the real path"
    case .notRegularFile(let companion): "\(subject(companion)) is not a regular file"
    case .notOwned(let companion, let owner):
      "\(subject(companion)) belongs to another user (uid \(owner)), not to you"
    case .openToOthers(let companion, let mode):
      "\(subject(companion)) can be read or written by other users (mode \(octal(mode))): "
        + "if it is yours, chmod 600 it"
    case .notADatabase: "it is not a SQLite database"
    case .foreignDatabase: "it is the SQLite database of another program"
    case .newerSchema(let found, let known):
      "it was written by a newer version of register (schema \(found), this one knows \(known))"
    }
  }

  /// `5 seconds`, `1 minute`, `15 minutes`: whole minutes, rounded up, from a minute on.
  private static func englishDuration(_ seconds: Int) -> String {
    if seconds < 60 { return seconds == 1 ? "1 second" : "\(seconds) seconds" }
    let minutes = (seconds + 59) / 60
    return minutes == 1 ? "1 minute" : "\(minutes) minutes"
  }

  /// Permission bits as `ls` and chmod write them: `0644`.
  static func octal(_ mode: Int) -> String {
    let digits = String(mode, radix: 8)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
