import Testing
@_spi(Testing) import Widgets

@Observable final class Detail {
  var text = "first"
}

/// A view whose drawing reads the model only while it is expanded: what it reads depends
/// on its own state.
final class Expanding: View {
  let detail: Detail
  @ViewState var isExpanded = false

  init(_ detail: Detail) { self.detail = detail }

  override func draw(in canvas: Canvas) {
    canvas.clear()
    canvas.draw(isExpanded ? detail.text : "closed", at: .zero, style: .plain)
  }
}

/// A view that breaks the rule: it draws a plain `var`.
final class Careless: View {
  var text = "before"

  override func draw(in canvas: Canvas) {
    canvas.clear()
    canvas.draw(text, at: .zero, style: .plain)
  }
}

@Suite("The observation rule")
struct ObservationRuleTests {
  let screen = MemoryScreen(size: Size(width: 20, height: 2))
  let detail = Detail()
  let view: Expanding
  let application: Application

  init() {
    view = Expanding(detail)
    application = Application(screen: screen, root: VStack([view]), contentWidth: 20)
    application.minimumSize = .zero
    application.render()
  }

  @Test("a read that depends on the view's own state is observed")
  func ownStateGatesRead() {
    #expect(screen.line(0) == "closed")
    view.isExpanded = true
    application.render()
    #expect(screen.line(0) == "first")
    detail.text = "second"
    application.render()
    #expect(screen.line(0) == "second")
  }

  @Test("view state set to what it holds draws nothing; a change draws once")
  func equalValues() {
    let draws = view.drawCount
    view.isExpanded = false
    application.render()
    #expect(view.drawCount == draws)
    view.isExpanded = true
    view.isExpanded = true
    application.render()
    #expect(view.drawCount == draws + 1)
  }

  @Test("a change to what the view does not read now draws nothing")
  func unreadChange() {
    let draws = view.drawCount
    detail.text = "unseen"
    application.render()
    #expect(view.drawCount == draws)
    #expect(screen.line(0) == "closed")
  }

  @Test("a view drawing state that is not observable is found stale")
  func staleFound() {
    let careless = Careless()
    let screen = MemoryScreen(size: Size(width: 20, height: 4))
    let application = Application(
      screen: screen, root: VStack([careless, Expanding(detail)]), contentWidth: 20)
    application.minimumSize = .zero
    application.render()
    #expect(application.staleViews().isEmpty)
    careless.text = "after"
    application.render()
    #expect(screen.line(0) == "before")
    #expect(application.staleViews().map(ObjectIdentifier.init) == [ObjectIdentifier(careless)])
  }
}
