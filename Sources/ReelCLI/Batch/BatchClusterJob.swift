import Foundation

/// What a cluster runs for a batch (`reel plan TEMPLATE --data ROWS --output PATTERN --format
/// slurm|kubernetes`): one task per block of rows, each `reel render --data … --rows A-B
/// --skip-existing --report REPORTS/task-I.json`, then `reel batch-report` over the reports.
/// Every path is absolute and must name the same file on every node.
struct BatchClusterJob: Sendable {
  /// The job's name (the template's stem, sanitised).
  var name: String
  var reelExecutable: String
  var templatePath: String
  var dataPath: String
  /// The output pattern, absolute (`/srv/cards/{{name}}.mp4`).
  var outputPattern: String
  /// How many rows the data has.
  var rowCount: Int
  /// Rows per task (K ≥ 1): task I renders rows I·K+1 … I·K+K.
  var rowsPerTask: Int
  var cpusPerTask: Int
  var memoryMegabytesPerTask: Int
  /// Where the tasks write their reports (`task-I.json`).
  var reportsFolder: String
  /// The collected report.
  var reportPath: String
  /// Where the logs go.
  var logFolder: String
  /// The folder the tasks run in: the template's.
  var workingDirectory: String

  /// How many tasks: ⌈rows / K⌉.
  var taskCount: Int { max((rowCount + rowsPerTask - 1) / rowsPerTask, 1) }

  /// The task's command as a POSIX shell script reading the task's index from `variable`
  /// (`SLURM_ARRAY_TASK_ID`, `JOB_COMPLETION_INDEX`): `first`/`last` computed, then `exec`.
  /// Each other argument is a shell word as it goes in the script: a quoted path (Slurm) or
  /// a positional parameter (`"$1"`, Kubernetes).
  func taskScript(
    indexVariable variable: String, reel: String, template: String, data: String,
    pattern: String, reports: String
  ) -> String {
    """
    first=$(( $\(variable) * \(rowsPerTask) + 1 ))
    last=$(( first + \(rowsPerTask - 1) ))
    exec \(reel) render \(template) --data \(data) -o \(pattern) --rows "$first-$last" --skip-existing --quiet --report \(reports)/task-"$\(variable)".json
    """
  }
}

/// The Slurm submit script for a ``BatchClusterJob``: a job array over the blocks of rows
/// (`--array=0-(T−1)`), then the collection, which depends on the array with `afterany`
/// (it runs whether rows failed or not, and names what failed). Logs and quoting as
/// ``SlurmScript``'s. Prints the collection's job id on stdout.
enum BatchSlurmScript {
  static func make(_ job: BatchClusterJob) -> String {
    let q = ClusterQuoting.shell
    let name = ClusterQuoting.engineName(job.name)
    let end = SlurmScript.hereDocumentDelimiter(avoiding: [
      job.reelExecutable, job.templatePath, job.dataPath, job.outputPattern, job.reportsFolder,
      job.reportPath, job.logFolder,
    ])
    let chdir = "--chdir=\(q(job.workingDirectory))"
    func submit(_ variable: String, _ options: [String], log: SlurmScript.Log, script: String)
      -> String
    {
      let (output, redirect) = log.placed(in: job.logFolder)
      return """
        \(variable)=$(sbatch --parsable \(options.joined(separator: " ")) \\
          \(chdir) \(output) <<'\(end)'
        #!/bin/sh
        \(redirect)\(script)
        \(end)
        )
        \(variable)=${\(variable)%%;*}
        """
    }
    let tasks = submit(
      "task_jobs",
      [
        "--job-name=\(q(name + "-rows"))", "--array=0-\(job.taskCount - 1)",
        "--cpus-per-task=\(job.cpusPerTask)", "--mem=\(job.memoryMegabytesPerTask)M",
      ], log: SlurmScript.Log(pattern: "task-%a.log", shell: #"task-"$SLURM_ARRAY_TASK_ID".log"#),
      script: job.taskScript(
        indexVariable: "SLURM_ARRAY_TASK_ID", reel: q(job.reelExecutable),
        template: q(job.templatePath), data: q(job.dataPath), pattern: q(job.outputPattern),
        reports: q(job.reportsFolder)))
    let collect = submit(
      "report_job",
      [
        "--job-name=\(q(name + "-report"))", "--cpus-per-task=1", "--mem=256M",
        #"--dependency=afterany:"$task_jobs""#,
      ], log: SlurmScript.Log(pattern: "report.log", shell: "report.log"),
      script:
        "exec \(q(job.reelExecutable)) batch-report \(q(job.reportsFolder)) --tasks \(job.taskCount) -o \(q(job.reportPath))"
    )
    return """
      #!/usr/bin/env bash
      # Renders \(ClusterQuoting.comment(job.templatePath)) once per row of \(ClusterQuoting.comment(job.dataPath))
      # (\(job.rowCount) rows) on Slurm: a job array of \(job.taskCount) task(s) of \(job.rowsPerTask) row(s), then
      # `reel batch-report`, which collects the tasks' reports into \(ClusterQuoting.comment(job.reportPath)).
      # Written by `reel plan --data --format slurm`.
      #
      # Every node must see these paths at the same place (a shared filesystem). Run this on a
      # submit host: `bash THIS-FILE`. It prints the report job's id; that job ends FAILED when
      # some rows failed (the report names them). Running this again redoes only the rows
      # whose movie is missing (--skip-existing).
      set -euo pipefail

      mkdir -p -- \(q(job.logFolder)) \(q(job.reportsFolder))

      \(tasks)

      \(collect)

      echo "reel: submitted \(job.taskCount) task(s) as job array $task_jobs, the report as job $report_job" >&2
      echo "$report_job"

      """
  }
}

/// The Kubernetes manifests for a ``BatchClusterJob``: an Indexed Job with one completion per
/// block of rows (`JOB_COMPLETION_INDEX` picks the block), then a Job running
/// `reel batch-report`; applied one after the other as ``KubernetesJobs``' are.
enum BatchKubernetesJobs {
  static func make(_ job: BatchClusterJob, image: String, volumeClaim: String, mountPath: String)
    -> String
  {
    let name = ClusterQuoting.engineName(job.name)
    let tasksJob = name + "-rows"
    let reportJob = name + "-report"
    let instance = "app.kubernetes.io/instance=\(name)"
    let script = job.taskScript(
      indexVariable: "JOB_COMPLETION_INDEX", reel: #""$1""#, template: #""$2""#, data: #""$3""#,
      pattern: #""$4""#, reports: #""$5""#)
    func document(component: String, jobName: String, spec: [String], command: [String], cpus: Int)
      -> String
    {
      KubernetesJobs.jobDocument(
        name: jobName, instance: name, component: component,
        workingDirectory: job.workingDirectory, memoryMegabytes: job.memoryMegabytesPerTask,
        image: image, volumeClaim: volumeClaim, mountPath: mountPath, specLines: spec,
        command: command, cpus: cpus)
    }
    let tasks = document(
      component: "rows", jobName: tasksJob,
      spec: [
        "completionMode: Indexed", "completions: \(job.taskCount)",
        "parallelism: \(job.taskCount)", "backoffLimitPerIndex: 1",
      ],
      command: [
        "sh", "-c", "mkdir -p \"$5\"\n" + script,
        "reel-rows", "reel", job.templatePath, job.dataPath, job.outputPattern,
        job.reportsFolder,
      ], cpus: job.cpusPerTask)
    let report = document(
      component: "report", jobName: reportJob, spec: ["backoffLimit: 0"],
      command: [
        "reel", "batch-report", job.reportsFolder, "--tasks", String(job.taskCount), "-o",
        job.reportPath,
      ], cpus: 1)
    return """
      # Renders \(ClusterQuoting.comment(job.templatePath)) once per row of \(ClusterQuoting.comment(job.dataPath))
      # (\(job.rowCount) rows) as an Indexed Job of \(job.taskCount) completion(s) of \(job.rowsPerTask) row(s), then collects
      # the reports into \(ClusterQuoting.comment(job.reportPath)). Written by `reel plan --data --format kubernetes`.
      # The claim \(ClusterQuoting.comment(volumeClaim)) is mounted at \(ClusterQuoting.comment(mountPath)); the image needs `reel` on its PATH.
      #
      # Save this output as reel-batch.yaml and run, in order:
      #
      #   kubectl apply -f reel-batch.yaml -l \(instance),\(KubernetesJobs.componentLabel)=rows
      #   kubectl wait --for=jsonpath='{.status.active}'=0 job/\(tasksJob) --timeout=24h
      #   kubectl apply -f reel-batch.yaml -l \(instance),\(KubernetesJobs.componentLabel)=report
      #   kubectl wait --for=condition=complete job/\(reportJob) --timeout=1h
      #
      # The report Job fails when some rows failed; its log and the report name them. Applying
      # the rows Job again (after `kubectl delete job -l \(instance)`) redoes only the rows whose
      # movie is missing.
      ---
      \(tasks)---
      \(report)
      """
  }
}
