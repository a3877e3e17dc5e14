import Foundation
import TestSupport
import Testing

@testable import ReelCLI

/// The Kubernetes manifests: read back by an independent YAML parser (PyYAML), validated
/// against the Kubernetes API schema (`kubernetes-validate --strict`), and each index's
/// container command run here with `JOB_COMPLETION_INDEX` set, with a fake `reel`.
@Suite("Kubernetes jobs", .enabled(if: KubernetesManifests.isAvailable))
struct KubernetesJobsTests {
  @Test func anIndexedJobForTheTasksAndAJoinJob() throws {
    let folder = try ClusterTestSupport.awkwardFolder()
    let job = ClusterTestSupport.job(in: folder, reel: "/unused/reel", chunks: 3)
    let text = KubernetesJobs.make(
      job, image: "registry.example/reel:1.0", volumeClaim: "renders", mountPath: folder.path)
    let documents = try KubernetesManifests.documents(text)
    try #require(documents.count == 2)
    let tasks = documents[0]
    let join = documents[1]
    #expect(tasks["kind"] as? String == "Job")
    #expect(tasks[path: "metadata.name"] as? String == "card-tasks")
    #expect(tasks[path: "spec.completionMode"] as? String == "Indexed")
    #expect(tasks[path: "spec.completions"] as? Int == 4)
    #expect(tasks[path: "spec.parallelism"] as? Int == 4)
    #expect(tasks[path: "spec.template.spec.restartPolicy"] as? String == "Never")
    #expect(join[path: "metadata.name"] as? String == "card-join")
    #expect(join[path: "spec.completionMode"] == nil)
    for document in documents {
      let pod = try #require(document[path: "spec.template.spec"] as? [String: Any])
      let container = try #require((pod["containers"] as? [[String: Any]])?.first)
      #expect(container["image"] as? String == "registry.example/reel:1.0")
      #expect(container["workingDir"] as? String == folder.path)
      #expect(
        container[path: "volumeMounts"] as? [[String: String]] == [
          ["name": "work", "mountPath": folder.path]
        ])
      #expect(
        (pod["volumes"] as? [[String: Any]])?.first?[path: "persistentVolumeClaim.claimName"]
          as? String == "renders")
      #expect(container[path: "resources.requests.memory"] as? String == "256Mi")
    }
    #expect(!text.contains("WARNING"))
  }

  @Test func theManifestsAreValidKubernetes() throws {
    let folder = try ClusterTestSupport.awkwardFolder()
    let job = ClusterTestSupport.job(in: folder, reel: "/unused/reel", chunks: 8)
    let file = folder.appendingPathComponent("reel-job.yaml")
    try Data(
      KubernetesJobs.make(job, image: "reel:latest", volumeClaim: "media", mountPath: folder.path)
        .utf8
    ).write(to: file)
    let result = try KubernetesManifests.run(["validate", file.path])
    #expect(result.status == 0, "\(result.stderr)")
  }

  /// The commands in the leading comment apply exactly the tasks Job, wait for it, then
  /// apply exactly the join Job.
  @Test func theCommandsRunTheTasksThenTheJoin() throws {
    let folder = try ClusterTestSupport.awkwardFolder()
    let job = ClusterTestSupport.job(in: folder, reel: "/unused/reel")
    let text = KubernetesJobs.make(job, image: "reel", volumeClaim: "media", mountPath: folder.path)
    let commands = text.split(separator: "\n").filter { $0.hasPrefix("#   kubectl ") }
      .map { $0.dropFirst(4) }
    try #require(commands.count == 4)
    #expect(commands[1] == "kubectl wait --for=condition=complete job/card-tasks --timeout=24h")
    #expect(commands[3] == "kubectl wait --for=condition=complete job/card-join --timeout=1h")
    let documents = try KubernetesManifests.documents(text)
    for (command, expected) in [(commands[0], "card-tasks"), (commands[2], "card-join")] {
      #expect(command.hasPrefix("kubectl apply -f reel-job.yaml -l "))
      let selector = command.split(separator: " ").last.map(String.init) ?? ""
      let wanted = selector.split(separator: ",").map { $0.split(separator: "=").map(String.init) }
      let selected = documents.filter { document in
        let labels = document[path: "metadata.labels"] as? [String: Any] ?? [:]
        return wanted.allSatisfy { $0.count == 2 && labels[$0[0]] as? String == $0[1] }
      }
      #expect(selected.compactMap { $0[path: "metadata.name"] as? String } == [expected])
    }
  }

  /// Each index's container command, taken from the parsed manifest, run here with a fake
  /// `reel` on PATH and `JOB_COMPLETION_INDEX` set: indices 0…N−1 render the chunks, index N
  /// the audio; then the join's command.
  @Test func eachIndexRunsItsTask() throws {
    let folder = try ClusterTestSupport.awkwardFolder()
    let bin = folder.appendingPathComponent("bin", isDirectory: true)
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    try ClusterTestSupport.writeExecutable(
      ClusterTestSupport.fakeReel, to: bin.appendingPathComponent("reel"))
    let job = ClusterTestSupport.job(in: folder, reel: "/unused/reel", chunks: 3)
    let documents = try KubernetesManifests.documents(
      KubernetesJobs.make(job, image: "reel", volumeClaim: "media", mountPath: folder.path))
    try #require(documents.count == 2)
    let path = bin.path + ":" + ProcessInfo.processInfo.environment["PATH", default: "/usr/bin"]
    for index in 0...3 {
      let result = try KubernetesManifests.runContainer(
        of: documents[0], environment: ["PATH": path, "JOB_COMPLETION_INDEX": "\(index)"])
      #expect(result.status == 0, "index \(index): \(result.stderr)")
    }
    let joined = try KubernetesManifests.runContainer(
      of: documents[1], environment: ["PATH": path, "REEL_FAKE_CHUNKS": "3"])
    #expect(joined.status == 0, "\(joined.stderr)")
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

  @Test func aMovieWithoutAudioHasOneIndexPerChunk() throws {
    var job = ClusterTestSupport.job(in: URL(fileURLWithPath: "/shared/cards"), reel: "/r")
    job.hasAudioTask = false
    let text = KubernetesJobs.make(job, image: "reel", volumeClaim: "m", mountPath: "/shared")
    let tasks = try #require(try KubernetesManifests.documents(text).first)
    #expect(tasks[path: "spec.completions"] as? Int == 3)
    #expect(!text.contains("--audio"))
  }

  /// Examples/cluster/kubernetes/reel-job.yaml is what the generator prints for its plan,
  /// and valid.
  @Test func theShippedExampleIsCurrentAndValid() throws {
    let file = ClusterTestSupport.exampleFolder("kubernetes").appendingPathComponent(
      "reel-job.yaml")
    let shipped = try String(contentsOf: file, encoding: .utf8)
    let job = try ClusterTestSupport.exampleJob("kubernetes")
    #expect(
      shipped
        == KubernetesJobs.make(
          job, image: "registry.example.com/reel:1.0", volumeClaim: "reel-cards",
          mountPath: "/srv/reel/cards"))
    let result = try KubernetesManifests.run(["validate", file.path])
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test func warnsAboutPathsOutsideTheMount() throws {
    let job = ClusterTestSupport.job(in: URL(fileURLWithPath: "/shared/cards"), reel: "/r")
    let text = KubernetesJobs.make(job, image: "reel", volumeClaim: "m", mountPath: "/elsewhere")
    #expect(text.contains("# WARNING: these paths are not under the mount path /elsewhere"))
    #expect(try KubernetesManifests.documents(text).count == 2)
  }

  @Test func yamlQuotingRoundTrips() throws {
    let text = ClusterTestSupport.awkwardName + "\n\t\u{7}: # - [x] 生日 \u{2028}"
    let documents = try KubernetesManifests.documents("value: " + ClusterQuoting.yaml(text) + "\n")
    #expect(documents.first?["value"] as? String == text)
  }
}

/// Reading manifests through `scripts/kubernetes-manifests.py` (PyYAML and
/// kubernetes-validate, installed from PyPI on first use).
enum KubernetesManifests {
  static let script = CLITestSupport.repositoryRoot
    .appendingPathComponent("scripts/kubernetes-manifests.py")

  /// Whether the script's Python packages are installed or installable (exit 77: not).
  static let isAvailable: Bool = {
    guard let result = try? run(["check", "/dev/null"]) else { return false }
    return result.status == 0
  }()

  static func run(_ arguments: [String]) throws -> TestSupport.ToolOutput {
    try TestSupport.run("python3", [script.path] + arguments, timeout: 300)
  }

  /// The YAML documents of `text` as JSON objects.
  static func documents(_ text: String) throws -> [[String: Any]] {
    let folder = try TestSupport.makeTemporaryDirectory("reel-manifest")
    let file = folder.appendingPathComponent("manifest.yaml")
    try Data(text.utf8).write(to: file)
    let result = try run(["json", file.path])
    guard result.status == 0,
      let documents = try JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]]
    else {
      throw CLITestFailure("the manifest did not parse as YAML: \(result.stderr)")
    }
    return documents
  }

  /// Runs the first container's `command` of a Job document here, in its `workingDir`.
  static func runContainer(of job: [String: Any], environment: [String: String]) throws
    -> TestSupport.ToolOutput
  {
    let containers = job[path: "spec.template.spec.containers"] as? [[String: Any]]
    guard let container = containers?.first, let command = container["command"] as? [String],
      let executable = command.first, let folder = container["workingDir"] as? String
    else {
      throw CLITestFailure("the Job has no container command")
    }
    return try TestSupport.run(
      executable, Array(command.dropFirst()), environment: environment,
      currentDirectory: URL(fileURLWithPath: folder))
  }
}

extension Dictionary where Key == String, Value == Any {
  /// The value at a dotted path of nested objects (`"spec.template.spec"`).
  subscript(path path: String) -> Any? {
    var value: Any? = self
    for key in path.split(separator: ".") {
      value = (value as? [String: Any])?[String(key)]
    }
    return value
  }
}
