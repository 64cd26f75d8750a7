import Registration

/// `--help`: the tables' text with the flags added since it was written there (the
/// Registration module's text is not this program's to change now; these lines move into
/// it when it is).
enum HelpText {
  static func of(_ language: Language) -> String {
    let help = language.strings.help
    let lines = language == .russian ? russian : english
    // Before `-h, --help`, the last entries of the list.
    var all = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let end = all.firstIndex { $0.hasPrefix("  -h, --help") } ?? all.endIndex
    all.insert(contentsOf: lines.split(separator: "\n").map(String.init), at: end)
    return all.joined(separator: "\n")
  }

  static let english = """
      --config FILE  the site file, in register.conf(5) form (default:
                    /etc/register/register.conf); a flag given here wins over it
      --sign-ups-per-hour N  at most N new accounts in any hour, from anywhere
                    (counted in the database)
      --failover-wait SECONDS  how long a PostgreSQL server that is away is
                    waited for (default 30)
    """

  static let russian = """
      --config ФАЙЛ  файл сайта в формате register.conf(5) (по умолчанию
                    /etc/register/register.conf); параметр здесь важнее него
      --sign-ups-per-hour N  не больше N новых аккаунтов за любой час, откуда
                    угодно (считаются в базе)
      --failover-wait СЕКУНДЫ  сколько ждать недоступный сервер PostgreSQL
                    (по умолчанию 30)
    """
}
