import Foundation
import ReelCore
import ReelMedia

extension RenderPlan {
  /// The settings that export exactly chunk `index`'s frames with the pinned encoder: the
  /// range from its first frame's absolute time to its last frame's end (cut at the
  /// movie's end), no audio, its file replaced when it is there (a re-run replaces it
  /// atomically), and the plan's identity in its `comment` tag.
  ///
  /// - Parameters:
  ///   - index: The chunk.
  ///   - base: The settings a single render uses (the template's).
  /// - Throws: ``RenderPlanError/noSuchChunk(index:count:)``.
  public func exportSettings(forChunk index: Int, base: ExportSettings) throws(RenderPlanError)
    -> ExportSettings
  {
    guard chunks.indices.contains(index) else {
      throw .noSuchChunk(index: index, count: chunks.count)
    }
    let chunk = chunks[index]
    var settings = base
    let first = compositionTime(ofFrame: chunk.firstFrame)
    let end = min(
      compositionTime(ofFrame: chunk.firstFrame + chunk.frameCount), start.time + duration.time)
    settings.timeRange = TimeRange(start: first, end: end)
    settings.excludesAudio = true
    settings.overwrite = true
    settings.pinnedEncoding = encoder.pinned
    settings.metadata["comment"] = chunkTag(index)
    return settings
  }

  /// The settings that mix and encode the whole movie's audio once (to an `.m4a`),
  /// replacing the file when it is there.
  ///
  /// - Parameter base: The settings a single render uses.
  public func audioExportSettings(base: ExportSettings) -> ExportSettings {
    var settings = base
    settings.timeRange = TimeRange(start: start.time, duration: duration.time)
    settings.excludesAudio = false
    settings.overwrite = true
    settings.metadata["comment"] = audioTag
    return settings
  }

  /// Checks that exporting `movie` with `settings` (from ``exportSettings(forChunk:base:)``)
  /// gives what the plan says: the chunk's frame count and the plan's encoder parameters.
  func check(chunk index: Int, movie: Movie, settings: ExportSettings, outputURL: URL)
    throws(RenderPlanError)
  {
    let export: ExportPlan
    do {
      export = try ExportPlan(movie: movie, settings: settings, outputURL: outputURL)
    } catch {
      throw .export(error)
    }
    guard OutputContainer(fileExtension: outputURL.pathExtension) == .mp4 else {
      throw .mismatch("a chunk is written as .mp4 (got \(outputURL.lastPathComponent))")
    }
    let chunk = chunks[index]
    if export.frameCount != chunk.frameCount {
      throw .mismatch(
        "chunk \(index) would have \(export.frameCount) frames, the plan says \(chunk.frameCount)")
    }
    guard let video = export.video else { throw .mismatch("the movie has no video") }
    var differences: [String] = []
    if video.width != encoder.width || video.height != encoder.height {
      differences.append(
        "size \(video.width)×\(video.height), the plan says \(encoder.width)×\(encoder.height)")
    }
    if export.frameDuration != frameDuration {
      differences.append(
        "frame duration \(export.frameDuration), the plan says \(frameDuration)")
    }
    if VideoCodec.chosen(video.codec, in: export.container).rawValue != encoder.codec {
      differences.append("codec \(video.codec?.rawValue ?? "?"), the plan says \(encoder.codec)")
    }
    if !encoder.pinned.lossless && video.crf != encoder.crf {
      differences.append(
        "crf \(video.crf.map(String.init) ?? "none"), the plan says \(encoder.crf.map(String.init) ?? "none")"
      )
    }
    if video.speed.rawValue != encoder.speed {
      differences.append("speed \(video.speed.rawValue), the plan says \(encoder.speed)")
    }
    if video.h264Level != encoder.level || video.h264ProfileName != encoder.profile {
      differences.append(
        "profile or level differ from the plan's \(encoder.profile) \(encoder.level)")
    }
    if !differences.isEmpty { throw .mismatch(differences.joined(separator: "; ")) }
  }
}

extension ExportSession {
  /// A session that exports exactly the frames of one chunk of `plan`: frames
  /// [`firstFrame`, `firstFrame + frameCount`), each drawn at its absolute movie time, the
  /// first encoded as an IDR frame, with the plan's pinned encoder parameters and no audio.
  /// The sources are seeked to the keyframe before the chunk and decoded forward from
  /// there. The file is written beside `outputURL` and renamed onto it, replacing a
  /// previous attempt.
  ///
  /// - Parameters:
  ///   - movie: The movie the plan was made for (loaded with the plan's variables).
  ///   - plan: The plan.
  ///   - index: The chunk, from 0.
  ///   - outputURL: Where the chunk goes (an `.mp4`), usually the plan's ``RenderPlan/Chunk/file``.
  ///   - base: The settings a single render uses (the template's).
  /// - Throws: ``RenderPlanError/noSuchChunk(index:count:)``;
  ///   ``RenderPlanError/mismatch(_:)`` when the movie no longer gives the plan's frames or
  ///   encoder parameters; ``RenderPlanError/export(_:)`` for an invalid export.
  public convenience init(
    movie: Movie, plan: RenderPlan, chunk index: Int, outputURL: URL, base: ExportSettings
  ) throws(RenderPlanError) {
    let settings = try plan.exportSettings(forChunk: index, base: base)
    try plan.check(chunk: index, movie: movie, settings: settings, outputURL: outputURL)
    self.init(movie: movie, outputURL: outputURL, settings: settings)
  }

  /// A session that mixes and encodes the whole movie's audio of `plan` once (AAC in an
  /// `.m4a`), replacing a previous attempt.
  ///
  /// - Parameters:
  ///   - movie: The movie the plan was made for.
  ///   - plan: The plan; it must have an audio task.
  ///   - outputURL: Where the audio goes (an `.m4a`).
  ///   - base: The settings a single render uses.
  /// - Throws: ``RenderPlanError/mismatch(_:)`` when the plan has no audio task or the file
  ///   is not an `.m4a`.
  public convenience init(
    movie: Movie, plan: RenderPlan, audioTo outputURL: URL, base: ExportSettings
  ) throws(RenderPlanError) {
    guard plan.audio != nil else {
      throw .mismatch("the plan has no audio task (the movie has no audio)")
    }
    guard OutputContainer(fileExtension: outputURL.pathExtension) == .m4a else {
      throw .mismatch("the audio task writes an .m4a file (got \(outputURL.lastPathComponent))")
    }
    self.init(movie: movie, outputURL: outputURL, settings: plan.audioExportSettings(base: base))
  }
}
