import Foundation
import Synchronization

/// A real single-node Slurm (munged, slurmctld and slurmd) of a test's own, in a temporary
/// folder: its own munge key and socket, configuration (through `SLURM_CONF`), state, spool
/// and logs, on free ports. Started and stopped by `scripts/local-slurm.sh`, the same script
/// the benchmark uses; ``stop()`` ends every daemon by PID and checks none is left.
///
/// Needs Debian's `slurm-wlm` and `munge` and root (``isAvailable``): tests that use it carry
/// `.enabled(if: LocalSlurm.isAvailable)` so they show as skipped elsewhere.
public final class LocalSlurm: Sendable {
  /// The folder that holds the daemons' files.
  public let folder: URL
  /// The environment for `sbatch`, `squeue`, `scontrol`: `SLURM_CONF` pointing at this Slurm.
  public let environment: [String: String]
  private let stopped = Mutex(false)

  /// The repository's `scripts/local-slurm.sh` (this file is Tests/TestSupport/LocalSlurm.swift).
  public static let script = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("scripts/local-slurm.sh")

  /// Whether a private Slurm can run here: the daemons and client tools are installed and
  /// this process is root.
  public static let isAvailable: Bool = {
    guard getuid() == 0 else { return false }
    let tools = ["mungekey", "munged", "slurmctld", "slurmd", "sbatch", "squeue", "scontrol"]
    let path = ProcessInfo.processInfo.environment["PATH", default: ""] + ":/usr/sbin:/sbin"
    return tools.allSatisfy { tool in
      path.split(separator: ":").contains {
        FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
      }
    }
  }()

  /// Starts munged, slurmctld and slurmd and returns once `sinfo` shows the node idle
  /// (about 2 s).
  ///
  /// - Throws: `TestSupport.ToolError` when a daemon does not start (the message holds the
  ///   ends of their logs).
  public init() throws {
    folder = try TestSupport.makeTemporaryDirectory("reel-slurm")
    environment = ["SLURM_CONF": folder.appendingPathComponent("slurm.conf").path]
    let (status, output) = try Self.runScript(["start", folder.path], in: folder)
    guard status == 0 else {
      throw TestSupport.ToolError(description: "local Slurm did not start: \(output)")
    }
  }

  deinit { try? stop() }

  /// The PIDs of the daemons started (from their PID files).
  public func daemonPIDs() -> [Int32] {
    ["munged", "slurmctld", "slurmd"].compactMap { name in
      let file = folder.appendingPathComponent("\(name).pid")
      guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
      return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
  }

  /// Cancels every job, stops the daemons by PID and checks that none of them, nor any
  /// process naming this folder, is left (with `pgrep`). Safe to call twice.
  ///
  /// - Throws: `TestSupport.ToolError` when a process survived.
  public func stop() throws {
    guard
      stopped.withLock({ wasStopped in
        defer { wasStopped = true }
        return !wasStopped
      })
    else { return }
    let pids = daemonPIDs()
    let (status, output) = try Self.runScript(["stop", folder.path], in: folder)
    let alive = pids.filter(Self.isRunning)
    let leftovers = try TestSupport.run("pgrep", ["-f", folder.path]).stdoutText
      .split(separator: "\n")
    guard status == 0, alive.isEmpty, leftovers.isEmpty else {
      for pid in alive { kill(pid, SIGKILL) }
      throw TestSupport.ToolError(
        description:
          "local Slurm did not stop cleanly (status \(status), alive \(alive), "
          + "leftovers \(leftovers)): \(output)")
    }
    try? FileManager.default.removeItem(at: folder)
  }

  /// Whether `pid` is a live process (not gone, not a zombie waiting for its parent).
  static func isRunning(_ pid: Int32) -> Bool {
    guard kill(pid, 0) == 0 else { return false }
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let end = stat.lastIndex(of: ")")
    else { return false }
    return !stat[stat.index(after: end)...].hasPrefix(" Z")
  }

  /// Runs `scripts/local-slurm.sh` with `arguments` and waits for it; returns its exit status
  /// and output (stdout and stderr, through a file in `folder`).
  ///
  /// Spawned and reaped here with `posix_spawn` / `waitpid` rather than `Process`: the script
  /// leaves daemons running, and Foundation's `Process.waitUntilExit` was seen to hang after
  /// such a script had exited. The signal mask is cleared and the usual signals set to their
  /// defaults, so the daemons stop on SIGTERM.
  static func runScript(_ arguments: [String], in folder: URL) throws -> (Int32, String) {
    let log = folder.appendingPathComponent("local-slurm.out")
    let argv = ["/bin/bash", script.path] + arguments
    var cArguments = argv.map { strdup($0) }
    cArguments.append(nil)
    defer { for argument in cArguments { free(argument) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, log.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    // The calling thread (a test's) may have signals blocked; the script and the daemons it
    // starts must not inherit that, or SIGTERM would not stop them.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGPIPE, SIGCHLD] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/bin/bash", &actions, &attributes, cArguments, environ)
    guard spawned == 0 else {
      throw TestSupport.ToolError(description: "could not run \(script.path): error \(spawned)")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else {
        throw TestSupport.ToolError(description: "waitpid on \(script.path): errno \(errno)")
      }
    }
    let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    // WIFEXITED / WEXITSTATUS, which Swift does not import.
    let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return (exitStatus, output)
  }

  /// Runs a Slurm client tool (`sbatch`, `squeue`, `scontrol`, `bash` of a submit script…)
  /// against this Slurm.
  public func run(_ tool: String, _ arguments: [String], currentDirectory: URL? = nil) throws
    -> TestSupport.ToolOutput
  {
    try TestSupport.run(
      tool, arguments, environment: environment, currentDirectory: currentDirectory, timeout: 120)
  }

  /// A job's state and reason as `scontrol show job` gives them, one per array task
  /// (`COMPLETED`, `FAILED`, `CANCELLED`, `PENDING`, …; reason `None`,
  /// `DependencyNeverSatisfied`, …).
  public func states(ofJob id: String) throws -> [(state: String, reason: String)] {
    let output = try run("scontrol", ["show", "job", id])
    guard output.status == 0 else {
      throw TestSupport.ToolError(description: "scontrol show job \(id): \(output.stderr)")
    }
    var found: [(String, String)] = []
    for record in output.stdoutText.components(separatedBy: "\n\n") {
      let fields = record.split(whereSeparator: { $0 == " " || $0 == "\n" })
      func value(_ key: String) -> String? {
        fields.first { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)) }
      }
      if let state = value("JobState") { found.append((state, value("Reason") ?? "None")) }
    }
    return found
  }

  /// The states that end a job.
  public static let finalStates: Set<String> = [
    "COMPLETED", "FAILED", "CANCELLED", "TIMEOUT", "NODE_FAIL", "OUT_OF_MEMORY", "BOOT_FAIL",
    "DEADLINE", "PREEMPTED",
  ]

  /// Polls `scontrol show job` (every 0.2 s, never `sbatch --wait`) until every task of the
  /// job is in a final state, and returns the states.
  ///
  /// - Parameter timeout: Seconds after which it throws.
  public func waitForJob(_ id: String, timeout: Double = 120) throws -> [(
    state: String, reason: String
  )] {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      let states = try states(ofJob: id)
      if !states.isEmpty, states.allSatisfy({ Self.finalStates.contains($0.state) }) {
        return states
      }
      guard Date() < deadline else {
        throw TestSupport.ToolError(
          description: "Slurm job \(id) did not finish in \(timeout) s: \(states)")
      }
      Thread.sleep(forTimeInterval: 0.2)
    }
  }
}
