import Foundation
import Reel

/// The timeline's files, opened: what the building stage inserts into the composition.
enum ResolvedTimeline: Sendable {
  /// The clips with their transitions; nil when a clip's file has a problem.
  case clips([(clip: ClipSequence.Clip, transition: ClipSequence.Transition)]?)
  /// Each track's segments, in the description's order; a nil segment has a problem.
  case composition(ResolvedComposition)
  /// Nothing to open.
  case empty
}

/// A composition's segments with their files opened.
struct ResolvedComposition: Sendable {
  /// For each track of the description, for each of its segments, the segment resolved
  /// (nil when its file has a problem).
  var segments: [[ResolvedSegment?]]
  /// Whether every segment's file could be used.
  var isComplete: Bool
}

/// One segment with its file opened.
enum ResolvedSegment: Sendable {
  /// Nothing, for a duration (seconds).
  case empty(Time)
  /// A decoded still image, for a duration (seconds; nil when the description has none).
  case still(StillImage, duration: Time?)
  /// A part (`range`, seconds) of a probed stream, scaled to `duration` when given.
  case media(SourceTrack, range: TimeRange, duration: Time?)
}

extension TemplateResolver {
  /// The files of a timeline, each opened once, checked against what the timeline plays.
  func resolveTimeline(_ timeline: TimelineDescription) -> ResolvedTimeline {
    switch timeline {
    case .clips(let clips):
      var resolved: [(clip: ClipSequence.Clip, transition: ClipSequence.Transition)] = []
      var complete = true
      for clip in clips.clips {
        if let item = resolveClip(clip.source) {
          resolved.append((item, clip.transition))
        } else {
          complete = false
        }
      }
      return .clips(complete ? resolved : nil)
    case .composition(let composition):
      var complete = true
      let segments = composition.tracks.map { track in
        track.segments.map { segment in
          let resolved = resolveSegment(segment.source, kind: track.kind)
          if resolved == nil { complete = false }
          return resolved
        }
      }
      return .composition(ResolvedComposition(segments: segments, isComplete: complete))
    case .empty:
      return .empty
    }
  }

  /// A decoded image file, once per path.
  func stillImage(_ file: FileReference) -> StillImage? {
    guard
      let decoded = reporting(
        file.location, { () throws(TemplateFileProblem) in try files.image(file.text) })
    else { return nil }
    // The still keeps the decoded frames, so the export draws them without decoding again.
    return StillImage(path: files.resolve(file.text), decoded: decoded)
  }

  // MARK: Clips

  private func resolveClip(_ source: ClipSourceDescription) -> ClipSequence.Clip? {
    switch source {
    case .image(let file, let duration):
      guard let still = stillImage(file), let duration else { return nil }
      return .still(still, duration: duration)
    case .media(let clip):
      let location = clip.file.location
      guard let asset = asset(clip.file) else { return nil }
      guard !asset.isStillImage else {
        report.problem(
          "\(asset.path) is a still image (\(asset.formatName)), not a movie: use \"image\" with a \"duration\" for a clip that shows a picture, or an image layer",
          at: location)
        return nil
      }
      let media = SourceMedia(asset: asset)
      guard media.video != nil else {
        report.problem(
          "\(asset.path) has no video track: a clip needs video (use \"audio\".\"soundtrack\" for sound only)",
          at: location)
        return nil
      }
      let available = media.naturalTimeRange.duration
      let first = clip.start ?? .zero
      if first >= available, let startLocation = clip.startLocation {
        report.problem(
          "is at or after the end of the media (\(seconds(available)) s): start earlier",
          at: startLocation)
        return nil
      }
      let used = clip.duration ?? (available - first)
      if first + used > available, let durationLocation = clip.durationLocation {
        report.problem(
          "the clip would end at \(seconds(first + used)) s, after the end of the media (\(seconds(available)) s): shorten it to at most \(seconds(available - first)) s",
          at: durationLocation)
        return nil
      }
      guard checkData(asset, covers: TimeRange(start: first, duration: used), at: location)
      else { return nil }
      let range =
        clip.start == nil && clip.duration == nil ? nil : TimeRange(start: first, duration: used)
      return .media(media, timeRange: range)
    }
  }

  // MARK: Segments

  private func resolveSegment(_ source: SegmentSourceDescription, kind: CompositionMediaType)
    -> ResolvedSegment?
  {
    switch source {
    case .empty(let duration):
      return .empty(duration)
    case .image(let file, let duration):
      return stillImage(file).map { .still($0, duration: duration) }
    case .media(let segment):
      guard let asset = asset(segment.file) else { return nil }
      let wanted: TrackKind = kind == .video ? .video : .audio
      let info: TrackInfo
      if let stream = segment.stream {
        guard let found = asset.tracks.first(where: { $0.index == stream }) else {
          report.problem(
            "\(asset.path) has no stream \(stream) (its streams: \(asset.tracks.map { "\($0.index) \($0.kind.rawValue)" }.joined(separator: ", ")))",
            at: segment.streamLocation)
          return nil
        }
        guard found.kind == wanted else {
          report.problem(
            "stream \(stream) of \(asset.path) is \(found.kind.rawValue), but this is a \(kind.rawValue) track",
            at: segment.streamLocation)
          return nil
        }
        info = found
        // `asset(_:)` opened the decoders of the first video and audio tracks; a segment
        // may name another one.
        guard
          reporting(
            segment.streamLocation,
            { () throws(TemplateFileProblem) in try files.checkDecoders(of: asset, for: [info]) })
            != nil
        else { return nil }
      } else {
        guard let found = asset.tracks.first(where: { $0.kind == wanted }) else {
          report.problem(
            "\(asset.path) has no \(wanted.rawValue) stream", at: segment.file.location)
          return nil
        }
        info = found
      }
      let source = SourceTrack(asset: asset, track: info)
      let available = source.availableDuration ?? asset.duration
      let range = segment.source ?? TimeRange(start: .zero, duration: available)
      if range.end > available {
        report.problem(
          "the range ends at \(seconds(range.end)) s, after the end of \(asset.path) (\(seconds(available)) s)",
          at: segment.sourceLocation)
        return nil
      }
      guard checkData(asset, covers: range, at: segment.file.location) else { return nil }
      return .media(source, range: range, duration: segment.duration)
    }
  }
}
