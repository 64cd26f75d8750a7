import Widgets

/// Every feature of the input fields on one screen, to try them: a plain field, one with
/// a caption, a secure field with reveal, digits only with a maximum length, a phone
/// mask, a disabled field, and one that shows an error once you leave it.
public final class FieldGallery {
  public private(set) var root = VStack()
  public let plain: TextField
  public let captioned: TextField
  public let secret: SecureField
  public let digits: TextField
  public let phone: TextField
  public let disabled: TextField
  public let email: TextField
  /// Fields the user has left at least once: only those may show an error.
  private let visited = Visited()

  public static let width = 80

  public init() {
    plain = TextField(label: "Name", placeholder: "Your name", text: Binding(initialValue: ""))
    captioned = TextField(
      label: "City", text: Binding(initialValue: ""), caption: { "Where you live now" })
    secret = SecureField(
      label: "Password", text: Binding(initialValue: ""), caption: { "F2 or Ctrl-R shows it" })
    digits = TextField(
      label: "PIN", placeholder: "Up to 6 digits", text: Binding(initialValue: ""),
      caption: { "Digits only, at most 6" }
    ).with {
      $0.format = CharacterFilter.digits
      $0.maxLength = 6
    }
    phone = TextField(
      label: "Phone", placeholder: "+7-999-999-99-99", text: Binding(initialValue: ""),
      caption: { "Digits; +7 and dashes come by themselves" }
    ).with { $0.format = PatternFormat("+7-999-999-99-99", nationalPrefixes: ["8"]) }
    disabled = TextField(
      label: "Member number", text: Binding(initialValue: "A-1024"),
      caption: { "Given to you; cannot be changed" }
    ).with { $0.isEnabled = { false } }
    let address = Binding(initialValue: "")
    email = TextField(label: "Email", text: address, caption: { "Only for your receipts" }).with {
      [visited] email in
      email.showsError = { visited.email && !address.get().contains("@") }
      email.errorMessage = { "An address needs an @" }
    }

    root = VStack(spacing: 1, padding: VStack.Insets(top: 1, left: 2, right: 2)) {
      Label("Field gallery: Tab moves, Esc quits", alignment: .center, style: { $0.title })
      HStack(spacing: 4) {
        VStack(spacing: 1) {
          plain
          captioned
          secret
        }
        VStack(spacing: 1) {
          digits
          phone
          disabled
          email
        }
      }
    }
  }

  /// Call when a view loses focus: the email field shows its error only after that.
  public func didLeave(_ view: View) {
    // Set once: setting it again would still announce a change, and redraw the field.
    if view === email && !visited.email { visited.email = true }
  }
}

/// Whether the email field was left: observable, as everything a drawing reads must be.
@Observable private final class Visited {
  var email = false
}
