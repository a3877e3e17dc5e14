internal import ReelCore
internal import ReelFilters
internal import ReelMedia

/// An image as a recipe, as Core Image's `CIImage`: where the pixels come from and the
/// filters applied, evaluated only when a ``CIContext`` renders it, only over the rectangle
/// asked for.
///
/// Coordinates are Core Image's: origin at the bottom left, y up. An image made from a pixel
/// buffer or a `CGImage` of W × H pixels has the extent (0, 0, W, H).
open class CIImage: NSObject, @unchecked Sendable {
  /// The recipe in the filter engine's plane (y down; see `CoreImagePlane`).
  let recipe: FilterImage

  init(recipe: FilterImage) {
    self.recipe = recipe
    super.init()
  }

  /// The image of an 8-bit picture, its top-left pixel at Core Image's (0, H).
  convenience init(picture: Image) {
    self.init(
      recipe: FilterImage(picture: picture, origin: Point(x: 0, y: -Double(picture.height))))
  }

  /// The pixels of a pixel buffer (any of Reel's pixel formats; Y′CbCr is converted with the
  /// buffer's colour matrix; 10-bit buffers keep their 10 bits).
  public convenience init(cvPixelBuffer buffer: CVPixelBuffer) {
    if let colors = buffer.tenBitColors() {
      self.init(
        recipe: FilterImage(
          encodedColors: colors, width: buffer.width,
          origin: Point(x: 0, y: -Double(buffer.height))))
      return
    }
    self.init(picture: Self.picture(of: buffer))
  }

  /// The pixels of a pixel buffer; `options` are accepted (colour-space options are not
  /// applied: sources are taken as sRGB).
  public convenience init(cvPixelBuffer buffer: CVPixelBuffer, options: [CIImageOption: Any]?) {
    self.init(cvPixelBuffer: buffer)
  }

  /// The pixels of an image buffer (a pixel buffer).
  public convenience init(cvImageBuffer buffer: CVImageBuffer) {
    self.init(cvPixelBuffer: buffer)
  }

  /// The pixels of an image buffer; `options` as for pixel buffers.
  public convenience init(cvImageBuffer buffer: CVImageBuffer, options: [CIImageOption: Any]?) {
    self.init(cvPixelBuffer: buffer)
  }

  /// The pixels of a `CGImage`.
  public convenience init(cgImage image: CGImage) {
    self.init(picture: image.image)
  }

  /// The pixels of a `CGImage`; `options` as for pixel buffers.
  public convenience init(cgImage image: CGImage, options: [CIImageOption: Any]?) {
    self.init(cgImage: image)
  }

  /// The pixels of a `UIImage` (nil when it has no bitmap).
  public convenience init?(image: UIImage) {
    guard let cgImage = image.cgImage else { return nil }
    self.init(cgImage: cgImage)
  }

  /// The pixels of a `UIImage`; `options` as for pixel buffers.
  public convenience init?(image: UIImage, options: [CIImageOption: Any]?) {
    self.init(image: image)
  }

  /// The first picture of an image file (PNG, JPEG, GIF, WebP, …), or nil when it cannot
  /// be read.
  public convenience init?(contentsOf url: URL) {
    guard let decoded = try? ImageDecoder.decodeFirstFrame(path: url.path) else {
      CompatWarnings.warnOnce(
        key: "CIImage.contentsOf.\(url.path)", "CIImage(contentsOf:) could not read \(url.path)")
      return nil
    }
    self.init(picture: decoded)
  }

  /// The first picture of an image file; `options` as for pixel buffers.
  public convenience init?(contentsOf url: URL, options: [CIImageOption: Any]?) {
    self.init(contentsOf: url)
  }

  /// One colour everywhere (an infinite extent).
  public convenience init(color: CIColor) {
    self.init(recipe: FilterImage(constant: color.linear.premultiplied))
  }

  /// The empty image: transparent, with an empty extent.
  public class func empty() -> CIImage {
    CIImage(recipe: FilterImage(constant: .zero).cropped(to: .zero))
  }

  /// The rectangle outside of which the image is clear (`CGRect.infinite` for generators and
  /// clamped images).
  open var extent: CGRect { CoreImagePlane.coreImageRect(recipe.extent) }

  /// Metadata of the image's source (always empty here).
  open var properties: [String: Any] { [:] }

  /// The image with nothing outside `rect`.
  open func cropped(to rect: CGRect) -> CIImage {
    CIImage(recipe: recipe.cropped(to: CoreImagePlane.engineRect(rect)))
  }

  /// The image moved, scaled or rotated by `transform` (in Core Image's plane, y up).
  open func transformed(by transform: CGAffineTransform) -> CIImage {
    CIImage(recipe: recipe.transformed(by: CoreImagePlane.engineTransform(transform)))
  }

  /// The image transformed; `highQualityDownsample` is accepted (Reel samples bilinearly).
  open func transformed(by transform: CGAffineTransform, highQualityDownsample: Bool) -> CIImage {
    transformed(by: transform)
  }

  /// The image drawn over `destination` (source-over).
  open func composited(over destination: CIImage) -> CIImage {
    CIImage(recipe: recipe.composited(over: destination.recipe))
  }

  /// The edge pixels repeated outward without end.
  open func clampedToExtent() -> CIImage { CIImage(recipe: recipe.clampedToExtent()) }

  /// The image with a Gaussian blur of standard deviation `sigma` pixels.
  open func applyingGaussianBlur(sigma: Double) -> CIImage {
    CIImage(recipe: recipe.blurred(sigma: sigma))
  }

  /// The image made opaque inside `rect` (alpha 1, colour unpremultiplied), unchanged
  /// outside.
  open func settingAlphaOne(in rect: CGRect) -> CIImage {
    let opaque = recipe.applying(
      ColorOperation(name: "settingAlphaOne", space: .linear) { pixel in
        SIMD4(pixel.x, pixel.y, pixel.z, 1)
      })
    let inside = CIImage(recipe: opaque).cropped(to: rect)
    return inside.composited(over: self)
  }

  /// The output of the filter Core Image calls `name` with this image as `inputImage` and
  /// `parameters`; the empty image (and a warning naming it) when Reel has no such filter.
  open func applyingFilter(_ name: String, parameters: [String: Any]) -> CIImage {
    guard let filter = CIFilter(name: name) else { return .empty() }
    filter.setValue(self, forKey: kCIInputImageKey)
    for (key, value) in parameters { filter.setValue(value, forKey: key) }
    return filter.outputImage ?? .empty()
  }

  /// The output of the filter `name` with its default parameters.
  open func applyingFilter(_ name: String) -> CIImage {
    applyingFilter(name, parameters: [:])
  }

  /// The image turned and flipped the way an EXIF orientation says, its extent moved back
  /// to the origin.
  open func oriented(_ orientation: CGImagePropertyOrientation) -> CIImage {
    let box = extent
    guard !box.isInfinite, !box.isEmpty else { return self }
    let (w, h) = (box.width, box.height)
    // Each orientation as the transform that makes the stored picture upright (y up).
    let turn: CGAffineTransform
    switch orientation {
    case .up: return self
    case .upMirrored: turn = CGAffineTransform(a: -1, b: 0, c: 0, d: 1, tx: w, ty: 0)
    case .down: turn = CGAffineTransform(a: -1, b: 0, c: 0, d: -1, tx: w, ty: h)
    case .downMirrored: turn = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: h)
    case .leftMirrored: turn = CGAffineTransform(a: 0, b: -1, c: -1, d: 0, tx: h, ty: w)
    case .right: turn = CGAffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: w)
    case .rightMirrored: turn = CGAffineTransform(a: 0, b: 1, c: 1, d: 0, tx: 0, ty: 0)
    case .left: turn = CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: h, ty: 0)
    }
    let atOrigin = CGAffineTransform(
      a: 1, b: 0, c: 0, d: 1, tx: -box.origin.x, ty: -box.origin.y)
    return transformed(by: atOrigin.concatenating(turn))
  }

  /// The image oriented by an EXIF orientation number (1…8; others leave it as it is).
  open func oriented(forExifOrientation orientation: Int32) -> CIImage {
    guard let value = UInt32(exactly: orientation),
      let known = CGImagePropertyOrientation(rawValue: value)
    else { return self }
    return oriented(known)
  }

  /// A pixel buffer's pixels as BGRA.
  static func picture(of buffer: CVPixelBuffer) -> Image {
    do {
      switch try buffer.videoPicture() {
      case .bgra(let image): return image
      case .yuv(let yuv): return try PictureConverter().image(from: yuv)
      }
    } catch {
      CompatWarnings.warnOnce(
        key: "CIImage.cvPixelBuffer",
        "CIImage(cvPixelBuffer:) could not read a \(buffer.width)×\(buffer.height) pixel buffer: \(error); the image is clear"
      )
      return Image(width: buffer.width, height: buffer.height)
    }
  }
}

/// Options for making a ``CIImage`` (accepted; Reel takes sources as sRGB).
public struct CIImageOption: Hashable, Sendable, RawRepresentable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let colorSpace = CIImageOption(rawValue: "kCIImageColorSpace")
  public static let applyOrientationProperty = CIImageOption(
    rawValue: "kCIImageApplyOrientationProperty")
  public static let properties = CIImageOption(rawValue: "kCIImageProperties")
}

/// An EXIF orientation, as ImageIO's `CGImagePropertyOrientation`: how the stored picture
/// must be turned to be upright.
public enum CGImagePropertyOrientation: UInt32, Sendable {
  case up = 1
  case upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left
}
