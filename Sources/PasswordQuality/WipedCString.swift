#if canImport(Glibc)
  import Glibc
#endif

/// Calls `body` with a C copy of `secret` that is wiped afterwards, so the libraries see
/// the password only in memory that does not outlive the call.
func withWipedCString<Result>(_ secret: String, _ body: (UnsafePointer<CChar>) -> Result)
  -> Result
{
  var bytes = Array(secret.utf8CString)
  defer {
    bytes.withUnsafeMutableBytes { buffer in
      if let base = buffer.baseAddress { explicit_bzero(base, buffer.count) }
    }
  }
  return bytes.withUnsafeBufferPointer { body($0.baseAddress!) }
}
