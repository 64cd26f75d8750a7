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
  public var signInUnavailable: String
  public var terminalTooSmall: String

  // Requirements
  public var loginLength: String
  public var passwordLength: String
  public var passwordUppercase: String
  public var confirmationMatches: String

  // Results
  public var signedUp: @Sendable (String) -> String

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
    signInUnavailable: "Signing in is not available yet.",
    terminalTooSmall: "Terminal too small",
    loginLength: "At least 4 characters",
    passwordLength: "At least 8 characters",
    passwordUppercase: "One uppercase letter",
    confirmationMatches: "Matches the password",
    signedUp: { "Signed up as \($0)." }
  )
}
