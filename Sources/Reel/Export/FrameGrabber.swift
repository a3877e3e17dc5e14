import Foundation
import ReelAnimation
import ReelCore
import ReelGraphics
import ReelMedia

/// Images of a movie or a video file at chosen times: thumbnails and stills, as
/// `AVAssetImageGenerator`.
///
///     let grabber = FrameGrabber(asset: try Asset(path: "clip.mp4"))
///     grabber.maximumSize = (480, 480)
///     let still = try grabber.frame(at: Time(value: 3, timescale: 2))   // 1.5 s
///     try still.image.writePNG(to: URL(fileURLWithPath: "thumb.png"))
///
/// A movie frame is drawn exactly as the exporter draws it (video composition, then layers).
/// A file's frame is the one whose presentation time is the last one at or before the
/// requested time, turned upright when ``appliesRotation`` is on (the default).
///
/// Not Sendable: keeps decoders open between requests (requests in increasing time order
/// decode forward without seeking).
public final class FrameGrabber {
  private enum Source {
    case movie(Movie)
    case asset(Asset)
  }

  /// The largest size of the images returned (fitted inside, aspect kept, never upscaled);
  /// nil for full size.
  public var maximumSize: (width: Int, height: Int)?
  /// Whether frames of a file are turned upright from its rotation metadata (files only; a
  /// movie's video composition already says how to place each clip).
  public var appliesRotation = true
  /// The memory budgets for drawing a movie's layers (layer count, raster cache; see
  /// ``ResourceLimits``). Set before the first frame. Default ``ResourceLimits/default``.
  public var limits = ResourceLimits.default
  /// Whether a movie's frames keep their alpha: drawn over a clear backdrop, so what a clear
  /// background leaves uncovered stays clear, as an export with
  /// ``ExportSettings/exportsAlpha`` draws them (`reel preview` shows them over a
  /// checkerboard). False (the default): over black, as `reel frame` writes them. Set before
  /// the first frame; files' frames are as decoded either way.
  public var keepsAlpha = false

  private let source: Source
  private var renderer: MovieRenderer?
  private var reader: VideoReader?

  /// A grabber for a movie: frames drawn with its video composition and layers.
  public init(movie: Movie) {
    source = .movie(movie)
  }

  /// A grabber for a video file's first video track.
  public init(asset: Asset) {
    source = .asset(asset)
  }

  /// One grabbed frame.
  public struct Frame: Sendable {
    /// The picture (premultiplied BGRA; opaque for video, and for a movie unless
    /// ``FrameGrabber/keepsAlpha``).
    public var image: Image
    /// The time the picture belongs to, in seconds: the requested time for a movie, the
    /// frame's presentation time for a file.
    public var actualTime: Time
  }

  /// The frame at `time`.
  ///
  /// - Parameter time: Seconds (composition time for a movie, file time for an asset).
  /// - Throws: ``MediaError`` when decoding fails or `time` is before the file's first frame
  ///   or outside the movie; ``RenderError`` when drawing fails.
  public func frame(at time: Time) throws -> Frame {
    var frame: Frame
    switch source {
    case .movie(let movie):
      frame = Frame(image: try movieImage(movie, at: time), actualTime: time)
    case .asset(let asset):
      let reader = try self.reader ?? VideoReader(asset: asset, applyRotation: appliesRotation)
      self.reader = reader
      guard let decoded = try reader.frame(at: time) else {
        throw MediaError.invalidArgument(
          path: asset.path, reason: "no frame at \(time.seconds) s (before the first frame)")
      }
      frame = Frame(image: decoded.image, actualTime: decoded.time)
    }
    if let maximumSize {
      let size = FrameGrabber.fitted(
        width: frame.image.width, height: frame.image.height, inside: maximumSize)
      if size.width != frame.image.width || size.height != frame.image.height {
        let image = frame.image
        frame.image = try RenderError.allocating(layer: RenderError.wholeFrame) {
          () throws(GraphicsError) in
          try image.scaled(toWidth: size.width, height: size.height)
        }
      }
    }
    return frame
  }

  /// One result per requested time, in order (a failure does not stop the others).
  public func frames(at times: [Time]) -> [Result<Frame, any Error>] {
    times.map { time in Result { try frame(at: time) } }
  }

  private func movieImage(_ movie: Movie, at time: Time) throws -> Image {
    guard time >= .zero, time < movie.duration || movie.duration == .zero else {
      throw MediaError.invalidArgument(
        path: "movie",
        reason: "time \(time.seconds) s is outside the movie [0, \(movie.duration.seconds) s)")
    }
    let renderer =
      try self.renderer ?? MovieRenderer(movie: movie, limits: limits, keepsAlpha: keepsAlpha)
    self.renderer = renderer
    return try renderer.frame(at: time)
  }

  /// The largest size inside `box` with the aspect ratio of `width`×`height`, never larger
  /// than the original (e.g. 1920×1080 inside 480×480 → 480×270).
  public static func fitted(width: Int, height: Int, inside box: (width: Int, height: Int))
    -> (width: Int, height: Int)
  {
    guard width > 0, height > 0, box.width > 0, box.height > 0 else { return (width, height) }
    let scale = min(1, Double(box.width) / Double(width), Double(box.height) / Double(height))
    return (
      max(1, Int((Double(width) * scale).rounded())),
      max(1, Int((Double(height) * scale).rounded()))
    )
  }
}
