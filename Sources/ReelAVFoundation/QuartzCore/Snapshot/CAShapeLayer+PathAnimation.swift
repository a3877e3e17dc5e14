internal import ReelAnimation
internal import ReelCore

extension AnimationConverter {
  /// A `path` animation of a shape layer as Reel's `ShapePathAnimation`: the values are
  /// `CGPath`s in the layer's coordinates; a missing `fromValue` or `toValue` is the layer's
  /// own `path` (Core Animation's current value). Paths blend point by point when they have
  /// the same elements; between paths that do not (undefined on Apple) the drawing switches
  /// halfway, with a warning.
  func shapePathAnimation(
    _ animation: CAPropertyAnimation, _ timing: AnimationTiming, _ owner: String
  ) throws(CompatFailure) -> any Animation {
    guard let shapeLayer else {
      throw CompatFailure(
        .invalidVideoComposition,
        "\(owner): only a CAShapeLayer animates \"path\"; animate it on a CAShapeLayer")
    }
    if animation.isAdditive || animation.isCumulative {
      throw CompatFailure(
        .invalidVideoComposition,
        "\(owner) is additive or cumulative: paths cannot be added; animate it without "
          + "isAdditive and isCumulative")
    }
    func path(_ value: Any?, _ role: String) throws(CompatFailure) -> Path? {
      guard let value else { return nil }
      guard let cgPath = value as? CGPath else {
        throw CompatFailure(
          .invalidVideoComposition,
          "\(owner) has \(role) \(type(of: value)); a path animation's values are CGPaths "
            + "(use UIBezierPath's cgPath)")
      }
      return shapeLayer.localPath(cgPath)
    }
    let current = shapeLayer.path.map(shapeLayer.localPath) ?? Path()
    let result: ShapePathAnimation
    if animation is CASpringAnimation {
      throw CompatFailure(
        .invalidVideoComposition,
        "\(owner) is a CASpringAnimation of \"path\", which Reel does not run; use a "
          + "CABasicAnimation or a CAKeyframeAnimation with values")
    } else if let basic = animation as? CABasicAnimation {
      if basic.byValue != nil {
        throw CompatFailure(
          .invalidVideoComposition,
          "\(owner) has a byValue: paths cannot be added; give fromValue and toValue")
      }
      var made = ShapePathAnimation(
        from: try path(basic.fromValue, "fromValue") ?? current,
        to: try path(basic.toValue, "toValue") ?? current)
      made.timing = timing
      result = made
    } else if let keyframes = animation as? CAKeyframeAnimation {
      if keyframes.path != nil {
        throw CompatFailure(
          .invalidVideoComposition,
          "\(owner) has a path to move along, which animates a point, not \"path\"; give "
            + "the outlines as values")
      }
      var values: [Path] = []
      for (index, value) in (keyframes.values ?? []).enumerated() {
        values.append(try path(value, "values[\(index)]") ?? current)
      }
      var made = ShapePathAnimation(
        values: values, keyTimes: keyframes.keyTimes?.map(\.doubleValue),
        calculationMode: try calculationMode(of: keyframes, owner),
        timingFunctions: (keyframes.timingFunctions ?? []).map(\.timing))
      made.timing = timing
      result = made
    } else {
      throw CompatFailure(
        .invalidVideoComposition,
        "\(owner) is a \(type(of: animation)), which has no values to animate; use "
          + "CABasicAnimation or CAKeyframeAnimation")
    }
    let values = result.values
    if zip(values, values.dropFirst()).contains(where: { !$0.hasSameStructure(as: $1) }) {
      CompatWarnings.warnOnce(
        key: "pathMorph|\(owner)",
        "\(owner) goes between paths with different elements, which Core Animation leaves "
          + "undefined: Reel switches from one to the next halfway through each such step")
    }
    return result
  }
}
