internal import ReelAnimation
internal import ReelCore

/// Turns a layer's Core Animation animations into Reel animations (Reel owns the timing
/// maths: `AnimationTiming`, `BasicAnimation`, `KeyframeAnimation`, `PathAnimation`,
/// `SpringAnimation`, `AnimationGroup`).
enum AnimationSnapshot {
  /// Where a top-level animation whose `beginTime` is 0 begins: Core Animation replaces 0
  /// with "now" (the host's media time), which the video's timeline never reaches.
  static let never: Double = 1e12

  /// The Reel animations of `layer`, in the order added; `model` gets the layer's transform
  /// decomposed into Reel's components when an animation changes one of them (as Core
  /// Animation's `transform.*` key paths change the decomposed model transform).
  static func animations(
    of layer: CALayer, layerDescription: String, model: inout LayerProperties
  ) throws(CompatFailure) -> [any Animation] {
    let attached = layer.attachedAnimations
    guard !attached.isEmpty else { return [] }
    let animated = attached.flatMap { keyPaths(of: $0.animation) }
    if !(layer is CAShapeLayer),
      let shapeOnly = animated.first(where: CAShapeLayer.shapeKeyPaths.contains)
    {
      throw CompatFailure(
        .invalidVideoComposition,
        "\(layerDescription): Reel does not animate the key path \"\(shapeOnly)\" on a "
          + "\(type(of: layer)) (only a CAShapeLayer has it); animate it on a CAShapeLayer")
    }
    let components = animated.contains(where: AnimatedKeyPath.isTransformComponent)
    let decomposes = attached.contains { needsDecomposedTransform($0.animation, model: model) }
    if components, animated.contains(AnimatableProperty<Transform3D>.transform.name) {
      throw CompatFailure(
        .invalidVideoComposition,
        "\(layerDescription) animates \"transform\" together with one of its components "
          + "(\"transform.scale\", \"transform.rotation\", …): Reel cannot combine the two as "
          + "Core Animation does; animate only the components")
    }
    if components || decomposes { try decomposeTransform(&model, layerDescription) }
    var result: [any Animation] = []
    for (key, animation) in attached {
      let converter = AnimationConverter(
        layer: layerDescription, model: model, transformDecomposed: decomposes,
        shapeLayer: layer as? CAShapeLayer)
      result.append(try converter.convert(animation, topLevel: true, addKey: key))
    }
    return result
  }

  /// Every key path `animation` animates (a group's children's included).
  static func keyPaths(of animation: CAAnimation) -> [String] {
    if let group = animation as? CAAnimationGroup {
      return (group.animations ?? []).flatMap(keyPaths(of:))
    }
    return [(animation as? CAPropertyAnimation)?.keyPath].compactMap { $0 }
  }

  /// Moves a 2D scale, rotation and translation from the base transform into Reel's
  /// components (scale · rotation · translation, Core Animation's decomposition order).
  static func decomposeTransform(_ p: inout LayerProperties, _ layer: String)
    throws(CompatFailure)
  {
    guard !p.transform.isIdentity else { return }
    guard let parts = TransformComponents(p.transform) else {
      throw CompatFailure(
        .invalidVideoComposition,
        "\(layer) has a transform with skew, perspective or 3D rotation and animates it "
          + "decomposed (\"transform.scale\", \"transform.rotation\", … or \"transform\" "
          + "values with rotation): Reel decomposes only 2D scale, rotation and translation; "
          + "start from a simpler transform")
    }
    parts.store(into: &p)
    p.transform = .identity
  }
}

/// Converts one animation (and a group's children) of one layer.
struct AnimationConverter {
  /// The layer, for messages.
  var layer: String
  /// The layer's model values (the "current" value of from/to/by rules).
  var model: LayerProperties
  /// Whether `"transform"` animations run decomposed (their values rotate): the model's
  /// transform is then in Reel's components.
  var transformDecomposed = false
  /// The layer when it is a shape layer (its `path` is the current value of `path`
  /// animations).
  var shapeLayer: CAShapeLayer?

  /// The Reel animation of `animation`.
  ///
  /// - Parameters:
  ///   - topLevel: Whether it is attached to the layer (not inside a group): only then does
  ///     `beginTime` 0 mean "now" and `isRemovedOnCompletion` apply.
  ///   - addKey: The key it was added under, for messages.
  func convert(_ animation: CAAnimation, topLevel: Bool, addKey: String?) throws(CompatFailure)
    -> any Animation
  {
    let label =
      (animation as? CAPropertyAnimation)?.keyPath ?? addKey
      ?? String(describing: type(of: animation))
    let owner = "\(layer) animation \"\(label)\""
    let timing = try reelTiming(animation, topLevel: topLevel, owner: owner, label: label)

    if let group = animation as? CAAnimationGroup {
      var children: [any Animation] = []
      for child in group.animations ?? [] {
        children.append(try convert(child, topLevel: false, addKey: nil))
      }
      var result = AnimationGroup(children)
      result.timing = timing
      return result
    }
    guard let property = animation as? CAPropertyAnimation else {
      throw CompatFailure(
        .invalidVideoComposition,
        "\(owner) is a \(type(of: animation)), which Reel does not run; use CABasicAnimation, "
          + "CAKeyframeAnimation, CASpringAnimation or CAAnimationGroup")
    }
    guard let keyPath = property.keyPath else {
      throw CompatFailure(
        .invalidVideoComposition,
        "\(owner) has no keyPath: create it with \(type(of: animation))(keyPath: \"opacity\") "
          + "or another key path")
    }
    if keyPath == CAShapeLayer.pathKeyPath {
      return try shapePathAnimation(property, timing, owner)
    }
    guard let target = AnimatedKeyPath.table[keyPath] else {
      throw CompatFailure(
        .invalidVideoComposition,
        "\(owner): Reel does not animate the key path \"\(keyPath)\" on a "
          + "\(layer.split(separator: " ").first ?? "layer"); it animates "
          + AnimatedKeyPath.table.keys.sorted().joined(separator: ", "))
    }
    let reader = AnimationValueReader(owner: owner)
    switch target {
    case .number(let p):
      return try make(property, p, timing, owner) { v, r throws(CompatFailure) in
        try reader.number(v, r)
      }
    case .point(let p):
      return try make(property, p, timing, owner) { v, r throws(CompatFailure) in
        try reader.point(v, r)
      }
    case .size(let p):
      return try make(property, p, timing, owner) { v, r throws(CompatFailure) in
        try reader.size(v, r)
      }
    case .rect(let p):
      return try make(property, p, timing, owner) { v, r throws(CompatFailure) in
        try reader.rect(v, r)
      }
    case .color(let p):
      return try make(property, p, timing, owner) { v, r throws(CompatFailure) in
        try reader.color(v, r)
      }
    case .sizeAsPoint(let p):
      return try make(property, p, timing, owner) { v, r throws(CompatFailure) in
        let size = try reader.size(v, r)
        return Point(x: size.width, y: size.height)
      }
    case .transform(let p):
      if p == .transform, transformDecomposed {
        return try decomposedTransformAnimation(property, timing, reader, owner)
      }
      let result = try make(property, p, timing, owner) { v, r throws(CompatFailure) in
        try reader.transform(v, r)
      }
      try checkEntrywiseInterpolation(property, p, reader, owner)
      return result
    case .hidden:
      guard let keyframes = property as? CAKeyframeAnimation, keyframes.path == nil,
        keyframes.calculationMode == .discrete
      else {
        throw CompatFailure(
          .invalidVideoComposition,
          "\(owner): Reel animates \"hidden\" only as a CAKeyframeAnimation with "
            + "calculationMode .discrete (Core Animation does not interpolate booleans); use "
            + "that, or animate \"opacity\"")
      }
      return try make(keyframes, AnimatedKeyPath.hiddenProperty, timing, owner) {
        v, r throws(CompatFailure) in try reader.number(v, r)
      }
    }
  }

  /// Core Animation interpolates `transform` values decomposed (scale, rotation,
  /// translation); Reel interpolates matrices entry by entry. The two agree when every value
  /// is a scale and a translation; anything else fails, naming the animation.
  private func checkEntrywiseInterpolation(
    _ animation: CAPropertyAnimation, _ property: AnimatableProperty<Transform3D>,
    _ reader: AnimationValueReader, _ owner: String
  ) throws(CompatFailure) {
    var values: [Transform3D] = [model[keyPath: property.keyPath]]
    if let basic = animation as? CABasicAnimation {
      for (value, role) in [
        (basic.fromValue, "fromValue"), (basic.toValue, "toValue"), (basic.byValue, "byValue"),
      ] {
        if let value { values.append(try reader.transform(value, role)) }
      }
    } else if let keyframes = animation as? CAKeyframeAnimation {
      for (index, value) in (keyframes.values ?? []).enumerated() {
        values.append(try reader.transform(value, "values[\(index)]"))
      }
    }
    let scaleAndTranslation = values.allSatisfy { t in
      t.m12 == 0 && t.m13 == 0 && t.m14 == 0 && t.m21 == 0 && t.m23 == 0 && t.m24 == 0
        && t.m31 == 0 && t.m32 == 0 && t.m34 == 0 && t.m44 == 1
    }
    guard scaleAndTranslation else {
      throw CompatFailure(
        .invalidVideoComposition,
        "\(owner) interpolates between matrices with rotation, skew or perspective: Core "
          + "Animation interpolates them decomposed, Reel only entry by entry; animate "
          + "\"transform.rotation.z\", \"transform.scale\" and \"transform.translation\" instead")
    }
  }

  /// The Reel animation of a property animation on `property`, values read by `read`.
  private func make<Value: Interpolatable>(
    _ animation: CAPropertyAnimation, _ property: AnimatableProperty<Value>,
    _ timing: AnimationTiming, _ owner: String,
    read: (Any, String) throws(CompatFailure) -> Value
  ) throws(CompatFailure) -> any Animation {
    func optional(_ value: Any?, _ role: String) throws(CompatFailure) -> Value? {
      guard let value else { return nil }
      return try read(value, role)
    }
    if let spring = animation as? CASpringAnimation {
      guard !spring.isCumulative else {
        throw CompatFailure(
          .invalidVideoComposition,
          "\(owner) is a cumulative CASpringAnimation, which Reel does not run; use a "
            + "CABasicAnimation for cumulative repeats")
      }
      var result = SpringAnimation(
        property, from: try optional(spring.fromValue, "fromValue"),
        to: try optional(spring.toValue, "toValue"), by: try optional(spring.byValue, "byValue"),
        mass: Double(spring.mass), stiffness: Double(spring.stiffness),
        damping: Double(spring.damping), initialVelocity: Double(spring.initialVelocity),
        additive: spring.isAdditive)
      result.timing = timing
      return result
    }
    if let basic = animation as? CABasicAnimation {
      var result = BasicAnimation(
        property, from: try optional(basic.fromValue, "fromValue"),
        to: try optional(basic.toValue, "toValue"), by: try optional(basic.byValue, "byValue"),
        additive: basic.isAdditive, cumulative: basic.isCumulative)
      result.timing = timing
      return result
    }
    if let keyframes = animation as? CAKeyframeAnimation {
      if let path = keyframes.path {
        return try pathAnimation(keyframes, path, property, timing, owner)
      }
      var values: [Value] = []
      for (index, value) in (keyframes.values ?? []).enumerated() {
        values.append(try read(value, "values[\(index)]"))
      }
      var result = KeyframeAnimation(
        property, values: values, keyTimes: keyframes.keyTimes?.map(\.doubleValue),
        calculationMode: try calculationMode(of: keyframes, owner),
        timingFunctions: (keyframes.timingFunctions ?? []).map(\.timing),
        additive: keyframes.isAdditive, cumulative: keyframes.isCumulative)
      result.timing = timing
      return result
    }
    throw CompatFailure(
      .invalidVideoComposition,
      "\(owner) is a \(type(of: animation)), which has no values to animate; use "
        + "CABasicAnimation, CAKeyframeAnimation or CASpringAnimation")
  }

  /// Reel's calculation mode for a keyframe animation's.
  func calculationMode(of keyframes: CAKeyframeAnimation, _ owner: String)
    throws(CompatFailure) -> CalculationMode
  {
    switch keyframes.calculationMode {
    case .linear: return .linear
    case .discrete: return .discrete
    case .paced: return .paced
    case .cubic: return .cubic
    default:
      throw CompatFailure(
        .invalidVideoComposition,
        "\(owner) has calculationMode \"\(keyframes.calculationMode.rawValue)\", which Reel "
          + "does not run; use .linear, .discrete, .paced or .cubic")
    }
  }

  /// A keyframe animation along a path, for a point property.
  private func pathAnimation<Value: Interpolatable>(
    _ keyframes: CAKeyframeAnimation, _ path: CGPath, _ property: AnimatableProperty<Value>,
    _ timing: AnimationTiming, _ owner: String
  ) throws(CompatFailure) -> any Animation {
    guard let pointProperty = property as? AnimatableProperty<Point> else {
      throw CompatFailure(
        .invalidVideoComposition,
        "\(owner) has a path, but its key path does not animate a point: use a path with "
          + "\"position\" (or \"anchorPoint\"), values otherwise")
    }
    guard !keyframes.isCumulative, keyframes.calculationMode != .discrete else {
      throw CompatFailure(
        .invalidVideoComposition,
        "\(owner) follows a path with \(keyframes.isCumulative ? "cumulative repeats" : "discrete steps"), "
          + "which Reel does not run; remove isCumulative or use values for discrete steps")
    }
    if keyframes.calculationMode != .paced, keyframes.calculationMode != .cubicPaced {
      CompatWarnings.warnOnce(
        key: "pathTiming|\(owner)",
        "\(owner) follows a path with calculationMode \"\(keyframes.calculationMode.rawValue)\": "
          + "Reel moves along paths at constant speed (as .paced), where Apple spends equal "
          + "time on each segment; set calculationMode = .paced to match exactly")
    }
    let mode: PathAnimation.RotationMode =
      switch keyframes.rotationMode {
      case .rotateAuto?: .auto
      case .rotateAutoReverse?: .autoReverse
      default: .none
      }
    var result = PathAnimation(pointProperty, path: path.path, rotationMode: mode)
    result.isAdditive = keyframes.isAdditive
    result.timing = timing
    return result
  }

  /// Reel's timing of a Core Animation timing, with Apple's two traps reproduced: a
  /// top-level `beginTime` of 0 ("now": never on the video's timeline) and
  /// `isRemovedOnCompletion` ending a forward fill.
  private func reelTiming(
    _ animation: CAAnimation, topLevel: Bool, owner: String, label: String
  ) throws(CompatFailure) -> AnimationTiming {
    guard var fill = animation.fillMode.reelFillMode else {
      throw CompatFailure(
        .invalidVideoComposition,
        "\(owner) has fillMode \"\(animation.fillMode.rawValue)\", which is not one of Core "
          + "Animation's; use .removed, .forwards, .backwards or .both")
    }
    var begin = animation.beginTime
    if topLevel, begin == 0 {
      CompatWarnings.warnOnce(
        key: "beginTime0|\(layer)|\(label)",
        "\(owner) has beginTime 0, which Core Animation takes as \"now\": on the video's "
          + "timeline that is never, so it does not run (as on Apple"
          + (fill == .backwards || fill == .both
            ? "; its backwards fill holds its start value throughout" : "")
          + "); set beginTime = AVCoreAnimationBeginTimeAtZero to start it with the video")
      begin = AnimationSnapshot.never
    } else if topLevel, begin == AVCoreAnimationBeginTimeAtZero {
      // AVFoundation's constant means time 0 (it only keeps Core Animation from reading
      // "now"), so the animation shows from the first frame on.
      begin = 0
    }
    var timing = AnimationTiming(
      beginTime: begin, duration: animation.duration, speed: Double(animation.speed),
      timeOffset: animation.timeOffset, repeatCount: Double(animation.repeatCount),
      repeatDuration: animation.repeatDuration, autoreverses: animation.autoreverses,
      fillMode: fill, timingFunction: animation.timingFunction?.timing ?? .linear)
    let fillsForwards = fill == .forwards || fill == .both
    if topLevel, animation.isRemovedOnCompletion, fillsForwards, timing.activeDuration.isFinite {
      CompatWarnings.warnOnce(
        key: "removedOnCompletion|\(layer)|\(label)",
        "\(owner) has fillMode .\(animation.fillMode.rawValue) but isRemovedOnCompletion is "
          + "true: as on Apple, its effect ends when it does; set isRemovedOnCompletion = false "
          + "to hold its end value")
      fill = fill == .both ? .backwards : .removed
      timing.fillMode = fill
    }
    return timing
  }
}

extension CASpringAnimation {
  /// The spring as Reel's, on `property`, for its settling duration.
  func springAnimation(of property: AnimatableProperty<Double>) -> SpringAnimation<Double> {
    SpringAnimation(
      property, from: 0, to: 1, mass: Double(mass), stiffness: Double(stiffness),
      damping: Double(damping), initialVelocity: Double(initialVelocity))
  }
}
