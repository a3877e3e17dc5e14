internal import ReelAnimation
internal import ReelCore
import Synchronization

/// A time interval in seconds, as CoreFoundation's `CFTimeInterval` (Foundation on Linux
/// does not export it).
public typealias CFTimeInterval = Double

/// Use as an animation's `beginTime` for "the start of the video", as AVFoundation's
/// constant: a small positive value (1e-100), because Core Animation replaces a begin time
/// of 0 with "now" — which on a video's timeline is never (see ``CAAnimation/beginTime``).
public let AVCoreAnimationBeginTimeAtZero: CFTimeInterval = 1e-100

/// Seconds on the host's monotonic clock, as QuartzCore's `CACurrentMediaTime()`.
///
/// Export code should not use it for begin times: a begin time on the video's timeline is
/// seconds from its start (`AVCoreAnimationBeginTimeAtZero + t`).
public func CACurrentMediaTime() -> CFTimeInterval {
  Double(DispatchTime.now().uptimeNanoseconds) / 1e9
}

/// The timing of an animation or a layer, as QuartzCore's `CAMediaTiming`. Times are seconds.
public protocol CAMediaTiming {
  /// When it starts, in its parent's time.
  var beginTime: CFTimeInterval { get set }
  /// Seconds of one pass.
  var duration: CFTimeInterval { get set }
  /// Rate of its time relative to its parent's.
  var speed: Float { get set }
  /// Added to its local time, in seconds.
  var timeOffset: CFTimeInterval { get set }
  /// Number of passes (fractional allowed; `.infinity` for ever).
  var repeatCount: Float { get set }
  /// Seconds of repeating, instead of a count.
  var repeatDuration: CFTimeInterval { get set }
  /// Plays each pass backwards after forwards.
  var autoreverses: Bool { get set }
  /// What shows outside the active period.
  var fillMode: CAMediaTimingFillMode { get set }
}

/// What an animation shows outside its active period, as QuartzCore's
/// `CAMediaTimingFillMode` (Apple's string raw values).
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
  /// Apple's string value.
  public var rawValue: String
  /// The value with Apple's string `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// The value with Apple's string `rawValue`.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// Holds the final value after the active period.
  public static let forwards = CAMediaTimingFillMode("forwards")
  /// Holds the initial value before the begin time.
  public static let backwards = CAMediaTimingFillMode("backwards")
  /// Both ``forwards`` and ``backwards``.
  public static let both = CAMediaTimingFillMode("both")
  /// No effect outside the active period (the default).
  public static let removed = CAMediaTimingFillMode("removed")

  /// Reel's fill mode, or nil for a raw value Apple does not define.
  var reelFillMode: FillMode? {
    switch self {
    case .forwards: .forwards
    case .backwards: .backwards
    case .both: .both
    case .removed: .removed
    default: nil
    }
  }
}

/// The name of a predefined timing curve, as QuartzCore's `CAMediaTimingFunctionName`.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
  /// Apple's string value.
  public var rawValue: String
  /// The value with Apple's string `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// The value with Apple's string `rawValue`.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// Constant speed.
  public static let linear = CAMediaTimingFunctionName("linear")
  /// Slow start.
  public static let easeIn = CAMediaTimingFunctionName("easeIn")
  /// Slow end.
  public static let easeOut = CAMediaTimingFunctionName("easeOut")
  /// Slow start and end.
  public static let easeInEaseOut = CAMediaTimingFunctionName("easeInEaseOut")
  /// Core Animation's default curve for implicit animations.
  public static let `default` = CAMediaTimingFunctionName("default")
}

/// A timing curve: a cubic Bézier from (0, 0) to (1, 1), as QuartzCore's
/// `CAMediaTimingFunction`. Reel's `TimingFunction` solves it.
open class CAMediaTimingFunction: NSObject, @unchecked Sendable {
  /// Reel's curve.
  let timing: TimingFunction

  init(_ timing: TimingFunction) {
    self.timing = timing
    super.init()
  }

  /// A predefined curve; a name Apple does not define gives the linear curve with a warning.
  public convenience init(name: CAMediaTimingFunctionName) {
    let timing: TimingFunction
    switch name {
    case .linear: timing = .linear
    case .easeIn: timing = .easeIn
    case .easeOut: timing = .easeOut
    case .easeInEaseOut: timing = .easeInEaseOut
    case .default: timing = .default
    default:
      CompatWarnings.warnOnce(
        key: "timingFunctionName|\(name.rawValue)",
        "CAMediaTimingFunction(name: \"\(name.rawValue)\") is not one of Core Animation's names "
          + "(linear, easeIn, easeOut, easeInEaseOut, default); using linear")
      timing = .linear
    }
    self.init(timing)
  }

  /// A curve with control points (`c1x`, `c1y`) and (`c2x`, `c2y`); x values are clamped to
  /// 0…1.
  public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
    timing = TimingFunction(Double(c1x), Double(c1y), Double(c2x), Double(c2y))
    super.init()
  }

  /// Control point `idx` (0: (0, 0), 1 and 2: the control points, 3: (1, 1)) written to
  /// `ptr[0]`, `ptr[1]`.
  open func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
    let point: Point =
      switch idx {
      case 1: timing.control1
      case 2: timing.control2
      case 3: Point(x: 1, y: 1)
      default: .zero
      }
    ptr[0] = Float(point.x)
    ptr[1] = Float(point.y)
  }

  open override func isEqual(_ object: Any?) -> Bool {
    (object as? CAMediaTimingFunction)?.timing == timing
  }

  open override var hash: Int { timing.hashValue }
}

/// Groups layer changes, as QuartzCore's `CATransaction`. Layers drawn by an export have no
/// implicit animations, so every member is an accepted no-op that returns what was set.
open class CATransaction: NSObject {
  private struct State {
    var disableActions = false
    var animationDuration: CFTimeInterval = 0.25
    var timingFunction: CAMediaTimingFunction?
  }
  private static let state = Mutex(State())

  /// Starts a transaction (no-op).
  open class func begin() {}
  /// Ends a transaction (no-op).
  open class func commit() {}
  /// Flushes pending changes (no-op).
  open class func flush() {}
  /// Records whether implicit actions are disabled (there are none in an export).
  open class func setDisableActions(_ flag: Bool) {
    state.withLock { $0.disableActions = flag }
  }
  /// What ``setDisableActions(_:)`` last recorded (default false).
  open class func disableActions() -> Bool { state.withLock { $0.disableActions } }
  /// Records the implicit animation duration, in seconds (unused by an export).
  open class func setAnimationDuration(_ dur: CFTimeInterval) {
    state.withLock { $0.animationDuration = dur }
  }
  /// What ``setAnimationDuration(_:)`` last recorded (default 0.25 s).
  open class func animationDuration() -> CFTimeInterval {
    state.withLock { $0.animationDuration }
  }
  /// Records the implicit animation curve (unused by an export).
  open class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
    state.withLock { $0.timingFunction = function }
  }
  /// What ``setAnimationTimingFunction(_:)`` last recorded.
  open class func animationTimingFunction() -> CAMediaTimingFunction? {
    state.withLock { $0.timingFunction }
  }
}
