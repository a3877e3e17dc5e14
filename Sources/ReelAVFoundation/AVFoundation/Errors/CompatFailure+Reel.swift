internal import Reel
internal import ReelMedia

// Reel's errors as the AVFoundation codes Apple reports for the same kind of failure; Reel's
// own message becomes the failure reason.

extension CompatFailure {
  /// A media failure (probing, decoding, encoding, files).
  init(_ error: MediaError) {
    let code: AVError.Code
    switch error {
    case .fileNotFound, .isDirectory, .notRegularFile, .notSingleFile, .emptyFile, .unreadable:
      code = .fileFailedToParse
    case .notMedia: code = .fileFormatNotRecognized
    case .corrupt, .damaged: code = .fileFailedToParse
    case .noVideoTrack, .noAudioTrack: code = .incompatibleAsset
    case .unsupportedCodec: code = .decoderNotFound
    case .decodeFailed: code = .decodeFailed
    case .encodeFailed, .codecNotAllowed, .oddDimensions: code = .exportFailed
    case .unwritable: code = .exportFailed
    case .fileExists: code = .fileAlreadyExists
    case .unsupportedContainer: code = .invalidOutputURLPathExtension
    case .invalidArgument: code = .exportFailed
    case .cancelled: code = .operationCancelled
    case .outOfMemory: code = .outOfMemory
    }
    self.init(code, error.description)
  }

  /// An edit Reel refused.
  init(_ error: CompositionError) {
    let code: AVError.Code
    switch error {
    case .mediaTypeMismatch, .unsupportedSourceTrack: code = .incompatibleAsset
    case .sourceRangeBeyondSource: code = .invalidSourceMedia
    default: code = .unknown
    }
    self.init(code, error.description)
  }

  /// A video composition that does not tile the composition or cannot be drawn.
  init(_ error: VideoCompositionError) {
    self.init(.invalidVideoComposition, error.description)
  }

  /// A failed export.
  init(_ error: ExportError) {
    switch error {
    case .media(let media): self.init(media)
    case .render(let render):
      if case .outOfMemory = render {
        self.init(.outOfMemory, render.description)
      } else {
        self.init(.exportFailed, render.description)
      }
    case .invalidMovie(let reason): self.init(.exportFailed, reason)
    case .cancelled: self.init(.operationCancelled, error.description)
    }
  }
}
