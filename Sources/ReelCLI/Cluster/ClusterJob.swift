/// What a cluster job runs: every path absolute.
///
/// `reel plan --format slurm|kubernetes` fills one from the plan it wrote, and
/// ``SlurmScript`` / ``KubernetesJobs`` turn it into that engine's job text. Every path must
/// name the same file on every node (a shared filesystem mounted at the same path).
struct ClusterJob: Sendable {
  /// The job's name (the template's stem, sanitised).
  var name: String
  /// The absolute path of the `reel` that wrote the plan.
  var reelExecutable: String
  /// The template's absolute path.
  var templatePath: String
  /// The plan file's absolute path.
  var planPath: String
  /// The joined movie's absolute path.
  var outputPath: String
  /// How many chunks the plan has (N ≥ 1): tasks 0…N−1.
  var chunkCount: Int
  /// CPUs each task asks for (from the plan: its pinned encoder threads).
  var cpusPerTask: Int
  /// Memory each task asks for, in megabytes (from the plan).
  var memoryMegabytesPerTask: Int
  /// The folder the tasks run in: the template's folder.
  var workingDirectory: String
  /// Whether the plan has an audio task (`false` for a movie without audio: then there is no
  /// audio job, and the join waits for the chunks alone).
  var hasAudioTask: Bool = true
}
