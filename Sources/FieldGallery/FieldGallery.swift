import Terminal
import Widgets

/// Every feature of the input fields on one screen, to try them: a plain field, one with
/// a caption, a secure field with reveal, digits only with a maximum length, a phone
/// mask, a disabled field, and one that shows an error once you leave it.
public final class FieldGallery {
  public let root: VStack
  public let plain: TextField
  public let captioned: TextField
  public let secret: SecureField
  public let digits: TextField
  public let phone: TextField
  public let disabled: TextField
  public let email: TextField
  /// Fields the user has left at least once: only those may show an error.
  private var visited: Set<ObjectIdentifier> = []

  public static let width = 80

  public init() {
    plain = TextField(label: "Name", placeholder: "Your name", text: Binding(initialValue: ""))
    captioned = TextField(
      label: "City", text: Binding(initialValue: ""), caption: { "Where you live now" })
    secret = SecureField(
      label: "Password", text: Binding(initialValue: ""), caption: { "F2 or Ctrl-R shows it" })
    digits = TextField(
      label: "PIN", placeholder: "Up to 6 digits", text: Binding(initialValue: ""),
      caption: { "Digits only, at most 6" })
    digits.format = CharacterFilter.digits
    digits.maxLength = 6
    phone = TextField(
      label: "Phone", placeholder: "+7-999-999-99-99", text: Binding(initialValue: ""),
      caption: { "Digits; +7 and dashes come by themselves" })
    phone.format = PatternFormat("+7-999-999-99-99", nationalPrefixes: ["8"])
    disabled = TextField(
      label: "Member number", text: Binding(initialValue: "A-1024"),
      caption: { "Given to you; cannot be changed" })
    disabled.isEnabled = { false }
    let emailText = Binding(initialValue: "")
    email = TextField(label: "Email", text: emailText, caption: { "Only for your receipts" })

    root = VStack(spacing: 1, padding: VStack.Insets(top: 1, left: 2, right: 2))
    root.add(
      Label("Field gallery: Tab moves, Esc quits", alignment: .center, style: { $0.title }))
    let left = VStack(spacing: 1, [plain, captioned, secret])
    let right = VStack(spacing: 1, [digits, phone, disabled, email])
    root.add(HStack(spacing: 4, [left, right]))

    let email = email
    email.showsError = { [unowned self] in
      visited.contains(ObjectIdentifier(email)) && !emailText.get().contains("@")
    }
    email.errorMessage = { "An address needs an @" }
  }

  /// Call when a view loses focus: the email field shows its error only after that.
  public func didLeave(_ view: View) {
    if visited.insert(ObjectIdentifier(view)).inserted { view.setNeedsDisplay() }
  }
}
