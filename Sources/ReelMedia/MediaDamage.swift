import ReelCore
import Synchronization

/// What the readers of one track met that was not in the file as it should be: frames shown
/// again because no new frame could be decoded for their time, frames the decoder had to
/// conceal, and audio that could not be decoded.
///
/// The rule for damaged media lives here: a stretch of more than ``maximumGap`` (1 s) with
/// nothing decodable is an error at once (the reader throws `MediaError.damaged`); so is more
/// than ``maximumFraction`` (10 %) of what was asked for (checked when the export ends).
/// Less is rendered, and reported as one warning per file (``DamageLog/warnings``).
public struct MediaDamage: Sendable, Hashable {
  /// Which kind of track.
  public enum Kind: String, Sendable, Hashable {
    /// A video track: counts are frames.
    case video
    /// An audio track: counts are sample frames at ``MediaDamage/sampleRate``.
    case audio
  }

  /// The longest stretch without decodable data that is rendered (concealed); longer is an
  /// error. In seconds.
  public static let maximumGap = Time(value: 1, timescale: 1)
  /// The largest share of the requested frames (video) or samples (audio) that may be
  /// missing; more is an error.
  public static let maximumFraction = 0.1

  /// The file.
  public var path: String
  /// The track's kind.
  public var kind: Kind
  /// Video frames (video) or sample frames (audio) asked for.
  public var requested: Int64 = 0
  /// Of those, video frames repeated because no frame could be decoded for their time, or
  /// sample frames left silent because the audio could not be decoded.
  public var missing: Int64 = 0
  /// Frames the decoder reported as damaged and concealed.
  public var concealed: Int = 0
  /// Packets the decoder rejected as invalid data and skipped.
  public var droppedPackets: Int = 0
  /// Where the usable data ends (seconds from the track's start) when it ends before the
  /// end the container declares.
  public var dataEnd: Time?
  /// Samples per second of `requested` and `missing` for audio (0 for video).
  public var sampleRate: Int = 0

  /// Makes an empty report.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - kind: The track's kind.
  public init(path: String, kind: Kind) {
    self.path = path
    self.kind = kind
  }

  /// Whether anything was damaged.
  public var isEmpty: Bool { missing == 0 && concealed == 0 && droppedPackets == 0 }

  /// The share of what was asked for that is missing (0…1).
  public var missingFraction: Double {
    requested > 0 ? Double(missing) / Double(requested) : 0
  }

  /// Whether `missing` of `requested` (in any one unit: seconds, frames, samples) is more
  /// than may be concealed: more than ``maximumFraction`` of it, or — for seconds — a stretch
  /// longer than ``maximumGap``.
  ///
  /// - Parameters:
  ///   - missing: How much is missing; zero or less is nothing.
  ///   - requested: How much was asked for.
  ///   - isSeconds: Whether both are seconds, so that the ``maximumGap`` rule applies.
  public static func isTooMuchMissing(
    _ missing: Double, of requested: Double, isSeconds: Bool = true
  ) -> Bool {
    guard missing > 0 else { return false }
    if isSeconds && missing > maximumGap.seconds { return true }
    return requested > 0 && missing / requested > maximumFraction
  }

  /// `MediaError.damaged` when more than ``maximumFraction`` is missing, else nil.
  public var error: MediaError? {
    guard Self.isTooMuchMissing(Double(missing), of: Double(requested), isSeconds: false) else {
      return nil
    }
    return .damaged(
      path: path,
      reason:
        "\(describeMissing) of what the movie uses (more than \(Int(Self.maximumFraction * 100)) %)"
        + (dataEnd.map { "; the usable \(kind.rawValue) data ends at \(Self.seconds($0)) s" } ?? "")
    )
  }

  /// What was concealed, without the path (`video: 3 frames repeated, 2 frames concealed`),
  /// or nil when nothing was.
  public var summary: String? {
    guard !isEmpty else { return nil }
    var parts: [String] = []
    if missing > 0 { parts.append(describeMissing) }
    if concealed > 0 {
      parts.append("\(concealed) frame\(concealed == 1 ? "" : "s") concealed")
    }
    if droppedPackets > 0 {
      parts.append("\(droppedPackets) damaged packet\(droppedPackets == 1 ? "" : "s") skipped")
    }
    return "\(kind.rawValue): " + parts.joined(separator: ", ")
      + (dataEnd.map { " (the usable data ends at \(Self.seconds($0)) s)" } ?? "")
  }

  private var describeMissing: String {
    switch kind {
    case .video:
      return "\(missing) frame\(missing == 1 ? "" : "s") repeated"
    case .audio:
      let seconds = sampleRate > 0 ? Double(missing) / Double(sampleRate) : 0
      return "\(Self.seconds(seconds)) s silent"
    }
  }

  static func seconds(_ time: Time) -> String { seconds(time.seconds) }

  static func seconds(_ value: Double) -> String {
    let rounded = (value * 1000).rounded() / 1000
    return String(rounded)
  }
}

/// Collects the damage every reader met during one export, from any thread.
///
/// An export makes a log and hands it to every reader its stages open (the readers'
/// `damageLog:` parameter); readers opened without one (a still, a probe) still throw for
/// long gaps, but report nothing.
public final class DamageLog: Sendable {
  private struct Key: Hashable {
    var path: String
    var kind: MediaDamage.Kind
  }
  private let entries = Mutex<[Key: MediaDamage]>([:])
  private let order = Mutex<[Key]>([])

  /// Makes an empty log.
  public init() {}

  /// Adds one reader's counts to the file's entry.
  ///
  /// - Parameter change: The counts to add; `dataEnd` is kept when already known.
  package func add(_ change: MediaDamage) {
    let key = Key(path: change.path, kind: change.kind)
    let isNew = entries.withLock { entries -> Bool in
      var entry = entries[key] ?? MediaDamage(path: change.path, kind: change.kind)
      let isNew = entries[key] == nil
      entry.requested += change.requested
      entry.missing += change.missing
      entry.concealed += change.concealed
      entry.droppedPackets += change.droppedPackets
      entry.dataEnd = entry.dataEnd ?? change.dataEnd
      if change.sampleRate > 0 { entry.sampleRate = change.sampleRate }
      entries[key] = entry
      return isNew
    }
    if isNew { order.withLock { $0.append(key) } }
  }

  /// One warning per damaged file, all its tracks' damage in one line:
  /// `clip.mkv: damaged media, rendered with concealment: video: 4 frames concealed; audio: …`.
  public var warnings: [String] {
    var lines: [String] = []
    var paths: [String] = []
    var parts: [String: [String]] = [:]
    for report in reports {
      guard let summary = report.summary else { continue }
      if parts[report.path] == nil { paths.append(report.path) }
      parts[report.path, default: []].append(summary)
    }
    for path in paths {
      lines.append(
        "\(path): damaged media, rendered with concealment: "
          + (parts[path] ?? []).joined(separator: "; "))
    }
    return lines
  }

  /// Every file's report, in the order it was first met.
  public var reports: [MediaDamage] {
    let keys = order.withLock { $0 }
    return entries.withLock { entries in keys.compactMap { entries[$0] } }
  }
}
