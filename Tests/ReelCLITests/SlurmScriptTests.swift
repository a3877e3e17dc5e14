import Foundation
import TestSupport
import Testing

@testable import ReelCLI

/// The Slurm submit script's text: its structure, its dependency flags and that every path
/// survives the shell unchanged (run against a fake `sbatch` that records what it is given).
@Suite("Slurm submit script")
struct SlurmScriptTests {
  let job = ClusterJob(
    name: "Birthday Card!", reelExecutable: "/opt/reel/bin/reel",
    templatePath: "/shared/cards/card.json", planPath: "/shared/cards/card.plan.json",
    outputPath: "/shared/cards/card.mp4", chunkCount: 3, cpusPerTask: 4,
    memoryMegabytesPerTask: 3000, workingDirectory: "/shared/cards")

  @Test func submitsAnArrayTheAudioAndAJoinThatDependsOnBoth() {
    let script = SlurmScript.make(job)
    #expect(script.hasPrefix("#!/usr/bin/env bash\n"))
    #expect(script.contains("\nset -euo pipefail\n"))
    let submissions = script.components(separatedBy: "$(sbatch --parsable ").dropFirst()
    #expect(submissions.count == 3)
    let chunks = submissions.first ?? ""
    #expect(chunks.contains("--array=0-2 "))
    #expect(chunks.contains("--job-name='birthday-card-chunk'"))
    #expect(chunks.contains("--cpus-per-task=4 --mem=3000M"))
    #expect(chunks.contains("--output='/shared/cards/card.plan.logs/chunk-%a.log'"))
    #expect(
      chunks.contains(
        "exec '/opt/reel/bin/reel' render '/shared/cards/card.json' --plan "
          + "'/shared/cards/card.plan.json' --chunk \"$SLURM_ARRAY_TASK_ID\""))
    let audio = submissions.dropFirst().first ?? ""
    #expect(audio.contains("--cpus-per-task=1 --mem=3000M"))
    #expect(audio.contains("--plan '/shared/cards/card.plan.json' --audio\n"))
    #expect(!audio.contains("--dependency"))
    let join = submissions.last ?? ""
    #expect(
      join.contains("--dependency=afterok:\"$chunk_jobs\":\"$audio_job\" --kill-on-invalid-dep=yes")
    )
    #expect(join.contains("exec '/opt/reel/bin/reel' join '/shared/cards/card.plan.json'\n"))
    #expect(script.hasSuffix("echo \"$join_job\"\n"))
  }

  @Test func aMovieWithoutAudioHasNoAudioJob() {
    var silent = job
    silent.hasAudioTask = false
    let script = SlurmScript.make(silent)
    #expect(!script.contains("--audio"))
    #expect(script.contains("--dependency=afterok:\"$chunk_jobs\" --kill-on-invalid-dep=yes"))
    #expect(script.components(separatedBy: "$(sbatch --parsable ").count == 3)
  }

  /// Examples/cluster/slurm/submit.sh is what the generator prints for its plan, and bash.
  @Test func theShippedExampleIsCurrent() throws {
    let folder = ClusterTestSupport.exampleFolder("slurm")
    let shipped = try String(
      contentsOf: folder.appendingPathComponent("submit.sh"), encoding: .utf8)
    #expect(shipped == SlurmScript.make(try ClusterTestSupport.exampleJob("slurm")))
    let check = try TestSupport.run(
      "bash", ["-n", folder.appendingPathComponent("submit.sh").path])
    #expect(check.status == 0, "\(check.stderr)")
  }

  @Test func oneChunkIsAnArrayOfOne() {
    var single = job
    single.chunkCount = 1
    #expect(SlurmScript.make(single).contains("--array=0-0 "))
  }

  @Test func isValidBash() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-slurm-script")
    let file = folder.appendingPathComponent("submit.sh")
    try Data(SlurmScript.make(job).utf8).write(to: file)
    let check = try TestSupport.run("bash", ["-n", file.path])
    #expect(check.status == 0, "\(check.stderr)")
  }

  /// Runs the script with a fake `sbatch` that records its arguments and the task script it
  /// reads, then runs each task script with a fake `reel`: the paths arrive byte for byte.
  @Test(arguments: [
    ClusterTestSupport.awkwardName,
    ClusterTestSupport.awkwardName.replacingOccurrences(of: "\\", with: ""),
    "line\nREEL_TASK\nbreak",
  ])
  func everyPathSurvivesTheShell(folderName: String) throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-cluster")
      .appendingPathComponent(folderName, isDirectory: true)
    let bin = folder.appendingPathComponent("bin", isDirectory: true)
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    try ClusterTestSupport.writeExecutable(
      ClusterTestSupport.fakeReel, to: bin.appendingPathComponent("reel"))
    let calls = folder.appendingPathComponent("calls", isDirectory: true)
    try FileManager.default.createDirectory(at: calls, withIntermediateDirectories: true)
    try ClusterTestSupport.writeExecutable(
      """
      #!/bin/sh
      n=$(ls "$SBATCH_CALLS" | grep -c args || true)
      printf '%s\\0' "$@" > "$SBATCH_CALLS/$n.args"
      cat > "$SBATCH_CALLS/$n.sh"
      echo "10$n;reel"
      """, to: bin.appendingPathComponent("sbatch"))
    let job = ClusterTestSupport.job(in: folder, reel: bin.appendingPathComponent("reel").path)
    let script = folder.appendingPathComponent("submit.sh")
    try Data(SlurmScript.make(job).utf8).write(to: script)

    let path = bin.path + ":" + ProcessInfo.processInfo.environment["PATH", default: "/usr/bin"]
    let submitted = try TestSupport.run(
      "bash", [script.path], environment: ["PATH": path, "SBATCH_CALLS": calls.path])
    #expect(submitted.status == 0, "\(submitted.stderr)")
    #expect(submitted.stdoutText == "102\n")
    #expect(FileManager.default.fileExists(atPath: SlurmScript.logFolder(for: job)))

    func arguments(_ call: Int) throws -> [String] {
      let data = try Data(contentsOf: calls.appendingPathComponent("\(call).args"))
      return String(decoding: data, as: UTF8.self).split(separator: "\0").map(String.init)
    }
    #expect(try arguments(0).contains("--chdir=\(folder.path)"))
    let logs = SlurmScript.logFolder(for: job)
    if logs.contains("\\") {
      #expect(try arguments(0).contains("--output=/dev/null"))
    } else {
      #expect(
        try arguments(0).contains(
          "--output=\(logs.replacingOccurrences(of: "%", with: "%%"))/chunk-%a.log"))
    }
    #expect(try arguments(2).contains("--dependency=afterok:100:101"))
    #expect(try arguments(2).contains("--kill-on-invalid-dep=yes"))

    func runTask(_ call: Int, arrayIndex: Int? = nil) throws {
      var environment = ["REEL_FAKE_CHUNKS": "3"]
      if let arrayIndex { environment["SLURM_ARRAY_TASK_ID"] = "\(arrayIndex)" }
      let task = calls.appendingPathComponent("\(call).sh").path
      let result = try TestSupport.run("sh", [task], environment: environment)
      #expect(result.status == 0, "\(result.stderr)")
    }
    for index in 0..<3 { try runTask(0, arrayIndex: index) }
    try runTask(1)
    try runTask(2)
    for index in 0..<3 {
      #expect(
        try ClusterTestSupport.recordedArguments("chunk-\(index)", in: folder) == [
          "render", job.templatePath, "--plan", job.planPath, "--chunk", "\(index)",
        ])
    }
    #expect(
      try ClusterTestSupport.recordedArguments("audio", in: folder) == [
        "render", job.templatePath, "--plan", job.planPath, "--audio",
      ])
    #expect(
      try ClusterTestSupport.recordedArguments("joined", in: folder) == ["join", job.planPath])
  }

  @Test func logPathsAreFreeOfSlurmPatterns() {
    var job = job
    job.planPath = "/shared/100%/card.plan.json"
    #expect(SlurmScript.make(job).contains("--output='/shared/100%%/card.plan.logs/audio.log'"))
    // A backslash turns Slurm's patterns off and is dropped: the task writes its own log.
    job.planPath = #"/shared/a\b/card.plan.json"#
    let script = SlurmScript.make(job)
    #expect(!script.contains("--output='"))
    #expect(
      script.contains(#"exec >'/shared/a\b/card.plan.logs/'chunk-"$SLURM_ARRAY_TASK_ID".log 2>&1"#))
  }

  @Test func engineNamesAreDNSLabels() {
    #expect(ClusterQuoting.engineName("Birthday Card!") == "birthday-card")
    #expect(ClusterQuoting.engineName("--") == "reel")
    #expect(ClusterQuoting.engineName("生日") == "reel")
    #expect(ClusterQuoting.engineName(String(repeating: "a", count: 80)).count == 40)
  }

  @Test func shellQuotingRoundTrips() throws {
    let text = ClusterTestSupport.awkwardName + "\n'' end"
    let echoed = try TestSupport.run("sh", ["-c", "printf %s " + ClusterQuoting.shell(text)])
    #expect(echoed.stdoutText == text)
  }
}
