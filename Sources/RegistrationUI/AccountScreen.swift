import Observation
import Registration
import SSHKeys
import Widgets

/// Your account at `join@`: the login, its keys in the toolkit's `List` (type, fingerprint;
/// under it the selected key's comment, escaped, and whether it is this connection's; `r`
/// removes the selected one), a
/// button adding the key of this connection, a field taking a pasted `authorized_keys` line,
/// Change password (unless the site's accounts have no password) and Done, and a message
/// line. Public toolkit API only.
public final class AccountScreen {
  /// How many keys show at once (the list scrolls past them).
  static let visibleKeys = 4

  public private(set) var root = VStack()
  public let keyList: List
  public let addConnectingKeyButton: Button
  public let pastedKeyField: TextField
  public let addPastedKeyButton: Button
  /// Nil where the accounts have no password (`password = off`): nothing to change.
  public let changePasswordButton: Button?
  public let doneButton: Button

  /// `sessionNotice` is a word about the session as a whole (closing for want of input),
  /// shown on the message line before anything else; `changePassword` and `done` are what
  /// the two buttons ask of the session (no `changePassword`: no such button).
  public init(
    viewModel model: AccountViewModel, strings: Strings = .english,
    sessionNotice: @escaping () -> String? = { nil },
    changePassword: (() -> Void)?, done: @escaping () -> Void
  ) {
    let selection = KeySelection()
    // Type and fingerprint as `ssh-keygen -l` prints them, whole (80 columns hold both,
    // not a comment as well): the selected key's comment is on the line under the list.
    keyList = List(
      columns: strings.accountKeyColumns,
      rows: {
        model.keys.map { key in
          [
            SSHKeyType(rawValue: key.type)?.displayName ?? key.type.escapedForTerminal,
            key.fingerprint,
          ]
        }
      },
      selection: Binding(selection, \.index), visibleRows: Self.visibleKeys,
      emptyText: strings.noKeys)
    let list = keyList
    let comment = Label {
      guard let index = list.selection, model.keys.indices.contains(index) else { return "" }
      let key = model.keys[index]
      // A comment is the person's text: its controls are shown, never acted on.
      let comment = key.comment.escapedForTerminal
      return model.isInUse(key) ? comment + " " + strings.keyInUseMark : comment
    }
    keyList.actions = [
      List.Action(Key(.character("r")), title: strings.removeKeyAction) { index in
        guard model.keys.indices.contains(index) else { return }
        model.remove(fingerprint: model.keys[index].fingerprint)
      }
    ]
    addConnectingKeyButton = Button(
      strings.addConnectingKeyButton, isEnabled: { model.offeredKey != nil && !model.isWorking },
      action: { model.addConnectingKey() })
    pastedKeyField = TextField(label: strings.pasteKeyLabel, text: Binding(model, \.pastedKey))
    addPastedKeyButton = Button(
      strings.addPastedKeyButton, isEnabled: { !model.pastedKey.isEmpty && !model.isWorking },
      action: { model.addPastedKey() })
    changePasswordButton = changePassword.map { Button(strings.changePasswordButton, action: $0) }
    doneButton = Button(strings.accountDoneButton, action: done)
    let message = Label(
      { sessionNotice() ?? model.message ?? "" }, alignment: .center,
      style: { sessionNotice() == nil && model.messageIsError ? $0.error : $0.caption },
      fitting: [strings.lastKeyRequired, strings.removeKeyInUse])
    root = VStack(spacing: 1, padding: VStack.Insets(left: 2, right: 2)) {
      Label(strings.accountTitle(model.login.escapedForTerminal), alignment: .center) { $0.title }
      VStack {
        keyList
        comment
      }
      addConnectingKeyButton.aligned(.center)
      VStack {
        pastedKeyField
        addPastedKeyButton.aligned(.center)
      }
      // Done alone is centred as itself: a stack of one would give it the whole row.
      if let changePasswordButton {
        HStack {
          changePasswordButton
          doneButton
        }
        .aligned(.center)
      } else {
        doneButton.aligned(.center)
      }
      message
    }
    // Enter in the field adds the line, when there is one.
    pastedKeyField.onSubmit = {
      guard !model.pastedKey.isEmpty, !model.isWorking else { return false }
      model.addPastedKey()
      return true
    }
  }
}

/// The selected row of the key list (the list keeps it within the keys there are).
@Observable private final class KeySelection {
  var index = 0
}
