import Accounts
import HandOff
import Registration
import Terminal

/// One run of `register admin`: a subcommand performed on an open store, its answer
/// written out. Every text a user gave (logins, reasons, messages, addresses) is escaped
/// where it is printed: for the terminal in tables, as JSON in JSON Lines.
struct AdminSession {
  let service: AccountService
  let arguments: AdminArguments
  let admin: String
  let output: AdminOutput
  var input: AdminInput = .standard
  var answers: AnswerSource?

  private static let accounts = TableRow(widths: [20, 8, 20, 24])
  private static let events = TableRow(widths: [20, 17, 20, 24, 16])
  private static let answers = TableRow(widths: [32])
  private static let banRows = TableRow(widths: [8, 32, 20])
  /// Each table's header, written from one place.
  private static let accountsHeader = accounts.line(["LOGIN", "STATE", "CREATED", "FROM", "REASON"])
  private static let eventsHeader = events.line(["AT", "ACTION", "LOGIN", "FROM", "BY", "DETAIL"])

  /// The decisions, with the hooks and the hold this run was given.
  var decisions: AccountDecisions {
    AccountDecisions(
      service: service, admin: admin, onCreate: arguments.onCreate, onDelete: arguments.onDelete,
      onLock: arguments.onLock, onUnlock: arguments.onUnlock,
      nameHoldDays: arguments.nameHoldDays ?? StoreOptions.defaultNameHoldDays)
  }

  func perform(_ subcommand: AdminSubcommand) throws(AccountStoreError) -> Int32 {
    let word = arguments.words.first ?? ""
    switch subcommand {
    case .list: return try list()
    case .show: return try show(word)
    case .review: return try review()
    case .approve: return try decisions.approve(word).write(to: output)
    case .reject: return try decisions.reject(word, reason: arguments.reason).write(to: output)
    case .lock: return try decisions.lock(word, reason: arguments.reason).write(to: output)
    case .unlock: return try decisions.unlock(word).write(to: output)
    case .delete: return try decisions.delete(word).write(to: output)
    case .reset: return try reset(word)
    case .ban, .unban: return try ban(subcommand == .ban)
    case .bans: return try bans()
    case .close:
      try service.setDoor(DoorState(closed: true, message: arguments.message), by: admin)
      output.line("Sign-ups are closed.")
      return 0
    case .open:
      try service.setDoor(.open, by: admin)
      output.line("Sign-ups are open.")
      return 0
    case .log: return try log()
    case .importFile: return importFile(word)
    }
  }

  // MARK: Reading

  private func list() throws(AccountStoreError) -> Int32 {
    var state: AccountState?
    if let given = arguments.state {
      guard let known = AccountState(rawValue: given) else {
        output.complaint("--state is pending, active or locked")
        return 2
      }
      state = known
    }
    guard let since = try since() else { return 2 }
    var listing = ListingBuffer(output)
    defer { listing.flush() }
    if !arguments.json { listing.line(Self.accountsHeader) }
    try service.forEachAccount(state: state, since: since) { record in
      if arguments.json {
        listing.line(Self.json(record).text)
      } else {
        Self.append(record, to: &listing.bytes)
        listing.endLine()
      }
    }
    return 0
  }

  private func show(_ login: String) throws(AccountStoreError) -> Int32 {
    guard let record = try service.account(login) else { return noAccount(login) }
    var history: [AuditEntry] = []
    try service.forEachAuditEntry(since: nil, login: record.login) { history.append($0) }
    let answers = try service.answers(of: record.login)
    if arguments.json {
      output.line(Self.json(record).text)
      for answer in answers { output.line(Self.json(answer).text) }
      for entry in history { output.line(Self.json(entry).text) }
      return 0
    }
    output.line(Self.accountsHeader)
    output.line(Self.row(record))
    if !answers.isEmpty {
      output.line("")
      output.line(Self.answers.line(["QUESTION", "ANSWER"]))
      for answer in answers { output.line(Self.answers.line([answer.name, Self.text(answer)])) }
    }
    if !history.isEmpty {
      output.line("")
      output.line(Self.eventsHeader)
      for entry in history { output.line(Self.row(entry)) }
    }
    return 0
  }

  private func log() throws(AccountStoreError) -> Int32 {
    guard let since = try since() else { return 2 }
    var listing = ListingBuffer(output)
    defer { listing.flush() }
    if !arguments.json { listing.line(Self.eventsHeader) }
    try service.forEachAuditEntry(since: since) { entry in
      if arguments.json {
        listing.line(Self.json(entry).text)
      } else {
        Self.append(entry, to: &listing.bytes)
        listing.endLine()
      }
    }
    return 0
  }

  private func bans() throws(AccountStoreError) -> Int32 {
    let all = try service.bans()
    if !arguments.json { output.line(Self.banRows.line(["KIND", "PATTERN", "SINCE", "BY"])) }
    for ban in all {
      if arguments.json {
        var line = JSONLine()
        line.add("kind", ban.kind.rawValue)
        line.add("pattern", ban.pattern)
        line.add("created_at", ban.createdAt)
        line.add("by", ban.by)
        output.line(line.text)
      } else {
        output.line(Self.banRows.line([ban.kind.rawValue, ban.pattern, ban.createdAt, ban.by]))
      }
    }
    return 0
  }

  /// `--since` as the earliest time, nil when it was not given; 2 on stderr when wrong.
  private func since() throws(AccountStoreError) -> String?? {
    guard let given = arguments.since else { return .some(nil) }
    guard let window = TimeWindow(given) else {
      output.complaint("--since takes a time such as 30m, 24h, 7d or 2w")
      return nil
    }
    return .some(service.timestamp(secondsAgo: window.seconds))
  }

  // MARK: Deciding

  private func importFile(_ path: String) -> Int32 {
    let result: ImportResult
    do throws(AccountStoreError) {
      result = try service.importAccounts(fromSQLite: path, by: admin)
    } catch {
      // Said of the file, which is what is wrong more often than the store.
      output.complaint("cannot import \(path): \(error)".escapedForTerminal)
      return 3
    }
    switch result {
    case .imported(let count):
      output.line(
        "Imported \(count) account\(count == 1 ? "" : "s") from \(path.escapedForTerminal).")
      return 0
    case .refused(let clashes):
      output.complaint(
        "nothing imported: \(clashes.count) login\(clashes.count == 1 ? "" : "s") clash")
      for clash in clashes {
        let why = clash.availability == .taken ? "taken" : "a lookalike"
        output.complaint("  \(clash.login.escapedForTerminal): \(why)")
      }
      return 1
    }
  }

  /// The list on a terminal; line by line with `--plain` or without one.
  private func review() throws(AccountStoreError) -> Int32 {
    let desk = ReviewDesk(decisions: decisions, answers: answers)
    let screen: (any Screen)?
    do throws(TerminalError) {
      screen = arguments.plain ? nil : try input.screen()
    } catch {
      screen = nil
    }
    guard let screen else { return try ReviewLines(desk: desk, input: input, output: output).run() }
    defer { input.close(screen) }
    return try ReviewScreen(desk: desk, screen: screen).run()
  }

  private func reset(_ login: String) throws(AccountStoreError) -> Int32 {
    guard let made = try service.makeResetCode(for: login, by: admin) else {
      return noAccount(login)
    }
    // The only place the code is ever shown: stdout, once.
    output.line(
      "One-time code for \(made.account.login.escapedForTerminal) (valid 24 hours, once): "
        + made.code)
    return 0
  }

  private func ban(_ adding: Bool) throws(AccountStoreError) -> Int32 {
    guard let kind = Ban.Kind(rawValue: arguments.words[0]) else {
      output.complaint(
        "usage: register admin \(adding ? "ban" : "unban") login PATTERN | address CIDR")
      return 2
    }
    let pattern = arguments.words[1]
    if kind == .address && AddressRange(pattern) == nil {
      output.complaint(
        "\(pattern.escapedForTerminal) is not an address or a network (192.0.2.0/24)")
      return 2
    }
    let done =
      adding
      ? try service.ban(kind, pattern, by: admin) : try service.unban(kind, pattern, by: admin)
    let what = "\(kind.rawValue) \(pattern.escapedForTerminal)"
    if done {
      output.line(adding ? "Banned \(what)." : "Lifted the ban on \(what).")
      return 0
    }
    output.complaint(adding ? "\(what) was banned already" : "\(what) was not banned")
    return 1
  }

  private func noAccount(_ login: String) -> Int32 {
    AccountDecisions.noAccount(login).write(to: output)
  }

  // MARK: Rows

  private static func row(_ record: AccountRecord) -> String {
    var bytes: [UInt8] = []
    append(record, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func row(_ entry: AuditEntry) -> String {
    var bytes: [UInt8] = []
    append(entry, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A row of the accounts' table, written cell by cell where the listing gathers it.
  private static func append(_ record: AccountRecord, to bytes: inout [UInt8]) {
    accounts.append(record.login, column: 0, last: false, to: &bytes)
    accounts.append(record.state.rawValue, column: 1, last: false, to: &bytes)
    accounts.append(record.createdAt, column: 2, last: false, to: &bytes)
    accounts.append(record.clientAddress, column: 3, last: false, to: &bytes)
    accounts.append(record.reason, column: 4, last: true, to: &bytes)
  }

  private static func append(_ entry: AuditEntry, to bytes: inout [UInt8]) {
    events.append(entry.at, column: 0, last: false, to: &bytes)
    events.append(entry.action.rawValue, column: 1, last: false, to: &bytes)
    events.append(entry.login, column: 2, last: false, to: &bytes)
    events.append(entry.clientAddress, column: 3, last: false, to: &bytes)
    events.append(entry.by, column: 4, last: false, to: &bytes)
    events.append(entry.detail, column: 5, last: true, to: &bytes)
  }

  private static func json(_ record: AccountRecord) -> JSONLine {
    var line = JSONLine()
    line.add("login", record.login)
    line.add("state", record.state.rawValue)
    line.add("created_at", record.createdAt)
    line.add("client_address", record.clientAddress)
    line.add("reason", record.reason)
    return line
  }

  private static func json(_ entry: AuditEntry) -> JSONLine {
    var line = JSONLine()
    line.add("at", entry.at)
    line.add("action", entry.action.rawValue)
    line.add("login", entry.login)
    line.add("client_address", entry.clientAddress)
    line.add("by", entry.by)
    line.add("detail", entry.detail)
    return line
  }

  /// An answer in words: a checkbox as yes or no.
  private static func text(_ answer: QuestionAnswer) -> String {
    switch answer.value {
    case .text(let text): text
    case .checked(let checked): checked ? "yes" : "no"
    }
  }

  private static func json(_ answer: QuestionAnswer) -> JSONLine {
    var line = JSONLine()
    line.add("question", answer.name)
    line.add("answer", text(answer))
    return line
  }
}
