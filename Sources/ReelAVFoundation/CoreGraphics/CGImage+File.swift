internal import ReelCore
internal import ReelMedia

extension CGImage {
  /// The first picture of the image file at `path`, decoded by Reel's `ImageDecoder` within
  /// its pixel limits (`ImageDecoder.maximumSide` a side, `maximumPixelCount` in all); nil —
  /// with a warning naming `caller`, the file and why — when the file is missing, is not an
  /// image, or is too large.
  ///
  /// - Parameters:
  ///   - path: A local image file (PNG, JPEG, …).
  ///   - caller: The API that asked, for the warning (say, `UIImage(contentsOfFile:)`).
  static func decoded(fromFile path: String, caller: String) -> CGImage? {
    do {
      return CGImage(try ImageDecoder.decodeFirstFrame(path: path))
    } catch {
      CompatWarnings.warnOnce(
        key: "CGImage.decode|\(path)", "\(caller) returns nil: \(error.description)")
      return nil
    }
  }
}

extension CGImage {
  /// The PNG picture a data provider holds, as `CGImage(pngDataProviderSource:…)`; nil when it
  /// is not a picture Reel can decode (a warning says why).
  ///
  /// - Parameters:
  ///   - source: The bytes (a file, a URL or data).
  ///   - decode: Must be nil (Reel maps no decode arrays).
  ///   - shouldInterpolate: Accepted; Reel samples bilinearly when it scales.
  ///   - intent: Accepted; Reel draws in sRGB.
  public convenience init?(
    pngDataProviderSource source: CGDataProvider, decode: UnsafePointer<CGFloat>?,
    shouldInterpolate: Bool, intent: CGColorRenderingIntent
  ) {
    guard decode == nil,
      let decoded = CGImage.decoded(
        fromFile: source.path, caller: "CGImage(pngDataProviderSource:)")
    else { return nil }
    self.init(decoded.image)
  }

  /// The JPEG picture a data provider holds, as `CGImage(jpegDataProviderSource:…)`; nil when
  /// it is not a picture Reel can decode (a warning says why).
  ///
  /// - Parameters: as ``init(pngDataProviderSource:decode:shouldInterpolate:intent:)``.
  public convenience init?(
    jpegDataProviderSource source: CGDataProvider, decode: UnsafePointer<CGFloat>?,
    shouldInterpolate: Bool, intent: CGColorRenderingIntent
  ) {
    guard decode == nil,
      let decoded = CGImage.decoded(
        fromFile: source.path, caller: "CGImage(jpegDataProviderSource:)")
    else { return nil }
    self.init(decoded.image)
  }
}

/// How colours outside a colour space are mapped, as CoreGraphics' `CGColorRenderingIntent`
/// (Apple's raw values; Reel draws in sRGB whatever the intent).
public enum CGColorRenderingIntent: Int32, Sendable {
  case defaultIntent = 0
  case absoluteColorimetric = 1
  case relativeColorimetric = 2
  case perceptual = 3
  case saturation = 4
}
