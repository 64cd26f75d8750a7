/// Every text the program shows, in one language.
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
  public var terminalTooSmall: String
  public var creatingAccount: String
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

  // Messages with a value in them
  public var cannotSave: @Sendable (String) -> String
  public var cannotCheck: @Sendable (String) -> String
  public var cannotSignIn: @Sendable (String) -> String

  // Results, printed after the form
  public var accountCreated: @Sendable (String) -> String
  public var signedIn: @Sendable (String) -> String

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
    cannotSave: { "Could not save the account: \($0)" },
    cannotCheck: { "Could not check the login: \($0)" },
    cannotSignIn: { "Could not sign in: \($0)" },
    accountCreated: { "Account \($0) created." },
    signedIn: { "Signed in as \($0)." }
  )
}
