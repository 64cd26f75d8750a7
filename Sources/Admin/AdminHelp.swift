/// The help of `register admin` and of each subcommand.
enum AdminHelp {
  static let common = [
    "",
    "Every subcommand takes:",
    "  --db PATH|URI      the account store (else REGISTER_DB, else the default file)",
    "  --on-create CMD    run at approve (the account in REGISTER_*), as the form runs it",
    "  --on-delete CMD    run at delete, before the account is removed (register-userdel)",
    "  --on-lock CMD      run at lock, after the store's lock (register-userlock --lock)",
    "  --on-unlock CMD    run at unlock, after the store's unlock (register-userlock --unlock)",
    "  --name-hold DAYS   how long a deleted login stays taken (default 90)",
    "  --help             this help",
    "",
    "Exit status: 0 done, 1 nothing done (no such account, decided already),",
    "2 usage, 3 the store cannot be opened or written, 4 a hook failed.",
  ]

  static var general: [String] {
    ["Usage: register admin SUBCOMMAND [FLAGS]", "", "Subcommands:"]
      + AdminSubcommand.allCases.map { "  " + $0.synopsis } + common
  }

  static func of(_ subcommand: AdminSubcommand) -> [String] {
    ["Usage: register admin \(subcommand.synopsis)", "", subcommand.summary] + common
  }
}
