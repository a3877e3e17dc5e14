import Dispatch
import ReelCore
import Synchronization

/// A program's own compositing of a video composition's frames: for each output frame it is
/// handed the source frame of each track the instruction needs and answers with the composed
/// frame — how the Apple layer's custom compositors (`AVVideoCompositing`) reach the
/// renderer.
///
/// With a composer the renderer does not draw the layer instructions: each output frame
/// becomes one ``VideoCompositionRequest`` holding the pictures of the instruction's
/// ``VideoCompositionInstruction/requiredSourceTrackIDs`` (every video track when nil) at
/// that time, decoded in their coded orientation and size. An instruction with a
/// ``VideoCompositionInstruction/passthroughTrackID`` is not handed over: that track's
/// frame is the output.
///
/// Requests are started in frame order from the thread that decodes (the export's decode
/// thread), several before the first is finished (``framesInFlight``); the composer may
/// finish them on any thread, in any order and concurrently. The renderer takes the answers
/// in frame order.
public protocol VideoFrameComposer: AnyObject, Sendable {
  /// Whether the source pictures must be BGRA (true), or may be 4:2:0 Y′CbCr as decoded
  /// (false: still images and drawn frames are BGRA either way).
  var wantsRGBSources: Bool { get }

  /// How many requests may be started before the first of them is finished (at least 1).
  var framesInFlight: Int { get }

  /// Starts composing one output frame: the composer calls one of the request's `finish`
  /// methods, now or later, from any thread.
  ///
  /// - Parameter request: The frame's time, instruction, size and source pictures.
  func startComposing(_ request: VideoCompositionRequest)

  /// Asks the composer to finish every request it has not finished yet, as cancelled
  /// (``VideoCompositionRequest/finishCancelled()``): the export stopped and will not wait
  /// for them.
  func cancelPendingRequests()
}

/// One output frame asked of a ``VideoFrameComposer``: its time, its instruction, the render
/// size and the source pictures; answered once with ``finish(_:)``,
/// ``finish(throwing:)`` or ``finishCancelled()`` (later answers are ignored).
///
/// Sendable: the composer may keep it and finish it on another thread.
public final class VideoCompositionRequest: Sendable {
  /// How a request ended.
  public enum Answer: Sendable {
    /// The composed frame.
    case composed(VideoPicture)
    /// The composer's error, as it described it.
    case failed(String)
    /// The composer gave the frame up (after ``VideoFrameComposer/cancelPendingRequests()``).
    case cancelled
  }

  /// The frame's time on the composition's timeline, in seconds.
  public let time: Time
  /// The index of the instruction covering ``time`` in the video composition's
  /// ``VideoComposition/instructions``.
  public let instructionIndex: Int
  /// The width of the frame to answer with, in pixels (the render width).
  public let width: Int
  /// The height of the frame to answer with, in pixels (the render height).
  public let height: Int
  /// The source picture of each required track that has one at ``time`` (a track empty
  /// there has none), in its coded orientation and size.
  public let sourcePictures: [TrackID: VideoPicture]

  private let answer = LockedAnswer()

  /// Makes a request (the renderer makes them; tests make their own).
  ///
  /// - Parameters:
  ///   - time: Composition seconds.
  ///   - instructionIndex: The covering instruction's index.
  ///   - width: Render width in pixels.
  ///   - height: Render height in pixels.
  ///   - sourcePictures: The source pictures by track.
  public init(
    time: Time, instructionIndex: Int, width: Int, height: Int,
    sourcePictures: [TrackID: VideoPicture]
  ) {
    self.time = time
    self.instructionIndex = instructionIndex
    self.width = width
    self.height = height
    self.sourcePictures = sourcePictures
  }

  /// Ends the request with the composed frame (of ``width`` × ``height``; an opaque picture:
  /// BGRA is drawn over black).
  public func finish(_ picture: VideoPicture) { answer.give(.composed(picture)) }

  /// Ends the request with an error: the export fails with its description.
  public func finish(throwing error: any Error) { answer.give(.failed("\(error)")) }

  /// Ends the request without a frame, as a composer does when its pending requests are
  /// cancelled; if the renderer is still waiting for it, the export fails.
  public func finishCancelled() { answer.give(.cancelled) }

  /// Whether the request has been answered.
  public var isFinished: Bool { answer.peek() != nil }

  /// The answer, waited for up to `seconds`; nil when none came in time.
  func wait(seconds: Double) -> Answer? { answer.wait(seconds: seconds) }
}

/// The one answer to a request: the first given wins.
private final class LockedAnswer: Sendable {
  private let state = Mutex<VideoCompositionRequest.Answer?>(nil)
  private let ready = DispatchSemaphore(value: 0)

  func give(_ answer: VideoCompositionRequest.Answer) {
    let first = state.withLock { current -> Bool in
      guard current == nil else { return false }
      current = answer
      return true
    }
    if first { ready.signal() }
  }

  func peek() -> VideoCompositionRequest.Answer? { state.withLock { $0 } }

  func wait(seconds: Double) -> VideoCompositionRequest.Answer? {
    guard ready.wait(timeout: .now() + seconds) == .success else { return nil }
    ready.signal()
    return peek()
  }
}

/// A composer compared by identity, so that a ``VideoComposition`` stays `Hashable`.
struct ComposerReference: Hashable, Sendable {
  let composer: any VideoFrameComposer

  static func == (lhs: Self, rhs: Self) -> Bool {
    ObjectIdentifier(lhs.composer) == ObjectIdentifier(rhs.composer)
  }

  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(composer)) }
}
