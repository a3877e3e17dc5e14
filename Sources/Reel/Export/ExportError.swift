import ReelGraphics
import ReelMedia

/// Why an export failed.
///
/// Each message says what went wrong, where, and what to do; the `reel` tool maps
/// ``media(_:)`` to exit code 4 and ``cancelled(path:)`` to 130.
public enum ExportError: Error, CustomStringConvertible, Sendable {
  /// Reading or writing media failed.
  case media(MediaError)
  /// Drawing a frame failed.
  case render(RenderError)
  /// The composition, video composition or settings are not exportable.
  case invalidMovie(String)
  /// The export was cancelled; nothing was left at the output path.
  case cancelled(path: String)

  public var description: String {
    switch self {
    case .media(let error): return error.description
    case .render(let error): return error.description
    case .invalidMovie(let reason): return reason
    case .cancelled(let path): return "\(path): export cancelled; no file was written"
    }
  }

  /// Wraps any error thrown inside the pipeline.
  static func wrapping(_ error: any Error) -> ExportError {
    switch error {
    case let error as ExportError: return error
    case MediaError.outOfMemory(_, let error): return .render(.outOfMemory(error))
    case let error as MediaError: return .media(error)
    case let error as RenderError: return .render(error)
    case let error as PixelAllocationError: return .render(.outOfMemory(error))
    case GraphicsError.outOfMemory(let error): return .render(.outOfMemory(error))
    case let error as AudioMixerError:
      if case .sourceFailed(_, let media) = error { return .media(media) }
      return .invalidMovie(error.description)
    case let error as VideoCompositionError: return .invalidMovie(error.description)
    case let error as CompositionError: return .invalidMovie(error.description)
    default: return .invalidMovie("\(error)")
    }
  }
}
