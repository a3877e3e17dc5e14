import Foundation
import ReelCore
import ReelMedia

/// How one movie is rendered as separate pieces — on one machine or many — and joined into
/// the file a single render would have written: the frame ranges (**chunks**), the encoder
/// settings every chunk must use, the audio task, and the files the render reads, so that
/// a task run later or elsewhere can tell it renders the same thing.
///
/// A chunk is a range of whole frames. Each is encoded on its own, starting with an IDR
/// frame, with the encoder parameters pinned here (so the output does not depend on the
/// machine), and its frames are drawn at their absolute movie times. The audio of the whole
/// movie is mixed and encoded once. ``ChunkJoiner`` then copies the pieces into one file
/// without re-encoding.
///
///     var plan = try RenderPlan(movie: movie, settings: settings, chunking: .count(3),
///                               pinned: PinnedVideoEncoding(), source: source,
///                               planFile: URL(fileURLWithPath: "card.plan.json"),
///                               output: "card.mp4")
///     try plan.write(to: URL(fileURLWithPath: "card.plan.json"))
///
/// The plan is stored as JSON (see ``write(to:)``); paths of the pieces are relative to the
/// plan file's folder.
public struct RenderPlan: Sendable, Codable, Hashable {
  /// An exact rational number of seconds (or frames per second): `numerator / denominator`.
  public struct Rational: Sendable, Codable, Hashable {
    /// The numerator.
    public var numerator: Int64
    /// The denominator (> 0).
    public var denominator: Int32

    /// Makes a rational.
    public init(numerator: Int64, denominator: Int32) {
      self.numerator = numerator
      self.denominator = denominator
    }

    /// A time as a rational number of seconds.
    public init(_ time: Time) {
      self.init(numerator: time.value, denominator: time.timescale)
    }

    /// The rational as a time in seconds.
    public var time: Time { Time(value: numerator, timescale: denominator) }
  }

  /// A file the render reads (the template, a clip, an image, a font, subtitles).
  public struct Input: Sendable, Codable, Hashable {
    /// The absolute path.
    public var path: String
    /// Its size in bytes.
    public var size: Int64
    /// Its modification time, seconds since 1970 (recorded for people; the checks use the
    /// identity, else the size and the digest).
    public var mtime: Double
    /// The SHA-256 of its bytes, in hex.
    public var digest: String
    /// The file's version when the digest was taken, so a task can tell the file is
    /// unchanged without reading it again; nil when it was not recorded (plans made before
    /// it, or a file changed moments before the plan was made): the task then reads the file
    /// and compares digests.
    public var identity: Identity?

    /// What tells one version of a file from another without reading it: the inode and the
    /// status-change and modification times, which every write moves (see
    /// ``RenderPlan/Input/change()``).
    public struct Identity: Sendable, Codable, Hashable {
      /// The inode number.
      public var inode: UInt64
      /// The status-change time (`st_ctim`), nanoseconds since 1970.
      public var changedNanoseconds: Int64
      /// The modification time (`st_mtim`), nanoseconds since 1970.
      public var modifiedNanoseconds: Int64

      /// Makes an identity.
      public init(inode: UInt64, changedNanoseconds: Int64, modifiedNanoseconds: Int64) {
        self.inode = inode
        self.changedNanoseconds = changedNanoseconds
        self.modifiedNanoseconds = modifiedNanoseconds
      }
    }

    /// Makes an input record.
    public init(
      path: String, size: Int64, mtime: Double, digest: String, identity: Identity? = nil
    ) {
      self.path = path
      self.size = size
      self.mtime = mtime
      self.digest = digest
      self.identity = identity
    }
  }

  /// One range of frames rendered as one file.
  public struct Chunk: Sendable, Codable, Hashable {
    /// The chunk's number, from 0.
    public var index: Int
    /// The movie frame (from 0) the chunk starts with.
    public var firstFrame: Int
    /// How many frames it holds.
    public var frameCount: Int
    /// Its file, relative to the plan file's folder.
    public var file: String

    /// Makes a chunk.
    public init(index: Int, firstFrame: Int, frameCount: Int, file: String) {
      self.index = index
      self.firstFrame = firstFrame
      self.frameCount = frameCount
      self.file = file
    }
  }

  /// The audio task: the whole movie's audio mixed and encoded once.
  public struct AudioTask: Sendable, Codable, Hashable {
    /// Its file (AAC in `.m4a`), relative to the plan file's folder.
    public var file: String

    /// Makes the audio task.
    public init(file: String) { self.file = file }
  }

  /// The encoder parameters every chunk uses, derived from the export's own
  /// (``ExportPlan/video``) plus the pinned choices.
  public struct Encoder: Sendable, Codable, Hashable {
    /// The codec (`h264`).
    public var codec: String
    /// The H.264 profile (`high`, or `high444` when lossless).
    public var profile: String
    /// The H.264 `level_idc` (30 for 3.0).
    public var level: Int
    /// Encoded width in pixels.
    public var width: Int
    /// Encoded height in pixels.
    public var height: Int
    /// The encoder time base in seconds per tick (the reduced frame duration's timescale).
    public var timeBase: Rational
    /// The colour matrix pictures are converted and tagged with (`bt709`, `bt601`).
    public var colorMatrix: String
    /// The constant rate factor; nil when lossless.
    public var crf: Int?
    /// The x264 preset (`veryfast`, …).
    public var speed: String
    /// Keyframes, B-frames, scene cuts, threads and lossless, fixed.
    public var pinned: PinnedVideoEncoding
  }

  /// What a cluster engine should reserve for each task.
  public struct Resources: Sendable, Codable, Hashable {
    /// CPUs per task: the pinned encoder threads.
    public var cpusPerTask: Int
    /// Memory per task in MiB, estimated from the frame size.
    public var memoryMegabytesPerTask: Int
  }

  /// The plan format's version.
  public static let currentVersion = 1

  /// The plan format's version (1).
  public var version: Int
  /// The template's absolute path.
  public var template: String
  /// The SHA-256 of the template file, in hex.
  public var templateDigest: String
  /// Every template variable's value as the plan was made (defaults and `--set` values).
  public var variables: [String: String]
  /// The export preset's name when it overrides the template's (``ExportPreset/name``);
  /// nil for the template's own.
  public var preset: String?
  /// Every file the render reads, the template first.
  public var inputs: [Input]
  /// Frames per second, exactly.
  public var frameRate: Rational
  /// The rendered part of the movie: its start and duration in composition seconds.
  public var start: Rational
  /// See ``start``.
  public var duration: Rational
  /// Frames in the movie (the sum of the chunks' frames).
  public var frameCount: Int
  /// The chunks, in movie order.
  public var chunks: [Chunk]
  /// The audio task; nil when the movie has no audio.
  public var audio: AudioTask?
  /// The joined movie, relative to the plan file's folder (or absolute).
  public var output: String
  /// The pinned encoder parameters.
  public var encoder: Encoder
  /// What each task needs.
  public var resources: Resources

  /// Seconds per frame.
  public var frameDuration: Time {
    Time(value: Int64(frameRate.denominator), timescale: Int32(clamping: frameRate.numerator))
  }

  /// The composition time of movie frame `index`: the start plus `index` frame durations,
  /// exactly (the time a single render draws that frame at).
  public func compositionTime(ofFrame index: Int) -> Time {
    start.time + Time(frame: Int64(index), frameDuration: frameDuration)
  }

  /// A file the plan names, resolved against the plan file's folder.
  ///
  /// - Parameters:
  ///   - file: A path from the plan (``Chunk/file``, ``AudioTask/file``, ``output``).
  ///   - planFolder: The folder the plan file is in.
  public static func url(of file: String, planFolder: URL) -> URL {
    if file.hasPrefix("/") { return URL(fileURLWithPath: file) }
    return planFolder.appendingPathComponent(file)
  }

  /// The plan as JSON with every object's keys sorted (``JSONValue/sortingKeys()``): the one
  /// form its file (``write(to:)``) and its ``identity`` are written from. The keys are the
  /// `Codable` conformance's, which ``read(from:)`` decodes.
  ///
  /// - Throws: `EncodingError` for a number JSON cannot hold (a non-finite `mtime`, which no
  ///   file's status gives).
  func json() throws -> JSONValue {
    try JSONValueEncoder().encode(self).sortingKeys()
  }

  /// The plan's identity: the SHA-256 of its canonical JSON (``json()`` written compact, as
  /// UTF-8: keys sorted by their bytes, no spaces, integers exact, other numbers in their
  /// shortest form that reads back the same). A plan written, read back and digested again
  /// has the same identity. Chunks carry it in their `comment` tag, so ``ChunkJoiner`` can
  /// tell a chunk of another plan.
  public var identity: String {
    // A plan that cannot be encoded cannot be written either (``write(to:)`` says why).
    let text = (try? json().serialized()) ?? ""
    return ContentDigest.sha256(of: Array(text.utf8))
  }

  /// The `comment` tag of the audio task's file.
  public var audioTag: String { "reel render plan \(identity) audio" }

  /// The `comment` tag of chunk `index`'s file.
  public func chunkTag(_ index: Int) -> String { "reel render plan \(identity) chunk \(index)" }
}
