internal import ReelMedia

// UIKit's image bytes in and out: decoded and encoded by Reel (FFmpeg's decoders and its
// PNG and JPEG encoders).

extension UIImage {
  /// The picture encoded in `data` (PNG, JPEG, GIF's first frame, WebP, …), at scale 1; nil
  /// (with a warning saying why) when it cannot be decoded.
  public convenience init?(data: Data) {
    self.init(data: data, scale: 1)
  }

  /// The picture encoded in `data` at `scale` pixels a point; nil (with a warning) when it
  /// cannot be decoded.
  public convenience init?(data: Data, scale: CGFloat) {
    switch ImageBytes.decode(data) {
    case .success(let decoded):
      guard let first = decoded.frames.first else { return nil }
      self.init(cgImage: CGImage(first.image), scale: scale, orientation: .up)
    case .failure(let error):
      CompatWarnings.warnOnce(
        key: "UIImage(data:)|\(error.description)",
        "UIImage(data:) returns nil: \(error.description)")
      return nil
    }
  }

  /// The picture as PNG bytes (straight alpha); nil (with a warning) when encoding fails.
  /// The orientation is not applied (as stored).
  public func pngData() -> Data? {
    guard let pixels = cgImage?.image else { return nil }
    do {
      return try pixels.pngData()
    } catch {
      CompatWarnings.warnOnce(key: "pngData|\(error)", "UIImage.pngData() returns nil: \(error)")
      return nil
    }
  }

  /// The picture as JPEG bytes at `compressionQuality` 0 (smallest) … 1 (best); transparent
  /// pixels become black, as on Apple; nil (with a warning) when encoding fails.
  public func jpegData(compressionQuality: CGFloat) -> Data? {
    guard let pixels = cgImage?.image else { return nil }
    do {
      return try ImageEncoder.jpegData(pixels, quality: Double(compressionQuality))
    } catch {
      CompatWarnings.warnOnce(
        key: "jpegData|\(error)", "UIImage.jpegData(compressionQuality:) returns nil: \(error)")
      return nil
    }
  }
}
