import Foundation
import ReelAnimation
import ReelCore
import ReelMedia

/// Which frames of an export are copied from their source as compressed packets and which
/// are drawn and encoded: the one owner of that decision, made from the movie's description
/// (never from pixels) and the sources' packets (read without decoding).
///
/// A group of pictures of a source is **copied** when every one of its frames is an output
/// frame exactly as decoded: one video track showing it (no transition, no other track), at
/// full opacity with the identity transform and no crop, nothing of the layer tree drawn over
/// or under it (the tree draws only the main video, full frame), no frame filter or custom
/// compositor, shown at its own presentation time (no speed change or frame-rate
/// conversion); and the group is closed (it starts with an IDR frame and shows nothing before
/// it). The source must be H.264 (Baseline, Main or High, 4:2:0, limited range) of the output
/// size, unrotated, decoded with the output's Y′CbCr matrix, and the output H.264 in an MP4,
/// M4V or MOV file. Every other frame is **encoded**, in runs of consecutive frames: a run
/// starts with an IDR frame and ends before a copied group's IDR frame, so each piece
/// decodes on its own; an edit inside a group re-encodes the whole group.
///
///     let plan = try SmartRenderPlan(movie: movie, export: exportPlan, settings: settings)
///     print(plan.copiedFrameCount, plan.encodedFrameCount)
///     for run in plan.runs { print(run) }
public struct SmartRenderPlan: Sendable {
  /// Consecutive output frames copied from one source or encoded.
  public enum Run: Sendable, Hashable, CustomStringConvertible {
    /// Frames copied as the packets `packets` (decode order) of the source at `source`.
    case copy(frames: Range<Int>, source: String, packets: Range<Int>)
    /// Frames drawn and encoded; `reason` says why the first of them is not copied.
    case encode(frames: Range<Int>, reason: String)

    /// The output frames of the run.
    public var frames: Range<Int> {
      switch self {
      case .copy(let frames, _, _), .encode(let frames, _): frames
      }
    }

    public var description: String {
      switch self {
      case .copy(let frames, let source, _):
        "frames \(frames.lowerBound)…\(frames.upperBound - 1): copied from \(source)"
      case .encode(let frames, let reason):
        "frames \(frames.lowerBound)…\(frames.upperBound - 1): encoded, \(reason)"
      }
    }
  }

  /// The runs in output order; together they cover every frame once.
  public let runs: [Run]
  /// The output's frame count.
  public let frameCount: Int
  /// The source the copied runs come from (all of them share its codec headers), or nil
  /// when nothing is copied.
  public let source: VideoPacketIndex?
  /// Why nothing at all can be copied, or nil when the decision was made frame by frame.
  public let wholeMovieReason: String?

  /// Frames copied as packets.
  public var copiedFrameCount: Int {
    runs.reduce(0) { count, run in
      if case .copy = run { return count + run.frames.count }
      return count
    }
  }

  /// Frames drawn and encoded.
  public var encodedFrameCount: Int { frameCount - copiedFrameCount }

  /// The H.264 profile the encoded runs use: the copied source's, so the stream keeps one
  /// profile; nil when nothing is copied.
  public var encoderProfile: H264ProfileLevel.Profile? {
    source.flatMap { Self.profile(of: $0.parameters) }
  }

  /// Decides, for `export`'s frames of `movie`, what is copied and what is encoded.
  ///
  /// - Parameters:
  ///   - movie: The movie.
  ///   - export: The checked plan of the export (range, frames, output settings).
  ///   - settings: The export's settings.
  ///   - indexes: The sources' packet indexes by path (read once per file); a source
  ///     missing here is not copied.
  public init(
    movie: Movie, export: ExportPlan, settings: ExportSettings,
    indexes: [String: VideoPacketIndex]
  ) {
    frameCount = export.frameCount
    if let reason = Self.wholeMovieReason(movie: movie, export: export, settings: settings) {
      runs = frameCount > 0 ? [.encode(frames: 0..<frameCount, reason: reason)] : []
      source = nil
      wholeMovieReason = reason
      return
    }
    var decider = FrameDecider(movie: movie, export: export, indexes: indexes)
    let decided = decider.runs(frameCount: frameCount)
    runs = decided
    source =
      decided.lazy.compactMap { run -> VideoPacketIndex? in
        if case .copy(_, let path, _) = run { return indexes[path] }
        return nil
      }.first
    wholeMovieReason = nil
  }

  /// Plans the smart render of `movie` into `outputURL`: checks the export
  /// (``ExportPlan``), reads each video source's packets once (a source that cannot be read
  /// is not copied; the encoder reports its problem) and decides.
  ///
  /// - Throws: ``ExportError`` from checking the export.
  public static func planning(movie: Movie, settings: ExportSettings, outputURL: URL)
    throws(ExportError) -> SmartRenderPlan
  {
    let export = try ExportPlan(movie: movie, settings: settings, outputURL: outputURL)
    var indexes: [String: VideoPacketIndex] = [:]
    for path in videoSources(of: movie) {
      indexes[path] = try? VideoPacketIndex(path: path)
    }
    return SmartRenderPlan(movie: movie, export: export, settings: settings, indexes: indexes)
  }

  /// The paths of the video files the movie shows (each read once for its packets).
  public static func videoSources(of movie: Movie) -> [String] {
    var paths: [String] = []
    for track in movie.composition.videoTracks {
      for segment in track.segments {
        if case .track(let source) = segment.source, !paths.contains(source.path) {
          paths.append(source.path)
        }
      }
    }
    return paths
  }

  /// The reason no frame of the export can be copied, or nil when frames must be checked.
  private static func wholeMovieReason(
    movie: Movie, export: ExportPlan, settings: ExportSettings
  ) -> String? {
    guard let video = export.video, let size = export.outputSize else {
      return "the export has no video"
    }
    if settings.pinnedEncoding != nil {
      return "a chunk of a render plan is encoded with the plan's pinned encoder"
    }
    guard VideoCodec.chosen(video.codec, in: export.container) == .h264 else {
      return
        "the output codec is \(VideoCodec.chosen(video.codec, in: export.container).rawValue); only H.264 is copied"
    }
    guard [.mp4, .m4v, .mov].contains(export.container) else {
      return
        "the output is a .\(export.container.rawValue) file; packets are copied into .mp4, .m4v and .mov"
    }
    if export.keepsAlpha { return "the export keeps alpha" }
    let composition = movie.resolvedVideoComposition
    if composition.frameFilter != nil { return "the video composition filters every frame" }
    if composition.composer != nil { return "the video composition has its own compositor" }
    if export.drawWidth != size.width || export.drawHeight != size.height {
      return
        "frames are drawn at \(export.drawWidth)×\(export.drawHeight) and scaled to \(size.width)×\(size.height)"
    }
    return nil
  }

  /// The H.264 profile of a stream's parameters, when Reel can encode it.
  static func profile(of parameters: EncodedPiece.VideoParameters) -> H264ProfileLevel.Profile? {
    switch parameters.profile {
    case 66, 66 | 512: .baseline
    case 77: .main
    case 100: .high
    default: nil
    }
  }
}

/// The frame-by-frame half of ``SmartRenderPlan``'s decision.
private struct FrameDecider {
  let movie: Movie
  let export: ExportPlan
  let indexes: [String: VideoPacketIndex]
  let videoComposition: VideoComposition
  /// Per source path: why it cannot be copied at all (nil when it can).
  var sourceProblems: [String: String] = [:]
  /// Per source path: each presentation time (ticks) → its group and place in it.
  var positions: [String: [Int64: (group: Int, place: Int)]] = [:]
  /// The codec headers of the first source copied from: others must have the same.
  var copiedHeaders: [UInt8]?

  init(movie: Movie, export: ExportPlan, indexes: [String: VideoPacketIndex]) {
    self.movie = movie
    self.export = export
    self.indexes = indexes
    videoComposition = movie.resolvedVideoComposition
  }

  /// Where an output frame comes from when it is a source frame shown unmodified.
  enum FrameSource {
    case source(path: String, ticks: Int64)
    case drawn(String)
  }

  mutating func runs(frameCount: Int) -> [SmartRenderPlan.Run] {
    let frames = (0..<frameCount).map { frameSource(of: $0) }
    var runs: [SmartRenderPlan.Run] = []
    var encodeStart: Int?
    var encodeReason = ""
    func closeEncode(at end: Int) {
      if let start = encodeStart {
        runs.append(.encode(frames: start..<end, reason: encodeReason))
        encodeStart = nil
      }
    }
    var frame = 0
    while frame < frameCount {
      switch copiedGroups(from: frame, frames: frames) {
      case .success(let copy):
        closeEncode(at: frame)
        if case .copy(let previous, let path, let packets) = runs.last,
          case .copy(let next, let nextPath, let nextPackets) = copy, path == nextPath,
          previous.upperBound == next.lowerBound, packets.upperBound == nextPackets.lowerBound
        {
          runs[runs.count - 1] = .copy(
            frames: previous.lowerBound..<next.upperBound, source: path,
            packets: packets.lowerBound..<nextPackets.upperBound)
        } else {
          runs.append(copy)
        }
        frame = copy.frames.upperBound
      case .failure(let reason):
        if encodeStart == nil {
          encodeStart = frame
          encodeReason = reason.text
        }
        frame += 1
      }
    }
    closeEncode(at: frameCount)
    return runs
  }

  struct Reason: Error {
    let text: String
  }

  /// The copy of the group of pictures that starts at output frame `frame`, or why there is
  /// none.
  mutating func copiedGroups(from frame: Int, frames: [FrameSource])
    -> Result<SmartRenderPlan.Run, Reason>
  {
    guard case .source(let path, let ticks) = frames[frame] else {
      if case .drawn(let reason) = frames[frame] { return .failure(Reason(text: reason)) }
      return .failure(Reason(text: "it is drawn"))
    }
    if let problem = sourceProblem(path) { return .failure(Reason(text: problem)) }
    guard let index = indexes[path], let position = positions[path]?[ticks] else {
      return .failure(Reason(text: "no frame of \(path) is shown at that time"))
    }
    let group = index.groups[position.group]
    guard position.place == 0 else {
      return .failure(
        Reason(text: "the edit falls inside a group of pictures of \(path) (frame \(frame))"))
    }
    guard group.isClosed else {
      return .failure(
        Reason(
          text:
            "the group of pictures of \(path) at frame \(frame) is open (it shows pictures before its keyframe) or does not start with an IDR frame"
        ))
    }
    let end = frame + group.packetCount
    guard end <= frames.count else {
      return .failure(Reason(text: "the export ends inside a group of pictures of \(path)"))
    }
    for (offset, expected) in group.presentationTicks.enumerated() {
      guard case .source(let otherPath, let otherTicks) = frames[frame + offset] else {
        if case .drawn(let reason) = frames[frame + offset] {
          return .failure(
            Reason(text: "frame \(frame + offset) of its group of pictures is drawn: \(reason)"))
        }
        return .failure(Reason(text: "a frame of its group of pictures is drawn"))
      }
      guard otherPath == path, otherTicks == expected else {
        return .failure(
          Reason(
            text:
              "the edit falls inside a group of pictures of \(path) (frame \(frame + offset) is not the group's next picture)"
          ))
      }
    }
    return .success(
      .copy(
        frames: frame..<end, source: path,
        packets: group.firstPacket..<(group.firstPacket + group.packetCount)))
  }

  /// Why `path` cannot be copied from, or nil; worked out once per source.
  mutating func sourceProblem(_ path: String) -> String? {
    if let known = sourceProblems[path] { return known.isEmpty ? nil : known }
    let problem = Self.problem(of: indexes[path], path: path, export: export)
    var headersProblem: String?
    if problem == nil, let index = indexes[path] {
      if let headers = copiedHeaders, headers != index.parameters.extradata {
        headersProblem =
          "its H.264 headers (SPS/PPS) differ from the first copied source's; only one source's are carried"
      } else {
        copiedHeaders = index.parameters.extradata
        var table: [Int64: (group: Int, place: Int)] = [:]
        for (number, group) in index.groups.enumerated() {
          for (place, ticks) in group.presentationTicks.enumerated() {
            table[ticks] = (number, place)
          }
        }
        positions[path] = table
      }
    }
    let found = problem ?? headersProblem
    sourceProblems[path] = found ?? ""
    return found
  }

  static func problem(of index: VideoPacketIndex?, path: String, export: ExportPlan) -> String? {
    guard let index else { return "\(path)'s packets could not be read" }
    let parameters = index.parameters
    guard parameters.codec == "h264" else {
      return "\(path) is \(parameters.codec); only H.264 is copied"
    }
    guard SmartRenderPlan.profile(of: parameters) != nil else {
      return
        "\(path) is H.264 \(parameters.profileName ?? "profile \(parameters.profile)"); Baseline, Main and High are copied"
    }
    guard index.rotation == 0 else {
      return "\(path) is shown rotated \(index.rotation)°, which the frames must bake in"
    }
    if let size = export.outputSize,
      size.width != parameters.width || size.height != parameters.height
    {
      return
        "\(path) is \(parameters.width)×\(parameters.height), the output \(size.width)×\(size.height)"
    }
    guard let matrix = index.decodedMatrix, matrix == export.outputMatrix else {
      return
        "\(path)'s pixel format or colour tags (\(parameters.pixelFormat), \(parameters.colorTags)) are not the output's"
    }
    guard index.parameters.extradata.first == 1 else {
      return "\(path) carries no avcC record"
    }
    return nil
  }

  /// Where output frame `frame` comes from, from the description of the movie alone.
  func frameSource(of frame: Int) -> FrameSource {
    let time = export.compositionTime(ofFrame: frame)
    guard let description = videoComposition.frameDescription(at: time, in: movie.composition)
    else { return .drawn("no video instruction covers \(time.seconds) s") }
    if description.transition != nil {
      return .drawn("a transition shows at \(time.seconds) s")
    }
    guard description.layers.count == 1, let layer = description.layers.first else {
      return .drawn("\(description.layers.count) video tracks show at \(time.seconds) s")
    }
    guard layer.opacity >= 1 else { return .drawn("the video's opacity is \(layer.opacity)") }
    guard layer.transform.isIdentity else { return .drawn("the video is transformed") }
    guard layer.cropRectangle == nil else { return .drawn("the video is cropped") }
    guard case .track(let source) = layer.source else { return .drawn("a still image shows") }
    if let problem = layersProblem(at: time) { return .drawn(problem) }
    guard let index = indexes[source.path] else {
      return .drawn("\(source.path)'s packets could not be read")
    }
    guard let ticks = Self.ticks(layer.sourceTime, index: index) else {
      return .drawn(
        "source time \(layer.sourceTime.seconds) s of \(source.path) is not on its time base (a speed change or another frame rate)"
      )
    }
    return .source(path: source.path, ticks: ticks)
  }

  /// Why the layer tree draws something other than the main video, full frame, at `time`.
  func layersProblem(at time: Time) -> String? {
    guard let tree = movie.layers else { return nil }
    let list = tree.renderList(at: time)
    if list.frameFilter != nil { return "a filter applies to the whole frame" }
    let others = list.items.filter {
      if case .video(.main, _, _) = $0.drawing { return false }
      return true
    }
    if !others.isEmpty {
      let names = Set(others.compactMap(\.layer.name)).sorted()
      return names.isEmpty
        ? "layers are drawn at \(time.seconds) s"
        : "layer \(names.joined(separator: ", ")) is drawn at \(time.seconds) s"
    }
    guard list.items.count == 1, let item = list.items.first,
      case .video(_, let size, let gravity) = item.drawing
    else { return "the layers do not show the video at \(time.seconds) s" }
    guard item.opacity >= 1, item.masks.isEmpty, item.clips.isEmpty, item.filter == nil else {
      return "the video layer is faded, masked, clipped or filtered at \(time.seconds) s"
    }
    guard let output = export.outputSize else { return "the export has no video" }
    let width = Double(output.width)
    let height = Double(output.height)
    let place = gravity.placement(of: Size(width: width, height: height), in: size)
    guard let affine = item.transform.planeProjection.affineTransform, affine.a == 1,
      affine.b == 0, affine.c == 0, affine.d == 1,
      place.origin.x + affine.tx == 0, place.origin.y + affine.ty == 0,
      place.size.width == width, place.size.height == height,
      list.size.width == width, list.size.height == height
    else { return "the video layer does not fill the frame unscaled at \(time.seconds) s" }
    return nil
  }

  /// A source time in ticks of the source's time base, when it falls exactly on one.
  static func ticks(_ time: Time, index: VideoPacketIndex) -> Int64? {
    guard time.value >= 0, time.timescale > 0 else { return nil }
    let (numerator, overflowA) = time.value.multipliedReportingOverflow(
      by: Int64(index.timeBaseDenominator))
    let (denominator, overflowB) = Int64(time.timescale).multipliedReportingOverflow(
      by: Int64(index.timeBaseNumerator))
    guard !overflowA, !overflowB, denominator > 0, numerator % denominator == 0 else {
      return nil
    }
    return numerator / denominator
  }
}
