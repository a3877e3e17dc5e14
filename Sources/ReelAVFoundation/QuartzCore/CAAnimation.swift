internal import ReelAnimation

/// Receives an animation's start and stop, as QuartzCore's `CAAnimationDelegate`. An export
/// evaluates animations as functions of the video's time and never calls the delegate.
public protocol CAAnimationDelegate: NSObjectProtocol {
  /// Not called by an export.
  func animationDidStart(_ anim: CAAnimation)
  /// Not called by an export.
  func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
  public func animationDidStart(_ anim: CAAnimation) {}
  public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// The base of every animation, as QuartzCore's `CAAnimation`: timing and removal.
///
/// Times are seconds. On a layer under the Core Animation tool, `beginTime` is on the
/// video's timeline, where 0 means "now" (as on Apple, the animation then never runs): use
/// ``AVCoreAnimationBeginTimeAtZero`` for the start of the video. Inside a
/// ``CAAnimationGroup`` times are the group's (0 is its start).
open class CAAnimation: NSObject, NSCopying, CAMediaTiming {
  /// When the animation starts, in seconds (see the type's doc for 0).
  open var beginTime: CFTimeInterval = 0
  /// Seconds of one pass; 0 means 0.25 s.
  open var duration: CFTimeInterval = 0
  /// Rate of the animation's time relative to its parent's (default 1).
  open var speed: Float = 1
  /// Seconds added to the animation's local time.
  open var timeOffset: CFTimeInterval = 0
  /// Number of passes (fractional allowed; `.infinity` for ever; 0 means one).
  open var repeatCount: Float = 0
  /// Seconds of repeating, instead of a count (0: unused).
  open var repeatDuration: CFTimeInterval = 0
  /// Plays each pass backwards after forwards.
  open var autoreverses = false
  /// What shows outside the active period (default ``CAMediaTimingFillMode/removed``).
  open var fillMode: CAMediaTimingFillMode = .removed
  /// Eases each pass (nil: linear).
  open var timingFunction: CAMediaTimingFunction?
  /// Whether the animation is removed when it ends (default true): its effect, forward fill
  /// included, ends with its active period.
  open var isRemovedOnCompletion = true
  /// Kept, never called by an export (as Apple, the animation holds it strongly).
  open var delegate: CAAnimationDelegate?

  /// An animation with Core Animation's defaults.
  public override init() { super.init() }

  /// The default value of a property (nil for every key, as for Core Animation's own).
  open class func defaultValue(forKey key: String) -> Any? { nil }

  /// A copy with every property of this animation (what `CALayer.add(_:forKey:)` keeps).
  open func copy(with zone: NSZone? = nil) -> Any { copiedAnimation() }

  /// A copy of the same class with the same values.
  func copiedAnimation() -> CAAnimation {
    let copy = blank()
    copy.copyState(from: self)
    return copy
  }

  /// An animation of the same (module) class with default values.
  func blank() -> CAAnimation { CAAnimation() }

  /// Copies this class's properties (subclasses add theirs, then call super).
  func copyState(from other: CAAnimation) {
    beginTime = other.beginTime
    duration = other.duration
    speed = other.speed
    timeOffset = other.timeOffset
    repeatCount = other.repeatCount
    repeatDuration = other.repeatDuration
    autoreverses = other.autoreverses
    fillMode = other.fillMode
    timingFunction = other.timingFunction
    isRemovedOnCompletion = other.isRemovedOnCompletion
    delegate = other.delegate
  }
}

/// An animation of one layer property named by a key path, as QuartzCore's
/// `CAPropertyAnimation` ("opacity", "position.x", "transform.scale", …).
open class CAPropertyAnimation: CAAnimation {
  /// The animated property, as Core Animation spells it.
  open var keyPath: String?
  /// Adds the animated value to the value below instead of replacing it.
  open var isAdditive = false
  /// Each repeat starts where the previous one ended.
  open var isCumulative = false

  /// An animation of the property at `path`.
  public convenience init(keyPath path: String?) {
    self.init()
    keyPath = path
  }

  override func blank() -> CAAnimation { CAPropertyAnimation() }

  override func copyState(from other: CAAnimation) {
    super.copyState(from: other)
    guard let other = other as? CAPropertyAnimation else { return }
    keyPath = other.keyPath
    isAdditive = other.isAdditive
    isCumulative = other.isCumulative
  }
}

/// Animates a property between two values, as QuartzCore's `CABasicAnimation`.
///
/// Values are `Any?` as on Apple: numbers (`NSNumber`, `Int`, `Float`, `Double`, `CGFloat`),
/// `CGPoint`, `CGSize`, `CGRect`, `CGColor`, `CATransform3D`, or an `NSValue` of these. The
/// rules are Core Animation's: from+to, from+by, by+to, from only (to the model value), to
/// only (from the model value), by only.
open class CABasicAnimation: CAPropertyAnimation {
  /// The start value.
  open var fromValue: Any?
  /// The end value.
  open var toValue: Any?
  /// The change.
  open var byValue: Any?

  override func blank() -> CAAnimation { CABasicAnimation() }

  override func copyState(from other: CAAnimation) {
    super.copyState(from: other)
    guard let other = other as? CABasicAnimation else { return }
    fromValue = other.fromValue
    toValue = other.toValue
    byValue = other.byValue
  }
}

/// How a keyframe animation moves between its values, as QuartzCore's
/// `CAAnimationCalculationMode` (Apple's string raw values).
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
  /// Apple's string value.
  public var rawValue: String
  /// The value with Apple's string `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// The value with Apple's string `rawValue`.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// Straight lines between values at their key times (the default).
  public static let linear = CAAnimationCalculationMode("linear")
  /// Each value holds until the next key time.
  public static let discrete = CAAnimationCalculationMode("discrete")
  /// Constant speed; key times and timing functions ignored.
  public static let paced = CAAnimationCalculationMode("paced")
  /// A smooth spline through the values.
  public static let cubic = CAAnimationCalculationMode("cubic")
  /// A smooth spline at constant speed (Reel does not draw it: the export fails).
  public static let cubicPaced = CAAnimationCalculationMode("cubicPaced")
}

/// Whether a layer moving along a path turns with it, as QuartzCore's
/// `CAAnimationRotationMode`.
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
  /// Apple's string value.
  public var rawValue: String
  /// The value with Apple's string `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// The value with Apple's string `rawValue`.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// Turns with the path's tangent.
  public static let rotateAuto = CAAnimationRotationMode("auto")
  /// Turns with the tangent plus half a turn.
  public static let rotateAutoReverse = CAAnimationRotationMode("autoReverse")
}

/// Animates a property through a list of values or along a path, as QuartzCore's
/// `CAKeyframeAnimation`.
open class CAKeyframeAnimation: CAPropertyAnimation {
  /// The keyframe values (the same kinds as ``CABasicAnimation``'s).
  open var values: [Any]?
  /// A path for a point property ("position") to follow; overrides ``values``.
  open var path: CGPath?
  /// The values' times as fractions of the duration, 0…1, non-decreasing.
  open var keyTimes: [NSNumber]?
  /// The easing of each segment between values.
  open var timingFunctions: [CAMediaTimingFunction]?
  /// How values are joined (default ``CAAnimationCalculationMode/linear``).
  open var calculationMode: CAAnimationCalculationMode = .linear
  /// Whether a layer following ``path`` turns with it (nil: no).
  open var rotationMode: CAAnimationRotationMode?

  override func blank() -> CAAnimation { CAKeyframeAnimation() }

  override func copyState(from other: CAAnimation) {
    super.copyState(from: other)
    guard let other = other as? CAKeyframeAnimation else { return }
    values = other.values
    path = other.path
    keyTimes = other.keyTimes
    timingFunctions = other.timingFunctions
    calculationMode = other.calculationMode
    rotationMode = other.rotationMode
  }
}

/// Animates a property with a damped spring, as QuartzCore's `CASpringAnimation`: the value
/// moves like a mass on a spring from the start to the end value; the timing function is
/// not used.
open class CASpringAnimation: CABasicAnimation {
  /// The mass (default 1).
  open var mass: CGFloat = 1
  /// The spring stiffness (default 100).
  open var stiffness: CGFloat = 100
  /// The damping (default 10).
  open var damping: CGFloat = 10
  /// The initial velocity: 1 is the whole distance in one second (default 0).
  open var initialVelocity: CGFloat = 0

  /// Seconds until the spring is at rest with the current parameters (Reel's estimate; see
  /// docs/avfoundation.md for how it compares with Apple's).
  open var settlingDuration: CFTimeInterval {
    springAnimation(of: AnimatableProperty<Double>.opacity).settlingDuration
  }

  override func blank() -> CAAnimation { CASpringAnimation() }

  override func copyState(from other: CAAnimation) {
    super.copyState(from: other)
    guard let other = other as? CASpringAnimation else { return }
    mass = other.mass
    stiffness = other.stiffness
    damping = other.damping
    initialVelocity = other.initialVelocity
  }
}

/// Runs animations together in its own time, as QuartzCore's `CAAnimationGroup`: the
/// children's times are the group's (0 is its start) and they are cut off at its duration.
open class CAAnimationGroup: CAAnimation {
  /// The children.
  open var animations: [CAAnimation]?

  override func blank() -> CAAnimation { CAAnimationGroup() }

  override func copyState(from other: CAAnimation) {
    super.copyState(from: other)
    guard let other = other as? CAAnimationGroup else { return }
    animations = other.animations?.map { $0.copiedAnimation() }
  }
}
