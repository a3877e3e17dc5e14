import ReelCore

/// The decoded frames of an animated image (GIF, APNG) and their timing; no decoding here.
///
/// The sequence follows the composition time: frame i shows for its duration, starting at
/// ``startTime``, and the sequence loops ``loopCount`` times (0 = forever) and then holds
/// its last frame. Before ``startTime`` the first frame shows.
public struct ImageSequence: Sendable {
  /// One frame and how long it shows.
  public struct Frame: Sendable {
    /// The picture.
    public var image: Image
    /// How long it shows, in seconds; values ≤ 0 count as 0.1 s (as browsers do for GIFs).
    public var duration: Double

    /// Makes a frame.
    public init(image: Image, duration: Double) {
      self.image = image
      self.duration = duration
    }

    var effectiveDuration: Double { duration > 0 && duration.isFinite ? duration : 0.1 }
  }

  /// The frames in order.
  public var frames: [Frame]
  /// How many times to play (0 = forever).
  public var loopCount: Int
  /// When the first frame starts on the composition timeline, seconds.
  public var startTime: Double

  /// Makes a sequence.
  public init(frames: [Frame], loopCount: Int = 0, startTime: Double = 0) {
    self.frames = frames
    self.loopCount = loopCount
    self.startTime = startTime
  }

  /// One play-through in seconds.
  public var totalDuration: Double { frames.reduce(0) { $0 + $1.effectiveDuration } }

  /// The index of the frame showing at a time, or nil when there are no frames.
  ///
  /// - Parameter seconds: Composition time in seconds.
  public func frameIndex(at seconds: Double) -> Int? {
    guard !frames.isEmpty else { return nil }
    let total = totalDuration
    var t = seconds - startTime
    guard t > 0, total > 0 else { return 0 }
    if loopCount > 0, t >= total * Double(loopCount) { return frames.count - 1 }
    t = t.truncatingRemainder(dividingBy: total)
    for (index, frame) in frames.enumerated() {
      if t < frame.effectiveDuration { return index }
      t -= frame.effectiveDuration
    }
    return frames.count - 1
  }
}
