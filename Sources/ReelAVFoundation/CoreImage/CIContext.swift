internal import ReelCore
internal import ReelFilters
internal import ReelMedia

/// Renders ``CIImage`` recipes into pixels, as Core Image's `CIContext`: into pixel buffers,
/// `CGImage`s and encoded files. Works in linear sRGB, premultiplied float (Core Image's
/// default working space); the options that change it are accepted and warned about.
open class CIContext: NSObject, @unchecked Sendable {
  private let renderer = FilterRenderer()

  /// A context with the default options.
  public override init() { super.init() }

  /// A context with `options`; colour-management options are accepted, not applied (Reel
  /// always works in linear sRGB and writes sRGB), with a warning.
  public init(options: [CIContextOption: Any]?) {
    super.init()
    let applied: Set<CIContextOption> = [
      .useSoftwareRenderer, .cacheIntermediates, .priorityRequestLow,
    ]
    let ignored = (options ?? [:]).keys.filter { !applied.contains($0) }.map(\.rawValue).sorted()
    if !ignored.isEmpty {
      CompatWarnings.warnOnce(
        key: "CIContext.options.\(ignored)",
        "CIContext options \(ignored.joined(separator: ", ")) are not applied: Reel's Core Image works in linear sRGB and writes sRGB"
      )
    }
  }

  /// Renders the part of `image` that covers the buffer (Core Image's (0, 0, width, height))
  /// into `buffer`, in the buffer's pixel format; clear where the image is.
  open func render(_ image: CIImage, to buffer: CVPixelBuffer) {
    render(
      image, to: buffer,
      bounds: CGRect(x: 0, y: 0, width: CGFloat(buffer.width), height: CGFloat(buffer.height)),
      colorSpace: nil)
  }

  /// Renders `bounds` of `image` into `buffer` (its bottom-left corner at the buffer's
  /// bottom-left pixel); `colorSpace` is accepted (sRGB is written).
  open func render(
    _ image: CIImage, to buffer: CVPixelBuffer, bounds: CGRect, colorSpace: CGColorSpace?
  ) {
    _ = render(image, into: buffer, bounds: bounds)
  }

  /// Renders `bounds` of `image` into `buffer`; false (with a warning) when it cannot.
  func render(_ image: CIImage, into buffer: CVPixelBuffer, bounds: CGRect) -> Bool {
    let area = CGRect(
      x: bounds.origin.x, y: bounds.origin.y, width: CGFloat(buffer.width),
      height: CGFloat(buffer.height))
    if case .biPlanar10 = buffer.layout {
      // Deeper than 8 bits: from the float render, not from 8-bit pixels.
      guard let tile = tile(of: image, in: area) else { return false }
      buffer.fillTenBit(matrix: buffer.colorMatrix) { x, y in
        tile.encodedColorOverBlack(at: y * buffer.width + x)
      }
      return true
    }
    guard let picture = picture(of: image, in: area) else { return false }
    do throws(CompatFailure) {
      let made = try AVAssetReaderTrackOutput.pixelBuffer(
        layout: buffer.layout, from: .bgra(picture))
      buffer.content = made.content
      return true
    } catch {
      CompatWarnings.warnOnce(
        key: "CIContext.render", "CIContext.render(_:to:) could not fill the pixel buffer: \(error)"
      )
      return false
    }
  }

  /// The pixels of `rect` of `image` as a `CGImage`, or nil for an empty or infinite rectangle.
  open func createCGImage(_ image: CIImage, from rect: CGRect) -> CGImage? {
    picture(of: image, in: rect).map(CGImage.init)
  }

  /// The pixels of `rect` as a `CGImage`; the format and colour space are accepted (8-bit
  /// BGRA sRGB is made).
  open func createCGImage(
    _ image: CIImage, from rect: CGRect, format: CIFormat, colorSpace: CGColorSpace?
  ) -> CGImage? {
    createCGImage(image, from: rect)
  }

  /// `image`'s extent encoded as PNG, or nil for an infinite extent.
  open func pngRepresentation(
    of image: CIImage, format: CIFormat, colorSpace: CGColorSpace,
    options: [CIImageRepresentationOption: Any] = [:]
  ) -> Data? {
    guard let picture = picture(of: image, in: image.extent) else { return nil }
    return try? picture.pngData()
  }

  /// `image`'s extent encoded as JPEG, or nil for an infinite extent.
  open func jpegRepresentation(
    of image: CIImage, colorSpace: CGColorSpace, options: [CIImageRepresentationOption: Any] = [:]
  ) -> Data? {
    guard let picture = picture(of: image, in: image.extent) else { return nil }
    return UIImage(cgImage: CGImage(picture)).jpegData(compressionQuality: 0.9)
  }

  /// The engine's pixels `rect` (Core Image's plane) covers, or nil (with a warning) for an
  /// empty or infinite one.
  private func pixelArea(of rect: CGRect) -> PixelRect? {
    guard !rect.isInfinite, let area = PixelRect(covering: CoreImagePlane.engineRect(rect)),
      !area.isEmpty
    else {
      CompatWarnings.warnOnce(
        key: "CIContext.rect", "CIContext cannot render an empty or infinite rectangle (\(rect))")
      return nil
    }
    return area
  }

  /// The float pixels of `rect` (Core Image's plane), or nil for an empty or infinite one.
  func tile(of image: CIImage, in rect: CGRect) -> LinearTile? {
    guard let area = pixelArea(of: rect) else { return nil }
    return renderer.render(image.recipe, in: area)
  }

  /// The 8-bit pixels of `rect` (Core Image's plane), or nil for an empty or infinite one.
  func picture(of image: CIImage, in rect: CGRect) -> Image? {
    guard let area = pixelArea(of: rect) else { return nil }
    guard let picture = try? renderer.renderPicture(image.recipe, in: area) else {
      CompatWarnings.warnOnce(
        key: "CIContext.memory", "CIContext has no memory for \(area.width)×\(area.height) pixels")
      return nil
    }
    return picture
  }
}

/// Options for a ``CIContext``.
public struct CIContextOption: Hashable, Sendable, RawRepresentable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let workingColorSpace = CIContextOption(rawValue: "working_color_space")
  public static let outputColorSpace = CIContextOption(rawValue: "output_color_space")
  public static let workingFormat = CIContextOption(rawValue: "working_format")
  public static let useSoftwareRenderer = CIContextOption(rawValue: "software_renderer")
  public static let cacheIntermediates = CIContextOption(rawValue: "kCIContextCacheIntermediates")
  public static let priorityRequestLow = CIContextOption(rawValue: "priority_request_low")
  public static let highQualityDownsample = CIContextOption(rawValue: "high_quality_downsample")
  public static let outputPremultiplied = CIContextOption(rawValue: "output_premultiplied")
  /// A name for the context, for debugging (accepted).
  public static let name = CIContextOption(rawValue: "kCIContextName")
}

/// Options for encoded representations (accepted).
public struct CIImageRepresentationOption: Hashable, Sendable, RawRepresentable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
}

/// A pixel format for Core Image output (Reel makes 8-bit BGRA for every one).
public struct CIFormat: Hashable, Sendable, RawRepresentable {
  public let rawValue: Int32
  public init(rawValue: Int32) { self.rawValue = rawValue }
  public static let ARGB8 = CIFormat(rawValue: 264)
  public static let BGRA8 = CIFormat(rawValue: 266)
  public static let RGBA8 = CIFormat(rawValue: 264)
  public static let RGBAh = CIFormat(rawValue: 2056)
  public static let RGBAf = CIFormat(rawValue: 2320)
}

/// `kCIFormatBGRA8`.
public let kCIFormatBGRA8 = CIFormat.BGRA8
/// `kCIFormatRGBA8`.
public let kCIFormatRGBA8 = CIFormat.RGBA8
/// `kCIFormatARGB8`.
public let kCIFormatARGB8 = CIFormat.ARGB8
