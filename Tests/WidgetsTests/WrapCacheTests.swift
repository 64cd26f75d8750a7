import Observation
import Terminal
import Testing
@_spi(Testing) import Widgets

@Suite("Wrapped text laid out once per text and width")
struct WrapCacheTests {
  @Observable final class RowState {
    var text = "Between eight and sixty-four characters"
    var state = RequirementRow.State.unmet
  }

  @Test("a row is measured and drawn from one layout, and redrawn in another style without one")
  func rowLayouts() {
    let model = RowState()
    let row = RequirementRow({ model.text }) { model.state }
    let application = Application(
      screen: MemoryScreen(size: Size(width: 24, height: 8)), root: VStack([row]),
      contentWidth: 24)
    application.render()
    #expect(row.frame.height == 2, "the text wraps")
    #expect(row.layoutCount == 1, "measuring and drawing ask the same")
    let draws = row.drawCount
    // Same icon, same words: only the style changes.
    model.state = .failed
    application.render()
    #expect(row.drawCount == draws + 1)
    #expect(row.layoutCount == 1)
    model.text = "Shorter"
    application.render()
    #expect(row.frame.height == 1)
    #expect(row.layoutCount == 2, "new words, one new layout")
  }

  @Test("a row that is met, then unmet again, keeps its layout: the icon takes only its width")
  func iconChangeKeepsLayout() {
    let model = RowState()
    let row = RequirementRow({ model.text }) { model.state }
    let screen = MemoryScreen(size: Size(width: 24, height: 8))
    let application = Application(screen: screen, root: VStack([row]), contentWidth: 24)
    application.render()
    let unmet = screen.lines
    model.state = .met
    application.render()
    #expect(screen.lines[0].hasPrefix(Theme.Glyphs.unicode.met), "\(screen.lines)")
    model.state = .pending
    application.render()
    #expect(screen.lines[0].hasPrefix(Theme.Glyphs.unicode.pending), "\(screen.lines)")
    model.state = .unmet
    application.render()
    #expect(screen.lines == unmet)
    #expect(row.drawCount == 4)
    #expect(row.layoutCount == 1, "every state lays the words out the same")
  }

  @Test("a met row is drawn struck through, the same after a redraw from the kept layout")
  func struckRowKept() {
    let model = RowState()
    model.state = .met
    let row = RequirementRow({ model.text }) { model.state }
    let screen = MemoryScreen(size: Size(width: 60, height: 8))
    let application = Application(screen: screen, root: VStack([row]), contentWidth: 60)
    application.render()
    let first = screen.lines
    #expect(first.joined().contains("\u{336}"), "\(first)")
    model.text = "Other"
    application.render()
    model.text = "Between eight and sixty-four characters"
    application.render()
    #expect(screen.lines == first)
  }
}
