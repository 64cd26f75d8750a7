/// How far back `--since` looks: a number and a unit, `30m`, `24h`, `7d`, `2w`.
struct TimeWindow: Equatable {
  let seconds: Int

  init?(_ text: String) {
    guard let unit = text.last, let number = Int(text.dropLast()), number >= 0,
      text.dropLast().allSatisfy(\.isASCII)
    else { return nil }
    let scale: Int
    switch unit {
    case "m": scale = 60
    case "h": scale = 60 * 60
    case "d": scale = 24 * 60 * 60
    case "w": scale = 7 * 24 * 60 * 60
    default: return nil
    }
    let (product, overflow) = number.multipliedReportingOverflow(by: scale)
    guard !overflow, product < 100 * 365 * 24 * 60 * 60 else { return nil }
    seconds = product
  }
}
