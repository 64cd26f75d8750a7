import Registration

/// What the door says when it lets a session no further, in each language. Beside the
/// main tables (Registration's `Strings`) because only the program's door says it.
struct DoorStrings: Sendable {
  /// The client's address already holds as many sessions as it may.
  var addressFull: @Sendable (_ limit: Int) -> String
  /// The host holds as many sessions of the door as it may.
  var full: String
  /// The sessions cannot be counted: the client is told no more (the log has the reason).
  var unavailable: String
  /// `--session-limit` ran out.
  var sessionEnded: @Sendable (_ seconds: Int) -> String
  /// A refusal with the site file's `contact` after it.
  var withContact: @Sendable (_ refusal: String, _ contact: String) -> String

  static func of(_ language: Language) -> DoorStrings {
    switch language {
    case .english: .english
    case .russian: .russian
    }
  }

  static let english = DoorStrings(
    addressFull: { limit in
      "your address already has \(limit) \(limit == 1 ? "session" : "sessions") open, the most "
        + "it may: close one, or try again later"
    },
    full: "too many people are signing up right now: please try again in a few minutes",
    unavailable: "sign-up is not available right now, please try later",
    sessionEnded: { seconds in
      let time =
        seconds < 60
        ? (seconds == 1 ? "1 second" : "\(seconds) seconds")
        : ((seconds + 59) / 60 == 1 ? "1 minute" : "\((seconds + 59) / 60) minutes")
      return "a session lasts at most \(time): this one was closed"
    },
    withContact: { refusal, contact in "\(refusal) (to write to this site: \(contact))" })

  static let russian = DoorStrings(
    addressFull: { limit in
      "с вашего адреса уже открыто сеансов: \(limit), больше нельзя; закройте один или "
        + "попробуйте позже"
    },
    full: "сейчас регистрируется слишком много людей: попробуйте через несколько минут",
    unavailable: "регистрация сейчас недоступна, попробуйте позже",
    sessionEnded: { seconds in
      "сеанс длится не дольше \(russianDuration(seconds)): этот сеанс закрыт"
    },
    withContact: { refusal, contact in "\(refusal) (написать этому сайту: \(contact))" })

  /// The time after «не дольше»: `1 минуты`, `2 минут`, `15 минут`, `21 минуты`.
  private static func russianDuration(_ seconds: Int) -> String {
    let (count, one, many) =
      seconds < 60 ? (seconds, "секунды", "секунд") : ((seconds + 59) / 60, "минуты", "минут")
    // «не дольше» takes the genitive: singular after 1, 21, 31… (not 11), plural otherwise.
    return "\(count) " + (count % 10 == 1 && count % 100 != 11 ? one : many)
  }
}
