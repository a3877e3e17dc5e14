/// A camera or microphone, as AVFoundation's `AVCaptureDevice`. A Linux server has none:
/// the type exists so that editing code which switches on a clip's camera position or
/// orientation compiles, and the look-ups answer nil (no device), with a warning.
open class AVCaptureDevice: NSObject, @unchecked Sendable {
  private let storedPosition: Position

  private init(position: Position) {
    storedPosition = position
    super.init()
  }

  /// Where a camera sits on the device, as Apple's `AVCaptureDevice.Position`.
  @frozen public enum Position: Int, Sendable {
    /// Not known or not a camera.
    case unspecified = 0
    /// The camera on the back.
    case back = 1
    /// The camera on the front (a mirrored picture on Apple's previews).
    case front = 2
  }

  /// The flash mode, as Apple's `AVCaptureDevice.FlashMode`.
  @frozen public enum FlashMode: Int, Sendable {
    case off = 0
    case on = 1
    case auto = 2
  }

  /// The torch mode, as Apple's `AVCaptureDevice.TorchMode`.
  @frozen public enum TorchMode: Int, Sendable {
    case off = 0
    case on = 1
    case auto = 2
  }

  /// The focus mode, as Apple's `AVCaptureDevice.FocusMode`.
  @frozen public enum FocusMode: Int, Sendable {
    case locked = 0
    case autoFocus = 1
    case continuousAutoFocus = 2
  }

  /// A kind of capture device, as Apple's `AVCaptureDevice.DeviceType` (Apple's raw values).
  public struct DeviceType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static let builtInWideAngleCamera = DeviceType(
      "AVCaptureDeviceTypeBuiltInWideAngleCamera")
    public static let builtInUltraWideCamera = DeviceType(
      "AVCaptureDeviceTypeBuiltInUltraWideCamera")
    public static let builtInTelephotoCamera = DeviceType(
      "AVCaptureDeviceTypeBuiltInTelephotoCamera")
    public static let builtInDualCamera = DeviceType("AVCaptureDeviceTypeBuiltInDualCamera")
    public static let builtInTrueDepthCamera = DeviceType(
      "AVCaptureDeviceTypeBuiltInTrueDepthCamera")
    public static let builtInMicrophone = DeviceType("AVCaptureDeviceTypeBuiltInMicrophone")
  }

  /// Where the camera sits.
  open var position: Position { storedPosition }

  /// The default device for `mediaType`: nil, as there is none on Linux (a warning says so).
  open class func `default`(for mediaType: AVMediaType) -> AVCaptureDevice? {
    noDevice("AVCaptureDevice.default(for: \(mediaType.rawValue))")
  }

  /// The default device of a type at a position: nil, as there is none on Linux.
  open class func `default`(
    _ deviceType: DeviceType, for mediaType: AVMediaType?, position: Position
  ) -> AVCaptureDevice? {
    noDevice("AVCaptureDevice.default(\(deviceType.rawValue), for:position:)")
  }

  private static func noDevice(_ call: String) -> AVCaptureDevice? {
    CompatWarnings.warnOnce(
      key: "capture|\(call)",
      "\(call) returns nil: there are no capture devices on Linux (Reel edits files; capture is out of scope)"
    )
    return nil
  }
}

/// The orientation of captured video, as AVFoundation's `AVCaptureVideoOrientation`
/// (Apple's raw values; editing code switches on it to choose a transform).
@frozen public enum AVCaptureVideoOrientation: Int, Sendable {
  case portrait = 1
  case portraitUpsideDown = 2
  case landscapeRight = 3
  case landscapeLeft = 4
}
