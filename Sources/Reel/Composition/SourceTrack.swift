import ReelCore
import ReelMedia

/// One track of a media file, as the source of composition segments: the file's path and
/// the track's description.
///
/// Make one from an opened ``Asset`` (`SourceTrack(asset: asset, track: track)`), or from a
/// path and a ``TrackInfo`` you already have (tests, or media described elsewhere). A source
/// track made from an asset carries it: the export's decoders and the audio mixer open the
/// file with that probe instead of probing it again. One made from a path probes the file
/// when it is first read, once for all its copies.
///
/// Two source tracks are equal when they name the same track of the same file with the same
/// available duration; the carried probe is not compared.
public struct SourceTrack: Hashable, Sendable {
  /// The media file's path, as given.
  public var path: String
  /// The track's description (index, kind, size, rotation, frame duration, duration, …).
  public var track: TrackInfo
  /// How long media is available in the track, in seconds: the track's own duration, else
  /// the file's; nil when neither is known (then ranges are not checked).
  public var availableDuration: Time?
  /// The file's probe, shared by copies.
  private let file: SharedAsset

  /// Describes a track of a media file.
  ///
  /// - Parameters:
  ///   - path: The media file's path.
  ///   - track: The track's description.
  ///   - fileDuration: The whole file's duration in seconds, used when the track does not
  ///     say how long it is.
  public init(path: String, track: TrackInfo, fileDuration: Time? = nil) {
    self.init(path: path, track: track, fileDuration: fileDuration, file: SharedAsset(path: path))
  }

  /// Describes a track of a media file whose probe is `file`.
  init(path: String, track: TrackInfo, fileDuration: Time?, file: SharedAsset) {
    self.path = path
    self.file = file
    self.track = track
    let trackDuration = track.duration.flatMap { $0.isNumeric && $0 > .zero ? $0 : nil }
    let fallback = fileDuration.flatMap { $0.isNumeric && $0 > .zero ? $0 : nil }
    self.availableDuration = trackDuration ?? fallback
  }

  /// Describes a track of an opened asset.
  ///
  /// - Parameters:
  ///   - asset: The opened file.
  ///   - track: One of `asset.tracks`.
  public init(asset: Asset, track: TrackInfo) {
    self.init(
      path: asset.path, track: track, fileDuration: asset.duration, file: SharedAsset(asset))
  }

  /// The probed file to read the track from: the asset this track was made from, else the
  /// file at `path` probed on first use (once for all copies of this value).
  ///
  /// - Throws: ``MediaError`` from probing the file.
  package func asset() throws(MediaError) -> Asset {
    try file.asset(at: path)
  }

  public static func == (lhs: SourceTrack, rhs: SourceTrack) -> Bool {
    lhs.path == rhs.path && lhs.track == rhs.track
      && lhs.availableDuration == rhs.availableDuration
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(path)
    hasher.combine(track)
    hasher.combine(availableDuration)
  }

  /// The media type this track can fill in a composition, or nil for subtitle/data tracks.
  public var mediaType: CompositionMediaType? {
    switch track.kind {
    case .video: .video
    case .audio: .audio
    default: nil
    }
  }
}

/// A still image shown as a video clip for a duration (slideshows, title cards).
///
/// A still made by ``init(path:)`` keeps the picture it decoded to learn the size, and the
/// export draws that picture: the file is decoded once. One made from a size decodes the file
/// when it is first drawn. Two stills are equal when they name the same file at the same
/// size; the kept picture is not compared.
public struct StillImage: Hashable, Sendable {
  /// The image file's path (PNG, JPEG, WebP, GIF's first frame, …).
  public var path: String
  /// The picture's width in pixels.
  public var width: Int
  /// The picture's height in pixels.
  public var height: Int
  /// The decoded file, when this still was made by decoding it; `decodedPath` is the file it
  /// came from (the picture is not used once `path` names another file).
  private var decoded: DecodedImage?
  private var decodedPath: String?

  /// Describes an image whose size is already known.
  ///
  /// - Parameters:
  ///   - path: The image file's path.
  ///   - width: Width in pixels (> 0).
  ///   - height: Height in pixels (> 0).
  public init(path: String, width: Int, height: Int) {
    self.path = path
    self.width = width
    self.height = height
  }

  /// Reads the image's size by decoding its first frame.
  ///
  /// - Parameter path: The image file's path.
  /// - Throws: ``MediaError`` when the file is missing or not a decodable image.
  public init(path: String) throws(MediaError) {
    self.init(path: path, decoded: try ImageDecoder.decode(path: path))
  }

  /// Describes the image at `path` from its decoded frames, which the export then draws.
  ///
  /// - Parameters:
  ///   - path: The image file's path.
  ///   - decoded: The file's frames, as ``ImageDecoder/decode(path:maximumTotalPixels:)``
  ///     returned them; the size is the first frame's.
  package init(path: String, decoded: DecodedImage) {
    self.init(path: path, width: decoded.width, height: decoded.height)
    self.decoded = decoded
    decodedPath = path
  }

  /// The picture to draw: the frames decoded when this still was made, else the file decoded
  /// now.
  ///
  /// - Throws: ``MediaError`` when the file cannot be decoded.
  package func picture() throws(MediaError) -> DecodedImage {
    if let decoded, decodedPath == path { return decoded }
    return try ImageDecoder.decode(path: path)
  }

  public static func == (lhs: StillImage, rhs: StillImage) -> Bool {
    lhs.path == rhs.path && lhs.width == rhs.width && lhs.height == rhs.height
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(path)
    hasher.combine(width)
    hasher.combine(height)
  }
}

/// A media file's first video and first audio track, as used by
/// ``Composition/addClip(_:timeRange:at:)`` and by ``ClipSequence``.
public struct SourceMedia: Hashable, Sendable {
  /// The media file's path.
  public var path: String
  /// The file's duration in seconds.
  public var duration: Time
  /// The first video track, if the file has one.
  public var video: SourceTrack?
  /// The first audio track, if the file has one.
  public var audio: SourceTrack?

  /// Describes a file from values you already have.
  ///
  /// - Parameters:
  ///   - path: The media file's path.
  ///   - duration: The file's duration in seconds.
  ///   - videoTrack: Its first video track, or nil.
  ///   - audioTrack: Its first audio track, or nil.
  public init(path: String, duration: Time, videoTrack: TrackInfo?, audioTrack: TrackInfo?) {
    self.init(
      path: path, duration: duration, videoTrack: videoTrack, audioTrack: audioTrack,
      file: SharedAsset(path: path))
  }

  /// Describes an opened asset by its first video and first audio track, which carry it
  /// (see ``SourceTrack``).
  ///
  /// - Parameter asset: The opened file.
  public init(asset: Asset) {
    self.init(
      path: asset.path, duration: asset.duration, videoTrack: asset.videoTracks.first,
      audioTrack: asset.audioTracks.first, file: SharedAsset(asset))
  }

  /// Describes a file whose tracks share the probe `file`.
  private init(
    path: String, duration: Time, videoTrack: TrackInfo?, audioTrack: TrackInfo?,
    file: SharedAsset
  ) {
    self.path = path
    self.duration = duration
    self.video = videoTrack.map {
      SourceTrack(path: path, track: $0, fileDuration: duration, file: file)
    }
    self.audio = audioTrack.map {
      SourceTrack(path: path, track: $0, fileDuration: duration, file: file)
    }
  }

  /// The clip's length as Reel's clip model uses it (``Composition/addClip(_:timeRange:at:)``,
  /// ``ClipSequence``, a template's `clips`): from 0 to the end of the video track when the
  /// file has one — audio that runs on past the picture is trimmed, never shown over black
  /// frames — else to the end of the audio track, else the file's duration; in seconds.
  public var naturalTimeRange: TimeRange {
    let length = video?.availableDuration ?? audio?.availableDuration ?? duration
    return TimeRange(start: .zero, duration: length)
  }
}
