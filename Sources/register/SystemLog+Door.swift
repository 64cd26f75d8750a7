import HandOff

#if canImport(Glibc)
  import Glibc
#endif

extension SystemLog {
  /// Records what the admin must know about the door and the client must not see (a
  /// folder's path, why sessions cannot be counted).
  static func record(_ line: String) {
    line.escapedForTerminal.withCString { text in
      withVaList([text]) { arguments in
        vsyslog(LOG_AUTHPRIV | LOG_ERR, "%s", arguments)
      }
    }
  }
}
