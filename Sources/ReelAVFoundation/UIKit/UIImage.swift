/// A picture, as UIKit's `UIImage`: a ``CGImage`` with a scale and an orientation.
///
/// Files are decoded by Reel's image decoder (PNG, JPEG, GIF's first frame, …) within its
/// pixel limits; a file that is missing, is not an image or is too large gives nil and one
/// warning saying why. The scale is 1 (Linux has no Retina screen: `@2x` files are not
/// looked for).
open class UIImage: NSObject, @unchecked Sendable {
  /// Which way the stored pixels are turned for display, with Apple's raw values.
  public enum Orientation: Int, Sendable, Hashable {
    case up = 0
    case down = 1
    case left = 2
    case right = 3
    case upMirrored = 4
    case downMirrored = 5
    case leftMirrored = 6
    case rightMirrored = 7
  }

  private let storedImage: CGImage
  /// Points per pixel: 1 unless given.
  public let scale: CGFloat
  /// How the pixels are turned for display.
  public let imageOrientation: UIImage.Orientation

  /// `cgImage` at scale 1, upright.
  public init(cgImage: CGImage) {
    self.storedImage = cgImage
    self.scale = 1
    self.imageOrientation = .up
    super.init()
  }

  /// `cgImage` at `scale` points per pixel, displayed turned by `orientation`.
  public init(cgImage: CGImage, scale: CGFloat, orientation: UIImage.Orientation) {
    self.storedImage = cgImage
    self.scale = scale > 0 ? scale : 1
    self.imageOrientation = orientation
    super.init()
  }

  /// The image file at `path`; nil (with a warning) when it cannot be decoded.
  public convenience init?(contentsOfFile path: String) {
    guard let image = CGImage.decoded(fromFile: path, caller: "UIImage(contentsOfFile:)") else {
      return nil
    }
    self.init(cgImage: image)
  }

  /// The image `name` among the program's resources: looked for in `Bundle.main`'s resource
  /// folder, then in the current working folder, as `name` itself and — without an
  /// extension — as `name.png`, `name.jpg`, `name.jpeg`. nil, with a warning listing where
  /// it looked, when there is no such file or it cannot be decoded.
  public convenience init?(named name: String) {
    guard let path = UIImage.resourcePath(named: name) else { return nil }
    guard let image = CGImage.decoded(fromFile: path, caller: "UIImage(named: \"\(name)\")")
    else { return nil }
    self.init(cgImage: image)
  }

  /// The pixels (nil only for images Apple builds from CIImages, which Reel has not).
  public var cgImage: CGImage? { storedImage }

  /// The displayed size in points: pixels ÷ scale, width and height swapped for the left and
  /// right orientations.
  public var size: CGSize {
    let width = CGFloat(storedImage.width) / scale
    let height = CGFloat(storedImage.height) / scale
    switch imageOrientation {
    case .left, .right, .leftMirrored, .rightMirrored:
      return CGSize(width: height, height: width)
    case .up, .down, .upMirrored, .downMirrored:
      return CGSize(width: width, height: height)
    }
  }

  // MARK: Resources

  /// The extensions `init(named:)` adds to a name without one, in the order tried.
  static let impliedExtensions = ["png", "jpg", "jpeg"]

  /// The first existing file for `name` (see `init(named:)`), or nil with a warning.
  static func resourcePath(named name: String) -> String? {
    let fileManager = FileManager.default
    let folders = [Bundle.main.resourcePath, fileManager.currentDirectoryPath]
      .compactMap { $0 }
    let hasExtension = !(name as NSString).pathExtension.isEmpty
    let fileNames = hasExtension ? [name] : [name] + impliedExtensions.map { "\(name).\($0)" }
    let candidates =
      name.hasPrefix("/")
      ? fileNames
      : folders.flatMap { folder in
        fileNames.map { (folder as NSString).appendingPathComponent($0) }
      }
    var isDirectory: ObjCBool = false
    for candidate in candidates
    where fileManager.fileExists(atPath: candidate, isDirectory: &isDirectory)
      && !isDirectory.boolValue
    {
      return candidate
    }
    CompatWarnings.warnOnce(
      key: "UIImage.named|\(name)",
      "UIImage(named: \"\(name)\") returns nil: no file \(fileNames.joined(separator: ", ")) "
        + "in \(name.hasPrefix("/") ? "/" : folders.joined(separator: " or ")) "
        + "(Reel has no asset catalogs: copy the image next to the program or into the "
        + "working folder)")
    return nil
  }
}
