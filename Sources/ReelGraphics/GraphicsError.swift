import ReelCore

/// What went wrong drawing or compositing.
///
/// Messages say what failed and what to do; the `reel` tool reports them with exit code 1.
public enum GraphicsError: Error, Hashable, CustomStringConvertible, Sendable {
  /// A surface or image could not be made at the given size (too large, or zero/negative).
  case invalidSize(width: Int, height: Int)
  /// cairo reported a failure; `status` is cairo's own text.
  case cairo(operation: String, status: String)
  /// pixman could not make an image or transform.
  case pixman(operation: String)
  /// A pixel buffer could not be allocated (no room in memory).
  case outOfMemory(PixelAllocationError)
  /// A text is longer than one text layer lays out (``TextRenderer/maximumCharacterCount``
  /// Unicode scalars): laying out more would take memory and time out of all proportion.
  case textTooLong(characters: Int, maximum: Int)

  public var description: String {
    switch self {
    case .invalidSize(let width, let height):
      return
        "cannot draw at \(width)×\(height): both dimensions must be between 1 and \(PixelLimits.maximumCanvasSide) pixels"
    case .cairo(let operation, let status):
      return "drawing failed in \(operation): \(status)"
    case .pixman(let operation):
      return "compositing failed in \(operation) (out of memory or an invalid transform)"
    case .outOfMemory(let error):
      return error.description
    case .textTooLong(let characters, let maximum):
      return
        "the text is \(characters) characters long, more than one text layer holds (\(maximum)): split it over several layers"
    }
  }
}
