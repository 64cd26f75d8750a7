import Foundation
import TestSupport
import Testing

/// `deploy/ssh/register-useradd` run as root with the real useradd, chpasswd, userdel,
/// groupdel and usermod, in a private mount namespace (a copy of /etc, empty /home and
/// /var/mail), so the host is not touched. Each of those programs is a stand-in that writes down
/// its arguments, then runs the real one (or fails, when the test says so).
@Suite("register-useradd, with the real useradd in a scratch system", .serialized)
struct UserAddWrapperTests {
  static let wrapper = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("deploy/ssh/register-useradd").path
  static let hash = "$y$j9T$Zq7vLm2pRsaltsalt12.$HashHashHashHashHashHashHashHashHashHashHa1"

  /// What one run left: its exit status and messages, every program it ran with its
  /// arguments, and the scratch system's files afterwards.
  struct Run {
    let status: Int32
    let output: String
    let commands: [String]
    let passwd: String
    let group: String
    let shadow: String
    let homes: [String]

    func user(_ login: String) -> [Substring]? {
      passwd.split(separator: "\n").map {
        $0.split(separator: ":", omittingEmptySubsequences: false)
      }
      .first { $0.first.map(String.init) == login }
    }
    func hasGroup(_ name: String) -> Bool {
      group.split(separator: "\n").contains { $0.hasPrefix("\(name):") }
    }
    func shadowEntry(_ login: String) -> String? {
      shadow.split(separator: "\n").first { $0.hasPrefix("\(login):") }.map(String.init)
    }
    func ran(_ program: String) -> Int {
      commands.filter { $0 == program || $0.hasPrefix(program + " ") }.count
    }
  }

  /// Runs the wrapper for `login` with `arguments`; `before` runs first in the scratch
  /// system (as root; the ids of what it starts in the background go in
  /// `$d/background`), `failing` names a program whose stand-in fails without running it;
  /// with `terminatedOn`, the wrapper's process group gets SIGTERM (as from register's
  /// time limit) once the stand-in of that program has started, and that one sleeps.
  func run(
    _ login: String, arguments: [String] = [], before: String = "", failing: String = "",
    terminatedOn: String = "", wrapper: String = Self.wrapper, hash: String = Self.hash
  ) throws -> Run {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("register-useradd-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
    let script = """
      set -eu
      d=\(folder)
      cp -a /etc $d/etc
      mount --bind $d/etc /etc
      for m in /home /var/mail; do mount -t tmpfs -o mode=0755 tmpfs $m; done
      # A name cache of the host's (nscd) would answer from the host's files, not these.
      [ ! -d /run/nscd ] || mount -t tmpfs tmpfs /run/nscd
      mkdir $d/real
      : >$d/commands
      for p in useradd chpasswd userdel groupdel usermod; do
        cp /usr/sbin/$p $d/real/$p
        cat >$d/fake-$p <<EOF
      #!/bin/sh
      printf '%s\\n' "$p \\$*" >>$d/commands
      [ '\(failing)' != $p ] || exit 1
      if [ '\(terminatedOn)' = $p ]; then : >$d/started; exec sleep 30; fi
      exec $d/real/$p "\\$@"
      EOF
        chmod 755 $d/fake-$p
        mount --bind $d/fake-$p /usr/sbin/$p
      done
      \(before)
      status=0
      if [ -z '\(terminatedOn)' ]; then
        env -i REGISTER_LOGIN='\(login)' REGISTER_PASSWORD_HASH='\(hash)' \\
          /bin/sh \(wrapper) \(quoted) >$d/output 2>&1 || status=$?
      else
        setsid env -i REGISTER_LOGIN='\(login)' REGISTER_PASSWORD_HASH='\(hash)' \\
          /bin/sh \(wrapper) \(quoted) >$d/output 2>&1 &
        pid=$!
        for _ in $(seq 300); do [ ! -e $d/started ] || break; sleep 0.1; done
        /bin/kill -TERM -- -$pid
        wait $pid || status=$?
      fi
      echo $status >$d/status
      ls /home >$d/homes
      # Whatever the test started in the background (it wrote their ids) goes too.
      [ ! -f $d/background ] || kill $(cat $d/background) 2>/dev/null || true
      wait
      """
    try script.write(toFile: "\(folder)/system.sh", atomically: true, encoding: .utf8)
    try ChildProcess.run(
      "/usr/bin/unshare", ["--mount", "--propagation", "private", "/bin/sh", "\(folder)/system.sh"])
    func read(_ name: String) throws -> String {
      try String(contentsOfFile: "\(folder)/\(name)", encoding: .utf8)
    }
    return Run(
      status: Int32(try read("status").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1,
      output: try read("output"),
      commands: try read("commands").split(separator: "\n").map(String.init),
      passwd: try read("etc/passwd"), group: try read("etc/group"),
      shadow: try read("etc/shadow"),
      homes: try read("homes").split(separator: "\n").map(String.init))
  }

  @Test("the user is made with the hash, which no command line ever holds")
  func made() throws {
    let run = try run("newbie")
    #expect(run.status == 0, "\(run.output)")
    #expect(run.user("newbie") != nil)
    #expect(run.hasGroup("newbie"))
    #expect(run.shadowEntry("newbie")?.hasPrefix("newbie:\(Self.hash):") == true)
    #expect(run.homes == ["newbie"])
    #expect(run.ran("useradd") == 1 && run.ran("chpasswd") == 1)
    #expect(!run.commands.isEmpty)
    for command in run.commands {
      #expect(!command.contains(Self.hash), "\(command)")
      #expect(!command.contains("$y$"), "\(command)")
    }
  }

  @Test(
    "exactly ! (an account without a password): the user is made locked for passwords, no chpasswd")
  func withoutPassword() throws {
    let run = try run("newbie", hash: "!")
    #expect(run.status == 0, "\(run.output)")
    #expect(run.user("newbie") != nil)
    #expect(run.shadowEntry("newbie")?.hasPrefix("newbie:!:") == true)
    #expect(run.ran("useradd") == 1 && run.ran("chpasswd") == 0)
  }

  @Test(
    "a hash that only starts or ends with ! is refused, and nothing is made",
    arguments: ["!!", "!$y$j9T$abc$def", "!x", " !"])
  func notQuiteWithoutPassword(hash: String) throws {
    let run = try run("newbie", hash: hash)
    #expect(run.status == 2)
    #expect(run.output.contains("not a yescrypt hash"))
    #expect(run.user("newbie") == nil && run.ran("useradd") == 0)
  }

  @Test("--group GROUP: the user's primary group is GROUP, and no group of its own is made")
  func sharedGroup() throws {
    let run = try run("newbie", arguments: ["--group", "users"])
    #expect(run.status == 0, "\(run.output)")
    let users = try #require(getgrnam("users")).pointee.gr_gid
    #expect(run.user("newbie")?[3] == "\(users)")
    #expect(!run.hasGroup("newbie"))
    #expect(run.commands.contains("useradd -m -N -g users -- newbie"))
  }

  @Test("--group of a group that does not exist, or any other argument: refused")
  func badArguments() throws {
    for arguments in [["--group", "nosuchgroupzq"], ["--group", "-o"], ["-p", "x"]] {
      let run = try run("newbie", arguments: arguments)
      #expect(run.status == 2, "\(arguments)")
      #expect(run.commands.isEmpty && run.user("newbie") == nil, "\(arguments)")
    }
  }

  @Test(
    "reserved names and privileged groups are refused, lookalikes too; nothing is run",
    arguments: ["admin", "wheel", "docker", "libvirt", "incus-admin", "lpadmin", "r00t", "kvm"])
  func reserved(login: String) throws {
    let run = try run(login)
    #expect(run.status == 2)
    #expect(run.output.contains("reserved"), "\(run.output)")
    #expect(run.commands.isEmpty)
    #expect(run.user(login) == nil && !run.hasGroup(login))
  }

  @Test("a name a group has already is refused (useradd -N would make a user beside it)")
  func existingGroup() throws {
    let run = try run("users", arguments: ["--group", "users"])
    #expect(run.status == 2)
    #expect(run.commands.isEmpty && run.user("users") == nil)
  }

  @Test("a home that cannot be made: the user and its group are taken back")
  func homeNotMade() throws {
    let run = try run("newbie", before: "mount -o remount,ro /home")
    #expect(run.status == 1)
    #expect(run.ran("useradd") == 1)
    #expect(run.user("newbie") == nil && !run.hasGroup("newbie"))
    #expect(run.shadowEntry("newbie") == nil)
  }

  @Test("a name cache that still says the user does not exist: the undo takes it back all the same")
  func undoPastAStaleCache() throws {
    // nscd or sssd answering from before useradd: getent knows no newbie, /etc/passwd does.
    let run = try run(
      "newbie",
      before: """
        printf '#!/bin/sh\\ncase "$2" in newbie) exit 2;; esac\\nexec %s/real-getent "$@"\\n' \
          $d >$d/fake-getent
        cp /usr/bin/getent $d/real-getent
        chmod 755 $d/fake-getent
        mount --bind $d/fake-getent /usr/bin/getent
        """, failing: "chpasswd")
    #expect(run.status == 1)
    #expect(run.user("newbie") == nil && !run.hasGroup("newbie"), "\(run.output)")
    #expect(run.homes.isEmpty)
  }

  @Test("a user of that name made meanwhile by someone else is left alone")
  func madeMeanwhile() throws {
    // Between the wrapper's check and its useradd, another useradd makes the name.
    let run = try run(
      "newbie",
      before: """
        printf '#!/bin/sh\\n%s/real/useradd -c other -- newbie\\nexec %s/real/useradd "$@"\\n' \\
          $d $d >$d/fake-useradd
        """)
    #expect(run.status == 1)
    #expect(run.user("newbie")?[4] == "other", "\(run.passwd)")
    #expect(run.hasGroup("newbie"))
  }

  @Test("chpasswd failing: the user, its group and its home are taken back")
  func passwordNotSet() throws {
    let run = try run("newbie", failing: "chpasswd")
    #expect(run.status == 1)
    #expect(run.ran("chpasswd") == 1)
    #expect(run.user("newbie") == nil && !run.hasGroup("newbie"))
    #expect(run.homes.isEmpty)
  }

  @Test("/etc/passwd locked by another useradd for a moment: tried again, and made")
  func lockedForAMoment() throws {
    // The lock file names a live process (shadow's own rule); it is removed after 1 s.
    let run = try run(
      "newbie",
      before: """
        sleep 60 & printf %s $! >/etc/passwd.lock; echo $! >$d/background
        (sleep 1; rm -f /etc/passwd.lock) &
        """)
    #expect(run.status == 0, "\(run.output)")
    #expect(run.ran("useradd") > 1)
    #expect(run.shadowEntry("newbie")?.hasPrefix("newbie:\(Self.hash):") == true)
  }

  @Test("/etc/passwd locked for good: 25 tries, then a failure, and nothing kept")
  func lockedForGood() throws {
    let run = try run(
      "newbie", before: "sleep 60 & printf %s $! >/etc/passwd.lock; echo $! >$d/background")
    #expect(run.status == 1)
    #expect(run.ran("useradd") == 25)
    #expect(run.user("newbie") == nil)
  }

  @Test("SIGTERM while the password is set: the user, its group and its home are taken back")
  func terminated() throws {
    let run = try run("newbie", terminatedOn: "chpasswd")
    #expect(run.status != 0)
    #expect(run.ran("chpasswd") == 1)
    #expect(run.user("newbie") == nil && !run.hasGroup("newbie"), "\(run.output)")
    #expect(run.homes.isEmpty)
  }

  @Test("SIGTERM while useradd runs: nothing removed that it may not have made")
  func terminatedInUseradd() throws {
    let run = try run("newbie", terminatedOn: "useradd")
    #expect(run.status != 0)
    #expect(run.ran("userdel") == 0 && run.ran("groupdel") == 0)
  }
}
