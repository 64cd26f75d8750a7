import Registration
import Widgets

extension Meter {
  /// `Strength ▰▰▰▱ good` after a new password's label: four cells whatever the password,
  /// red while weak, green from good on.
  static func strength(_ strength: @escaping () -> PasswordStrength?, strings: Strings) -> Meter {
    Meter(
      label: strings.strengthLabel, cells: 4, words: PasswordStrength.allCases.map(strings.strength)
    ) {
      strength().map { strength in
        Meter.Reading(
          level: strength.rawValue, word: strings.strength(strength),
          tone: strength <= .weak ? .low : strength == .fair ? .middle : .high)
      }
    }
  }
}
