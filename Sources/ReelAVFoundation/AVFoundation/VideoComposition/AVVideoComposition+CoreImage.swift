import Dispatch
internal import Reel
internal import ReelCore
internal import ReelFilters

/// One frame handed to a Core Image filtering handler, as AVFoundation's
/// `AVAsynchronousCIImageFilteringRequest`: the source frame as a ``CIImage``, its time, the
/// render size; the handler answers with ``finish(with:context:)`` (now or later, from any
/// thread) or ``finish(with:)-(Error)``.
open class AVAsynchronousCIImageFilteringRequest: NSObject, @unchecked Sendable {
  /// The composed source frame, extent (0, 0, render width, render height).
  public let sourceImage: CIImage
  /// The frame's time on the composition's timeline.
  public let compositionTime: CMTime
  /// The output size in pixels.
  public let renderSize: CGSize
  let answer = CoreImageAnswer()

  init(sourceImage: CIImage, compositionTime: CMTime, renderSize: CGSize) {
    self.sourceImage = sourceImage
    self.compositionTime = compositionTime
    self.renderSize = renderSize
  }

  /// Ends the request with the filtered frame (`context` is accepted; Reel renders it).
  open func finish(with filteredImage: CIImage, context: CIContext?) {
    answer.give(.success(filteredImage))
  }

  /// Ends the request with an error; the export fails with it.
  open func finish(with error: any Error) {
    answer.give(.failure(error))
  }
}

/// The one answer to a filtering request, waited for by the renderer.
final class CoreImageAnswer: @unchecked Sendable {
  private let lock = NSLock()
  private let ready = DispatchSemaphore(value: 0)
  private var result: Result<CIImage, any Error>?

  func give(_ answer: Result<CIImage, any Error>) {
    lock.lock()
    let first = result == nil
    if first { result = answer }
    lock.unlock()
    if first { ready.signal() }
  }

  func wait(seconds: Double) -> Result<CIImage, any Error>? {
    guard ready.wait(timeout: .now() + seconds) == .success else { return nil }
    lock.lock()
    defer { lock.unlock() }
    return result
  }
}

extension AVVideoComposition {
  /// The video composition Apple makes for `asset` (as ``init(propertiesOf:)``) whose every
  /// frame goes through `applier`: the handler gets the composed frame as a ``CIImage`` and
  /// finishes the request with the filtered one (Reel renders it over opaque black, cropped
  /// to the render size). `AVMutableVideoComposition(asset:applyingCIFiltersWithHandler:)`
  /// inherits it.
  public convenience init(
    asset: AVAsset,
    applyingCIFiltersWithHandler applier: @escaping (AVAsynchronousCIImageFilteringRequest) -> Void
  ) {
    self.init(propertiesOf: asset)
    storedCIFilterHandler = CoreImageHandler(applier)
  }
}

/// A program's filtering handler (Apple does not require it to be `Sendable`; Reel calls it
/// from the export's composite thread, one frame at a time).
struct CoreImageHandler: @unchecked Sendable {
  let applier: (AVAsynchronousCIImageFilteringRequest) -> Void
  init(_ applier: @escaping (AVAsynchronousCIImageFilteringRequest) -> Void) {
    self.applier = applier
  }
}

/// Reel's frame filter over a Core Image handler.
final class CoreImageFrameFilter: VideoFrameFilter, @unchecked Sendable {
  /// How long a handler may take to finish one request before the export fails.
  static let answerTimeout = 60.0
  private let handler: CoreImageHandler
  private let renderer = FilterRenderer()

  init(handler: CoreImageHandler) { self.handler = handler }

  func filteredFrame(_ frame: Image, at time: Time) throws -> Image {
    let request = AVAsynchronousCIImageFilteringRequest(
      sourceImage: CIImage(picture: frame), compositionTime: CMTime(time),
      renderSize: CGSize(width: CGFloat(frame.width), height: CGFloat(frame.height)))
    handler.applier(request)
    guard let answer = request.answer.wait(seconds: Self.answerTimeout) else {
      throw RenderError.drawing(
        layer: "Core Image filtering handler",
        reason:
          "the handler did not call finish(with:context:) or finish(with:) within \(Int(Self.answerTimeout)) s for the frame at \(time); finish every request"
      )
    }
    switch answer {
    case .failure(let error):
      throw RenderError.drawing(
        layer: "Core Image filtering handler",
        reason: "the handler finished the frame at \(time) with an error: \(error)")
    case .success(let image):
      let area = PixelRect(x: 0, y: -frame.height, width: frame.width, height: frame.height)
      let opaque = image.recipe.composited(over: FilterImage(constant: SIMD4(0, 0, 0, 1)))
      do throws(PixelAllocationError) {
        return try renderer.renderPicture(opaque, in: area)
      } catch {
        throw RenderError.outOfMemory(error)
      }
    }
  }
}

extension AVMutableVideoComposition {
  /// As ``videoComposition(with:applyingCIFiltersWithHandler:)``, answering on another
  /// thread: the composition, or nil and the error.
  public class func videoComposition(
    with asset: AVAsset,
    applyingCIFiltersWithHandler applier:
      @escaping @Sendable (
        AVAsynchronousCIImageFilteringRequest
      ) -> Void,
    completionHandler: @escaping @Sendable (AVMutableVideoComposition?, (any Error)?) -> Void
  ) {
    Task.detached {
      do {
        let made = try await videoComposition(with: asset, applyingCIFiltersWithHandler: applier)
        completionHandler(made, nil)
      } catch {
        completionHandler(nil, error)
      }
    }
  }
}
