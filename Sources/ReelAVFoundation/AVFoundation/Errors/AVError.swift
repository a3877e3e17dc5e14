/// The error domain of every error this module reports, as on Apple.
public let AVFoundationErrorDomain = "AVFoundationErrorDomain"

/// AVFoundation's error codes (Apple's raw values) and the `NSError`s built from them.
public struct AVError: CustomNSError, Hashable, Sendable {
  /// Apple's `AVError.Code` values that Reel reports.
  public enum Code: Int, Sendable {
    case unknown = -11800
    case outOfMemory = -11801
    case diskFull = -11807
    case exportFailed = -11820
    case decodeFailed = -11821
    case invalidSourceMedia = -11822
    case fileAlreadyExists = -11823
    case fileFormatNotRecognized = -11828
    case fileFailedToParse = -11829
    case noImageAtTime = -11832
    case decoderNotFound = -11833
    case encoderNotFound = -11834
    case operationNotSupportedForAsset = -11838
    case invalidVideoComposition = -11841
    case invalidOutputURLPathExtension = -11843
    case operationInterrupted = -11847
    case incompatibleAsset = -11848
    case failedToLoadMediaData = -11849
    case operationCancelled = -11878
  }

  /// The code.
  public let code: Code
  /// `localizedDescription`, `localizedFailureReason` and the rest.
  public let userInfo: [String: any Sendable]

  /// An error with `code` and Apple-style user info.
  public init(_ code: Code, userInfo: [String: any Sendable] = [:]) {
    self.code = code
    self.userInfo = userInfo
  }

  public static var errorDomain: String { AVFoundationErrorDomain }
  public var errorCode: Int { code.rawValue }
  public var errorUserInfo: [String: Any] { userInfo }

  public static func == (lhs: AVError, rhs: AVError) -> Bool { lhs.code == rhs.code }
  public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}

/// A failure inside the compatibility layer: Apple's code and Reel's own message, which
/// becomes the `NSError`'s `localizedFailureReason` at the API edge.
struct CompatFailure: Error, CustomStringConvertible {
  /// The AVFoundation code Apple reports for this kind of failure.
  var code: AVError.Code
  /// Reel's message: what, where and what to do.
  var reason: String
  /// The error a program's own code failed with (a custom compositor's `finish(with:)`),
  /// handed back as it is instead of Reel's.
  var programError: NSError?

  init(_ code: AVError.Code, _ reason: String) {
    self.code = code
    self.reason = reason
  }

  var description: String { reason }

  /// The `NSError` in `AVFoundationErrorDomain` Apple's API would hand over: Apple's short
  /// description for the code, Reel's message as the failure reason.
  var nsError: NSError {
    if let programError { return programError }
    return NSError(
      domain: AVFoundationErrorDomain, code: code.rawValue,
      userInfo: [
        NSLocalizedDescriptionKey: code.appleDescription,
        NSLocalizedFailureReasonErrorKey: reason,
      ])
  }
}

extension AVError.Code {
  /// The `localizedDescription` Apple gives errors of this code.
  var appleDescription: String {
    switch self {
    case .invalidVideoComposition: "The video could not be composed."
    case .fileAlreadyExists: "File already exists"
    case .operationCancelled, .operationInterrupted: "Operation Stopped"
    case .exportFailed: "The operation could not be completed"
    case .outOfMemory: "Cannot Complete Action"
    case .diskFull: "Disk Full"
    case .fileFormatNotRecognized, .fileFailedToParse, .invalidSourceMedia,
      .failedToLoadMediaData, .decodeFailed, .decoderNotFound:
      "Cannot Open"
    case .operationNotSupportedForAsset, .incompatibleAsset: "Operation Not Supported"
    case .encoderNotFound: "Cannot Encode"
    case .invalidOutputURLPathExtension: "Invalid output file type"
    case .noImageAtTime: "Cannot Decode"
    case .unknown: "The operation could not be completed"
    }
  }
}
