import CZxcvbn
import Registration

/// Password strength from zxcvbn (the C port of Dropbox's estimator): the entropy it
/// finds, in bits, on five steps. Only the first `characterLimit` characters are
/// estimated: repeated text costs zxcvbn time that grows fast with length (64 `a`s take
/// about 1 ms, 128 take 7), and any password longer than that is beyond guessing unless
/// it is such a repetition, which its first 64 characters show.
public struct ZxcvbnEstimator: StrengthEstimator {
  public static let characterLimit = 64

  public init() {}

  public func strength(of password: String, login: String) -> PasswordStrength {
    Self.strength(bits: bits(of: password, login: login))
  }

  /// zxcvbn's estimate: log2 of the guesses needed. The login counts as a known word.
  public func bits(of password: String, login: String) -> Double {
    withWipedCString(String(password.prefix(Self.characterLimit))) { password in
      login.withCString { login in
        var words: [UnsafePointer<CChar>?] = [login, nil]
        return ZxcvbnMatch(password, &words, nil)
      }
    }
  }

  /// Dropbox's zxcvbn steps: fewer than 10^3, 10^6, 10^8, 10^10 guesses, or more.
  public static func strength(bits: Double) -> PasswordStrength {
    switch bits {
    case ..<9.97: .veryWeak
    case ..<19.93: .weak
    case ..<26.58: .fair
    case ..<33.22: .good
    default: .strong
    }
  }
}
