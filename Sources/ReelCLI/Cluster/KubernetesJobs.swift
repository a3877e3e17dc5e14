/// The Kubernetes manifests for a ``ClusterJob``: what `reel plan --format kubernetes` prints.
///
/// The output is one YAML stream that starts with a comment holding the commands to run, then
/// two documents:
/// 1. `<name>-tasks`, an Indexed Job (`completionMode: Indexed`) with N + 1 completions, all
///    allowed to run at once: indices 0…N−1 render the chunks, index N the whole movie's audio
///    (N completions for a movie without audio).
///    The container's `sh -c` script picks the task from `JOB_COMPLETION_INDEX`; the template,
///    the plan and the executable are its positional arguments, so no path is ever part of the
///    script text. A failed index is retried on its own (`backoffLimitPerIndex`).
/// 2. `<name>-join`, a Job that runs `reel join PLAN` once.
///
/// Kubernetes has no dependencies between Jobs, so the commands apply the tasks (selected by
/// the label `app.kubernetes.io/component: tasks`), `kubectl wait` for them to complete, then
/// apply the join. Both Jobs mount the claim at `mountPath`, run in the template's folder and
/// ask for the job's CPUs and memory. The image must have `reel` on its `PATH` — the same
/// version that wrote the plan — and every path of the job must lie under `mountPath` (a
/// comment warns when one does not). Every string is a double-quoted YAML scalar.
enum KubernetesJobs {
  /// The label that tells the two Jobs apart, for `kubectl apply -l`.
  static let componentLabel = "app.kubernetes.io/component"

  /// The two Jobs, as their component label values and name suffixes.
  enum Component: String {
    case tasks
    case join
  }

  /// The YAML stream for `job`.
  ///
  /// - Parameters:
  ///   - job: What to run.
  ///   - image: The container image (with `reel` on its `PATH`).
  ///   - volumeClaim: The PersistentVolumeClaim that holds the template, its media and the plan.
  ///   - mountPath: Where the claim is mounted in the containers (the template's folder on the
  ///     submitting machine, so the plan's absolute paths hold in the containers too).
  static func make(
    _ job: ClusterJob, image: String, volumeClaim: String, mountPath: String
  ) -> String {
    let name = ClusterQuoting.engineName(job.name)
    let tasksJob = name + "-" + Component.tasks.rawValue
    let joinJob = name + "-" + Component.join.rawValue
    let instance = "app.kubernetes.io/instance=\(name)"
    let tasks = job.chunkCount + (job.hasAudioTask ? 1 : 0)
    let audioNote = job.hasAudioTask ? "\(job.chunkCount) is the audio" : "no audio: chunks only"
    let outside = [job.templatePath, job.planPath, job.outputPath, job.workingDirectory]
      .filter { !isInside($0, folder: mountPath) }
    let warning =
      outside.isEmpty
      ? ""
      : """
      #
      # WARNING: these paths are not under the mount path \(ClusterQuoting.comment(mountPath)), so the
      # containers will not find them: \(outside.map(ClusterQuoting.comment).joined(separator: ", "))

      """
    let header = """
      # Renders \(ClusterQuoting.comment(job.templatePath)) on Kubernetes as \(job.chunkCount) \
      chunk(s)\(job.hasAudioTask ? ", its audio," : "") and a join into
      # \(ClusterQuoting.comment(job.outputPath)). Written by `reel plan --format kubernetes`.
      # The claim \(ClusterQuoting.comment(volumeClaim)) is mounted at \
      \(ClusterQuoting.comment(mountPath)); the image needs `reel` on its PATH.
      \(warning)#
      # Save this output as reel-job.yaml and run, in order (Kubernetes has no dependencies
      # between Jobs; the wait is the dependency):
      #
      #   kubectl apply -f reel-job.yaml -l \(instance),\(componentLabel)=\(Component.tasks.rawValue)
      #   kubectl wait --for=condition=complete job/\(tasksJob) --timeout=24h
      #   kubectl apply -f reel-job.yaml -l \(instance),\(componentLabel)=\(Component.join.rawValue)
      #   kubectl wait --for=condition=complete job/\(joinJob) --timeout=1h
      #
      # If an index fails for good, the first wait runs into its timeout:
      # `kubectl get job \(tasksJob) -o jsonpath='{.status.failedIndexes}'` names the indices
      # (\(audioNote)), `reel join PLAN` the missing chunks. To run again:
      # `kubectl delete job -l \(instance)`, then the commands above.

      """
    let audioCase =
      job.hasAudioTask
      ? "  \(job.chunkCount)) exec \"$1\" render \"$2\" --plan \"$3\" --audio ;;\n" : ""
    let script = """
      case "$JOB_COMPLETION_INDEX" in
      \(audioCase)  *) exec "$1" render "$2" --plan "$3" --chunk "$JOB_COMPLETION_INDEX" ;;
      esac
      """
    let tasksDocument = document(
      name: tasksJob, instance: name, component: .tasks, job: job, image: image,
      volumeClaim: volumeClaim, mountPath: mountPath,
      specLines: [
        "completionMode: Indexed",
        "completions: \(tasks)",
        "parallelism: \(tasks)",
        "backoffLimitPerIndex: 2",
      ],
      command: ["sh", "-c", script, "reel-task", "reel", job.templatePath, job.planPath],
      cpus: job.cpusPerTask)
    let joinDocument = document(
      name: joinJob, instance: name, component: .join, job: job, image: image,
      volumeClaim: volumeClaim, mountPath: mountPath, specLines: ["backoffLimit: 2"],
      command: ["reel", "join", job.planPath], cpus: 1)
    return header + "---\n" + tasksDocument + "---\n" + joinDocument
  }

  /// One Job document.
  private static func document(
    name: String, instance: String, component: Component, job: ClusterJob, image: String,
    volumeClaim: String, mountPath: String, specLines: [String], command: [String], cpus: Int
  ) -> String {
    jobDocument(
      name: name, instance: instance, component: component.rawValue,
      workingDirectory: job.workingDirectory, memoryMegabytes: job.memoryMegabytesPerTask,
      image: image, volumeClaim: volumeClaim, mountPath: mountPath, specLines: specLines,
      command: command, cpus: cpus)
  }

  /// One Job document: Reel's labels, `specLines` under `spec`, and one `reel` container
  /// running `command` in `workingDirectory` on the work volume (the claim mounted at
  /// `mountPath`), asking for `cpus` and `memoryMegabytes` MiB. Render plans' Jobs and
  /// batches' Jobs are both written by it.
  static func jobDocument(
    name: String, instance: String, component: String, workingDirectory: String,
    memoryMegabytes: Int, image: String, volumeClaim: String, mountPath: String,
    specLines: [String], command: [String], cpus: Int
  ) -> String {
    let y = ClusterQuoting.yaml
    let labels = [
      "app.kubernetes.io/name: reel",
      "app.kubernetes.io/instance: \(y(instance))",
      "\(componentLabel): \(component)",
    ]
    func indented(_ lines: [String], by spaces: Int) -> String {
      lines.map { String(repeating: " ", count: spaces) + $0 }.joined(separator: "\n")
    }
    return """
      apiVersion: batch/v1
      kind: Job
      metadata:
        name: \(name)
        labels:
      \(indented(labels, by: 4))
      spec:
      \(indented(specLines, by: 2))
        template:
          metadata:
            labels:
      \(indented(labels, by: 8))
          spec:
            restartPolicy: Never
            containers:
              - name: reel
                image: \(y(image))
                workingDir: \(y(workingDirectory))
                command:
      \(indented(command.map { "- " + y($0) }, by: 12))
                resources:
                  requests:
                    cpu: "\(cpus)"
                    memory: "\(memoryMegabytes)Mi"
                volumeMounts:
                  - name: work
                    mountPath: \(y(mountPath))
            volumes:
              - name: work
                persistentVolumeClaim:
                  claimName: \(y(volumeClaim))

      """
  }

  /// Whether `path` is `folder` or inside it (both absolute, compared as text).
  static func isInside(_ path: String, folder: String) -> Bool {
    let base = folder.hasSuffix("/") ? folder : folder + "/"
    return path == folder || path.hasPrefix(base)
  }
}
