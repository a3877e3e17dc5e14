import Foundation
import TestSupport
import Testing

/// `reel plan --format slurm|kubernetes` for real: the 6 s template of `ChunkCommandTests`
/// (two clips with sound, a cross-fade, animated overlays) in a folder whose name has spaces,
/// quotes, `$` and `%`, rendered as 3 chunks by a private single-node Slurm and by each
/// index's container command of the Kubernetes manifests run here; both results must be
/// byte-identical to `reel render --jobs 3` of the same plan. A chunk that fails leaves no
/// joined movie: Slurm cancels the join, and `reel join` names the chunk.
@Suite("Cluster engines, end to end")
struct ClusterEndToEndTests {
  /// A copy of `ChunkCommandTests.makeProject()` inside a folder with an awkward name.
  static func makeProject() throws -> URL {
    let project = try ChunkCommandTests.makeProject()
    let parent = try TestSupport.makeTemporaryDirectory("reel-cluster")
      .appendingPathComponent(
        ClusterTestSupport.awkwardName.replacingOccurrences(of: "\\", with: ""),
        isDirectory: true)
    try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
    let folder = parent.appendingPathComponent("project", isDirectory: true)
    try FileManager.default.moveItem(at: project, to: folder)
    return folder
  }

  /// `reel render --jobs 3` of `plan` into `output` (the reference both engines must equal).
  static func renderWithJobs(template: URL, plan: URL, output: URL) throws -> Data {
    try ChunkCommandTests.reel([
      "render", template.path, "--jobs", "3", "--plan", plan.path, "-o", output.path, "--quiet",
    ])
    return try Data(contentsOf: output)
  }

  @Test(.enabled(if: LocalSlurm.isAvailable))
  func slurmRendersTheSameBytesAsJobsThreeAndAFailedChunkCancelsTheJoin() throws {
    let slurm = try LocalSlurm()
    defer { #expect(throws: Never.self) { try slurm.stop() } }
    let folder = try Self.makeProject()
    let template = folder.appendingPathComponent("movie.json")
    func file(_ name: String) -> URL { folder.appendingPathComponent(name) }

    let printed = try ChunkCommandTests.reel([
      "plan", template.path, "--chunks", "3", "--format", "slurm", "-o", file("s.plan.json").path,
      "--output", file("slurm.mp4").path,
    ])
    try Data(printed.stdout).write(to: file("submit.sh"))
    let submitted = try slurm.run("bash", [file("submit.sh").path])
    try #require(submitted.status == 0, "\(submitted.stderr)")
    let join = submitted.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
    let states = try slurm.waitForJob(join, timeout: 180)
    let logs = file("s.plan.logs")
    #expect(
      states.map(\.state) == ["COMPLETED"],
      "join \(states); logs: \((try? CLITestSupport.contents(of: logs)) ?? [])")
    let slurmBytes = try Data(contentsOf: file("slurm.mp4"))
    let jobsBytes = try Self.renderWithJobs(
      template: template, plan: file("s.plan.json"), output: file("jobs.mp4"))
    #expect(slurmBytes == jobsBytes, "the Slurm movie differs from reel render --jobs 3")
    let single = file("single.mp4")
    try ChunkCommandTests.reel(["render", template.path, "-o", single.path, "--quiet"])
    let probe = { (url: URL) in
      try ChunkCommandTests.stream(url, "v", "nb_read_frames,duration")["nb_read_frames"]
        as? String
    }
    #expect(try probe(file("slurm.mp4")) == probe(single))
    #expect(try probe(file("slurm.mp4")) == "180")

    // Chunk 1 cannot write its output (a non-empty folder is in the way): its task fails,
    // Slurm cancels the join, no movie appears, and `reel join` names chunk 1.
    let failing = try ChunkCommandTests.reel([
      "plan", template.path, "--chunks", "3", "--format", "slurm", "-o", file("f.plan.json").path,
      "--output", file("failed.mp4").path,
    ])
    try Data(failing.stdout).write(to: file("submit-failing.sh"))
    let blocker = file("f.plan.chunks/chunk-0001.mp4/blocker")
    try FileManager.default.createDirectory(at: blocker, withIntermediateDirectories: true)
    let again = try slurm.run("bash", [file("submit-failing.sh").path])
    try #require(again.status == 0, "\(again.stderr)")
    let failedJoin = again.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
    let joinStates = try slurm.waitForJob(failedJoin, timeout: 180)
    #expect(joinStates.map(\.state) == ["CANCELLED"])
    #expect(joinStates.map(\.reason) == ["DependencyNeverSatisfied"])
    #expect(!FileManager.default.fileExists(atPath: file("failed.mp4").path))
    let byHand = try TestSupport.reel(["join", file("f.plan.json").path])
    #expect(byHand.status != 0)
    #expect(byHand.stderr.contains("chunk 1 (\(file("f.plan.chunks/chunk-0001.mp4").path))"))
    #expect(!byHand.stderr.contains("chunk 0 ("))
    #expect(!byHand.stderr.contains("chunk 2 ("))
    #expect(!FileManager.default.fileExists(atPath: file("failed.mp4").path))
  }

  @Test(.enabled(if: KubernetesManifests.isAvailable))
  func eachKubernetesIndexRunHereRendersTheSameBytesAsJobsThree() throws {
    let folder = try Self.makeProject()
    let template = folder.appendingPathComponent("movie.json")
    func file(_ name: String) -> URL { folder.appendingPathComponent(name) }
    let printed = try ChunkCommandTests.reel([
      "plan", template.path, "--chunks", "3", "--format", "kubernetes", "--image",
      "registry.example/reel:1", "--volume-claim", "renders", "-o", file("k.plan.json").path,
      "--output", file("kubernetes.mp4").path,
    ])
    try Data(printed.stdout).write(to: file("reel-job.yaml"))
    let validated = try KubernetesManifests.run(["validate", file("reel-job.yaml").path])
    #expect(validated.status == 0, "\(validated.stderr)")
    let documents = try KubernetesManifests.documents(printed.stdoutText)
    try #require(documents.count == 2)
    #expect(documents[0][path: "spec.completions"] as? Int == 4)

    // The image's `reel` is the one built here, on PATH.
    let reelFolder = try TestSupport.reelExecutable().deletingLastPathComponent().path
    let path = reelFolder + ":" + ProcessInfo.processInfo.environment["PATH", default: "/usr/bin"]
    for index in 0...3 {
      let result = try KubernetesManifests.runContainer(
        of: documents[0], environment: ["PATH": path, "JOB_COMPLETION_INDEX": "\(index)"])
      #expect(result.status == 0, "index \(index): \(result.stderr)")
    }
    let joined = try KubernetesManifests.runContainer(of: documents[1], environment: ["PATH": path])
    #expect(joined.status == 0, "join: \(joined.stderr)")
    let kubernetesBytes = try Data(contentsOf: file("kubernetes.mp4"))
    let jobsBytes = try Self.renderWithJobs(
      template: template, plan: file("k.plan.json"), output: file("jobs.mp4"))
    #expect(kubernetesBytes == jobsBytes, "the Kubernetes movie differs from reel render --jobs 3")
  }
}
