import Registration
import RegistrationUI
import Terminal

#if canImport(Glibc)
  import Glibc
#endif

/// Writes one line to stderr.
func complain(_ message: String) {
  var line = Array("register: \(message)\n".utf8)
  _ = write(STDERR_FILENO, &line, line.count)
}

setlocale(LC_ALL, "")
// A reader that goes away early (`register --json | true`) must not kill us mid-restore.
signal(SIGPIPE, SIG_IGN)

let options: Options
do {
  options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  complain("\(error)\nTry 'register --help'.")
  exit(2)
}

switch options.action {
case .help:
  print(Options.help)
  exit(0)
case .version:
  print(Options.version)
  exit(0)
case .run:
  break
}

let colors = !options.noColor && (getenv("NO_COLOR") == nil)
let screen: CursesScreen
do {
  screen = try CursesScreen(colors: colors)
} catch {
  complain("\(error)")
  exit(2)
}

let strings = Strings.english
let outcome = RegistrationApp(screen: screen, viewModel: RegistrationViewModel(), strings: strings)
  .run()
screen.close()

switch outcome {
case .signedUp(let login):
  if options.json || isatty(STDOUT_FILENO) == 0 {
    print(JSON.object(["login": login]))
  } else {
    print(strings.signedUp(login))
  }
  exit(0)
case .cancelled:
  exit(1)
case .interrupted:
  exit(130)
case .terminated(let signal):
  exit(128 + signal)
case .inputClosed:
  exit(128 + SIGHUP)
}
