import Foundation
import ReelCore
import ReelMedia

/// Joins the chunks and the audio of a ``RenderPlan`` into one movie without re-encoding,
/// after checking every piece: that it exists, was rendered from this plan (the plan's
/// identity in its tag, the plan's input files unchanged), holds exactly its frames and
/// starts with a keyframe, and has the codec parameters of the plan and of the other
/// chunks. A refusal lists every missing or wrong piece, so they can all be rendered again.
///
/// Timestamps come from each chunk's absolute first frame (never from adding up lengths);
/// the output has `moov` first and appears only when complete.
///
///     let joiner = ChunkJoiner(plan: plan, planFolder: URL(fileURLWithPath: "."))
///     let summary = try joiner.join(to: URL(fileURLWithPath: "card.mp4"))
public struct ChunkJoiner: Sendable {
  /// What a join wrote.
  public struct Summary: Sendable, Hashable {
    /// The movie written.
    public var output: URL
    /// Video frames written (the plan's frame count).
    public var frameCount: Int
    /// Whether an audio track was written.
    public var hasAudio: Bool
    /// Wall-clock seconds the join took (checks included).
    public var wallSeconds: Double
  }

  /// The plan.
  public let plan: RenderPlan
  /// The folder of the plan file: the plan's relative paths are resolved against it.
  public let planFolder: URL

  /// Makes a joiner.
  ///
  /// - Parameters:
  ///   - plan: The plan whose chunks are joined.
  ///   - planFolder: The folder the plan file is in.
  public init(plan: RenderPlan, planFolder: URL) {
    self.plan = plan
    self.planFolder = planFolder
  }

  /// A chunk's file.
  public func url(ofChunk index: Int) -> URL {
    RenderPlan.url(of: plan.chunks[index].file, planFolder: planFolder)
  }

  /// The audio file, when the plan has an audio task.
  public var audioURL: URL? {
    plan.audio.map { RenderPlan.url(of: $0.file, planFolder: planFolder) }
  }

  /// Every problem that stops a join: changed inputs (index nil, the file as path) and
  /// every chunk or the audio missing or wrong. Empty when the join can go ahead.
  public func problems() -> [ChunkProblem] {
    var problems = plan.inputs.compactMap { input in
      input.change().map { ChunkProblem(piece: .input, path: input.path, reason: $0) }
    }
    var reference: EncodedPiece.VideoParameters?
    for chunk in plan.chunks {
      let path = url(ofChunk: chunk.index).path
      func problem(_ reason: String) {
        problems.append(ChunkProblem(piece: .chunk(chunk.index), path: path, reason: reason))
      }
      guard FileManager.default.fileExists(atPath: path) else {
        problem("is missing")
        continue
      }
      let piece: EncodedPiece
      do {
        piece = try EncodedPiece(path: path)
      } catch {
        problem("cannot be read: \(error.description)")
        continue
      }
      guard let video = piece.video else {
        problem("has no video track")
        continue
      }
      if piece.metadata["comment"] != plan.chunkTag(chunk.index) {
        problem(
          "was not rendered from this plan as chunk \(chunk.index) (its tag says '\(piece.metadata["comment"] ?? "nothing")')"
        )
        continue
      }
      if piece.videoPacketCount != chunk.frameCount {
        problem("has \(piece.videoPacketCount) frames, the plan says \(chunk.frameCount)")
        continue
      }
      if !piece.startsWithKeyframe { problem("does not start with a keyframe") }
      if let mismatch = Self.planDifference(video, plan.encoder) {
        problem(mismatch)
        continue
      }
      if let reference {
        if let difference = video.difference(from: reference) {
          problem("has different codec parameters: \(difference)")
        }
      } else {
        reference = video
      }
    }
    if let audioURL {
      let path = audioURL.path
      if !FileManager.default.fileExists(atPath: path) {
        problems.append(ChunkProblem(piece: .audio, path: path, reason: "is missing"))
      } else if let piece = try? EncodedPiece(path: path) {
        if !piece.hasAudio {
          problems.append(ChunkProblem(piece: .audio, path: path, reason: "has no audio track"))
        } else if piece.metadata["comment"] != plan.audioTag {
          problems.append(
            ChunkProblem(piece: .audio, path: path, reason: "was not rendered from this plan"))
        }
      } else {
        problems.append(ChunkProblem(piece: .audio, path: path, reason: "cannot be read"))
      }
    }
    return problems
  }

  /// How a chunk's parameters differ from the plan's encoder, or nil.
  static func planDifference(_ video: EncodedPiece.VideoParameters, _ encoder: RenderPlan.Encoder)
    -> String?
  {
    if video.codec != encoder.codec {
      return "is \(video.codec), the plan says \(encoder.codec)"
    }
    if video.width != encoder.width || video.height != encoder.height {
      return "is \(video.width)×\(video.height), the plan says \(encoder.width)×\(encoder.height)"
    }
    let profiles = ["high": 100, "high444": 244]
    if let expected = profiles[encoder.profile], expected != video.profile {
      return
        "has H.264 profile \(video.profileName ?? "?") (\(video.profile)), the plan says \(encoder.profile) (\(expected))"
    }
    if video.level != encoder.level {
      return "has H.264 level \(video.level), the plan says \(encoder.level)"
    }
    return nil
  }

  /// Checks every piece and joins them into `destination`.
  ///
  /// - Parameters:
  ///   - destination: The movie to write (`.mp4`, `.mov`, `.m4v`; default the plan's
  ///     ``RenderPlan/output``).
  ///   - overwrite: Replace an existing destination.
  ///   - removingChunks: Delete the chunks and the audio file (and their folder, when
  ///     empty) after a successful join.
  /// - Returns: What was written.
  /// - Throws: ``RenderPlanError/joinRefused(_:)`` listing every problem, before anything
  ///   is written; ``RenderPlanError/media(_:)`` when writing fails (nothing is left at
  ///   `destination`).
  public func join(
    to destination: URL? = nil, overwrite: Bool = false, removingChunks: Bool = false
  )
    throws(RenderPlanError) -> Summary
  {
    let clock = ContinuousClock()
    let started = clock.now
    let problems = problems()
    if !problems.isEmpty { throw .joinRefused(problems) }
    let output = destination ?? RenderPlan.url(of: plan.output, planFolder: planFolder)
    let pieces = plan.chunks.map {
      Remuxer.JoinPiece(path: url(ofChunk: $0.index).path, firstFrame: $0.firstFrame)
    }
    let summary: Remuxer.JoinSummary
    do {
      summary = try Remuxer.join(
        pieces, frameDuration: plan.frameDuration, audio: audioURL?.path, to: output,
        overwrite: overwrite)
    } catch {
      throw .media(error)
    }
    if removingChunks {
      var folders = Set<URL>()
      for url in pieces.map({ URL(fileURLWithPath: $0.path) }) + [audioURL].compactMap({ $0 }) {
        try? FileManager.default.removeItem(at: url)
        folders.insert(url.deletingLastPathComponent())
      }
      for folder in folders {
        if (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty == true {
          try? FileManager.default.removeItem(at: folder)
        }
      }
    }
    let elapsed = (clock.now - started).components
    return Summary(
      output: output, frameCount: summary.videoPacketCounts.reduce(0, +),
      hasAudio: summary.audioPacketCount > 0,
      wallSeconds: Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
  }
}
