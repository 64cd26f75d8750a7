import FormExample
import Widgets

let screen = try CursesScreen(colors: true)
let application = Application(screen: screen, contentWidth: 50)
let form = JoinForm { application.stop() }
application.show(form.root)
let ending = application.run()
screen.close()
print(ending == .stopped ? "Welcome, \(form.member.name)!" : "Nothing joined.")
