internal import Reel
internal import ReelMedia

/// The kind of media a track holds, as AVFoundation's `AVMediaType`, with Apple's
/// four-character raw values.
public struct AVMediaType: RawRepresentable, Hashable, Sendable {
  /// Apple's four-character code ("vide", "soun", …).
  public let rawValue: String

  /// A media type from its raw value.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// A media type from its raw value.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// Video: "vide".
  public static let video = AVMediaType("vide")
  /// Audio: "soun".
  public static let audio = AVMediaType("soun")
  /// Text: "text".
  public static let text = AVMediaType("text")
  /// Closed captions: "clcp".
  public static let closedCaption = AVMediaType("clcp")
  /// Subtitles: "sbtl".
  public static let subtitle = AVMediaType("sbtl")
  /// Timecode: "tmcd".
  public static let timecode = AVMediaType("tmcd")
  /// Timed metadata: "meta".
  public static let metadata = AVMediaType("meta")
  /// Muxed audio and video: "muxx".
  public static let muxed = AVMediaType("muxx")

  // MARK: Reel's kinds

  /// The media type of a track of Reel's kind, or nil for kinds Apple does not list as
  /// tracks (attachments such as cover art and fonts, unclassified streams).
  init?(_ kind: TrackKind) {
    switch kind {
    case .video: self = .video
    case .audio: self = .audio
    case .subtitle: self = .subtitle
    case .data: self = .metadata
    case .attachment, .other: return nil
    }
  }

  /// The kind of composition track Reel makes for this media type (video and audio only).
  var compositionMediaType: CompositionMediaType? {
    switch self {
    case .video: .video
    case .audio: .audio
    default: nil
    }
  }
}
