// One `import Widgets` is enough to build a screen: the terminal's types (events, keys,
// geometry, styles, screens) are part of this module's API, and `@Observable` models are
// how screens hold state.
@_exported import Observation
@_exported import Terminal
