import Foundation

/// The names of the hidden temporary files outputs are written to before they are renamed
/// onto their targets: `.<name>.reel-<host>-<pid namespace>-<pid>-XXXXXX.tmp`.
///
/// The host name, the PID namespace and the writer's process ID are in the name so that a
/// later write to the same folder can tell a file left by a killed writer (same host and
/// namespace, process gone) from one another process is still writing, or one written from
/// another machine sharing the folder (never touched). The boot (the first 12 hex digits of
/// the kernel's random `boot_id`) keeps machines apart that share a default host name such as
/// `localhost` — every Linux kernel's first PID namespace has the same inode number — and
/// separates boots, across which process IDs are reused. The namespace keeps containers that
/// share a host name but not their process IDs apart.
///
/// When the host or namespace cannot be known, or the full name would be longer than a file
/// name may be, the name is `.<name>.reel-XXXXXX.tmp`, which no writer ever removes.
struct TemporaryFileName: Sendable {
  /// `<host>-<boot>-<pid namespace>` for this process, or nil when any is unknown.
  let owner: String?
  /// This process's ID.
  let processID: Int32

  /// The longest file name Linux file systems take (`NAME_MAX`), in bytes.
  static let maximumLength = 255
  /// What the name ends with.
  static let suffix = ".tmp"
  /// The random part `mkstemps` fills in.
  static let randomPart = "XXXXXX"

  /// The identity of the current process.
  static let current = TemporaryFileName(
    owner: ownerToken(), processID: ProcessInfo.processInfo.processIdentifier)

  /// A `mkstemps` template for a temporary file beside the target named `targetName`:
  /// `.<name>.reel-<owner>-<pid>-XXXXXX.tmp`, or `.<name>.reel-XXXXXX.tmp` without an
  /// owner or when that would be too long.
  func template(for targetName: String) -> String {
    let anonymous = ".\(targetName).reel-\(Self.randomPart)\(Self.suffix)"
    guard let owner else { return anonymous }
    let named = ".\(targetName).reel-\(owner)-\(processID)-\(Self.randomPart)\(Self.suffix)"
    return named.utf8.count <= Self.maximumLength ? named : anonymous
  }

  /// The process ID in `name` when it is a temporary file of this host and namespace,
  /// else nil (another host's file, an anonymous one, or not Reel's).
  func writerProcessID(inFileName name: String) -> Int32? {
    guard let owner, name.hasPrefix("."), name.hasSuffix(Self.suffix) else { return nil }
    var rest = Substring(name.dropLast(Self.suffix.count))
    // The random part: six letters or digits, after a dash.
    let random = rest.suffix(Self.randomPart.count)
    guard random.count == Self.randomPart.count,
      random.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
    else { return nil }
    rest = rest.dropLast(random.count)
    guard rest.hasSuffix("-") else { return nil }
    rest = rest.dropLast()
    // The writer's process ID: decimal digits, after a dash.
    let digits = rest.reversed().prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, digits.count <= 10 else { return nil }
    rest = rest.dropLast(digits.count)
    guard let processID = Int32(String(digits.reversed())), processID > 0 else { return nil }
    // This host and namespace, after `.reel-`, after a target name of at least one byte.
    let marker = ".reel-\(owner)-"
    guard rest.hasSuffix(marker), rest.count > marker.count + 1 else { return nil }
    return processID
  }

  /// Whether a process with this ID exists (`kill(pid, 0)` succeeds or is refused for
  /// permission, which also means the process exists).
  static func processExists(_ processID: Int32) -> Bool {
    guard processID > 0 else { return true }
    if kill(processID, 0) == 0 { return true }
    return errno == EPERM
  }

  /// `<host>-<boot>-<pid namespace>`: the host name with every byte outside `[A-Za-z0-9._]`
  /// replaced by `_`, at most 64 bytes; 12 hex digits of the boot's ID; and the inode number
  /// of `/proc/self/ns/pid`.
  private static func ownerToken() -> String? {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
    let raw = String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let host = String(
      raw.unicodeScalars.prefix(64).map { scalar -> Character in
        scalar.isASCII
          && (CharacterSet.alphanumerics.contains(scalar) || scalar == "." || scalar == "_")
          ? Character(scalar) : "_"
      })
    guard !host.isEmpty, let boot = bootID(), let namespace = pidNamespace() else { return nil }
    return "\(host)-\(boot)-\(namespace)"
  }

  /// The first 12 hex digits of `/proc/sys/kernel/random/boot_id`, a random UUID the kernel
  /// makes at each boot.
  private static func bootID() -> String? {
    guard let text = try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8)
    else { return nil }
    let hex = text.filter { $0.isASCII && $0.isHexDigit }.lowercased()
    guard hex.count >= 12 else { return nil }
    return String(hex.prefix(12))
  }

  /// The PID namespace's inode number, from the `pid:[4026531836]` link in `/proc`.
  private static func pidNamespace() -> String? {
    var buffer = [CChar](repeating: 0, count: 64)
    let count = readlink("/proc/self/ns/pid", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    let text = String(
      decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let digits = text.filter { $0.isASCII && $0.isNumber }
    guard text.hasPrefix("pid:["), !digits.isEmpty else { return nil }
    return digits
  }
}
