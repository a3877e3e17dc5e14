import Foundation
import Reel
import ReelCore
import ReelProject

/// A render plan carried out inside this one process, for `make bench`'s scale section: the
/// template is loaded once, then either the whole movie is exported, or every task of the
/// plan runs one after the other — each chunk and the audio through its own
/// ``ExportSession`` (a fresh decoder, encoder and pipeline per chunk, as
/// `reel render --plan --chunk` makes them), then ``ChunkJoiner``.
///
/// Run side by side, the two part a plan's CPU overhead over the whole render into what
/// chunking itself costs (the encoder's lookahead after each chunk, decoding forward from
/// the keyframe before it, a new encoder, the join) and what a process per task adds
/// (loading the libraries, reading the template and the plan, faulting in fresh memory).
enum InProcessPlanBenchmark {
  /// Renders the plan's range of the movie whole into `folder` (`chunks == false`), or its chunks and
  /// audio where the plan puts them and joins them into `folder`; then prints this
  /// process's CPU time (user + system, seconds) as its last line.
  ///
  /// - Parameters:
  ///   - templatePath: The template the plan was made from.
  ///   - planPath: A plan from `reel plan`; its variables load the template.
  ///   - chunks: Run the plan's tasks rather than render the whole movie.
  ///   - folder: Where the movie goes (overwritten).
  /// - Throws: Plan, template or export errors.
  static func run(templatePath: String, planPath: String, chunks: Bool, folder: String) async throws
  {
    let plan = try RenderPlan.read(from: URL(fileURLWithPath: planPath))
    let template = try Template.load(path: templatePath, variables: plan.variables)
    let output = URL(fileURLWithPath: folder, isDirectory: true)
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    if chunks {
      let planFolder = URL(fileURLWithPath: planPath).deletingLastPathComponent()
      for chunk in plan.chunks {
        let url = RenderPlan.url(of: chunk.file, planFolder: planFolder)
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let session = try ExportSession(
          movie: template.movie, plan: plan, chunk: chunk.index, outputURL: url,
          base: template.exportSettings)
        _ = try await session.export()
      }
      if let audio = plan.audio {
        let session = try ExportSession(
          movie: template.movie, plan: plan,
          audioTo: RenderPlan.url(of: audio.file, planFolder: planFolder),
          base: template.exportSettings)
        _ = try await session.export()
      }
      _ = try ChunkJoiner(plan: plan, planFolder: planFolder).join(
        to: output.appendingPathComponent("joined.mp4"), overwrite: true)
    } else {
      var settings = template.exportSettings
      settings.timeRange = TimeRange(start: plan.start.time, duration: plan.duration.time)
      settings.overwrite = true
      let session = ExportSession(
        movie: template.movie, outputURL: output.appendingPathComponent("whole.mp4"),
        settings: settings)
      _ = try await session.export()
    }
    print(String(format: "%.3f s CPU", processCPUSeconds()))
  }

  /// User plus system CPU time of this process so far, in seconds.
  static func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }
}
