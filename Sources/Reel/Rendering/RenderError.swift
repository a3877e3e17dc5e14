/// What went wrong rendering a frame.
public enum RenderError: Error, Hashable, CustomStringConvertible, Sendable {
  /// Drawing a layer's content failed.
  case drawing(layer: String, reason: String)
  /// A video layer names a source the renderer was not given a frame for.
  case missingVideoSource(layer: String, sourceID: String)
  /// The render size is not drawable.
  case invalidRenderSize(width: Int, height: Int)
  /// The movie asks for more than a ``ResourceLimits`` budget allows.
  case limit(ResourceLimitError)
  /// A pixel buffer could not be allocated (the machine, or the process's memory limit,
  /// has no room for it).
  case outOfMemory(PixelAllocationError)
  /// A frame filter (``VideoFrameFilter``) returned a frame of another size.
  case frameFilterChangedSize(
    width: Int, height: Int, renderWidth: Int, renderHeight: Int, time: Time)

  /// A ``VideoFrameComposer`` failed a frame, gave it up, answered with a frame of
  /// another size, or did not answer in time.
  case composing(time: Time, reason: String)

  public var description: String {
    switch self {
    case .drawing(let layer, let reason):
      return "cannot draw layer \(layer): \(reason)"
    case .missingVideoSource(let layer, let sourceID):
      return
        "video layer \(layer) shows source '\(sourceID)', but no video was given for it; name a source of the composition"
    case .invalidRenderSize(let width, let height):
      return
        "cannot render at \(width)×\(height): both dimensions must be between 1 and \(PixelLimits.maximumCanvasSide) pixels"
    case .limit(let error):
      return error.description
    case .outOfMemory(let error):
      return error.description
    case .composing(let time, let reason):
      return "cannot compose the frame at \(time.description): \(reason)"
    case .frameFilterChangedSize(let width, let height, let renderWidth, let renderHeight, let time):
      return
        "the frame filter returned a \(width)×\(height) frame at \(time.description) for a \(renderWidth)×\(renderHeight) render: return a frame of the render size"
    }
  }
}
