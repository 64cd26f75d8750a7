extension Strings {
  public static let english = Strings(
    signUpTitle: "Create account",
    loginLabel: "Login",
    passwordLabel: "Password",
    confirmationLabel: "Confirm password",
    show: "show",
    hide: "hide",
    signUpButton: "Sign up",
    haveAccount: "Already have an account?",
    signInLink: "Sign in",
    terminalTooSmall: "Terminal too small",
    creatingAccount: "Creating the account…",
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
    cannotSave: { "Not saved: \($0)" },
    cannotCheck: { "Login not checked: \($0)" },
    cannotSignIn: { "Not signed in: \($0)" },
    accountCreated: { "Account \($0) created." },
    signedIn: { "Signed in as \($0)." },
    inputEnded: "input ended before every question was answered; nothing was done",
    answersUnmet: "an answer does not meet its requirements; nothing was done",
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

      Create an account (or sign in) in a form drawn in the terminal. On success the
      terminal is restored and the result printed: a line for people when stdout is a
      terminal, otherwise (or with --json) one JSON object, so that
      account=$(register --json) works.

      Options:
        --db PATH|URI the account database: a file, or postgresql://... for one
                      shared by many hosts (default: $REGISTER_DB, else
                      $XDG_DATA_HOME/register/accounts.sqlite, or
                      ~/.local/share/register/accounts.sqlite)
        --sign-in     start on the Sign in screen
        --json        print the result as JSON even when stdout is a terminal
        --plain       ask line by line instead of drawing a form (also when stdin
                      is not a terminal, or TERM is dumb, unset or unknown)
        --lang en|ru  the language (default: from LC_ALL, LC_MESSAGES or LANG)
        --no-color    use no colour (also when NO_COLOR is set)
        -h, --help    show this help and exit
        --version     show the version and exit

      Keys: Tab or Down goes to the next field, Shift-Tab or Up to the previous one.
      Enter moves on from a field and presses a button. F2 or Ctrl-R shows the
      password. Esc goes back (on Sign in) or quits; Ctrl-C quits; Ctrl-Z suspends.

      Exit status: 0 signed up or in; 1 cancelled, or the answers ran out or did not
      meet the requirements; 2 a usage error; 3 the database cannot be opened;
      130 interrupted (Ctrl-C); 128+N ended by signal N.
      """
  )
}
