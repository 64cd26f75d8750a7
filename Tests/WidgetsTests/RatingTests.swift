import Testing
@_spi(Testing) import Widgets

@Observable final class Review {
  var stars = 0
}

/// The widget of the article "Write your own widget", held to what the article says.
@Suite("Write your own widget")
struct RatingTests {
  let screen = MemoryScreen(size: Size(width: 20, height: 6))
  let review = Review()
  let rating: Rating
  let other: Rating
  let application: Application

  init() {
    rating = Rating("Rating", value: Binding(review, \.stars))
    other = Rating("Other", value: Binding(initialValue: 0))
    application = Application(screen: screen, root: VStack([rating, other]), contentWidth: 20)
    application.focus(rating)
    application.render()
  }

  @Test("a key redraws the widget that read what changed, and nothing else; no view stale")
  func redraws() {
    let (mine, theirs) = (rating.drawCount, other.drawCount)
    for key in [Key(.right), Key(.right), Key(.left), Key(.left), Key(.left)] {
      application.process([.key(key)])
      #expect(application.staleViews().isEmpty)
    }
    #expect(rating.drawCount == mine + 4, "the last Left changed nothing")
    #expect(other.drawCount == theirs)
    #expect(screen.line(0) == "Rating  ▱▱▱▱▱")
  }

  @Test("a click sets the star under it; a model changed elsewhere shows at once")
  func clickAndModel() {
    application.process([.mouse(MouseEvent(.left, .press, at: Point(x: 10, y: 0)))])
    #expect(review.stars == 3)
    review.stars = 5
    application.render()
    #expect(screen.line(0) == "Rating  ▰▰▰▰▰")
    #expect(application.staleViews().isEmpty)
  }
}
