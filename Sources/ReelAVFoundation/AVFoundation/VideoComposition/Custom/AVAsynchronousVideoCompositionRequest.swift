internal import Reel
internal import ReelCore

/// One frame asked of a custom compositor, as AVFoundation's
/// `AVAsynchronousVideoCompositionRequest`: the time, the instruction in effect, the source
/// frame of each track it needs, and the render context; finished once with
/// ``finish(withComposedVideoFrame:)``, ``finish(with:)`` or ``finishCancelledRequest()``
/// (later calls are ignored), from any thread.
open class AVAsynchronousVideoCompositionRequest: NSObject, NSCopying, @unchecked Sendable {
  // Immutable after init.
  let reel: VideoCompositionRequest
  let sources: [CMPersistentTrackID: CVPixelBuffer]
  let storedInstruction: any AVVideoCompositionInstructionProtocol
  let storedRenderContext: AVVideoCompositionRenderContext
  let storedTrackIDs: [CMPersistentTrackID]
  let errors: CompositorErrors

  init(
    reel: VideoCompositionRequest, sources: [CMPersistentTrackID: CVPixelBuffer],
    trackIDs: [CMPersistentTrackID], instruction: any AVVideoCompositionInstructionProtocol,
    renderContext: AVVideoCompositionRenderContext, errors: CompositorErrors
  ) {
    self.reel = reel
    self.sources = sources
    self.storedTrackIDs = trackIDs
    self.storedInstruction = instruction
    self.storedRenderContext = renderContext
    self.errors = errors
  }

  /// The same request (requests are immutable; finishing either finishes both).
  open func copy(with zone: NSZone? = nil) -> Any { self }

  /// Where the composed frame goes: its size and its buffers.
  open var renderContext: AVVideoCompositionRenderContext { storedRenderContext }
  /// The time of the frame on the composition's timeline.
  open var compositionTime: CMTime { CMTime(reel.time) }
  /// The tracks whose source frames this request holds (the instruction's required tracks
  /// that have a frame at this time), as `NSNumber`s of their `CMPersistentTrackID`s.
  open var sourceTrackIDs: [NSNumber] { storedTrackIDs.map { NSNumber(value: $0) } }
  /// The tracks of timed sample data (Reel has none: empty).
  open var sourceSampleDataTrackIDs: [CMPersistentTrackID] { [] }
  /// The instruction in effect at ``compositionTime`` (the program's own object).
  open var videoCompositionInstruction: any AVVideoCompositionInstructionProtocol {
    storedInstruction
  }

  /// The source frame of a track, in the format of the compositor's
  /// `sourcePixelBufferAttributes`, in the track's stored orientation; nil when the track
  /// has no frame at this time or is not one of the instruction's required tracks.
  open func sourceFrame(byTrackID trackID: CMPersistentTrackID) -> CVPixelBuffer? {
    sources[trackID]
  }

  /// Ends the request with the composed frame (of the render size; it may be one of the
  /// source frames).
  open func finish(withComposedVideoFrame composedVideoFrame: CVPixelBuffer) {
    do throws(CVFailure) {
      reel.finish(try composedVideoFrame.videoPicture())
    } catch {
      reel.finish(
        throwing: CompositorMessage(
          "the composed frame could not be read: \(error.reason)"))
    }
  }

  /// Ends the request with an error: the export fails, with this error as its `error`.
  open func finish(with error: any Error) {
    if !reel.isFinished { errors.record(error) }
    reel.finish(throwing: error)
  }

  /// Ends a request the compositor gives up after `cancelAllPendingVideoCompositionRequests()`.
  open func finishCancelledRequest() {
    reel.finishCancelled()
  }
}

/// The first error a compositor finished a request with, for the export's `error`.
final class CompositorErrors: @unchecked Sendable {
  private let lock = NSLock()
  private var first: (any Error)?

  func record(_ error: any Error) {
    lock.lock()
    defer { lock.unlock() }
    if first == nil { first = error }
  }

  var firstError: (any Error)? {
    lock.lock()
    defer { lock.unlock() }
    return first
  }
}
