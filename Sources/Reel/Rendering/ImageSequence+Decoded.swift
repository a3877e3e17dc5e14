import ReelAnimation
import ReelCore
import ReelMedia

extension ImageSequence {
  /// The frames of a decoded still or animated image (GIF, APNG) as a sequence on the
  /// composition timeline.
  ///
  /// Each frame shows for its decoded duration (a duration of 0 counts as 0.1 s, as browsers
  /// do for GIFs). The number of plays is the file's: 0 (forever) stays forever, n plays n
  /// times and then holds the last frame, and an animation whose file says nothing (a GIF
  /// without a NETSCAPE2.0 block) plays once.
  ///
  /// - Parameters:
  ///   - decoded: What ``ImageDecoder/decode(path:)`` returned.
  ///   - startTime: When the first frame starts, in seconds of composition time.
  public init(_ decoded: DecodedImage, startTime: Double = 0) {
    self.init(
      frames: decoded.frames.map { Frame(image: $0.image, duration: $0.duration.seconds) },
      loopCount: max(decoded.loopCount ?? 1, 0), startTime: startTime)
  }
}

extension Layer {
  /// An image layer showing a still or animated image file (PNG, JPEG, WebP, GIF, APNG —
  /// whatever ``ImageDecoder`` reads). A still image gives an image layer; an animated one an
  /// image-sequence layer whose frames follow the composition time and loop as the file says
  /// (see ``ImageSequence/init(_:startTime:)``).
  ///
  ///     let star = try Layer.image(contentsOf: "media/star.png",
  ///                                frame: Rect(x: 20, y: 20, width: 64, height: 64))
  ///
  /// - Parameters:
  ///   - path: The image file.
  ///   - name: Optional layer name.
  ///   - frame: The layer's frame in its parent's pixels; nil for the image's natural size
  ///     at the origin.
  ///   - gravity: How the picture is placed in the bounds (default: stretched to fill).
  ///   - startTime: For an animation, when its first frame starts, in seconds of composition
  ///     time (ignored for still images).
  ///   - limits: The budgets; the decoded frames may hold at most
  ///     ``ResourceLimits/maximumImagePixels`` pixels together (frames × width × height).
  /// - Returns: The layer.
  /// - Throws: ``MediaError`` when the file cannot be read or decoded (the message names the
  ///   path), `.invalidArgument` when its frames are above the pixel budget (see
  ///   ``ImageDecoder/isTotalPixelLimit(_:)``).
  public static func image(
    contentsOf path: String, name: String? = nil, frame: Rect? = nil,
    gravity: ContentsGravity = .resize, startTime: Double = 0,
    limits: ResourceLimits = .default
  ) throws(MediaError) -> Layer {
    let decoded = try ImageDecoder.decode(
      path: path, maximumTotalPixels: limits.maximumImagePixels)
    let layerFrame =
      frame ?? Rect(x: 0, y: 0, width: Double(decoded.width), height: Double(decoded.height))
    if decoded.frames.count > 1 {
      return .imageSequence(
        ImageSequence(decoded, startTime: startTime), name: name, frame: layerFrame,
        gravity: gravity)
    }
    let picture = decoded.frames.first?.image ?? Image(width: 0, height: 0)
    return .image(picture, name: name, frame: layerFrame, gravity: gravity)
  }
}
