#if canImport(Glibc)
  import Glibc
#endif

/// Names nobody may register: a built-in list and, optionally, a site's own file.
public struct ReservedNames: Sendable {
  /// Names nobody may register: those a stranger could pass for the site with, and the
  /// privileged groups. `deploy/ssh/register-useradd` holds a copy (a test keeps the two
  /// equal).
  public static let builtIn = impersonating + privilegedGroups

  /// Names a stranger could use to pass for the site or its machinery.
  public static let impersonating = [
    "root", "admin", "administrator", "postmaster", "hostmaster", "webmaster", "abuse",
    "security", "support", "noreply", "no-reply", "info", "help", "sysadmin", "system",
    "daemon", "nobody", "operator", "moderator", "staff", "owner", "official", "guest",
    "mail", "www", "www-data", "ftp", "ssl-admin", "register", "join", "sudo", "wheel",
    "billing", "account", "accounts",
  ]

  /// Groups whose members gain something (devices, logs, spools, containers, printers,
  /// other users' files): Debian's base-passwd but `users` (the ordinary group), then
  /// systemd's and common packages'. A user of that name made with a personal group
  /// becomes the group, or one a package installed later adopts, so they are reserved
  /// whether or not the group exists yet.
  public static let privilegedGroups = [
    // Debian's base-passwd (those not above, but users).
    "adm", "audio", "backup", "bin", "cdrom", "dialout", "dip", "disk", "fax", "floppy",
    "games", "gnats", "irc", "kmem", "list", "lp", "man", "news", "nogroup", "plugdev",
    "proxy", "sasl", "shadow", "src", "sys", "tape", "tty", "utmp", "uucp", "video",
    "voice",
    // systemd and udev.
    "input", "kvm", "render", "sgx", "netdev", "systemd-journal", "systemd-network",
    "systemd-resolve", "systemd-timesync", "systemd-coredump",
    // Common packages: containers and virtual machines, capture, printing, sharing.
    "docker", "libvirt", "libvirt-qemu", "incus", "incus-admin", "lxd", "lxc", "podman",
    "wireshark", "tcpdump", "vboxusers", "vboxsf", "lpadmin", "scanner", "sambashare",
    "bluetooth", "pulse", "pulse-access", "adbusers", "crontab", "messagebus", "polkitd",
    "ssl-cert", "tss", "uuidd", "i2c", "gpio", "spi", "plocate",
  ]

  /// The largest file read: the names' keys are held in memory.
  public static let maximumFileSize = 1 << 20

  public let names: [String]

  public init(_ names: [String] = ReservedNames.builtIn) {
    self.names = names
  }

  /// Why a file of names could not be read, for people.
  public struct FileError: Error, Hashable, Sendable {
    public let reason: String

    public init(reason: String) {
      self.reason = reason
    }
  }

  /// The built-in names and those of the file at `path`: one a line, blank lines and
  /// everything after `#` ignored.
  public static func builtIn(andFile path: String) throws(FileError) -> ReservedNames {
    ReservedNames(builtIn + parse(try read(path)))
  }

  /// The names in a file's text.
  public static func parse(_ text: String) -> [String] {
    text.split(whereSeparator: \.isNewline).compactMap { line in
      let name = line.prefix { $0 != "#" }.trimmingPrefix(while: \.isWhitespace)
      let trimmed = String(name.reversed().drop(while: \.isWhitespace).reversed())
      return trimmed.isEmpty ? nil : trimmed
    }
  }

  private static func read(_ path: String) throws(FileError) -> String {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw FileError(reason: String(cString: strerror(errno))) }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = Glibc.read(fd, &buffer, buffer.count)
      if count < 0 {
        if errno == EINTR { continue }
        throw FileError(reason: String(cString: strerror(errno)))
      }
      if count == 0 { break }
      bytes += buffer[..<count]
      if bytes.count > maximumFileSize {
        throw FileError(reason: "larger than \(maximumFileSize / 1024) KiB")
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
