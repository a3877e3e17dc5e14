internal import Reel
internal import ReelGraphics
internal import ReelMedia
import Synchronization

/// Still images of an asset, as AVFoundation's `AVAssetImageGenerator`, over Reel's
/// `FrameGrabber`: a file's frame shown at the requested time (turned upright only when
/// ``appliesPreferredTrackTransform`` is on, default off as on Apple), or a composition's
/// frame drawn exactly as the export draws it (video composition, then layers).
open class AVAssetImageGenerator: NSObject, @unchecked Sendable {
  /// What a program sets.
  private struct Settings {
    var appliesPreferredTrackTransform = false
    var maximumSize = CGSize.zero
    var toleranceBefore = CMTime.positiveInfinity
    var toleranceAfter = CMTime.positiveInfinity
    var videoComposition: AVVideoComposition?
  }

  /// How one asynchronously requested image ended, as Apple's
  /// `AVAssetImageGenerator.Result`.
  @frozen public enum Result: Int, Sendable {
    case succeeded = 0
    case failed = 1
    case cancelled = 2
  }

  /// The asset the images come from.
  public let asset: AVAsset
  private var settings = Settings()
  private let lock = NSLock()
  /// Raised by ``cancelAllCGImageGeneration()``; the batches started before it see it.
  private var cancelGeneration = 0

  /// A generator for `asset`'s video.
  public init(asset: AVAsset) {
    self.asset = asset
    super.init()
  }

  private func locked<T>(_ body: (inout Settings) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(&settings)
  }

  /// Whether a file's frames are turned upright by their track's transform (default false).
  open var appliesPreferredTrackTransform: Bool {
    get { locked { $0.appliesPreferredTrackTransform } }
    set { locked { $0.appliesPreferredTrackTransform = newValue } }
  }

  /// The largest image size, fitted inside without upscaling; zero (the default) for full
  /// size, a zero side for no limit on that side.
  open var maximumSize: CGSize {
    get { locked { $0.maximumSize } }
    set { locked { $0.maximumSize = newValue } }
  }

  /// How much earlier than requested the image's time may be (default +∞). Reel always
  /// returns the frame shown at the requested time; the tolerances only decide which time
  /// `actualTime` reports.
  open var requestedTimeToleranceBefore: CMTime {
    get { locked { $0.toleranceBefore } }
    set { locked { $0.toleranceBefore = newValue } }
  }

  /// How much later than requested the image's time may be (default +∞).
  open var requestedTimeToleranceAfter: CMTime {
    get { locked { $0.toleranceAfter } }
    set { locked { $0.toleranceAfter = newValue } }
  }

  /// How a composition's video tracks become the image; nil uses the default.
  open var videoComposition: AVVideoComposition? {
    get { locked { $0.videoComposition } }
    set { locked { $0.videoComposition = newValue } }
  }

  /// The image at `requestedTime`.
  ///
  /// - Parameters:
  ///   - requestedTime: Asset time.
  ///   - actualTime: Set to the time the image belongs to: the frame's own time, or the
  ///     requested time when the frame starts earlier than `requestedTimeToleranceBefore`
  ///     allows.
  /// - Throws: An `NSError` in `AVFoundationErrorDomain` (`noImageAtTime` outside the
  ///   video) with Reel's message as the failure reason.
  open func copyCGImage(at requestedTime: CMTime, actualTime: UnsafeMutablePointer<CMTime>?)
    throws -> CGImage
  {
    do throws(CompatFailure) {
      let (image, time) = try grab(at: requestedTime)
      actualTime?.pointee = time
      return image
    } catch {
      throw error.nsError
    }
  }

  /// The image at `time` and the time it belongs to, made off the calling thread.
  ///
  /// - Throws: As ``copyCGImage(at:actualTime:)``.
  open func image(at time: CMTime) async throws -> (image: CGImage, actualTime: CMTime) {
    let result: Swift.Result<(CGImage, CMTime), CompatFailure> = await withCheckedContinuation {
      continuation in
      DispatchQueue.global().async {
        do throws(CompatFailure) {
          continuation.resume(returning: .success(try self.grab(at: time)))
        } catch {
          continuation.resume(returning: .failure(error))
        }
      }
    }
    switch result {
    case .success(let (image, actualTime)): return (image: image, actualTime: actualTime)
    case .failure(let failure): throw failure.nsError
    }
  }

  /// Makes the image at each of `requestedTimes` (`NSValue(time:)`s), in order, on a
  /// background queue, calling `handler` once per time with the requested time, the image
  /// (nil unless succeeded), its actual time, the result and the error (for `.failed`).
  /// After ``cancelAllCGImageGeneration()`` the times not yet made are reported
  /// `.cancelled`.
  @preconcurrency
  open func generateCGImagesAsynchronously(
    forTimes requestedTimes: [NSValue],
    completionHandler handler: @escaping AVAssetImageGeneratorCompletionHandler
  ) {
    let batch = lock.withLock { cancelGeneration }
    DispatchQueue.global().async {
      for value in requestedTimes {
        let requested = value.timeValue
        if self.lock.withLock({ self.cancelGeneration }) != batch {
          handler(
            requested, nil, .zero, .cancelled,
            CompatFailure(.operationCancelled, "cancelAllCGImageGeneration() was called").nsError)
          continue
        }
        do throws(CompatFailure) {
          let (image, actual) = try self.grab(at: requested)
          handler(requested, image, actual, .succeeded, nil)
        } catch {
          handler(requested, nil, .zero, .failed, error.nsError)
        }
      }
    }
  }

  /// Cancels the images of ``generateCGImagesAsynchronously(forTimes:completionHandler:)``
  /// not made yet (each is reported `.cancelled`).
  open func cancelAllCGImageGeneration() {
    lock.withLock { cancelGeneration += 1 }
  }

  // MARK: Grabbing

  private func grab(at requestedTime: CMTime) throws(CompatFailure) -> (CGImage, CMTime) {
    let current = locked { $0 }
    let grabber: FrameGrabber
    if let file = asset.file, current.videoComposition == nil {
      guard case .success(let probed) = file.probe() else {
        if case .failure(let failure) = file.probe() { throw failure }
        throw CompatFailure(.unknown, "\(file.url.path): the file could not be read")
      }
      grabber = FrameGrabber(asset: probed)
      grabber.appliesRotation = current.appliesPreferredTrackTransform
    } else {
      let timeline = try asset.reelTimeline()
      var movie = Movie(composition: timeline.composition)
      if let videoComposition = current.videoComposition {
        movie.videoComposition = try videoComposition.reelVideoComposition(for: timeline)
        movie.layers = try videoComposition.reelLayerTree()
      }
      grabber = FrameGrabber(movie: movie)
    }
    grabber.maximumSize = Self.box(current.maximumSize)
    let frame: FrameGrabber.Frame
    do {
      frame = try grabber.frame(at: requestedTime.time)
    } catch let error as MediaError {
      if case .invalidArgument = error { throw CompatFailure(.noImageAtTime, error.description) }
      throw CompatFailure(error)
    } catch {
      throw CompatFailure(.noImageAtTime, "\(error)")
    }
    let frameTime = CMTime(frame.actualTime)
    let early = requestedTime - frameTime
    let actual = early > current.toleranceBefore ? requestedTime : frameTime
    return (CGImage(frame.image), actual)
  }

  /// Reel's box for Apple's maximum size (a zero side is unlimited); nil for none.
  private static func box(_ size: CGSize) -> (width: Int, height: Int)? {
    guard size.width > 0 || size.height > 0 else { return nil }
    let unlimited = 1 << 20
    return (
      size.width > 0 ? Int(size.width.rounded(.down)) : unlimited,
      size.height > 0 ? Int(size.height.rounded(.down)) : unlimited
    )
  }
}

/// What `generateCGImagesAsynchronously(forTimes:completionHandler:)` calls for each time:
/// requested time, image, actual time, result, error.
public typealias AVAssetImageGeneratorCompletionHandler =
  @Sendable (CMTime, CGImage?, CMTime, AVAssetImageGenerator.Result, (any Error)?) -> Void
