/// Encoder choices that are fixed explicitly instead of left to the encoder's defaults or
/// the machine, so that every piece of a movie encoded separately (on any machine) is
/// encoded alike and the pieces can be joined without re-encoding.
///
/// H.264 only: libx264 is given every value (`keyint`, `min-keyint`, `scenecut`, `bframes`,
/// `threads`), so its output depends on the pictures alone, not on the number of cores.
///
///     var video = VideoOutputSettings(width: 320, height: 180,
///                                     frameDuration: Time(value: 1, timescale: 30), crf: 20)
///     video.pinned = PinnedVideoEncoding(threadCount: 2)
public struct PinnedVideoEncoding: Sendable, Hashable, Codable {
  /// The longest distance between keyframes, in frames (x264 `keyint`).
  public var keyframeInterval: Int
  /// The shortest distance between keyframes a scene cut may make, in frames
  /// (x264 `min-keyint`).
  public var minimumKeyframeInterval: Int
  /// The most consecutive B-frames (x264 `bframes`; 0 for none).
  public var bFrames: Int
  /// How readily a scene change starts a new keyframe (x264 `scenecut`, 0 to 100; 0 never).
  public var sceneCutThreshold: Int
  /// Encoder threads (x264 `threads`); the same number on every machine keeps the output
  /// identical, whatever the core count.
  public var threadCount: Int
  /// Encode losslessly (x264 `qp=0`, High 4:4:4 Predictive profile) instead of at the CRF.
  public var lossless: Bool
  /// x264's macroblock tree (`mbtree`): quantiser choices that depend on how much later
  /// frames refer to each block, as in a single render. A piece that ends before the movie
  /// does is then encoded with ``lookaheadFrameCount`` frames after it that the encoder sees
  /// but the file does not keep (``VideoOutputSettings/keptFrameCount``): without them its
  /// last frames would have nothing later to refer to them and be coded worse than in a
  /// single render (measured: 1.5 dB lower PSNR before a joint). Off, every frame is coded
  /// on its own merits, at about twice the size for mostly static pictures.
  public var macroblockTree: Bool
  /// The number x264 gives its SPS and PPS (`sps-id`, 0…31), or nil for x264's own (0): a
  /// piece spliced with another stream's packets must not reuse that stream's numbers
  /// (``H264ParameterSets/unusedParameterSetID``).
  public var parameterSetID: Int?

  /// x264's longest lookahead (`X264_LOOKAHEAD_MAX`, frames): no preset's `rc-lookahead`
  /// reaches past it.
  static let x264LookaheadLimit = 250

  /// The most frames after a piece's end the encoder may need to see before the piece's
  /// last frame comes out with the macroblock tree on: x264's longest lookahead, its
  /// B-frames and one frame per thread; 0 with the tree off or lossless (where x264 has no
  /// tree). The exporter draws only as many as the encoder's delay
  /// (``MediaWriter/videoEncoderDelay``) shows it needs: the preset's `rc-lookahead` and one
  /// frame per extra thread (11 at `veryfast` with 2 threads).
  public var lookaheadFrameCount: Int {
    guard macroblockTree, !lossless else { return 0 }
    return Self.x264LookaheadLimit + bFrames + threadCount
  }

  /// Makes pinned choices; the defaults are x264's own for `veryfast` at 25–30 fps.
  ///
  /// - Parameters:
  ///   - keyframeInterval: Frames between keyframes at most (≥ 1).
  ///   - minimumKeyframeInterval: Frames between keyframes at least (≥ 1).
  ///   - bFrames: Consecutive B-frames at most (0…16).
  ///   - sceneCutThreshold: Scene-cut sensitivity (0…100).
  ///   - threadCount: Encoder threads (1…64).
  ///   - lossless: Encode losslessly.
  ///   - macroblockTree: Use x264's macroblock tree.
  public init(
    keyframeInterval: Int = 250, minimumKeyframeInterval: Int = 25, bFrames: Int = 3,
    sceneCutThreshold: Int = 40, threadCount: Int = 2, lossless: Bool = false,
    macroblockTree: Bool = true
  ) {
    self.keyframeInterval = keyframeInterval
    self.minimumKeyframeInterval = minimumKeyframeInterval
    self.bFrames = bFrames
    self.sceneCutThreshold = sceneCutThreshold
    self.threadCount = threadCount
    self.lossless = lossless
    self.macroblockTree = macroblockTree
  }

  /// What is wrong with the values, or nil when they are usable.
  public var problem: String? {
    if !(1...100_000).contains(keyframeInterval) {
      return "the keyframe interval must be 1…100000 frames (got \(keyframeInterval))"
    }
    if !(1...keyframeInterval).contains(minimumKeyframeInterval) {
      return
        "the minimum keyframe interval must be 1…\(keyframeInterval) frames (got \(minimumKeyframeInterval))"
    }
    if !(0...16).contains(bFrames) { return "B-frames must be 0…16 (got \(bFrames))" }
    if !(0...100).contains(sceneCutThreshold) {
      return "the scene-cut threshold must be 0…100 (got \(sceneCutThreshold))"
    }
    if !(1...64).contains(threadCount) {
      return "encoder threads must be 1…64 (got \(threadCount))"
    }
    if let id = parameterSetID, !(0...31).contains(id) {
      return "the parameter set number must be 0…31 (got \(id))"
    }
    return nil
  }

  /// The libx264 `x264-params` text that pins these values. `sync-lookahead=0` runs the
  /// lookahead in the encoding threads instead of a thread of its own: the same bytes out,
  /// about 30 MB less memory to allocate and clear at 1080p, which is part of every chunk
  /// task's fixed cost. `force-cfr=1` tells x264 the frames come at the plan's constant
  /// rate (they do): the same pictures out, and x264 holds one frame less before a packet
  /// comes out, so a chunk draws one lookahead frame less. `8x8dct=1` keeps the 8×8
  /// transform on at every speed: x264 writes the High profile only with it, and
  /// `ultrafast` alone turns it off, which would make its chunks Main profile streams
  /// where the plan (``VideoOutputSettings/h264ProfileName``) and the join expect High.
  var x264Parameters: String {
    var parameters = [
      "keyint=\(keyframeInterval)", "min-keyint=\(minimumKeyframeInterval)",
      "scenecut=\(sceneCutThreshold)", "bframes=\(bFrames)", "threads=\(threadCount)",
      "sliced-threads=0", "mbtree=\(macroblockTree ? 1 : 0)", "sync-lookahead=0", "force-cfr=1",
      "8x8dct=1",
    ]
    if lossless { parameters.append("qp=0") }
    if let parameterSetID { parameters.append("sps-id=\(parameterSetID)") }
    return parameters.joined(separator: ":")
  }
}

extension VideoOutputSettings {
  /// The H.264 profile the writer encodes these settings with: ``profileLevel``'s, else
  /// `high`; `high444` for a lossless ``PinnedVideoEncoding`` (the High profile cannot carry
  /// lossless coding).
  public var h264ProfileName: String {
    pinned?.lossless == true ? "high444" : (profileLevel?.profile.rawValue ?? "high")
  }

  /// The H.264 `level_idc` the writer signals for these settings (30 for level 3.0, …):
  /// ``profileLevel``'s level when it names one, else the lowest level that holds the even
  /// picture size, frame rate and bit rate; nil when none does or the frame duration is not
  /// positive.
  public var h264Level: Int? {
    if let asked = profileLevel?.levelIDC { return asked }
    return h264MinimumLevel
  }

  /// The lowest H.264 `level_idc` that holds the even picture size, frame rate and bit
  /// rate; nil when none does or the frame duration is not positive.
  var h264MinimumLevel: Int? {
    guard frameDuration.value > 0, frameDuration.timescale > 0 else { return nil }
    let divisor = greatestCommonDivisor(frameDuration.value, Int64(frameDuration.timescale))
    return H264Level.minimum(
      width: width - width % 2, height: height - height % 2,
      frameDuration: (frameDuration.value / divisor, Int64(frameDuration.timescale) / divisor),
      bitRate: bitRate
    ).map(Int.init)
  }
}
