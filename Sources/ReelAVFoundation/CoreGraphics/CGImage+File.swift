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
