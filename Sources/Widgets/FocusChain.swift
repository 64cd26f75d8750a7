/// The order in which Tab visits views: every view that accepts focus, in tree order,
/// wrapping around at both ends.
struct FocusChain {
  let members: [View]

  init(root: View) {
    members = root.subtree.filter(\.acceptsFocus)
  }

  /// The view after `current` (or the first), going forward or backward.
  func next(after current: View?, forward: Bool) -> View? {
    guard !members.isEmpty else { return nil }
    guard let current, let index = members.firstIndex(where: { $0 === current }) else {
      return forward ? members.first : members.last
    }
    let step = forward ? 1 : members.count - 1
    return members[(index + step) % members.count]
  }
}
