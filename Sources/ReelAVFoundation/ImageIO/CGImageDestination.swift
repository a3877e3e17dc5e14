internal import ReelCore
internal import ReelMedia

/// Where images are written, as ImageIO's `CGImageDestination`: PNG (one image), JPEG (one
/// image, `kCGImageDestinationLossyCompressionQuality`) or animated GIF (frame delays from
/// each image's `{GIF}` `DelayTime`/`UnclampedDelayTime`, the loop count from the
/// destination's `{GIF}` `LoopCount`; colours through FFmpeg's palette filters with
/// dithering), encoded by Reel's `ImageEncoder` when finalised. A URL is written atomically.
public final class CGImageDestination: @unchecked Sendable {
  enum Kind { case png, jpeg, gif }

  enum Target {
    case file(URL)
    case data(NSMutableData)
  }

  let kind: Kind
  let target: Target
  let capacity: Int
  private let lock = NSLock()
  private var images: [(CGImage, [String: Any])] = []
  private var properties: [String: Any]
  private var finalized = false

  init(kind: Kind, target: Target, capacity: Int, options: [String: Any]) {
    self.kind = kind
    self.target = target
    self.capacity = capacity
    properties = options
  }

  static func kind(of type: CFString, caller: String) -> Kind? {
    switch type as String {
    case "public.png": return .png
    case "public.jpeg", "public.jpg": return .jpeg
    case "com.compuserve.gif": return .gif
    default:
      CompatWarnings.warnOnce(
        key: "\(caller)|\(type)",
        "\(caller) returns nil for type \(type): Reel writes public.png, public.jpeg and com.compuserve.gif"
      )
      return nil
    }
  }

  func add(_ image: CGImage, _ frameProperties: [String: Any]) {
    lock.withLock {
      guard !finalized else {
        CompatWarnings.warnOnce(
          key: "CGImageDestinationAddImage|finalized",
          "CGImageDestinationAddImage after CGImageDestinationFinalize adds nothing")
        return
      }
      guard images.count < capacity else {
        CompatWarnings.warnOnce(
          key: "CGImageDestinationAddImage|capacity",
          "CGImageDestinationAddImage: more images than the \(capacity) the destination was made for; the extra ones are left out (as on Apple)"
        )
        return
      }
      images.append((image, frameProperties))
    }
  }

  func set(_ more: [String: Any]) {
    lock.withLock { properties.merge(more) { _, new in new } }
  }

  func finalize() -> Bool {
    let (images, properties, again) = lock.withLock {
      defer { finalized = true }
      return (self.images, self.properties, finalized)
    }
    guard !again else {
      CompatWarnings.warnOnce(
        key: "CGImageDestinationFinalize|twice", "CGImageDestinationFinalize called twice: false")
      return false
    }
    guard !images.isEmpty else {
      CompatWarnings.warnOnce(
        key: "CGImageDestinationFinalize|empty", "CGImageDestinationFinalize with no image: false")
      return false
    }
    let bytes: Data
    do throws(MediaError) {
      bytes = try encode(images, properties)
    } catch {
      CompatWarnings.warnOnce(
        key: "CGImageDestinationFinalize|\(error.description)",
        "CGImageDestinationFinalize fails: \(error.description)")
      return false
    }
    switch target {
    case .data(let data):
      data.append(bytes)
      return true
    case .file(let url):
      do {
        try bytes.write(to: url, options: .atomic)
        return true
      } catch {
        CompatWarnings.warnOnce(
          key: "CGImageDestinationFinalize|\(url.path)",
          "CGImageDestinationFinalize cannot write \(url.path): \(error.localizedDescription)")
        return false
      }
    }
  }

  private func encode(_ images: [(CGImage, [String: Any])], _ properties: [String: Any])
    throws(MediaError) -> Data
  {
    switch kind {
    case .png, .jpeg:
      if images.count > 1 {
        CompatWarnings.warnOnce(
          key: "CGImageDestination|stillCount",
          "CGImageDestination: a \(kind == .png ? "PNG" : "JPEG") holds one image; the first of \(images.count) is written"
        )
      }
      let image = images[0].0.image
      if kind == .png { return try image.pngData() }
      let quality =
        number(images[0].1["kCGImageDestinationLossyCompressionQuality"])
        ?? number(properties["kCGImageDestinationLossyCompressionQuality"]) ?? 1
      return try ImageEncoder.jpegData(image, quality: quality)
    case .gif:
      let frames = images.map { image, frameProperties in
        ImageEncoder.GIFFrame(
          image: image.image, delayCentiseconds: Self.delay(frameProperties))
      }
      let gif = dictionary(properties["{GIF}"])
      // One palette serves every frame: the file's colour map is global. A request for
      // per-frame maps only is told so.
      let globalMap = gif?["HasGlobalColorMap"] ?? properties["HasGlobalColorMap"]
      if let globalMap, Self.flag(globalMap) == false {
        CompatWarnings.warnOnce(
          key: "CGImageDestination|HasGlobalColorMap",
          "kCGImagePropertyGIFHasGlobalColorMap false: Reel writes one colour map for all the GIF's frames (made from every frame), not one per frame"
        )
      }
      let loops = number(gif?["LoopCount"]).flatMap { Int(exactly: $0.rounded()) }
      return try ImageEncoder.gifData(frames, loopCount: loops)
    }
  }

  /// A property's truth: a number (or Bool) is true when not 0; an
  /// `NSValue(nonretainedObject:)` is its object's truth, or true for an object that is
  /// not a number; nil for anything else.
  static func flag(_ value: Any) -> Bool? {
    if let numeric = number(value) { return numeric != 0 }
    if let flag = value as? Bool { return flag }
    if let value = value as? NSValue, !(value is NSNumber) {
      guard let object = value.nonretainedObjectValue else { return false }
      return flag(object) ?? true
    }
    return nil
  }

  /// A frame's delay in hundredths of a second: `UnclampedDelayTime`, else `DelayTime`
  /// (seconds), rounded, at least 1; 10 (0.1 s, what browsers show for none) with a warning
  /// when the frame has neither.
  private static func delay(_ frameProperties: [String: Any]) -> Int {
    let gif = dictionary(frameProperties["{GIF}"])
    guard let seconds = number(gif?["UnclampedDelayTime"]) ?? number(gif?["DelayTime"]),
      seconds.isFinite
    else {
      CompatWarnings.warnOnce(
        key: "CGImageDestination|noDelay",
        "CGImageDestinationAddImage: a GIF frame without kCGImagePropertyGIFDelayTime shows for 0.1 s (what browsers show for none)"
      )
      return 10
    }
    return Int(min(65535, max(1, (seconds * 100).rounded())))
  }
}

/// A number in a property dictionary (NSNumber, Double, Int, …), nil when absent.
private func number(_ value: Any?) -> Double? {
  value.flatMap(AttributeDictionary.number)
}

/// A nested property dictionary.
private func dictionary(_ value: Any?) -> [String: Any]? {
  if let dictionary = value as? [String: Any] { return dictionary }
  if let dictionary = value as? NSDictionary { return dictionary as? [String: Any] }
  return nil
}

private func swiftDictionary(_ value: CFDictionary?) -> [String: Any] {
  (value as? [String: Any]) ?? [:]
}

/// A destination writing `count` images of type `type` (`kUTTypeGIF`, `UTType.png
/// .identifier as CFString`, …) to the file at `url`; nil for another type or a URL that is
/// not a local file.
public func CGImageDestinationCreateWithURL(
  _ url: CFURL, _ type: CFString, _ count: Int, _ options: CFDictionary?
) -> CGImageDestination? {
  let file = url as URL
  guard file.isFileURL,
    let kind = CGImageDestination.kind(of: type, caller: "CGImageDestinationCreateWithURL")
  else { return nil }
  return CGImageDestination(
    kind: kind, target: .file(file), capacity: max(0, count), options: swiftDictionary(options))
}

/// A destination appending the encoded file's bytes to `data` when finalised.
public func CGImageDestinationCreateWithData(
  _ data: CFMutableData, _ type: CFString, _ count: Int, _ options: CFDictionary?
) -> CGImageDestination? {
  guard let kind = CGImageDestination.kind(of: type, caller: "CGImageDestinationCreateWithData")
  else { return nil }
  return CGImageDestination(
    kind: kind, target: .data(data), capacity: max(0, count), options: swiftDictionary(options))
}

/// Adds an image with its properties (a GIF frame's `{GIF}` delay, a JPEG's quality).
public func CGImageDestinationAddImage(
  _ idst: CGImageDestination, _ image: CGImage, _ properties: CFDictionary?
) {
  idst.add(image, swiftDictionary(properties))
}

/// Sets the file's properties (a GIF's `{GIF}` `LoopCount`).
public func CGImageDestinationSetProperties(_ idst: CGImageDestination, _ properties: CFDictionary?)
{
  idst.set(swiftDictionary(properties))
}

/// Encodes and writes everything added; false (with a warning saying why) when nothing was
/// added, encoding fails or the file cannot be written.
public func CGImageDestinationFinalize(_ idst: CGImageDestination) -> Bool {
  idst.finalize()
}
