import Terminal
import TestSupport
import Testing
@_spi(Testing) import Widgets

/// A review queue: who applied, when, from where.
@Observable final class Queue {
  var applications = [
    ["ada", "2 min ago", "192.0.2.7"],
    ["grace", "1 h ago", "2001:db8::1"],
    ["линус", "yesterday", "198.51.100.20"],
    ["margaret", "3 days ago", "203.0.113.9"],
  ]
  var approved: [String] = []
}

@Suite("List")
struct ListTests {
  let queue = Queue()
  let answers = Answers()

  func harness(width: Int = 44, rows: Int = 3, unicode: Bool = true) -> WidgetHarness<List> {
    let queue = queue
    let list = List(
      columns: ["Login", "When", "From"], rows: { queue.applications },
      selection: Binding(answers, \.selected), visibleRows: rows, emptyText: "No one is waiting",
      actions: [
        List.Action(Key(.character("a")), title: "a approve") { index in
          queue.approved.append(queue.applications.remove(at: index)[0])
        },
        List.Action(Key(.character("r")), title: "r reject") { queue.applications.remove(at: $0) },
      ])
    return WidgetHarness(list, width: width, height: 12, unicode: unicode)
  }

  @Test("a header, rows in aligned columns, the selected one marked, the keys named")
  func queueShown() {
    let form = harness()
    #expect(form.rows[0].hasPrefix("  Login     When        From"))
    #expect(form.rows[0].hasSuffix("1/4"))
    #expect(form.rows[1] == "▶ ada       2 min ago   192.0.2.7")
    #expect(form.rows[2] == "  grace     1 h ago     2001:db8::1")
    #expect(form.rows[4] == "a approve  r reject")
    #expect(form.style(x: 3, y: 1).attributes.contains(.reverse))
    #expect(compareSnapshot(form.screen, named: "list-queue") == .matches)
  }

  @Test("Up and Down move and stay in the list at its ends; pages, Home and End; scrolling")
  func moving() {
    let form = harness()
    form.press(Key(.up))
    #expect(answers.selected == 0)
    #expect(form.application.focused === form.widget)
    form.press(Key(.down), Key(.down), Key(.down), Key(.down))
    #expect(answers.selected == 3)
    #expect(form.rows[3].hasPrefix("▶ margaret"))
    #expect(form.rows[1].hasPrefix("  grace"), "scrolled by one")
    form.press(Key(.home))
    #expect(answers.selected == 0)
    form.press(Key(.pageDown))
    #expect(answers.selected == 3)
    form.press(Key(.pageUp))
    #expect(answers.selected == 0)
  }

  @Test("an action's key acts on the selected row; the selection stays within the rows")
  func actions() {
    let form = harness()
    form.press(Key(.end))
    form.type("a")
    #expect(queue.approved == ["margaret"])
    #expect(form.widget.selection == 2)
    #expect(form.rows[3].hasPrefix("▶ линус"))
    form.type("r")
    form.type("r")
    form.type("a")
    #expect(queue.approved == ["margaret", "ada"])
    #expect(form.rows[1] == "  No one is waiting")
    form.type("a")
    #expect(queue.approved.count == 2, "nothing to act on")
  }

  @Test("an action that needs no row (quit) works with no rows; one that does, not")
  func actionWithoutRow() {
    var quits = 0
    var approvals = 0
    let list = List(
      columns: ["Login"], rows: { [] }, selection: Binding(answers, \.selected),
      actions: [
        List.Action(Key(.character("a")), title: "a approve") { _ in approvals += 1 },
        List.Action(Key(.character("q")), title: "q quit", needsRow: false) { _ in quits += 1 },
      ])
    let form = WidgetHarness(list, width: 30, height: 6)
    form.type("a")
    form.type("q")
    #expect(approvals == 0 && quits == 1)
  }

  @Test("moving redraws the list alone, and only when the selection changes")
  func drawCounts() {
    let form = harness()
    let (list, next) = (form.widget.drawCount, form.next.drawCount)
    form.press(Key(.down))
    #expect(form.widget.drawCount == list + 1)
    form.press(Key(.home), Key(.up))
    #expect(form.widget.drawCount == list + 2)
    form.type("z")
    #expect(form.widget.drawCount == list + 2)
    #expect(form.next.drawCount == next)
  }

  @Test("a click selects the row under it; columns give way with an ellipsis when narrow")
  func clickAndNarrow() {
    let form = harness(width: 24)
    form.click(x: 4, y: 3)
    #expect(answers.selected == 2)
    #expect(form.rows[3].hasPrefix("▶ линус"))
    #expect(form.rows[2].contains("…"), "\(form.rows)")
    #expect(form.rows.allSatisfy { TextWidth.columns(of: $0) <= 24 })
  }

  @Test("disabled: dim and skipped; an error shows under it; ASCII marks; tiny sizes")
  func disabledErrorAsciiTiny() {
    let off = harness()
    off.widget.isEnabled = { false }
    off.application.focus(off.next)
    off.application.render()
    #expect(off.style(x: 3, y: 1).attributes.contains(.dim))
    off.press(Key(.tab))
    #expect(off.application.focused === off.next)
    off.click(x: 3, y: 2)
    #expect(answers.selected == 0)

    let form = harness(unicode: false)
    form.widget.showsError = { true }
    form.widget.errorMessage = { "Select someone" }
    form.application.render()
    #expect(form.rows[5] == "Select someone")
    #expect(form.rows[1].hasPrefix("> ada"))
    for size in [Size(width: 1, height: 1), Size(width: 3, height: 2)] {
      form.screen.resize(to: size)
      form.send(.resize(size), .key(Key(.down)))
    }
  }
}
