internal import ReelAnimation
internal import ReelCore

/// A 2D transform as Core Animation decomposes it to interpolate: a scale, then a rotation
/// about z, then a translation (in the row-vector order of `CATransform3D`).
struct TransformComponents {
  var scaleX: Double
  var scaleY: Double
  /// Radians, from +x towards +y.
  var rotation: Double
  var translationX: Double
  var translationY: Double

  /// The components of `t`, or nil when it has skew, perspective, depth or 3D rotation.
  init?(_ t: Transform3D) {
    guard t.m13 == 0, t.m14 == 0, t.m23 == 0, t.m24 == 0, t.m31 == 0, t.m32 == 0, t.m33 == 1,
      t.m34 == 0, t.m43 == 0, t.m44 == 1
    else { return nil }
    let scaleX = (t.m11 * t.m11 + t.m12 * t.m12).squareRoot()
    guard scaleX > 0 else { return nil }
    let scaleY = (t.m11 * t.m22 - t.m12 * t.m21) / scaleX
    guard abs(t.m11 * t.m21 + t.m12 * t.m22) <= 1e-9 * max(1, abs(scaleX * scaleY)) else {
      return nil
    }
    self.scaleX = scaleX
    self.scaleY = scaleY
    rotation = atan2(t.m12, t.m11)
    translationX = t.m41
    translationY = t.m42
  }

  /// Whether `t` is only a scale and a translation: interpolating its entries then equals
  /// interpolating its components.
  static func isScaleAndTranslation(_ t: Transform3D) -> Bool {
    t.m12 == 0 && t.m13 == 0 && t.m14 == 0 && t.m21 == 0 && t.m23 == 0 && t.m24 == 0
      && t.m31 == 0 && t.m32 == 0 && t.m34 == 0 && t.m44 == 1
  }

  /// Writes the components into Reel's transform components.
  func store(into p: inout LayerProperties) {
    p.scaleX = scaleX
    p.scaleY = scaleY
    p.rotationZ = rotation
    p.translationX = translationX
    p.translationY = translationY
  }

  /// The components of a layer's model values.
  init(_ p: LayerProperties) {
    scaleX = p.scaleX
    scaleY = p.scaleY
    rotation = p.rotationZ
    translationX = p.translationX
    translationY = p.translationY
  }

  /// Turns `rotation` by whole turns to within half a turn of `previous` (the shorter way
  /// round, as Core Animation's interpolation of rotations).
  func unwrapped(after previous: TransformComponents) -> TransformComponents {
    var result = self
    var delta = (rotation - previous.rotation).truncatingRemainder(dividingBy: 2 * .pi)
    if delta > .pi { delta -= 2 * .pi }
    if delta < -.pi { delta += 2 * .pi }
    result.rotation = previous.rotation + delta
    return result
  }
}

extension AnimationSnapshot {
  /// Whether `animation` (or a child) animates `"transform"` through values that a matrix
  /// interpolation would get wrong (rotation), so the layer's transform must be decomposed.
  static func needsDecomposedTransform(_ animation: CAAnimation, model: LayerProperties) -> Bool {
    if let group = animation as? CAAnimationGroup {
      return (group.animations ?? []).contains { needsDecomposedTransform($0, model: model) }
    }
    guard let property = animation as? CAPropertyAnimation,
      property.keyPath == AnimatableProperty<Transform3D>.transform.name
    else { return false }
    let reader = AnimationValueReader(owner: "")
    var values = [model.transform]
    var raw: [Any] = []
    if let basic = property as? CABasicAnimation {
      raw = [basic.fromValue, basic.toValue, basic.byValue].compactMap { $0 }
    } else if let keyframes = property as? CAKeyframeAnimation {
      raw = keyframes.values ?? []
    }
    for value in raw {
      guard let transform = try? reader.transform(value, "") else { return false }
      values.append(transform)
    }
    return !values.allSatisfy(TransformComponents.isScaleAndTranslation)
  }
}

extension AnimationConverter {
  /// A `"transform"` animation as Core Animation interpolates it — decomposed into scale,
  /// rotation (the shorter way round) and translation — as a group of Reel animations on
  /// the layer's transform components, timed as the original (the model transform has been
  /// decomposed into the same components).
  func decomposedTransformAnimation(
    _ animation: CAPropertyAnimation, _ timing: AnimationTiming, _ reader: AnimationValueReader,
    _ owner: String
  ) throws(CompatFailure) -> any Animation {
    func unsupported(_ what: String) -> CompatFailure {
      CompatFailure(
        .invalidVideoComposition,
        "\(owner) animates \"transform\" through rotated matrices \(what), which Reel does not "
          + "run; animate \"transform.rotation.z\", \"transform.scale\" and "
          + "\"transform.translation\" instead")
    }
    func components(_ value: Any, _ role: String) throws(CompatFailure) -> TransformComponents {
      guard let parts = TransformComponents(try reader.transform(value, role)) else {
        throw unsupported("with skew, perspective or 3D rotation")
      }
      return parts
    }
    guard !animation.isAdditive, !animation.isCumulative else {
      throw unsupported("additively or cumulatively")
    }
    let current = TransformComponents(model)
    var keyframes: [TransformComponents]
    var keyTimes: [Double]?
    var mode = CalculationMode.linear
    var timingFunctions: [TimingFunction] = []
    if animation is CASpringAnimation {
      throw unsupported("with a spring")
    } else if let basic = animation as? CABasicAnimation {
      guard basic.byValue == nil else { throw unsupported("with a byValue") }
      let from = try basic.fromValue.map { v throws(CompatFailure) in try components(v, "fromValue")
      }
      let to = try basic.toValue.map { v throws(CompatFailure) in try components(v, "toValue") }
      keyframes = [from ?? current, to ?? current]
    } else if let frames = animation as? CAKeyframeAnimation, frames.path == nil {
      keyframes = []
      for (index, value) in (frames.values ?? []).enumerated() {
        keyframes.append(try components(value, "values[\(index)]"))
      }
      keyTimes = frames.keyTimes?.map(\.doubleValue)
      timingFunctions = (frames.timingFunctions ?? []).map(\.timing)
      switch frames.calculationMode {
      case .linear: mode = .linear
      case .discrete: mode = .discrete
      case .cubic: mode = .cubic
      default: throw unsupported("with calculationMode \"\(frames.calculationMode.rawValue)\"")
      }
    } else {
      throw unsupported("without values")
    }
    for index in keyframes.indices.dropFirst() {
      keyframes[index] = keyframes[index].unwrapped(after: keyframes[index - 1])
    }
    let parts: [(AnimatableProperty<Double>, KeyPath<TransformComponents, Double>)] = [
      (.scaleX, \.scaleX), (.scaleY, \.scaleY), (.rotationZ, \.rotation),
      (.translationX, \.translationX), (.translationY, \.translationY),
    ]
    // The children span the group's pass; the group carries the timing (its timing function
    // eases the pass, as the original's does).
    let children: [any Animation] = parts.map { property, component in
      var child = KeyframeAnimation(
        property, values: keyframes.map { $0[keyPath: component] }, keyTimes: keyTimes,
        calculationMode: mode, timingFunctions: timingFunctions,
        duration: timing.effectiveDuration, fillMode: .both)
      child.timing.timingFunction = .linear
      return child
    }
    var group = AnimationGroup(children, duration: timing.effectiveDuration)
    group.timing = timing
    return group
  }
}
