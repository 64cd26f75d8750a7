/// What OpenSSH tells a forced command about the session: who is calling (the client's
/// address, from `SSH_CONNECTION`) and what the client asked for (`SSH_ORIGINAL_COMMAND`:
/// `ssh -t join@host sign-in`).
struct SSHSession: Equatable {
  /// The client's address (IPv4 or IPv6), as sshd wrote it.
  var clientAddress: String?
  /// `sign-in`: start on the Sign in screen.
  var signIn = false
  /// `reset`: the Reset password screen (the one-time code from `register admin reset`).
  var reset = false
  /// `plain`: ask line by line (a script piping its answers, or a screen reader).
  var plain = false

  /// A command the client gave that is none of ours.
  struct UnknownCommand: Error, Equatable {
    let command: String
  }

  /// The words a client may send: at most one screen, and `plain`, in any order.
  static let commands = ["sign-up", "sign-in", "reset", "plain"]

  /// Nil when this is not an SSH session (no `SSH_CONNECTION`).
  init?(environment: [String: String]) throws(UnknownCommand) {
    guard let connection = environment["SSH_CONNECTION"], !connection.isEmpty else {
      return nil
    }
    // "client-address client-port server-address server-port"
    clientAddress = connection.split(separator: " ").first.map(String.init)
    let command = environment["SSH_ORIGINAL_COMMAND"] ?? ""
    let words = command.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    let screens = words.filter { $0 == "sign-up" || $0 == "sign-in" || $0 == "reset" }
    guard words.allSatisfy(Self.commands.contains), Set(screens).count <= 1,
      words.count == Set(words).count
    else { throw UnknownCommand(command: command) }
    signIn = screens.first == "sign-in"
    reset = screens.first == "reset"
    plain = words.contains("plain")
  }
}
