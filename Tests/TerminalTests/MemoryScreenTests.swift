import Terminal
import Testing

private func screen(_ width: Int, _ height: Int) -> MemoryScreen {
  MemoryScreen(size: Size(width: width, height: height))
}

private let bold = Style(.bold, foreground: .red)

/// Expects the cell at (`x`, `y`) to hold `text` in `style`.
private func expectCell(
  _ screen: MemoryScreen, _ x: Int, _ y: Int, _ text: String, _ style: Style,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let cell = screen.cell(at: Point(x: x, y: y))
  #expect(cell.text == text, sourceLocation: sourceLocation)
  #expect(cell.style == style, sourceLocation: sourceLocation)
}

@Suite("MemoryScreen: drawing")
struct MemoryScreenDrawingTests {
  @Test func startsBlank() {
    let s = screen(4, 2)
    #expect(s.lines == ["", ""])
    #expect(s.cell(at: Point(x: 3, y: 1)) == .blank)
  }

  @Test func drawsTextAtAPoint() {
    let s = screen(10, 3)
    s.draw("Hi", at: Point(x: 3, y: 1), style: .plain)
    #expect(s.lines == ["", "   Hi", ""])
  }

  @Test func drawnCellsCarryTheStyle() {
    let s = screen(10, 1)
    s.draw("ab", at: Point(x: 1, y: 0), style: bold)
    expectCell(s, 1, 0, "a", bold)
    expectCell(s, 2, 0, "b", bold)
    #expect(s.cell(at: Point(x: 3, y: 0)) == .blank)
  }

  @Test func clipsAtTheRightEdge() {
    let s = screen(10, 2)
    s.draw("0123456789ABC", at: Point(x: 5, y: 0), style: .plain)
    #expect(s.line(0) == "     01234")
    #expect(s.line(1) == "", "nothing wraps to the next row")
  }

  @Test func textStartingPastTheRightEdgeDrawsNothing() {
    let s = screen(5, 1)
    s.draw("abc", at: Point(x: 5, y: 0), style: .plain)
    s.draw("abc", at: Point(x: 50, y: 0), style: .plain)
    #expect(s.line(0) == "")
  }

  @Test(arguments: [-1, 2, 100])
  func rowsOutsideTheScreenAreIgnored(y: Int) {
    let s = screen(5, 2)
    s.draw("abc", at: Point(x: 0, y: y), style: .plain)
    #expect(s.lines == ["", ""])
  }

  @Test func clipsAtTheLeftEdge() {
    let s = screen(5, 1)
    s.draw("abcd", at: Point(x: -2, y: 0), style: .plain)
    #expect(s.line(0) == "cd")
  }

  @Test func wideCharacterHalfLeftOfTheScreenBecomesABlank() {
    let s = screen(5, 1)
    s.draw("xxxxx", at: .zero, style: .plain)
    s.draw("中b", at: Point(x: -1, y: 0), style: bold)
    expectCell(s, 0, 0, " ", bold)
    #expect(s.cell(at: Point(x: 1, y: 0)).text == "b")
  }

  @Test func wideCharacterStraddlingTheRightEdgeBecomesABlank() {
    let s = screen(5, 1)
    s.draw("xxxxx", at: .zero, style: .plain)
    s.draw("ab中", at: Point(x: 2, y: 0), style: bold)
    expectCell(s, 4, 0, " ", bold)
    #expect(s.line(0) == "xxab")
  }

  @Test(arguments: ["中", "한", "👍", "👍🏽", "👨‍👩‍👧"])
  func wideCharacterTakesTwoCells(character: String) {
    let s = screen(6, 1)
    s.draw(character + "a", at: Point(x: 1, y: 0), style: bold)
    expectCell(s, 1, 0, character, bold)
    expectCell(s, 2, 0, "", bold)
    #expect(s.cell(at: Point(x: 3, y: 0)).text == "a")
    #expect(s.line(0) == " " + character + "a")
  }

  @Test func combiningMarkStaysInItsCell() {
    let s = screen(5, 1)
    s.draw("e\u{301}x", at: .zero, style: .plain)
    #expect(s.cell(at: .zero).text == "e\u{301}")
    #expect(s.cell(at: Point(x: 1, y: 0)).text == "x")
  }

  @Test func struckTextKeepsOneGraphemePerCell() {
    let s = screen(5, 1)
    s.draw("ab".struckThrough, at: .zero, style: .plain)
    #expect(s.cell(at: .zero).text == "a\u{336}")
    #expect(s.cell(at: Point(x: 1, y: 0)).text == "b\u{336}")
    #expect(s.cell(at: Point(x: 2, y: 0)) == .blank)
  }

  @Test func controlCharactersTakeNoCell() {
    let s = screen(5, 1)
    s.draw("a\u{1B}b", at: .zero, style: .plain)
    #expect(s.line(0) == "ab")
  }
}

@Suite("MemoryScreen: clearing and resizing")
struct MemoryScreenClearResizeTests {
  @Test func clearBlanksOnlyTheRect() {
    let s = screen(6, 3)
    for y in 0..<3 { s.draw("abcdef", at: Point(x: 0, y: y), style: bold) }
    s.clear(Rect(x: 1, y: 1, width: 3, height: 1))
    #expect(s.lines == ["abcdef", "a   ef", "abcdef"])
    #expect(s.cell(at: Point(x: 2, y: 1)) == .blank)
    #expect(s.cell(at: Point(x: 4, y: 1)).style == bold)
  }

  @Test func clearClipsARectReachingOutsideTheScreen() {
    let s = screen(4, 2)
    s.draw("abcd", at: .zero, style: .plain)
    s.draw("efgh", at: Point(x: 0, y: 1), style: .plain)
    s.clear(Rect(x: 2, y: -5, width: 100, height: 6))
    #expect(s.lines == ["ab", "efgh"])
  }

  @Test func clearingAnEmptyRectChangesNothing() {
    let s = screen(4, 1)
    s.draw("abcd", at: .zero, style: .plain)
    s.clear(Rect(x: 1, y: 0, width: 0, height: 1))
    s.clear(Rect(x: 10, y: 10, width: 3, height: 3))
    #expect(s.line(0) == "abcd")
  }

  @Test func shrinkingKeepsWhatFits() {
    let s = screen(6, 3)
    s.draw("abcdef", at: .zero, style: .plain)
    s.draw("ghijkl", at: Point(x: 0, y: 2), style: .plain)
    s.resize(to: Size(width: 4, height: 2))
    #expect(s.size == Size(width: 4, height: 2))
    #expect(s.lines == ["abcd", ""])
  }

  @Test func growingKeepsContentAndAddsBlanks() {
    let s = screen(3, 1)
    s.draw("abc", at: .zero, style: bold)
    s.resize(to: Size(width: 5, height: 2))
    #expect(s.lines == ["abc", ""])
    #expect(s.cell(at: Point(x: 4, y: 1)) == .blank)
    #expect(s.cell(at: Point(x: 2, y: 0)).style == bold)
  }

  @Test func resizeQueuesAResizeEvent() {
    let s = screen(3, 1)
    s.resize(to: Size(width: 5, height: 2))
    #expect(s.nextEvents(until: nil) == [.resize(Size(width: 5, height: 2))])
  }

  @Test func resizeToNothingAndBackDoesNotCrash() {
    let s = screen(3, 1)
    s.draw("abc", at: .zero, style: .plain)
    s.resize(to: .zero)
    s.draw("x", at: .zero, style: .plain)
    s.clear(Rect(x: 0, y: 0, width: 3, height: 3))
    #expect(s.lines == [])
    s.resize(to: Size(width: 1, height: 1))
    #expect(s.lines == [""])
  }
}

@Suite("MemoryScreen: events")
struct MemoryScreenEventTests {
  @Test func nextEventsReturnsQueuedEventsThenEndOfInput() {
    let s = screen(3, 1)
    s.send(.text("a"), .key(Key(.enter)))
    s.send(.key(Key(.tab)))
    #expect(s.nextEvents(until: nil) == [.text("a"), .key(Key(.enter)), .key(Key(.tab))])
    #expect(s.nextEvents(until: nil) == [.endOfInput])
    #expect(s.nextEvents(until: nil) == [.endOfInput])
  }

  @Test func noEventsIsEndOfInput() {
    #expect(screen(3, 1).nextEvents(until: nil) == [.endOfInput])
  }

  @Test func flushAndSuspendAreCounted() {
    let s = screen(3, 1)
    s.flush()
    s.flush()
    s.suspend()
    #expect(s.flushCount == 2)
    #expect(s.suspendCount == 1)
  }
}

@Suite("MemoryScreen: reading back")
struct MemoryScreenReadingTests {
  @Test func lineDropsTrailingBlanksButKeepsLeadingOnes() {
    let s = screen(10, 1)
    s.draw("a b", at: Point(x: 2, y: 0), style: .plain)
    #expect(s.line(0) == "  a b")
  }

  @Test func rowContainingFindsPlainAndStruckText() {
    let s = screen(10, 3)
    s.draw("plain", at: Point(x: 0, y: 1), style: .plain)
    s.draw("met".struckThrough, at: Point(x: 0, y: 2), style: .plain)
    #expect(s.row(containing: "plain") == 1)
    #expect(s.row(containing: "met") == 2)
    #expect(s.row(containing: "absent") == nil)
  }

  @Test func snapshotHasTheRowsCursorAndStyleRuns() {
    let s = screen(6, 2)
    s.draw("ab", at: .zero, style: .plain)
    s.draw("中x", at: Point(x: 1, y: 1), style: bold)
    s.cursor = Point(x: 2, y: 0)
    let expected = """
      6x2 cursor 2,0
      |ab    |
      | 中x  |
      styles:
        1 1-3 bold red

      """
    #expect(s.snapshot == expected)
  }

  @Test func snapshotShowsAHiddenCursor() {
    let s = screen(2, 1)
    s.cursor = nil
    #expect(s.snapshot.hasPrefix("2x1 cursor hidden\n"))
  }

  @Test func snapshotListsEachStyleRun() {
    let s = screen(8, 1)
    s.draw("ab", at: .zero, style: Style(.dim))
    s.draw("cd", at: Point(x: 2, y: 0), style: Style([.underline, .reverse], foreground: .green))
    s.draw("ef", at: Point(x: 5, y: 0), style: Style(foreground: .blue))
    let styles = s.snapshot.split(separator: "styles:\n").last.map(String.init)
    #expect(styles == "  0 0-1 dim\n  0 2-3 underline reverse green\n  0 5-6 blue\n")
  }
}
