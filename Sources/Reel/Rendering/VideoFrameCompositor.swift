import Foundation
import ReelCore
import ReelGraphics
import ReelMedia

/// Makes the composited video picture of a video composition at a time: the background
/// colour, then each visible track's source frame, cropped, transformed and faded as its
/// layer instruction says, bottom to top.
///
/// Sources are decoded with one ``VideoReader`` per composition track and source file, kept
/// open and read forward while frames are asked for in order (no seeking for sequential
/// frames); still images are decoded once. Pictures are decoded in their coded orientation:
/// the layer instruction's transform carries the rotation that turns them upright.
///
/// Not Sendable: owns decoders; use it from one thread at a time.
public final class VideoFrameCompositor {
  /// The composition whose tracks are drawn.
  public let composition: Composition
  /// Render size, frame duration, background and instructions.
  public let videoComposition: VideoComposition
  /// Output width in pixels.
  public let width: Int
  /// Output height in pixels.
  public let height: Int

  private struct ReaderKey: Hashable {
    var trackID: TrackID
    var path: String
    var trackIndex: Int
  }
  private var readers: [ReaderKey: VideoReader] = [:]
  private var assets: [String: Asset] = [:]
  private var stills: [String: DecodedImage] = [:]

  /// Makes a compositor.
  ///
  /// - Throws: ``RenderError/invalidRenderSize(width:height:)`` when the video composition's
  ///   render size is not drawable.
  public init(composition: Composition, videoComposition: VideoComposition) throws(RenderError) {
    let width = Int(videoComposition.renderSize.width.rounded())
    let height = Int(videoComposition.renderSize.height.rounded())
    guard width >= 1, height >= 1, width <= 32767, height <= 32767 else {
      throw RenderError.invalidRenderSize(width: width, height: height)
    }
    self.composition = composition
    self.videoComposition = videoComposition
    self.width = width
    self.height = height
  }

  /// The composited picture at `time`.
  ///
  /// - Parameter time: Composition time in seconds.
  /// - Returns: An opaque image of the render size (the background colour where no track
  ///   draws; black when no instruction covers `time`).
  /// - Throws: ``MediaError`` when a source cannot be decoded; ``RenderError`` when drawing
  ///   fails.
  public func frame(at time: Time) throws -> Image {
    guard let description = videoComposition.frameDescription(at: time, in: composition) else {
      return Image.filled(width: width, height: height, color: .black)
    }
    // Every layer's source is read (so each reader stays in step and keeps decoding forward),
    // but drawing starts at the topmost picture that covers the whole frame: an opaque,
    // untransformed, full-size video picture hides the background and everything below it,
    // and is taken as it is (the common pass-through case) with no fill and no composite.
    var pictures: [(Image, VideoFrameDescription.Layer)] = []
    var firstVisible = 0
    for layer in description.layers {
      guard let picture = try picture(for: layer) else { continue }
      if covers(picture, layer: layer) { firstVisible = pictures.count }
      pictures.append((picture, layer))
    }
    var output: Image
    var drawn = pictures[firstVisible...]
    if let (picture, layer) = drawn.first, covers(picture, layer: layer) {
      output = picture
      drawn = drawn.dropFirst()
    } else {
      output = Image.filled(
        width: width, height: height, color: description.backgroundColor.withAlpha(1))
    }
    for (picture, layer) in drawn {
      try draw(picture, layer: layer, onto: &output)
    }
    return output
  }

  /// Whether frames of a pixel format are always opaque: planar or semi-planar YUV and grey
  /// without an alpha plane (not `yuva…`, RGB, palette or unknown formats).
  static func isOpaque(pixelFormat: String?) -> Bool {
    guard let format = pixelFormat, !format.hasPrefix("yuva") else { return false }
    return format.hasPrefix("yuv") || format.hasPrefix("nv") || format.hasPrefix("p0")
      || format.hasPrefix("gray")
  }

  /// Whether a layer's picture, drawn, would replace every output pixel exactly: a decoded
  /// video frame (opaque) of the output size at full opacity, with an identity transform
  /// and no crop.
  private func covers(_ picture: Image, layer: VideoFrameDescription.Layer) -> Bool {
    guard case .track(let source) = layer.source,
      VideoFrameCompositor.isOpaque(pixelFormat: source.track.pixelFormat)
    else { return false }
    return layer.opacity >= 1 && layer.transform.isIdentity && layer.cropRectangle == nil
      && picture.width == width && picture.height == height
  }

  /// The source picture a layer shows, or nil when the source has no frame at that time.
  private func picture(for layer: VideoFrameDescription.Layer) throws -> Image? {
    switch layer.source {
    case .track(let source):
      let key = ReaderKey(trackID: layer.trackID, path: source.path, trackIndex: source.track.index)
      let reader: VideoReader
      if let existing = readers[key] {
        reader = existing
      } else {
        let asset = try assets[source.path] ?? Asset(path: source.path)
        assets[source.path] = asset
        reader = try VideoReader(asset: asset, track: source.track, applyRotation: false)
        readers[key] = reader
      }
      return try reader.frame(at: layer.sourceTime)?.image
    case .still(let still):
      let decoded = try stills[still.path] ?? ImageDecoder.decode(path: still.path)
      stills[still.path] = decoded
      return decoded.frame(at: layer.sourceTime)
    case .empty:
      return nil
    }
  }

  /// Draws one layer's picture: crop, then transform, with its opacity.
  private func draw(_ picture: Image, layer: VideoFrameDescription.Layer, onto output: inout Image)
    throws
  {
    var source = picture
    var transform = layer.transform
    var clip: Compositor.Clip? = nil
    if let crop = layer.cropRectangle {
      let isRectilinear =
        (transform.b == 0 && transform.c == 0) || (transform.a == 0 && transform.d == 0)
      if isRectilinear {
        // The crop lands on an axis-aligned rectangle of the output: clip there, no copy.
        clip = .rect(transform.apply(to: crop))
      } else {
        let whole = crop.integral
        source = picture.cropped(to: whole)
        transform = Transform2D(translationX: whole.minX, y: whole.minY).concatenating(transform)
      }
    }
    do {
      try Compositor.draw(
        source, onto: &output, transform: Transform3D(transform), opacity: layer.opacity,
        clip: clip)
    } catch {
      throw RenderError.drawing(
        layer: "video track \(layer.trackID.rawValue)", reason: error.description)
    }
  }
}
