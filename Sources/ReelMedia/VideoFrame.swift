import ReelCore

/// One decoded video frame: the picture and when it is shown.
public struct VideoFrame: Sendable {
  /// The picture, premultiplied BGRA, upright when the reader applies rotation.
  public var image: Image
  /// Presentation time in seconds, exact (the frame's timestamp times the stream's time base),
  /// measured from the start of the file — see ``VideoReader`` for the time origin.
  public var time: Time
  /// How long the frame is shown, in seconds, when the container says.
  public var duration: Time?

  /// Makes a frame.
  ///
  /// - Parameters:
  ///   - image: The picture.
  ///   - time: Presentation time in seconds.
  ///   - duration: Display duration in seconds, if known.
  public init(image: Image, time: Time, duration: Time? = nil) {
    self.image = image
    self.time = time
    self.duration = duration
  }
}
