import Registration
import Widgets

/// What the "SSH key" field has to say, under it: `SignUpKey.rows` in one text, wrapped,
/// and no row at all while there is nothing to say (Sign up fits 24 rows). A
/// refused line or a dropped private key is an error; that the site needs a key is help.
final class SignUpKeyNotes: View {
  private let key: SignUpKey

  init(_ key: SignUpKey) { self.key = key }

  private var isError: Bool { key.refusal != nil || key.privateKeyWarning }

  private var text: [String] {
    let rows = key.rows
    return rows.isEmpty ? [] : [rows.joined(separator: "; ")]
  }

  override func sizeThatFits(_ proposal: Size) -> Size {
    let text = text
    let height = text.isEmpty ? 0 : TextWrap.lineCount(text, width: max(1, proposal.width))
    return Size(width: proposal.width, height: height)
  }

  override func idealWidth(for theme: Theme) -> Int { 0 }

  override func draw(in canvas: Canvas) {
    canvas.clear()
    let style = isError ? canvas.theme.error : canvas.theme.caption
    for piece in TextWrap.layout(text, width: max(1, canvas.size.width)) {
      canvas.draw(piece.text, at: Point(x: piece.x, y: piece.line), style: style)
    }
  }
}
