import Foundation
import ReelCore

/// What an export wrote, and how long its stages were busy.
public struct ExportResult: Sendable {
  /// The file written.
  public var url: URL
  /// Video frames written (0 for audio-only exports).
  public var frameCount: Int
  /// Duration of the exported range (seconds).
  public var duration: Time
  /// Output picture size, nil for audio-only exports.
  public var videoSize: (width: Int, height: Int)?
  /// Wall-clock seconds the export took.
  public var wallSeconds: Double
  /// How busy the pipeline's stages were and how full its queues got.
  public var statistics: ExportStatistics
  /// What was rendered but is worth telling: one line per damaged source file and kind,
  /// counting the frames repeated or concealed and the audio left silent (see
  /// ``MediaDamage``). Empty when every source decoded cleanly.
  public var warnings: [String] = []
  /// Frames a smart render copied from a source as compressed packets (0 otherwise); the
  /// other ``frameCount`` − `copiedFrameCount` frames were drawn and encoded.
  public var copiedFrameCount = 0

  /// Seconds each stage spent working, by name: `decode`, `composite`, `encode` (empty for
  /// passthrough).
  @available(*, deprecated, message: "use statistics.busySeconds")
  public var stageBusySeconds: [String: Double] { statistics.busySeconds?.byName ?? [:] }

  /// The most frames each queue held at once, by name: `decoded`, `composited` (empty for
  /// passthrough).
  @available(*, deprecated, message: "use statistics.queueHighWater")
  public var queueHighWater: [String: Int] { statistics.queueHighWater?.byName ?? [:] }

  /// Video frames that stayed in 4:2:0 Y′CbCr from decoder to encoder.
  @available(*, deprecated, message: "a test statistic, no longer public")
  public var yuvFrameCount: Int { statistics.yuvFrameCount }
}

/// How an export's pipeline ran: the time each stage was busy, how full the queues between
/// them got, and how many frames were drawn in Y′CbCr.
public struct ExportStatistics: Sendable, Hashable {
  /// Seconds each stage spent working (not waiting).
  public struct BusySeconds: Sendable, Hashable {
    /// Sources decoded and the video composition drawn.
    public var decode: Double
    /// Layers drawn, scaled to the output size and converted for the encoder.
    public var composite: Double
    /// Audio mixed, video and audio encoded and written.
    public var encode: Double

    /// Makes stage times (seconds).
    public init(decode: Double = 0, composite: Double = 0, encode: Double = 0) {
      self.decode = decode
      self.composite = composite
      self.encode = encode
    }

    /// The times by stage name (`decode`, `composite`, `encode`), as `reel render --stats`
    /// prints them.
    public var byName: [String: Double] {
      ["decode": decode, "composite": composite, "encode": encode]
    }
  }

  /// The most frames each queue between stages held at once. Each is at most the queue's
  /// capacity (2), however long the movie: this is what keeps memory flat.
  public struct QueueHighWater: Sendable, Hashable {
    /// Decode → composite.
    public var decoded: Int
    /// Composite → encode.
    public var composited: Int

    /// Makes high-water marks (frames).
    public init(decoded: Int = 0, composited: Int = 0) {
      self.decoded = decoded
      self.composited = composited
    }

    /// The marks by queue name (`decoded`, `composited`), as `reel render --stats` prints
    /// them.
    public var byName: [String: Int] { ["decoded": decoded, "composited": composited] }
  }

  /// The stages' busy time; nil for passthrough, which copies samples without stages.
  public var busySeconds: BusySeconds?
  /// The queues' high-water marks; nil for passthrough.
  public var queueHighWater: QueueHighWater?
  /// Video frames that stayed in 4:2:0 Y′CbCr from decoder to encoder; the rest were drawn
  /// in RGB.
  package var yuvFrameCount = 0
  /// How many times the layer tree was evaluated into a render list (one per frame drawn
  /// with layers, whichever path drew it).
  package var renderListEvaluationCount = 0
  /// Plane buffers the export's pictures took from the allocator rather than reusing one
  /// the pipeline had freed (about the pictures in flight, however long the movie).
  package var pictureBuffersAllocated = 0

  /// Makes statistics.
  public init(busySeconds: BusySeconds? = nil, queueHighWater: QueueHighWater? = nil) {
    self.busySeconds = busySeconds
    self.queueHighWater = queueHighWater
  }
}
