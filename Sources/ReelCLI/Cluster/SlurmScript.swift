/// The Slurm submit script for a ``ClusterJob``: what `reel plan --format slurm` prints.
///
/// The script is bash (`set -euo pipefail`) and submits three jobs with `sbatch --parsable`:
/// a job array over the chunks (`--array=0-(N−1)`, `SLURM_ARRAY_TASK_ID` is the chunk), one
/// job for the whole movie's audio, and the join, which depends on both with
/// `--dependency=afterok:ARRAY:AUDIO` and `--kill-on-invalid-dep=yes` — a failed chunk makes
/// Slurm cancel the join (reason `DependencyNeverSatisfied`) instead of leaving it pending.
/// Each chunk asks for the job's CPUs and memory; the audio task and the join for one CPU.
/// A movie without audio (``ClusterJob/hasAudioTask`` false) has no audio job.
/// Logs go to `<plan-stem>.logs/` beside the plan. The script prints the join's job id on
/// stdout (and what it submitted on stderr), so `join=$(bash submit.sh)` can wait on it.
///
/// Every path is written as one single-quoted shell word, so paths with spaces, quotes or
/// `$` are safe. Slurm reads `--output` as a pattern: a `%` is doubled; a `\\` anywhere turns
/// the patterns off and is dropped, so such a log folder cannot be named to Slurm at all —
/// then `--output` is `/dev/null` and each task script sends its own output to its log.
enum SlurmScript {
  /// The submit script for `job`.
  static func make(_ job: ClusterJob) -> String {
    let q = ClusterQuoting.shell
    let name = ClusterQuoting.engineName(job.name)
    let reel = q(job.reelExecutable)
    let template = q(job.templatePath)
    let plan = q(job.planPath)
    let lastChunk = max(job.chunkCount, 1) - 1
    let end = hereDocumentDelimiter(avoiding: [
      job.reelExecutable, job.templatePath, job.planPath, logFolder(for: job),
    ])
    let chdir = "--chdir=\(q(job.workingDirectory))"
    let memory = "--mem=\(job.memoryMegabytesPerTask)M"
    func submit(_ variable: String, _ options: [String], log: Log, command: String) -> String {
      let (output, redirect) = log.placed(in: logFolder(for: job))
      return """
        \(variable)=$(sbatch --parsable \(options.joined(separator: " ")) \\
          \(chdir) \(output) <<'\(end)'
        #!/bin/sh
        \(redirect)exec \(command)
        \(end)
        )
        \(variable)=${\(variable)%%;*}
        """
    }
    let chunks = submit(
      "chunk_jobs",
      [
        "--job-name=\(q(name + "-chunk"))", "--array=0-\(lastChunk)",
        "--cpus-per-task=\(job.cpusPerTask)", memory,
      ], log: Log(pattern: "chunk-%a.log", shell: #"chunk-"$SLURM_ARRAY_TASK_ID".log"#),
      command: "\(reel) render \(template) --plan \(plan) --chunk \"$SLURM_ARRAY_TASK_ID\"")
    let audio = submit(
      "audio_job", ["--job-name=\(q(name + "-audio"))", "--cpus-per-task=1", memory],
      log: Log(pattern: "audio.log", shell: "audio.log"),
      command: "\(reel) render \(template) --plan \(plan) --audio")
    let dependency =
      job.hasAudioTask
      ? #"--dependency=afterok:"$chunk_jobs":"$audio_job""# : #"--dependency=afterok:"$chunk_jobs""#
    let join = submit(
      "join_job",
      [
        "--job-name=\(q(name + "-join"))", "--cpus-per-task=1", memory,
        dependency, "--kill-on-invalid-dep=yes",
      ], log: Log(pattern: "join.log", shell: "join.log"), command: "\(reel) join \(plan)")
    return """
      #!/usr/bin/env bash
      # Renders \(ClusterQuoting.comment(job.templatePath)) on Slurm as \(job.chunkCount) \
      chunk(s)\(job.hasAudioTask ? ", its audio," : "") and a join into
      # \(ClusterQuoting.comment(job.outputPath)). Written by `reel plan --format slurm`.
      #
      # Every node must see these paths at the same place (a shared filesystem). Run this on a
      # submit host: `bash THIS-FILE`. It prints the join's job id; the joined movie is there
      # when that job is COMPLETED (`scontrol show job ID`). If a chunk fails, Slurm cancels
      # the join; `reel join PLAN` names the missing chunks, and running the chunk `sbatch`
      # below with `--array=I,J` instead resubmits just those (then `reel join PLAN`).
      set -euo pipefail

      mkdir -p -- \(q(logFolder(for: job)))

      \(chunks)

      \(job.hasAudioTask ? audio + "\n\n" : "")\(join)

      echo "reel: submitted chunks as job array $chunk_jobs, \(job.hasAudioTask ? "audio as job $audio_job, " : "")join as job $join_job" >&2
      echo "$join_job"

      """
  }

  /// A task's log file, named the two ways a script can name it.
  struct Log {
    /// The name as an sbatch `--output` pattern (`chunk-%a.log`).
    var pattern: String
    /// The name as a shell word in the task script (`chunk-"$SLURM_ARRAY_TASK_ID".log`).
    var shell: String

    /// The `--output` option and the task script's redirection (empty when Slurm writes
    /// the log) for this log in `folder`.
    func placed(in folder: String) -> (output: String, redirect: String) {
      if folder.contains("\\") {
        return ("--output=/dev/null", "exec >\(ClusterQuoting.shell(folder + "/"))\(shell) 2>&1\n")
      }
      return (
        "--output=\(ClusterQuoting.shell(ClusterQuoting.slurmFilename(folder) + "/" + pattern))", ""
      )
    }
  }

  /// `REEL_TASK`, lengthened until no line of `texts` equals it, so a path with a line
  /// break cannot end a task's here-document early.
  static func hereDocumentDelimiter(avoiding texts: [String]) -> String {
    let lines = Set(texts.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) })
    var delimiter = "REEL_TASK"
    while lines.contains(where: { $0.contains(delimiter) }) { delimiter += "_" }
    return delimiter
  }

  /// Where the tasks' logs go: `<plan-stem>.logs` beside the plan (`card.plan.json` →
  /// `card.plan.logs`).
  static func logFolder(for job: ClusterJob) -> String {
    let plan = job.planPath
    return (plan.hasSuffix(".json") ? String(plan.dropLast(5)) : plan) + ".logs"
  }
}
