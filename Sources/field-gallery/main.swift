import FieldGallery
import Widgets

#if canImport(Glibc)
  import Glibc
#endif

setlocale(LC_ALL, "")
let screen: CursesScreen
do {
  screen = try CursesScreen(colors: getenv("NO_COLOR") == nil)
} catch {
  var line = Array("field-gallery: \(error)\n".utf8)
  _ = write(STDERR_FILENO, &line, line.count)
  Glibc.exit(2)
}
let gallery = FieldGallery()
let application = Application(screen: screen, root: gallery.root, contentWidth: FieldGallery.width)
application.onFocusLeave = { gallery.didLeave($0) }
let ending = application.run()
screen.close()
if case .signal(let signal) = ending { exit(128 + signal) }
if ending == .interrupted { exit(130) }
