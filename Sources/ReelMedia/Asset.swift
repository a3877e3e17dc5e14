import CFFmpeg
import Foundation

/// A local media file, opened and described: its container, duration and tracks.
///
/// Opening reads only the file's headers (and a little data for stream parameters); decoding
/// is done by readers made from the asset (``VideoReader``, ``AudioReader``), each with its own
/// demuxer, so an asset can serve several readers. Audio-only and video-only files are valid.
///
///     let asset = try Asset(path: "clip.mp4")
///     print(asset.duration.seconds, asset.videoTracks.first?.displayWidth ?? 0)
///
/// The file is opened with FFmpeg restricted to the `file` protocol.
///
/// Opening probes the file (FFmpeg's `avformat_find_stream_info`, which decodes a little of
/// each stream). Copies of an asset share what the probe found, and readers made from it
/// open the file without probing it again, so keep the asset and make every reader from it
/// rather than opening the path again.
public struct Asset: Sendable {
  /// The path as given.
  public let path: String
  /// FFmpeg's demuxer name(s) for the container (`mov,mp4,m4a,3gp,3g2,mj2`, `matroska,webm`,
  /// `gif`, …).
  public let formatName: String
  /// A human-readable container name (`QuickTime / MOV`).
  public let formatLongName: String
  /// Duration of the whole file in seconds (microsecond precision, as the container reports),
  /// or zero when the container does not say.
  public let duration: Time
  /// Overall bit rate in bits per second, when known.
  public let bitRate: Int?
  /// Every track, in stream-index order.
  public let tracks: [TrackInfo]
  /// What the probe found, shared by copies: readers reopen the file with it.
  let probe: ContainerProbe
  /// The probe's demuxer, kept for the first reader of a file that cannot be reopened
  /// without probing again.
  let spare: SpareContainer

  /// Opens and describes the file at `path`.
  ///
  /// - Parameter path: A local file path.
  /// - Throws: ``MediaError`` — `.fileNotFound`, `.isDirectory`, `.emptyFile`, `.unreadable`,
  ///   `.notMedia` or `.corrupt`.
  public init(path: String) throws(MediaError) {
    try self.init(path: path, keepingFileOpen: false)
  }

  /// Opens and describes the file at `path`, keeping it open for as long as the asset (or a
  /// copy) lives: every reader made from the asset reads this very file even after its path
  /// was removed, renamed or replaced, as an opened file stays readable on Apple (the
  /// AVFoundation layer's assets are opened this way). It costs one file descriptor.
  ///
  /// - Parameters:
  ///   - path: A local file path.
  ///   - keepingFileOpen: Whether to keep the file open (false: readers open the path again,
  ///     as ``init(path:)``).
  /// - Throws: ``MediaError``, as ``init(path:)``.
  public init(path: String, keepingFileOpen: Bool) throws(MediaError) {
    let container = try InputContainer(path: path, keepingFileOpen: keepingFileOpen)
    self.path = path
    let format = container.context.pointee.iformat
    formatName = format.map { String(cString: $0.pointee.name) } ?? "unknown"
    formatLongName =
      format.flatMap { $0.pointee.long_name.map { String(cString: $0) } } ?? formatName
    let rawDuration = container.context.pointee.duration
    duration =
      rawDuration == reel_AV_NOPTS_VALUE() || rawDuration < 0
      ? Time(value: 0, timescale: 1) : Time(value: rawDuration, timescale: Int32(AV_TIME_BASE))
    let rate = container.context.pointee.bit_rate
    bitRate = rate > 0 ? Int(rate) : nil
    tracks = (0..<container.streamCount).map { Asset.describe(container.stream(at: $0), index: $0) }
    probe = container.probe
    spare = SpareContainer(container)
  }

  /// Opens and describes the file at `url`; see ``init(path:)``.
  ///
  /// - Parameter url: A `file:` URL; its `path` is opened.
  /// - Throws: ``MediaError``, as ``init(path:)``.
  public init(url: URL) throws(MediaError) {
    try self.init(path: url.path)
  }

  /// The video tracks, in stream order. Attached pictures (cover art) are not video tracks.
  public var videoTracks: [TrackInfo] { tracks.filter { $0.kind == .video } }
  /// The audio tracks, in stream order.
  public var audioTracks: [TrackInfo] { tracks.filter { $0.kind == .audio } }

  /// The first video track.
  ///
  /// - Returns: The description of the first track whose kind is `.video`.
  /// - Throws: `MediaError.noVideoTrack` when the file has none.
  public func firstVideoTrack() throws(MediaError) -> TrackInfo {
    guard let track = videoTracks.first else { throw MediaError.noVideoTrack(path: path) }
    return track
  }

  /// The first audio track.
  ///
  /// - Returns: The description of the first track whose kind is `.audio`.
  /// - Throws: `MediaError.noAudioTrack` when the file has none.
  public func firstAudioTrack() throws(MediaError) -> TrackInfo {
    guard let track = audioTracks.first else { throw MediaError.noAudioTrack(path: path) }
    return track
  }
}
