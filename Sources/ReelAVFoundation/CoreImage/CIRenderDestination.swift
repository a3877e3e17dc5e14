internal import ReelCore

/// How a render destination stores alpha, as Core Image's `CIRenderDestinationAlphaMode`.
public enum CIRenderDestinationAlphaMode: Int, Sendable {
  /// No alpha: the image is written over opaque black.
  case none = 0
  /// Colour premultiplied by alpha (the default).
  case premultiplied = 1
  /// Colour not premultiplied.
  case unpremultiplied = 2
}

/// Where ``CIContext/startTask(toRender:to:)`` writes, as Core Image's `CIRenderDestination`:
/// a pixel buffer (any of Reel's pixel formats) or 8-bit bitmap memory (`BGRA8`, `RGBA8`).
/// Metal textures and IOSurfaces are not destinations here (Reel runs no Metal).
open class CIRenderDestination: NSObject, @unchecked Sendable {
  enum Target {
    case pixelBuffer(CVPixelBuffer)
    case bitmap(UnsafeMutableRawPointer, bytesPerRow: Int, format: CIFormat)
  }

  let target: Target
  /// Pixels across.
  public let width: Int
  /// Pixels down.
  public let height: Int
  /// How alpha is stored (premultiplied by default).
  open var alphaMode: CIRenderDestinationAlphaMode = .premultiplied
  /// Whether the picture is written upside down (row 0 at the bottom).
  open var isFlipped = false
  /// Dithering (accepted; Reel rounds to nearest).
  open var isDithered = false
  /// Whether values are clamped to 0…1 (always, for the 8- and 10-bit formats Reel writes).
  open var isClamped = true
  /// The destination's colour space (accepted; Reel writes sRGB).
  open var colorSpace: CGColorSpace?
  /// A blend of the image over what the destination already holds (nil: replace it).
  open var blendKernel: CIBlendKernel?
  /// Whether the blend happens in the destination's space (accepted; Reel blends in linear
  /// light).
  open var blendsInDestinationColorSpace = false

  /// A destination writing into `pixelBuffer`.
  public init(pixelBuffer: CVPixelBuffer) {
    target = .pixelBuffer(pixelBuffer)
    width = pixelBuffer.width
    height = pixelBuffer.height
    super.init()
  }

  /// A destination writing into memory: `height` rows of `bytesPerRow` bytes, 8-bit `BGRA8`
  /// or `RGBA8` pixels (other formats fail when rendered, naming themselves).
  public init(
    bitmapData data: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int,
    format: CIFormat
  ) {
    target = .bitmap(data, bytesPerRow: bytesPerRow, format: format)
    self.width = width
    self.height = height
    super.init()
  }
}

/// What a finished render reports, as Core Image's `CIRenderInfo`.
open class CIRenderInfo: NSObject, @unchecked Sendable {
  /// Seconds spent rendering.
  public let kernelExecutionTime: TimeInterval
  /// Seconds spent compiling kernels (0: Reel's kernels are compiled when made).
  public let kernelCompileTime: TimeInterval = 0
  /// Passes over the pixels (1).
  public let passCount: Int = 1
  /// Pixels written.
  public let pixelsProcessed: Int

  init(seconds: TimeInterval, pixels: Int) {
    kernelExecutionTime = seconds
    pixelsProcessed = pixels
    super.init()
  }
}

/// A render started by ``CIContext/startTask(toRender:to:)``, as Core Image's `CIRenderTask`.
/// Reel renders on the calling thread: the task is complete when it is returned.
open class CIRenderTask: NSObject, @unchecked Sendable {
  let info: CIRenderInfo

  init(info: CIRenderInfo) {
    self.info = info
    super.init()
  }

  /// The render's report (at once: the render is done).
  @discardableResult
  open func waitUntilCompleted() throws -> CIRenderInfo { info }
}

/// Why a render into a destination failed.
public struct CIRenderError: Error, CustomStringConvertible {
  public let description: String
}

extension CIContext {
  /// Renders `image` (Core Image's (0, 0, width, height) of it) into `destination`.
  ///
  /// - Throws: ``CIRenderError`` when the destination's format is not one Reel writes or the
  ///   pixels cannot be made.
  @discardableResult
  public func startTask(toRender image: CIImage, to destination: CIRenderDestination) throws
    -> CIRenderTask
  {
    try startTask(
      toRender: image,
      from: CGRect(
        x: 0, y: 0, width: CGFloat(destination.width), height: CGFloat(destination.height)),
      to: destination, at: .zero)
  }

  /// Renders the part `fromRect` of `image` into `destination` with its bottom-left corner at
  /// `atPoint` (Core Image's plane of the destination, y up; a flipped destination, y down).
  ///
  /// - Throws: ``CIRenderError`` as ``startTask(toRender:to:)``.
  @discardableResult
  public func startTask(
    toRender image: CIImage, from fromRect: CGRect, to destination: CIRenderDestination,
    at atPoint: CGPoint
  ) throws -> CIRenderTask {
    let started = Date()
    let whole = CGRect(
      x: 0, y: 0, width: CGFloat(destination.width), height: CGFloat(destination.height))
    // The image placed where it goes in the destination, cut to fromRect.
    var placed = image.cropped(to: fromRect).transformed(
      by: CGAffineTransform(
        translationX: atPoint.x - fromRect.origin.x, y: atPoint.y - fromRect.origin.y))
    if destination.isFlipped {
      placed = placed.transformed(
        by: CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(destination.height)))
    }
    if let blend = destination.blendKernel {
      guard let background = currentImage(of: destination),
        let blended = blend.apply(foreground: placed, background: background)
      else {
        throw CIRenderError(
          description:
            "startTask(toRender:to:): the destination's blendKernel \(blend.name) made no image (see the message before this one)"
        )
      }
      placed = blended
    }
    switch destination.alphaMode {
    case .premultiplied: break
    case .none:
      placed = placed.composited(over: CIImage(color: CIColor(red: 0, green: 0, blue: 0)))
    case .unpremultiplied:
      if case .pixelBuffer = destination.target {
        throw CIRenderError(
          description:
            "startTask(toRender:to:): an unpremultiplied pixel-buffer destination is not supported (Reel's pixel buffers hold premultiplied colour); use alphaMode .premultiplied"
        )
      }
    }
    switch destination.target {
    case .pixelBuffer(let buffer):
      guard render(placed, into: buffer, bounds: whole) else {
        throw CIRenderError(
          description:
            "startTask(toRender:to:) could not fill the \(buffer.width)×\(buffer.height) pixel buffer (see the message before this one)"
        )
      }
    case .bitmap(let bytes, let bytesPerRow, let format):
      guard format == .BGRA8 || format == .RGBA8 else {
        throw CIRenderError(
          description:
            "startTask(toRender:to:): a bitmap destination of CIFormat \(format.rawValue) is not supported; Reel writes BGRA8 and RGBA8 bitmaps"
        )
      }
      guard bytesPerRow >= destination.width * 4, let picture = picture(of: placed, in: whole)
      else {
        throw CIRenderError(
          description:
            "startTask(toRender:to:): a \(destination.width)×\(destination.height) bitmap needs at least \(destination.width * 4) bytes a row (it has \(bytesPerRow)), and a renderable image"
        )
      }
      Self.write(
        picture, to: bytes, bytesPerRow: bytesPerRow, swapsRedAndBlue: format == .RGBA8,
        unpremultiplied: destination.alphaMode == .unpremultiplied)
    }
    return CIRenderTask(
      info: CIRenderInfo(
        seconds: Date().timeIntervalSince(started),
        pixels: destination.width * destination.height))
  }

  /// Fills `destination` with transparent black.
  ///
  /// - Throws: ``CIRenderError`` as ``startTask(toRender:to:)``.
  @discardableResult
  public func startTask(toClear destination: CIRenderDestination) throws -> CIRenderTask {
    let saved = destination.blendKernel
    destination.blendKernel = nil
    defer { destination.blendKernel = saved }
    return try startTask(toRender: CIImage.empty(), to: destination)
  }

  /// Prepares a render (nothing to prepare here: Reel's kernels are compiled when made).
  public func prepareRender(
    _ image: CIImage, from fromRect: CGRect, to destination: CIRenderDestination,
    at atPoint: CGPoint
  ) throws {}

  /// What the destination holds now, as an image.
  private func currentImage(of destination: CIRenderDestination) -> CIImage? {
    switch destination.target {
    case .pixelBuffer(let buffer): return CIImage(cvPixelBuffer: buffer)
    case .bitmap(let bytes, let bytesPerRow, let format):
      guard let image = try? Image(checkedWidth: destination.width, height: destination.height)
      else { return nil }
      var copy = image
      let targetRow = copy.bytesPerRow
      copy.withUnsafeMutableBytes { target in
        guard let to = target.baseAddress else { return }
        for y in 0..<destination.height {
          let s = (bytes + y * bytesPerRow).assumingMemoryBound(to: UInt8.self)
          let d = (to + y * targetRow).assumingMemoryBound(to: UInt8.self)
          for x in 0..<destination.width {
            let swap = format == .RGBA8
            d[4 * x] = s[4 * x + (swap ? 2 : 0)]
            d[4 * x + 1] = s[4 * x + 1]
            d[4 * x + 2] = s[4 * x + (swap ? 0 : 2)]
            d[4 * x + 3] = s[4 * x + 3]
          }
        }
      }
      return CIImage(picture: copy)
    }
  }

  /// Writes an 8-bit premultiplied BGRA picture into bitmap memory.
  private static func write(
    _ picture: Image, to bytes: UnsafeMutableRawPointer, bytesPerRow: Int,
    swapsRedAndBlue: Bool, unpremultiplied: Bool
  ) {
    picture.withUnsafeBytes { source in
      guard let from = source.baseAddress else { return }
      for y in 0..<picture.height {
        let s = (from + y * picture.bytesPerRow).assumingMemoryBound(to: UInt8.self)
        let d = (bytes + y * bytesPerRow).assumingMemoryBound(to: UInt8.self)
        for x in 0..<picture.width {
          let alpha = Int(s[4 * x + 3])
          func channel(_ value: UInt8) -> UInt8 {
            guard unpremultiplied, alpha > 0 else { return value }
            return UInt8(min((Int(value) * 255 + alpha / 2) / alpha, 255))
          }
          let (b, g, r) = (channel(s[4 * x]), channel(s[4 * x + 1]), channel(s[4 * x + 2]))
          d[4 * x] = swapsRedAndBlue ? r : b
          d[4 * x + 1] = g
          d[4 * x + 2] = swapsRedAndBlue ? b : r
          d[4 * x + 3] = UInt8(alpha)
        }
      }
    }
  }
}
