import Foundation
import ReelAnimation
import ReelMedia

/// The budgets that bound the memory and the work one render (or one validation) may take,
/// whatever a template or a file asks for.
///
/// Each limit has a default that allows real work and can be raised (or lowered) by an
/// operator: in Swift by setting the property (``ExportSettings/limits``,
/// ``FrameGrabber/limits``, ``LayerRenderer/init(tree:limits:)``, and the template loader's
/// `limits:` parameter); a front end such as the `reel` tool maps its own options onto these
/// properties. A value beyond a limit is refused with a ``ResourceLimitError`` that names
/// the limit and the property that raises it; the raster cache budget is not a refusal but a bound: what
/// does not fit is drawn without being kept.
///
///     var limits = ResourceLimits()
///     limits.maximumLayerCount = 50_000
///     settings.limits = limits
public struct ResourceLimits: Sendable, Hashable {
  /// Bytes of layer rasters (text, shapes, fills, gradients, scaled pictures, and the
  /// frames of Lottie animations) kept between frames by one renderer; default 512 MiB.
  /// Beyond it the least recently used rasters are dropped and rasters that still do not
  /// fit are drawn for the frame and not kept, so memory does not grow with the number of
  /// layers or animations.
  public var rasterCacheBytes: Int

  /// The most layers a movie's layer tree may hold, counting every layer at every depth
  /// (sublayers, masks and the layers made for subtitle cues; the tree's root is not
  /// counted); default 10,000.
  public var maximumLayerCount: Int

  /// The largest template file read, in bytes, and the largest subtitle file a template
  /// names (both are text Reel parses whole); default 16 MiB. The size is checked before
  /// the file is read.
  public var maximumTemplateBytes: Int

  /// The most decoded image pixels held in memory, summed over every frame of every image
  /// file a template uses (an animated GIF or APNG counts each frame); default 256 Mi
  /// pixels (1 GiB as BGRA), which is also ReelMedia's limit for one file. A GIF export's
  /// frames, held until its palette is made, are checked against it too
  /// (``checkHeldFrames(frames:width:height:)``).
  public var maximumImagePixels: Int

  /// The most output pixels an export may produce: frames × width × height of the encoded
  /// video; default 298,598,400,000, a 10-minute 3840×2160 movie at 60 fps (a ten-hour
  /// 8K render is 30 times that).
  public var maximumOutputPixels: Int

  /// The defaults (see each property).
  public static let `default` = ResourceLimits()

  /// Makes a set of limits; every argument defaults to the documented default.
  ///
  /// - Parameters:
  ///   - rasterCacheBytes: Bytes of cached layer rasters (≥ 0; 0 keeps none).
  ///   - maximumLayerCount: Layers in a tree.
  ///   - maximumTemplateBytes: Bytes of a template file.
  ///   - maximumImagePixels: Decoded image pixels over all frames of all image files.
  ///   - maximumOutputPixels: Frames × width × height of an export.
  public init(
    rasterCacheBytes: Int = 512 << 20, maximumLayerCount: Int = 10_000,
    maximumTemplateBytes: Int = 16 << 20,
    maximumImagePixels: Int = ImageDecoder.maximumTotalPixelCount,
    maximumOutputPixels: Int = 36_000 * 3840 * 2160
  ) {
    self.rasterCacheBytes = rasterCacheBytes
    self.maximumLayerCount = maximumLayerCount
    self.maximumTemplateBytes = maximumTemplateBytes
    self.maximumImagePixels = maximumImagePixels
    self.maximumOutputPixels = maximumOutputPixels
  }

  /// One of the limits, for messages.
  public enum Limit: String, Sendable, Hashable, CaseIterable {
    case rasterCache
    case layerCount
    case templateSize
    case imagePixels
    case outputPixels

    /// The ``ResourceLimits`` property that sets it.
    public var property: String {
      switch self {
      case .rasterCache: return "rasterCacheBytes"
      case .layerCount: return "maximumLayerCount"
      case .templateSize: return "maximumTemplateBytes"
      case .imagePixels: return "maximumImagePixels"
      case .outputPixels: return "maximumOutputPixels"
      }
    }

    /// The property as messages name it: `ResourceLimits.maximumLayerCount`.
    public var qualifiedProperty: String { "ResourceLimits.\(property)" }

    /// Whether the value is a number of bytes (else a count).
    public var isBytes: Bool { self == .rasterCache || self == .templateSize }

    /// Whether exceeding it is refused (every limit but the raster cache, which is a bound
    /// on what is kept, not a refusal): what a validation can check before rendering.
    public var isRefusal: Bool { self != .rasterCache }

    /// The smallest value that can be set (0 turns the raster cache off; every other limit
    /// needs at least 1).
    public var minimum: Int { self == .rasterCache ? 0 : 1 }

    /// What is limited, in a few words (help text and documentation).
    public var summary: String {
      switch self {
      case .rasterCache: return "layer rasters kept between frames"
      case .layerCount:
        return
          "layers in the movie (every depth, masks and subtitle cues included, the root not counted)"
      case .templateSize: return "template file size, and each subtitle file's"
      case .imagePixels:
        return
          "decoded image pixels: frames × width × height, summed over every image file of the template (each frame of an animated GIF/APNG counts); also the frames a GIF export holds until its palette is made"
      case .outputPixels: return "work: frames × width × height of the encoded video"
      }
    }

    /// The default (``ResourceLimits/default``), as the documentation states it:
    /// `512 MiB`, `10,000`, ….
    public var defaultDescription: String {
      let value = ResourceLimits.default[self]
      let plain = isBytes ? Self.binarySize(value) : Self.grouped(value)
      switch self {
      case .imagePixels:
        return "\(plain) (\(value >> 20) Mi pixels, \(value >> 28) GiB as BGRA)"
      case .outputPixels:
        return
          "\(plain) — a 10-minute 3840×2160 movie at 60 fps (a ten-hour 8K render is 30 times that)"
      default: return plain
      }
    }

    /// `16777216` → `16 MiB` for whole multiples of 1 KiB, 1 MiB or 1 GiB, else bytes.
    private static func binarySize(_ bytes: Int) -> String {
      for (unit, shift) in [("GiB", 30), ("MiB", 20), ("KiB", 10)]
      where bytes >= 1 << shift && bytes % (1 << shift) == 0 {
        return "\(bytes >> shift) \(unit)"
      }
      return "\(bytes) bytes"
    }

    /// `268435456` → `268,435,456`.
    private static func grouped(_ value: Int) -> String {
      var digits = String(value.magnitude)
      var groups: [Substring] = []
      while digits.count > 3 {
        groups.insert(Substring(digits.suffix(3)), at: 0)
        digits.removeLast(3)
      }
      groups.insert(Substring(digits), at: 0)
      return (value < 0 ? "-" : "") + groups.joined(separator: ",")
    }

    /// What Reel does beyond it, for documentation.
    public var consequence: String {
      switch self {
      case .rasterCache:
        return
          "least recently used rasters not used by the current frame are dropped; a raster that still does not fit is drawn for that use and freed after compositing (redrawn next frame). Peak memory does not grow with the number of layers. Lottie animations' drawn frames, cropped to their drawn pixels, are kept in the same budget while they play, all animations together: what fits is kept, never at the cost of another layer's raster, so a loop longer than the room left keeps its first frames and redraws the rest each time round"
      case .layerCount:
        return
          "refused at `layers`; the JSON is counted before any layer is built, and a subtitle file's shown cues before any cue layer is built"
      case .templateSize:
        return
          "refused; the size is read from the file first and at most the limit + 1 bytes of a template are ever read; a subtitle file above it is not parsed"
      case .imagePixels:
        return
          "refused at the image's path; decoding stops as soon as the sum would pass the limit"
      case .outputPixels:
        return
          "refused before anything is written (an export checks its final size and time range, after its preset)"
      }
    }
  }

  /// The value of `limit`.
  public subscript(limit: Limit) -> Int {
    get {
      switch limit {
      case .rasterCache: return rasterCacheBytes
      case .layerCount: return maximumLayerCount
      case .templateSize: return maximumTemplateBytes
      case .imagePixels: return maximumImagePixels
      case .outputPixels: return maximumOutputPixels
      }
    }
    set {
      switch limit {
      case .rasterCache: rasterCacheBytes = newValue
      case .layerCount: maximumLayerCount = newValue
      case .templateSize: maximumTemplateBytes = newValue
      case .imagePixels: maximumImagePixels = newValue
      case .outputPixels: maximumOutputPixels = newValue
      }
    }
  }

  // MARK: - Checks (the one place each rule is written)

  /// Checks the number of layers of `tree` against ``maximumLayerCount`` (every layer at
  /// every depth, masks included, the root not counted).
  ///
  /// - Throws: ``ResourceLimitError`` naming the count and the limit.
  public func checkLayers(of tree: LayerTree) throws(ResourceLimitError) {
    try checkLayerCount(Self.layerCount(of: tree.root) - 1)
  }

  /// Checks a layer count against ``maximumLayerCount``.
  ///
  /// - Throws: ``ResourceLimitError`` when `count` is above the limit.
  public func checkLayerCount(_ count: Int) throws(ResourceLimitError) {
    guard count <= maximumLayerCount else {
      throw ResourceLimitError(
        limit: .layerCount, requested: count, maximum: maximumLayerCount,
        what: "the movie has \(count) layers")
    }
  }

  /// Checks a template file's (or a subtitle file's) size against ``maximumTemplateBytes``.
  ///
  /// - Parameters:
  ///   - byteCount: The file's size in bytes (at least as much as is known).
  ///   - file: What the file is, for the message.
  /// - Throws: ``ResourceLimitError`` when it is above the limit.
  public func checkTemplateSize(_ byteCount: Int, of file: String = "the template file")
    throws(ResourceLimitError)
  {
    guard byteCount <= maximumTemplateBytes else {
      throw ResourceLimitError(
        limit: .templateSize, requested: byteCount, maximum: maximumTemplateBytes,
        what: "\(file) is \(byteCount) bytes")
    }
  }

  /// Checks decoded image pixels (frames × width × height, summed) against
  /// ``maximumImagePixels``.
  ///
  /// - Parameter pixels: Pixels held so far, the new image included.
  /// - Throws: ``ResourceLimitError`` when they are above the limit.
  public func checkImagePixels(_ pixels: Int) throws(ResourceLimitError) {
    guard pixels <= maximumImagePixels else { throw imagePixelsExceeded(pixels) }
  }

  /// The error for decoded image pixels above ``maximumImagePixels``.
  ///
  /// - Parameter pixels: The pixels asked for, when known (nil when decoding stopped as
  ///   soon as the limit was passed).
  public func imagePixelsExceeded(_ pixels: Int? = nil) -> ResourceLimitError {
    ResourceLimitError(
      limit: .imagePixels, requested: pixels ?? maximumImagePixels &+ 1,
      maximum: maximumImagePixels,
      what: pixels.map { "the decoded image frames hold \($0) pixels" }
        ?? "its decoded frames (frames × width × height, with the template's other images) hold more pixels than allowed"
    )
  }

  /// Checks the work of an export (`frames` pictures of `width`×`height` pixels) against
  /// ``maximumOutputPixels``, without overflowing.
  ///
  /// - Throws: ``ResourceLimitError`` when frames × width × height is above the limit.
  public func checkWork(frames: Int, width: Int, height: Int) throws(ResourceLimitError) {
    let (area, areaOverflow) = max(width, 0).multipliedReportingOverflow(by: max(height, 0))
    let (work, workOverflow) = area.multipliedReportingOverflow(by: max(frames, 0))
    guard areaOverflow || workOverflow || work > maximumOutputPixels else { return }
    throw ResourceLimitError(
      limit: .outputPixels, requested: workOverflow || areaOverflow ? Int.max : work,
      maximum: maximumOutputPixels,
      what: "the export is \(frames) frames of \(width)×\(height) pixels")
  }

  /// Checks the frames a GIF export holds until its palette is made (frames × width ×
  /// height) against ``maximumImagePixels``, the pixels images may hold in memory.
  ///
  /// - Throws: ``ResourceLimitError`` (``Limit/imagePixels``) when they do not fit.
  public func checkHeldFrames(frames: Int, width: Int, height: Int) throws(ResourceLimitError) {
    let (area, areaOverflow) = max(width, 0).multipliedReportingOverflow(by: max(height, 0))
    let (held, heldOverflow) = area.multipliedReportingOverflow(by: max(frames, 0))
    guard areaOverflow || heldOverflow || held > maximumImagePixels else { return }
    throw ResourceLimitError(
      limit: .imagePixels, requested: areaOverflow || heldOverflow ? Int.max : held,
      maximum: maximumImagePixels,
      what:
        "a GIF holds every frame until its palette is made: \(frames) frames of \(width)×\(height) pixels; lower the frame rate, the width or the length"
    )
  }

  /// No limit at all (every value `Int.max`): for measuring, never for untrusted input.
  public static let unlimited = ResourceLimits(
    rasterCacheBytes: .max, maximumLayerCount: .max, maximumTemplateBytes: .max,
    maximumImagePixels: .max, maximumOutputPixels: .max)

  /// Checks what rendering `movie` with `settings` would ask for: its layer count and the
  /// work of the export (frames × output pixels, for a video file such as `.mp4`), exactly
  /// as ``ExportSession/export()`` counts them.
  ///
  /// - Throws: ``ResourceLimitError`` for the first limit exceeded. Problems that are not a
  ///   limit (an empty movie, a bad range) are left to the export to report.
  public func check(_ movie: Movie, exporting settings: ExportSettings) throws(ResourceLimitError) {
    if let tree = movie.layers { try checkLayers(of: tree) }
    var measuring = settings
    measuring.limits = .unlimited
    guard
      let plan = try? ExportPlan(
        movie: movie, settings: measuring,
        outputURL: URL(fileURLWithPath: "/reel-limits-check.mp4")),
      let size = plan.outputSize
    else { return }
    try checkWork(frames: plan.frameCount, width: size.width, height: size.height)
  }

  /// Every layer at every depth under and including `layer` (masks included).
  static func layerCount(of layer: Layer) -> Int {
    var count = 0
    var pending = [layer]
    while let next = pending.popLast() {
      count += 1
      pending.append(contentsOf: next.sublayers)
      if let mask = next.mask { pending.append(mask) }
    }
    return count
  }
}

/// A template, a file or a movie asks for more than a ``ResourceLimits`` allows.
public struct ResourceLimitError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The limit exceeded.
  public var limit: ResourceLimits.Limit
  /// What was asked for, in the limit's unit (`Int.max` when it does not fit in an `Int`).
  public var requested: Int
  /// The limit's value.
  public var maximum: Int
  /// What was asked for, in words (`the movie has 12000 layers`).
  public var what: String

  /// Makes an error.
  public init(limit: ResourceLimits.Limit, requested: Int, maximum: Int, what: String) {
    self.limit = limit
    self.requested = requested
    self.maximum = maximum
    self.what = what
  }

  /// `the movie has 12000 layers, above the layer limit of 10000; raise
  /// ResourceLimits.maximumLayerCount if this is intended`. A front end may add its own way
  /// to raise it (the `reel` tool adds its option).
  public var description: String {
    "\(what), above the \(Self.name(limit)) limit of \(maximum); raise \(limit.qualifiedProperty) if this is intended"
  }

  private static func name(_ limit: ResourceLimits.Limit) -> String {
    switch limit {
    case .rasterCache: return "raster cache"
    case .layerCount: return "layer"
    case .templateSize: return "template size"
    case .imagePixels: return "image pixel"
    case .outputPixels: return "work (output pixels)"
    }
  }
}
