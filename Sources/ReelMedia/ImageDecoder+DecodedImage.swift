/// One picture of a decoded image, with when it shows.
public struct ImageFrame: Sendable {
  /// The picture, premultiplied BGRA.
  public var image: Image
  /// When the frame starts showing, in seconds from the start of the animation (0 for the
  /// first frame and for still images), exact in the file's time base.
  public var time: Time
  /// How long the frame shows, in seconds, in the same timescale as `time` (0 for a still
  /// image).
  public var duration: Time

  /// Makes a frame.
  ///
  /// - Parameters:
  ///   - image: The picture.
  ///   - time: Start time in seconds.
  ///   - duration: Display duration in seconds.
  public init(image: Image, time: Time, duration: Time) {
    self.image = image
    self.time = time
    self.duration = duration
  }
}

/// A still or animated image, decoded: its frames and how they play.
public struct DecodedImage: Sendable {
  /// The frames in display order; at least one.
  public var frames: [ImageFrame]
  /// How many times the animation plays: 0 forever, n > 0 that many times, nil for still
  /// images and when the file does not say. APNG stores this directly (`num_plays`); a GIF
  /// whose NETSCAPE2.0 block says "repeat n times" plays n + 1 times (as browsers do) and a
  /// GIF without that block plays once.
  public var loopCount: Int?
  /// Whether the image has more than one frame.
  public var isAnimated: Bool
  /// Total length of one play of the animation in seconds (0 for a still image).
  public var totalDuration: Time
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int

  /// Makes a decoded image from its parts.
  ///
  /// - Parameters:
  ///   - frames: The frames in display order, times in seconds from the first.
  ///   - loopCount: Plays (0 forever), or nil when unknown or still.
  ///   - isAnimated: Whether there is more than one frame.
  ///   - totalDuration: Length of one play in seconds, in the frames' timescale.
  ///   - width: Width in pixels.
  ///   - height: Height in pixels.
  public init(
    frames: [ImageFrame], loopCount: Int?, isAnimated: Bool, totalDuration: Time, width: Int,
    height: Int
  ) {
    self.frames = frames
    self.loopCount = loopCount
    self.isAnimated = isAnimated
    self.totalDuration = totalDuration
    self.width = width
    self.height = height
  }

  /// The picture showing at `time`.
  ///
  /// A still image returns its picture at every time. An animation shows the last frame
  /// whose start is ≤ the time within the current play, and repeats every `totalDuration`
  /// seconds; after its last play (when `loopCount` is n > 0) it stays on the last frame.
  /// Times before zero show the first frame.
  ///
  /// - Parameter time: Seconds from the start of the animation.
  /// - Returns: The frame's premultiplied BGRA picture.
  public func frame(at time: Time) -> Image {
    guard let first = frames.first, let last = frames.last else {
      return Image(width: 0, height: 0)
    }
    guard isAnimated, totalDuration.value > 0, totalDuration.timescale > 0, time.timescale > 0
    else { return first.image }
    // Every frame time shares the total duration's timescale; bring `time` onto it (floor).
    let ticks =
      (Int128(time.value) * Int128(totalDuration.timescale)).dividedFloor(
        by: Int128(time.timescale))
    if ticks < 0 { return first.image }
    let total = Int128(totalDuration.value)
    if let plays = loopCount, plays > 0, ticks >= total * Int128(plays) { return last.image }
    let within = Int64(ticks % total)
    var shown = first
    for frame in frames {
      if frame.time.value <= within { shown = frame } else { break }
    }
    return shown.image
  }
}
