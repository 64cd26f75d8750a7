import Testing
@_spi(Testing) import Widgets

/// Stacks declared with `ViewBuilder`: the children as written, with `if`, `switch` and
/// `for`; made once and redrawn by observation like stacks built by hand.
@Suite("Declarative stacks")
struct ViewBuilderTests {
  @Observable final class Model {
    var name = ""
  }

  enum Kind { case short, long }

  static func texts(_ stack: View) -> [String] {
    let screen = MemoryScreen(size: Size(width: 30, height: 12))
    let application = Application(screen: screen, root: stack, contentWidth: 30)
    application.render()
    return screen.lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  @Test("if, else, switch and for give the children in the order written")
  func controlFlow() {
    let extra = true
    let kind = Kind.long
    let stack = VStack {
      Label("first")
      if extra { Label("extra") }
      if !extra { Label("never") } else { Label("else") }
      switch kind {
      case .short: Label("short")
      case .long: Label("long")
      }
      for number in 1...3 { Label("row \(number)") }
      [Label("from"), Label("an array")]
    }
    #expect(
      Self.texts(stack) == [
        "first", "extra", "else", "long", "row 1", "row 2", "row 3", "from", "an array",
      ])
    #expect(stack.children.allSatisfy { $0.parent === stack })
  }

  @Test("a centred label whose text grows or shrinks is laid out again, whole and centred")
  func alignedChildFollowsItsText() {
    let model = Model()
    let screen = MemoryScreen(size: Size(width: 30, height: 12))
    let application = Application(
      screen: screen, root: VStack { Label({ model.name }).aligned(.center) }, contentWidth: 30)
    application.render()
    for text in ["Saved", "Saved again, and longer", "Done"] {
      model.name = text
      application.render()
      let column = (30 - text.count) / 2
      #expect(screen.lines[0] == String(repeating: " ", count: column) + text, "\(text)")
    }
  }

  @Test("a field's ideal width holds its widest row: label and accessory, placeholder, caption")
  func fieldIdealWidth() {
    let theme = Theme(capabilities: ScreenCapabilities(colors: true, unicode: true))
    let short = TextField(label: "Name", text: Binding(initialValue: ""))
    #expect(short.idealWidth(for: theme) == 4)
    let placeholder = TextField(
      label: "Name", placeholder: "As on your passport", text: Binding(initialValue: ""))
    #expect(placeholder.idealWidth(for: theme) == 19)
    let caption = TextField(
      label: "Name", text: Binding(initialValue: ""), caption: { "Letters, spaces and hyphens" })
    caption.errorMessage = { "Letters only" }
    #expect(caption.idealWidth(for: theme) == 27)
    caption.maxLengthMessage = "At most 64 characters, and no more than that"
    #expect(caption.idealWidth(for: theme) == 44)
  }

  @Test("aligned(.center) centres a child; others fill the width")
  func alignment() {
    let button = Button("Go") {}.aligned(.center)
    let field = TextField(label: "Name", text: Binding(initialValue: ""))
    let stack = VStack(padding: VStack.Insets(left: 2, right: 2)) {
      field
      button
    }
    let application = Application(
      screen: MemoryScreen(size: Size(width: 30, height: 8)), root: stack, contentWidth: 30)
    application.render()
    #expect(field.frame.width == 26)
    #expect(button.frame == Rect(x: 12, y: field.frame.height, width: 6, height: 1))
  }

  @Test("the views are made once; a change redraws only the view that read it")
  func retained() {
    let model = Model()
    let name = Label({ "Hello, \(model.name)" })
    let still = Label("Still")
    let stack = HStack(spacing: 1) {
      name
      still
    }
    let screen = MemoryScreen(size: Size(width: 30, height: 6))
    let application = Application(screen: screen, root: stack, contentWidth: 30)
    application.render()
    model.name = "Ada"
    application.render()
    #expect(screen.lines[0].contains("Hello, Ada"))
    #expect(name.drawCount == 2)
    #expect(still.drawCount == 1)
    #expect(stack.children.count == 2 && stack.children[0] === name)
  }
}
