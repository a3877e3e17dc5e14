import Foundation
import TestSupport

@testable import ReelCLI

/// Stand-ins and fixtures for the cluster engines' tests: a fake `reel` that records each task
/// it is asked to run, a fake `sbatch`, and folder names no path quoting can get away with.
enum ClusterTestSupport {
  /// A folder name with a space, both quotes, `$`, a backslash, `%` (sbatch's pattern
  /// character) and a `*` glob.
  static let awkwardName = #"it's a "test" $HOME %j \ *"#

  /// A fake `reel`: for `render T --plan P --chunk I`, `--audio` and `join P` it writes the
  /// arguments (NUL-separated) to `tasks/chunk-I`, `tasks/audio` or `tasks/joined` in the
  /// plan's folder. A chunk fails (exit 3, nothing written) when `tasks/fail-chunk-I` exists;
  /// the join fails naming every missing task, like `reel join`.
  static let fakeReel = #"""
    #!/bin/sh
    set -eu
    if [ "$1" = join ]; then plan=$2; else plan=$4; fi
    tasks="$(dirname "$plan")/tasks"
    mkdir -p "$tasks"
    case "$1 ${5-}" in
      "render --chunk")
        [ ! -e "$tasks/fail-chunk-$6" ] || { echo "chunk $6 failed on purpose" >&2; exit 3; }
        task="chunk-$6" ;;
      "render --audio") task=audio ;;
      join*)
        missing=""
        for i in $(seq 0 $((${REEL_FAKE_CHUNKS:-3} - 1))); do
          [ -e "$tasks/chunk-$i" ] || missing="$missing $i"
        done
        [ -e "$tasks/audio" ] || missing="$missing audio"
        [ -z "$missing" ] || { echo "reel: missing:$missing" >&2; exit 1; }
        task=joined ;;
      *) echo "fake reel: unexpected arguments: $*" >&2; exit 2 ;;
    esac
    printf '%s\0' "$@" > "$tasks/$task.tmp"
    mv "$tasks/$task.tmp" "$tasks/$task"
    """#

  /// Writes an executable script.
  ///
  /// The file is opened close-on-exec: the tests run in parallel and start processes, and
  /// a child that inherited an open write descriptor of the script would make running it
  /// fail with "Text file busy" for as long as the child lives.
  static func writeExecutable(_ text: String, to url: URL) throws {
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    guard descriptor >= 0 else { throw CLITestFailure("cannot create \(url.path)") }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    guard written == bytes.count else { throw CLITestFailure("cannot write \(url.path)") }
    guard chmod(url.path, 0o755) == 0 else {
      throw CLITestFailure("chmod \(url.path) failed")
    }
  }

  /// A job whose files live in `folder` (template `card.json`, plan `card.plan.json`).
  static func job(in folder: URL, reel: String, chunks: Int = 3) -> ClusterJob {
    ClusterJob(
      name: "card", reelExecutable: reel,
      templatePath: folder.appendingPathComponent("card.json").path,
      planPath: folder.appendingPathComponent("card.plan.json").path,
      outputPath: folder.appendingPathComponent("card.mp4").path, chunkCount: chunks,
      cpusPerTask: 1, memoryMegabytesPerTask: 256, workingDirectory: folder.path)
  }

  /// The NUL-separated arguments the fake `reel` recorded for `task`.
  static func recordedArguments(_ task: String, in folder: URL) throws -> [String] {
    let data = try Data(contentsOf: folder.appendingPathComponent("tasks/\(task)"))
    return String(decoding: data, as: UTF8.self).split(separator: "\0").map(String.init)
  }

  /// A folder named ``awkwardName`` inside a fresh temporary folder.
  static func awkwardFolder() throws -> URL {
    let folder = try TestSupport.makeTemporaryDirectory("reel-cluster")
      .appendingPathComponent(awkwardName, isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// The folder of a shipped cluster example (`slurm`, `kubernetes`).
  static func exampleFolder(_ engine: String) -> URL {
    CLITestSupport.repositoryRoot.appendingPathComponent("Examples/cluster/\(engine)")
  }

  /// The job `reel plan` made the shipped examples from (`/srv/reel/cards`, with
  /// `/srv/reel/bin/reel`), read back from the example's plan file.
  static func exampleJob(_ engine: String) throws -> ClusterJob {
    let folder = "/srv/reel/cards"
    let plan = exampleFolder(engine).appendingPathComponent("birthday-card.plan.json")
    guard
      let json = try JSONSerialization.jsonObject(with: Data(contentsOf: plan)) as? [String: Any],
      let chunks = json["chunks"] as? [Any], let output = json["output"] as? String,
      let template = json["template"] as? String,
      let resources = json["resources"] as? [String: Any],
      let cpus = resources["cpusPerTask"] as? Int,
      let memory = resources["memoryMegabytesPerTask"] as? Int
    else { throw CLITestFailure("\(plan.path) is not a plan") }
    return ClusterJob(
      name: "birthday-card", reelExecutable: "/srv/reel/bin/reel", templatePath: template,
      planPath: folder + "/birthday-card.plan.json", outputPath: folder + "/" + output,
      chunkCount: chunks.count, cpusPerTask: cpus, memoryMegabytesPerTask: memory,
      workingDirectory: folder, hasAudioTask: !(json["audio"] is NSNull || json["audio"] == nil))
  }
}
