internal import ReelCore

/// How a `UIGraphicsImageRenderer` makes its images, as UIKit's
/// `UIGraphicsImageRendererFormat`.
open class UIGraphicsImageRendererFormat: NSObject, @unchecked Sendable {
  /// Pixels a point: the screen's scale by default (3 unless `REEL_SCREEN` says).
  open var scale: CGFloat = UIScreen.main.scale
  /// Whether the image starts black and keeps no alpha (default false: transparent).
  open var opaque = false

  /// The default format.
  public override init() { super.init() }

  /// The default format (as `UIGraphicsImageRendererFormat.default()`).
  open class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }

  /// The format best for the screen: the default on Linux.
  open class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// What a `UIGraphicsImageRenderer`'s drawing closure draws with, as UIKit's
/// `UIGraphicsImageRendererContext`.
open class UIGraphicsImageRendererContext: NSObject, @unchecked Sendable {
  /// The context (y-down, in points).
  public let cgContext: CGContext
  /// The renderer's format.
  public let format: UIGraphicsImageRendererFormat

  init(cgContext: CGContext, format: UIGraphicsImageRendererFormat) {
    self.cgContext = cgContext
    self.format = format
    super.init()
  }

  /// The pixels drawn so far.
  open var currentImage: UIImage {
    UIImage(cgImage: cgContext.snapshot(), scale: format.scale, orientation: .up)
  }

  /// Fills `rect` with the current fill colour.
  open func fill(_ rect: CGRect) { cgContext.fill(rect) }
  /// Strokes `rect` with the current stroke colour and line width.
  open func stroke(_ rect: CGRect) { cgContext.stroke(rect) }
  /// Narrows the clip to `rect`.
  open func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}

/// Makes images by running drawing code in a fresh image context, as UIKit's
/// `UIGraphicsImageRenderer`.
open class UIGraphicsImageRenderer: NSObject, @unchecked Sendable {
  /// The image's size in points.
  public let size: CGSize
  /// The renderer's format.
  public let format: UIGraphicsImageRendererFormat

  /// A renderer of `size` points in the default format.
  public convenience init(size: CGSize) {
    self.init(size: size, format: UIGraphicsImageRendererFormat())
  }

  /// A renderer of `size` points in `format`.
  public init(size: CGSize, format: UIGraphicsImageRendererFormat) {
    self.size = size
    self.format = format
    super.init()
  }

  /// A renderer of `bounds`' size (its origin is where drawing starts) in `format`.
  public convenience init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
    self.init(size: bounds.size, format: format)
  }

  /// Runs `actions` with a fresh context — the current one meanwhile — and returns what it
  /// drew. An empty or too large size gives a 1 × 1 transparent image, with a warning.
  open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
    guard
      let (context, scale) = UIGraphicsContextStack.makeImageContext(
        size: size, opaque: format.opaque, scale: format.scale,
        caller: "UIGraphicsImageRenderer.image(actions:)")
    else {
      // Apple asserts on an empty size; Reel warned (above) and gives one transparent pixel.
      return UIImage(cgImage: CGImage(Image(width: 1, height: 1)))
    }
    let rendererContext = UIGraphicsImageRendererContext(cgContext: context, format: format)
    UIGraphicsPushContext(context)
    actions(rendererContext)
    UIGraphicsPopContext()
    return UIImage(cgImage: context.snapshot(), scale: scale, orientation: .up)
  }
}
