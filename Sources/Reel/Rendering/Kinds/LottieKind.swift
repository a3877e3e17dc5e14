import Foundation
import ReelAnimation
import ReelCore
import ReelGraphics
import ReelMedia

/// A layer's Lottie animation: which frame shows is a pure function of the composition time.
///
/// From the layer's ``startTime`` the animation plays at ``speed`` times its own frame rate
/// through ``segment`` (frames of its timeline, `ip` ≤ from < to ≤ `op`), then starts the
/// segment again when it ``loops``, or holds its last frame. Before ``startTime`` the
/// segment's first frame shows. The animation is drawn at its placement in the layer's bounds
/// (``LayerProperties/contentsGravity``: the whole animation, its aspect kept, by default in
/// templates) and follows the layer's magnification, as vector art does.
///
///     let animation = try LottieAnimation(LottieDocument(data: data, limits: limits) { _ in … })
///     layer.content = .kind(LottieContent(animation: animation, speed: 2, loops: true))
public struct LottieContent: LayerContentKind {
  /// The animation.
  public var animation: LottieAnimation
  /// When the animation's first frame shows, seconds of composition time.
  public var startTime: Double
  /// How many times faster than its own frame rate it plays (> 0).
  public var speed: Double
  /// Whether the segment starts again after its last frame.
  public var loops: Bool
  /// The frames played, in the animation's timeline (`ip`…`op`); the whole timeline when nil.
  public var segment: ClosedRange<Double>?

  /// Makes Lottie content.
  ///
  /// - Parameters:
  ///   - animation: The animation.
  ///   - startTime: When its first frame shows, seconds of composition time.
  ///   - speed: Times its own frame rate (values ≤ 0 or not finite play at 1).
  ///   - loops: Whether it starts again after its last frame.
  ///   - segment: The frames to play (animation frame numbers), nil for all.
  public init(
    animation: LottieAnimation, startTime: Double = 0, speed: Double = 1, loops: Bool = false,
    segment: ClosedRange<Double>? = nil
  ) {
    self.animation = animation
    self.startTime = startTime
    self.speed = speed
    self.loops = loops
    self.segment = segment
  }

  public static var kindName: String { "lottie" }

  /// Drawn upright, as Core Animation keeps a layer's contents.
  public var staysUpright: Bool { true }

  /// The frame of the animation's timeline (counted from its first frame, `ip`) showing at
  /// `time` seconds of composition time.
  public func frameIndex(atSeconds time: Double) -> Int {
    let document = animation.document
    let first = max(segment?.lowerBound ?? document.inPoint, document.inPoint)
    let last = min(segment?.upperBound ?? document.outPoint, document.outPoint)
    let length = last - first
    let rate = speed.isFinite && speed > 0 ? speed : 1
    var position = max(0, time - startTime) * rate * document.frameRate
    // A frame time computed from a frame number lands a hair below it: count it as reached.
    position = (position + 1e-9).rounded(.down)
    if length <= 1 || !position.isFinite {
      position = 0
    } else if loops {
      position = position.truncatingRemainder(dividingBy: length.rounded(.down))
    } else {
      position = min(position, length.rounded(.up) - 1)
    }
    let frame = (first - document.inPoint + position).rounded(.down)
    return PixelLimits.integer(min(max(frame, 0), Double(animation.frameCount - 1)))
  }

  public func drawing(with properties: LayerProperties, atSeconds time: Double) -> LottieDrawing? {
    guard !properties.bounds.isEmpty else { return nil }
    let document = animation.document
    let natural = Size(width: Double(document.width), height: Double(document.height))
    return LottieDrawing(
      animation: animation, frame: frameIndex(atSeconds: time),
      destination: properties.contentsGravity.placement(of: natural, in: properties.bounds.size),
      size: properties.bounds.size)
  }
}

/// One frame of a Lottie animation placed in a layer: equal (sharing a cached raster) while
/// the animation frame, the placement and the size stay the same.
public struct LottieDrawing: LayerDrawing, DrawingKind {
  /// The animation.
  public var animation: LottieAnimation
  /// The frame, counted from the timeline's first.
  public var frame: Int
  /// Where the animation lands, in the layer's local pixels.
  public var destination: Rect
  /// The layer's bounds size.
  public var size: Size

  public static var kindName: String { LottieContent.kindName }

  public var dumpDescription: String {
    let numbers = [destination.minX, destination.minY, destination.width, destination.height]
      .map { ReadableNumber.string($0, decimals: 3) }
    return "frame=\(frame) in (\(numbers[0]), \(numbers[1])) \(numbers[2])×\(numbers[3])"
  }

  public var coveredSize: Size? { size }

  public static func == (lhs: LottieDrawing, rhs: LottieDrawing) -> Bool {
    lhs.animation === rhs.animation && lhs.frame == rhs.frame
      && lhs.destination == rhs.destination && lhs.size == rhs.size
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(animation))
    hasher.combine(frame)
    hasher.combine(destination)
    hasher.combine(size)
  }

  var layerSize: Size? { size }

  func scaled(by scale: Double) -> Drawing {
    var drawing = self
    drawing.destination = destination.scaled(by: scale)
    drawing.size = size.scaled(by: scale)
    return .kind(AnyLayerDrawing(drawing))
  }

  func rasterExtent(scale: Double) -> Rect? { nil }

  /// The animation in its place: its frames come round again while it plays (a loop), so
  /// the rasterizer keeps them across frames.
  var loopPlacement: AnyHashable? {
    AnyHashable(
      LottiePlacement(animation: ObjectIdentifier(animation), destination: destination, size: size))
  }

  func draw(scale: Double, area: PixelBox?) throws -> Raster? {
    let width = PixelLimits.integer(destination.width.rounded())
    let height = PixelLimits.integer(destination.height.rounded())
    guard width > 0, height > 0 else { return nil }
    let drawn = try animation.drawnFrame(frame, width: width, height: height)
    guard let image = drawn.image else { return nil }
    let scaleX = destination.width / Double(width)
    let scaleY = destination.height / Double(height)
    return Raster(
      image: image,
      toLayer: Transform2D(
        a: scaleX, b: 0, c: 0, d: scaleY, tx: destination.minX + Double(drawn.x) * scaleX,
        ty: destination.minY + Double(drawn.y) * scaleY))
  }
}

extension LottieAnimation {
  /// The most frames a Lottie timeline may have (`op - ip`: over nine hours at 30 fps).
  public static let maximumFrames = 1_000_000

  /// Reads, checks and parses the Lottie file at `path` (``LottieDocument``): the JSON read
  /// under the regular-file rule within ``ResourceLimits/maximumTemplateBytes``, its layers
  /// within ``ResourceLimits/maximumLayerCount``, its images within
  /// ``ResourceLimits/maximumImagePixels``; an image file an asset names is read from beside
  /// the JSON (a URL or an absolute path is refused), under the same rule.
  ///
  /// - Parameters:
  ///   - path: The Lottie JSON file.
  ///   - limits: The budgets.
  ///   - locate: Turns the path of an image beside the file into the path read (a template
  ///     resolves `..` and records it; the default reads it as it is).
  /// - Throws: ``LottieError``: `.unreadable` for a file that cannot be read, the document's
  ///   and rlottie's errors otherwise.
  public static func load(
    contentsOf path: String, limits: ResourceLimits = .default,
    locate: (String) -> String = { $0 }
  ) throws(LottieError) -> LottieAnimation {
    func read(_ file: String) throws(LottieError) -> Data {
      do throws(LocalFile.Problem) {
        return try LocalFile.read(file, upTo: limits.maximumTemplateBytes + 1)
      } catch {
        throw .unreadable(reason: MediaError(path: file, fileProblem: error).description)
      }
    }
    let data = try read(path)
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    let document = try LottieDocument(data: data, limits: LottieDocument.Limits(limits)) {
      name throws(LottieError) in
      guard !name.contains("://"), !name.hasPrefix("/") else {
        throw .unreadableImage(name: name, reason: "only files beside the animation are read")
      }
      do throws(LottieError) {
        return try read(locate(folder + "/" + name))
      } catch {
        throw .unreadableImage(name: name, reason: error.description)
      }
    }
    return try LottieAnimation(document)
  }
}

extension LottieDocument.Limits {
  /// A document's bounds from Reel's budgets: the JSON within
  /// ``ResourceLimits/maximumTemplateBytes``, layers within
  /// ``ResourceLimits/maximumLayerCount``, each image within
  /// ``ResourceLimits/maximumImagePixels``, at most ``LottieAnimation/maximumFrames`` frames.
  public init(_ limits: ResourceLimits) {
    self.init(
      maximumBytes: limits.maximumTemplateBytes, maximumLayers: limits.maximumLayerCount,
      maximumFrames: LottieAnimation.maximumFrames, maximumImagePixels: limits.maximumImagePixels)
  }
}

/// What stays the same while a Lottie layer plays: the animation, where it lands and the
/// layer's size (``LottieDrawing/loopPlacement``).
private struct LottiePlacement: Hashable {
  var animation: ObjectIdentifier
  var destination: Rect
  var size: Size
}
