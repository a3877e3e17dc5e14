internal import Reel
internal import ReelAnimation
internal import ReelGraphics

/// How a Lottie animation repeats, as lottie-ios's `LottieLoopMode`. Reel plays
/// ``playOnce`` and ``loop``; the others fail the export, naming the layer.
public enum LottieLoopMode: Hashable, Sendable {
  /// Plays once and holds its last frame.
  case playOnce
  /// Starts again after its last frame, for ever.
  case loop
  /// Plays forwards then backwards, for ever (Reel: not supported).
  case autoReverse
  /// Plays this many times (Reel: not supported).
  case `repeat`(Float)
  /// Plays forwards then backwards this many times (Reel: not supported).
  case repeatBackwards(Float)
}

/// A layer whose contents are a Lottie animation, as lottie-ios's `LottieAnimationLayer`:
/// how an iOS app puts an animation on an exported video (a sublayer of the
/// `AVVideoCompositionCoreAnimationTool`'s parent layer).
///
/// In an export the animation plays from the video's start (time 0, where
/// `AVCoreAnimationBeginTimeAtZero` puts Core Animation's animations) when ``play()`` or a
/// `play(from…to…)` was called, at ``animationSpeed`` times its own frame rate, as
/// ``loopMode`` says; otherwise it shows ``currentFrame``. It is drawn fitted into the
/// layer's bounds keeping its aspect (`contentsGravity` `.resizeAspect`, lottie-ios's
/// default; set another gravity to place it otherwise), through Reel's `lottie` kind.
///
///     let confetti = LottieAnimationLayer(animation: .named("confetti"))
///     confetti.frame = CGRect(x: 0, y: 0, width: 640, height: 360)
///     confetti.loopMode = .loop
///     confetti.play()
///     parentLayer.addSublayer(confetti)
open class LottieAnimationLayer: CALayer {
  /// What the layer plays: the frames, in the animation's own numbers, and the loop mode.
  struct Playback: Equatable {
    var fromFrame: AnimationFrameTime
    var toFrame: AnimationFrameTime
    var loopMode: LottieLoopMode
  }

  /// The animation (nil: the layer draws as a plain `CALayer`).
  open var animation: LottieAnimation? {
    didSet { playback = nil }
  }
  /// How the animation repeats once played (default ``LottieLoopMode/playOnce``).
  open var loopMode: LottieLoopMode = .playOnce
  /// Times the animation's own frame rate (default 1; must be > 0 in an export).
  open var animationSpeed: CGFloat = 1
  /// The frame shown while nothing plays (setting it stops the playback, as in lottie-ios).
  open var currentFrame: AnimationFrameTime = 0 {
    didSet { playback = nil }
  }
  /// The frames played by the last `play` call, nil when none plays.
  private(set) var playback: Playback?

  /// The frame shown while nothing plays, as progress 0…1 of the animation.
  open var currentProgress: AnimationProgressTime {
    get { animation?.progressTime(forFrame: currentFrame) ?? 0 }
    set { currentFrame = animation?.frameTime(forProgress: newValue) ?? 0 }
  }

  /// Whether a `play` call set the animation playing in the export.
  open var isAnimationPlaying: Bool { playback != nil }

  /// A layer showing `animation`, its frame the animation's bounds.
  public init(animation: LottieAnimation?) {
    self.animation = animation
    super.init()
    contentsGravity = .resizeAspect
    if let animation {
      frame = animation.bounds
      currentFrame = animation.startFrame
    }
  }

  /// A layer with no animation.
  public override init() {
    super.init()
    contentsGravity = .resizeAspect
  }

  /// A copy of `layer`'s properties (see `CALayer.init(layer:)`).
  public override init(layer: Any) {
    super.init(layer: layer)
    guard let other = layer as? LottieAnimationLayer else { return }
    animation = other.animation
    loopMode = other.loopMode
    animationSpeed = other.animationSpeed
    currentFrame = other.currentFrame
    playback = other.playback
  }

  /// Plays the whole animation, from its first frame to its last, as ``loopMode`` says.
  open func play() {
    guard let animation else { return }
    playback = Playback(
      fromFrame: animation.startFrame, toFrame: animation.endFrame, loopMode: loopMode)
  }

  /// Plays from one progress (nil: ``currentProgress``) to another.
  ///
  /// - Parameters:
  ///   - fromProgress: Where to start, 0…1 (nil: the current progress).
  ///   - toProgress: Where to stop, 0…1 (after `fromProgress`: Reel does not play backwards).
  ///   - loopMode: Sets ``loopMode`` when given.
  open func play(
    fromProgress: AnimationProgressTime? = nil, toProgress: AnimationProgressTime,
    loopMode: LottieLoopMode? = nil
  ) {
    guard let animation else { return }
    play(
      fromFrame: animation.frameTime(forProgress: fromProgress ?? currentProgress),
      toFrame: animation.frameTime(forProgress: toProgress), loopMode: loopMode)
  }

  /// Plays from one frame (nil: ``currentFrame``) to another, frames of the animation's
  /// own timeline.
  ///
  /// - Parameters:
  ///   - fromFrame: Where to start (nil: the current frame).
  ///   - toFrame: Where to stop (after `fromFrame`: Reel does not play backwards).
  ///   - loopMode: Sets ``loopMode`` when given.
  open func play(
    fromFrame: AnimationFrameTime? = nil, toFrame: AnimationFrameTime,
    loopMode: LottieLoopMode? = nil
  ) {
    if let loopMode { self.loopMode = loopMode }
    playback = Playback(
      fromFrame: fromFrame ?? currentFrame, toFrame: toFrame, loopMode: self.loopMode)
  }

  /// Stops playing and shows the first frame.
  open func stop() {
    currentFrame = animation?.startFrame ?? 0
  }

  /// Stops playing and keeps showing ``currentFrame``.
  open func pause() { playback = nil }

  override func snapshotContent(_ context: LayerSnapshotContext) throws(CompatFailure)
    -> LayerContent
  {
    guard let animation else { return try contentsSnapshot(context) }
    return .kind(try lottieContent(animation.animation, context))
  }

  /// The layer's animation as Reel's Lottie content.
  func lottieContent(_ animation: ReelGraphics.LottieAnimation, _ context: LayerSnapshotContext)
    throws(CompatFailure) -> LottieContent
  {
    guard let playback else {
      let frame = Double(currentFrame)
      return LottieContent(animation: animation, segment: frame...frame)
    }
    let loops: Bool
    switch playback.loopMode {
    case .playOnce: loops = false
    case .loop: loops = true
    case .autoReverse, .repeat, .repeatBackwards:
      throw CompatFailure(
        .invalidVideoComposition,
        "\(context.description) plays with loopMode .\(playback.loopMode): Reel plays a Lottie "
          + "animation once (.playOnce) or for ever (.loop); use one of them")
    }
    guard animationSpeed.isFinite, animationSpeed > 0 else {
      throw CompatFailure(
        .invalidVideoComposition,
        "\(context.description) has animationSpeed \(animationSpeed): Reel plays Lottie "
          + "animations forwards only; use a speed above 0")
    }
    let from = Double(playback.fromFrame)
    let to = Double(playback.toFrame)
    guard from.isFinite, to.isFinite, from < to else {
      throw CompatFailure(
        .invalidVideoComposition,
        "\(context.description) plays from frame \(from) to frame \(to): Reel plays Lottie "
          + "animations forwards only; play from an earlier frame to a later one")
    }
    return LottieContent(
      animation: animation, startTime: 0, speed: Double(animationSpeed), loops: loops,
      segment: from...to)
  }
}
