import Accounts
import HandOff
import Policy
import Registration

/// `register admin ...`: the accounts' keeper. Reads the same store as the program
/// (`--db`, else `REGISTER_DB`, else the default file); whoever can write it is the admin.
/// Never reachable from SSH: the forced command's words are its own, and
/// `SSH_ORIGINAL_COMMAND` takes only the form's.
///
/// Exit statuses, as the form's: 0 done, 1 nothing done (no such account, decided already,
/// banned already), 2 usage, 3 the store cannot be opened or written (with the reason),
/// 4 a hook (`--on-create`, `--on-delete`) failed.
public enum AdminCommand {
  /// `arguments` are the words after `admin`; `input` is what `review` reads, `answers`
  /// where it reads each applicant's answers (none: not shown).
  public static func run(
    arguments: [String], environment: [String: String], output: AdminOutput = .standard,
    input: AdminInput = .standard, answers: AnswerSource? = nil
  ) -> Int32 {
    // Under a forced command (sshd's, for `join`): refused, whatever argv says.
    if environment["SSH_ORIGINAL_COMMAND"] != nil {
      output.complaint("register admin is not available over SSH")
      return 2
    }
    let parsed: AdminArguments
    do throws(AdminArguments.Usage) {
      parsed = try AdminArguments(arguments)
    } catch {
      output.complaint(error.message.escapedForTerminal)
      return 2
    }
    guard let subcommand = parsed.subcommand else {
      if parsed.help {
        for line in AdminHelp.general { output.line(line) }
        return 0
      }
      output.complaint("a subcommand is needed; see register admin --help")
      return 2
    }
    if parsed.help {
      for line in AdminHelp.of(subcommand) { output.line(line) }
      return 0
    }
    let admin = AdminUser.current(environment: environment)
    guard
      let place = parsed.database ?? environment["REGISTER_DB"]
        ?? AccountService.defaultPath(environment: environment)
    else {
      output.complaint("no place for the account database: give --db PATH or set HOME")
      return 3
    }
    let options = StoreOptions(
      nameHoldDays: parsed.nameHoldDays ?? StoreOptions.defaultNameHoldDays,
      systemLog: { SystemLog.audit($0.logLine) })
    let service: AccountService
    do throws(AccountStoreError) {
      let opened = try StoreLocation(place).open(identity: UnicodeLoginPolicy(), options: options)
      guard let opened = opened as? AccountService else {
        output.complaint("the store cannot be administered")
        return 3
      }
      service = opened
    } catch {
      output.complaint("cannot open \(StoreLocation(place)): \(error)".escapedForTerminal)
      return 3
    }
    defer { service.close() }
    let session = AdminSession(
      service: service, arguments: parsed, admin: admin, output: output, input: input,
      answers: answers)
    do throws(AccountStoreError) {
      return try session.perform(subcommand)
    } catch {
      output.complaint("the account database at \(service): \(error)".escapedForTerminal)
      return 3
    }
  }
}
