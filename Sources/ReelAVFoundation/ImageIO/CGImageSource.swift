internal import ReelCore
internal import ReelMedia

/// A still or animated image read from a file or bytes, as ImageIO's `CGImageSource`: its
/// frames decoded by Reel's `ImageDecoder` (PNG, APNG, JPEG, GIF, still WebP, …; premultiplied
/// BGRA, within its pixel limits) the first time one is asked for.
public final class CGImageSource: @unchecked Sendable {
  private let path: String
  private let lock = NSLock()
  private var decoded: Result<DecodedImage, MediaError>?

  /// A source for a file, decoded on first use.
  init(path: String) { self.path = path }

  /// A source for bytes, decoded now.
  init(data: Data) {
    path = "<data>"
    decoded = ImageBytes.decode(data)
  }

  /// The decoded frames, or nil with a warning saying why they cannot be decoded.
  var image: DecodedImage? {
    let result = lock.withLock { () -> Result<DecodedImage, MediaError> in
      if let decoded { return decoded }
      let made: Result<DecodedImage, MediaError>
      do throws(MediaError) {
        made = .success(try ImageDecoder.decode(path: path))
      } catch {
        made = .failure(error)
      }
      decoded = made
      return made
    }
    switch result {
    case .success(let image): return image
    case .failure(let error):
      CompatWarnings.warnOnce(
        key: "CGImageSource|\(path)", "CGImageSource cannot decode its image: \(error.description)")
      return nil
    }
  }
}

/// A source for the image file at `url` (nil for a URL that is not a local file). Nothing is
/// read until a frame, the count or properties are asked for.
public func CGImageSourceCreateWithURL(_ url: CFURL, _ options: CFDictionary?) -> CGImageSource? {
  guard let path = (url as URL).isFileURL ? (url as URL).path : nil else {
    CompatWarnings.warnOnce(
      key: "CGImageSourceCreateWithURL|\(url)",
      "CGImageSourceCreateWithURL(\(url)) returns nil: only local files are read")
    return nil
  }
  return CGImageSource(path: path)
}

/// A source for image bytes, decoded now (a count of 0 and no images when they are not an
/// image Reel decodes, with a warning).
public func CGImageSourceCreateWithData(_ data: CFData, _ options: CFDictionary?) -> CGImageSource?
{
  CGImageSource(data: data as Data)
}

/// How many pictures the image has (0 when it cannot be decoded).
public func CGImageSourceGetCount(_ isrc: CGImageSource) -> Int {
  isrc.image?.frames.count ?? 0
}

/// The picture at `index` (nil past the end, or when the image cannot be decoded).
public func CGImageSourceCreateImageAtIndex(
  _ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?
) -> CGImage? {
  guard let frames = isrc.image?.frames, frames.indices.contains(index) else { return nil }
  return CGImage(frames[index].image)
}

/// The picture at `index`'s properties: `kCGImagePropertyPixelWidth`/`Height`,
/// `kCGImagePropertyHasAlpha` (true: Reel decodes to BGRA), `kCGImagePropertyOrientation`
/// (1: Reel's decoder applies no EXIF orientation) and, for an animation, the
/// `kCGImagePropertyGIFDictionary` with `DelayTime` (at least 0.1 s, as Apple clamps it),
/// `UnclampedDelayTime` (as stored) and `LoopCount` (0 for ever; a file's NETSCAPE count n
/// plays n + 1 times).
public func CGImageSourceCopyPropertiesAtIndex(
  _ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?
) -> CFDictionary? {
  guard let image = isrc.image, image.frames.indices.contains(index) else { return nil }
  var properties: [String: Any] = [
    "PixelWidth": NSNumber(value: image.width), "PixelHeight": NSNumber(value: image.height),
    "HasAlpha": NSNumber(value: true), "Orientation": NSNumber(value: 1),
  ]
  if image.isAnimated {
    properties["{GIF}"] = animationProperties(image, frame: index) as NSDictionary
  }
  return properties as NSDictionary
}

/// The whole image's properties: for an animation, the `{GIF}` dictionary with its
/// `LoopCount`; the file's frame count as `"FrameCount"`.
public func CGImageSourceCopyProperties(_ isrc: CGImageSource, _ options: CFDictionary?)
  -> CFDictionary?
{
  guard let image = isrc.image else { return nil }
  var properties: [String: Any] = ["FrameCount": NSNumber(value: image.frames.count)]
  if image.isAnimated, let loops = appleLoopCount(image) {
    properties["{GIF}"] = ["LoopCount": NSNumber(value: loops)] as NSDictionary
  }
  return properties as NSDictionary
}

private func animationProperties(_ image: DecodedImage, frame index: Int) -> [String: Any] {
  let delay = image.frames[index].duration.seconds
  var gif: [String: Any] = [
    "UnclampedDelayTime": NSNumber(value: delay),
    "DelayTime": NSNumber(value: delay < 0.011 ? 0.1 : delay),
  ]
  if let loops = appleLoopCount(image) { gif["LoopCount"] = NSNumber(value: loops) }
  return gif
}

/// The NETSCAPE2.0 count as the file stores it (0 for ever; nil when the file has none and
/// plays once): Reel counts plays, one more than the stored count.
private func appleLoopCount(_ image: DecodedImage) -> Int? {
  guard let plays = image.loopCount, plays != 1 else { return nil }
  return plays == 0 ? 0 : plays - 1
}
