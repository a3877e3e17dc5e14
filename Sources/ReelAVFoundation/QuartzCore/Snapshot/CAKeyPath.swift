internal import ReelAnimation
internal import ReelCore

/// A Core Animation key path that Reel animates, and the Reel property it becomes.
enum AnimatedKeyPath {
  case number(AnimatableProperty<Double>)
  case point(AnimatableProperty<Point>)
  case size(AnimatableProperty<Size>)
  case rect(AnimatableProperty<Rect>)
  case color(AnimatableProperty<Color>)
  case transform(AnimatableProperty<Transform3D>)
  /// `CGSize` values of a Reel point property (`"transform.translation"`, `"shadowOffset"`).
  case sizeAsPoint(AnimatableProperty<Point>)
  /// `"hidden"`: booleans, only as discrete keyframes.
  case hidden

  /// Every key path Reel animates, as Core Animation spells it.
  static let table: [String: AnimatedKeyPath] = [
    "opacity": .number(.opacity),
    "position": .point(.position),
    "position.x": .number(.positionX),
    "position.y": .number(.positionY),
    "bounds": .rect(.bounds),
    "bounds.size": .size(.size),
    "bounds.size.width": .number(.width),
    "bounds.size.height": .number(.height),
    "bounds.origin": .point(AnimatableProperty("bounds.origin", \.bounds.origin)),
    "bounds.origin.x": .number(AnimatableProperty("bounds.origin.x", \.bounds.origin.x)),
    "bounds.origin.y": .number(AnimatableProperty("bounds.origin.y", \.bounds.origin.y)),
    "anchorPoint": .point(.anchorPoint),
    "anchorPoint.x": .number(.anchorPointX),
    "anchorPoint.y": .number(.anchorPointY),
    "zPosition": .number(.zPosition),
    "transform": .transform(.transform),
    "sublayerTransform": .transform(.sublayerTransform),
    "transform.scale": .number(.scale),
    "transform.scale.x": .number(.scaleX),
    "transform.scale.y": .number(.scaleY),
    "transform.scale.z": .number(.scaleZ),
    "transform.rotation": .number(.rotation),
    "transform.rotation.x": .number(.rotationX),
    "transform.rotation.y": .number(.rotationY),
    "transform.rotation.z": .number(.rotationZ),
    "transform.translation": .sizeAsPoint(.translation),
    "transform.translation.x": .number(.translationX),
    "transform.translation.y": .number(.translationY),
    "transform.translation.z": .number(.translationZ),
    "backgroundColor": .color(.backgroundColor),
    "borderColor": .color(.borderColor),
    "borderWidth": .number(.borderWidth),
    "cornerRadius": .number(.cornerRadius),
    "shadowColor": .color(.shadowColor),
    "shadowOpacity": .number(.shadowOpacity),
    "shadowRadius": .number(.shadowRadius),
    "shadowOffset": .sizeAsPoint(.shadowOffset),
    "hidden": .hidden,
  ]

  /// Whether the key path animates one of the transform's components
  /// (`transform.scale`, `transform.rotation.z`, …), which Core Animation applies to the
  /// decomposed model transform.
  static func isTransformComponent(_ keyPath: String) -> Bool {
    keyPath.hasPrefix("transform.")
  }
}

extension LayerProperties {
  /// `hidden` as a number for discrete keyframes: 1 hidden, 0 shown.
  var hiddenAmount: Double {
    get { isHidden ? 1 : 0 }
    set { isHidden = newValue >= 0.5 }
  }
}

/// Reads Core Animation's `Any` values (`fromValue`, `values`, …) as Reel values.
struct AnimationValueReader {
  /// How messages name the animation ("CALayer "title" (…) animation "opacity"").
  var owner: String

  private func failure(_ value: Any, _ role: String, expected: String) -> CompatFailure {
    CompatFailure(
      .invalidVideoComposition,
      "\(owner): \(role) is a \(type(of: value)), not \(expected); pass \(expected) as Core "
        + "Animation expects for this key path")
  }

  func number(_ value: Any, _ role: String) throws(CompatFailure) -> Double {
    switch value {
    case let v as Double: return v
    case let v as CGFloat: return Double(v)
    case let v as Float: return Double(v)
    case let v as Int: return Double(v)
    case let v as Bool: return v ? 1 : 0
    case let v as NSNumber: return v.doubleValue
    default: throw failure(value, role, expected: "a number")
    }
  }

  func point(_ value: Any, _ role: String) throws(CompatFailure) -> Point {
    if let v = value as? CGPoint { return v.reelPoint }
    if let v = value as? NSValue, Self.encoding(of: v).hasPrefix("{CGPoint") {
      return v.pointValue.reelPoint
    }
    throw failure(value, role, expected: "a CGPoint")
  }

  func size(_ value: Any, _ role: String) throws(CompatFailure) -> Size {
    if let v = value as? CGSize { return v.reelSize }
    if let v = value as? NSValue, Self.encoding(of: v).hasPrefix("{CGSize") {
      return v.sizeValue.reelSize
    }
    throw failure(value, role, expected: "a CGSize")
  }

  func rect(_ value: Any, _ role: String) throws(CompatFailure) -> Rect {
    if let v = value as? CGRect { return v.reelRect }
    if let v = value as? NSValue, Self.encoding(of: v).hasPrefix("{CGRect") {
      return v.rectValue.reelRect
    }
    throw failure(value, role, expected: "a CGRect")
  }

  func color(_ value: Any, _ role: String) throws(CompatFailure) -> Color {
    if let v = value as? CGColor { return v.color }
    throw failure(value, role, expected: "a CGColor (UIColor's .cgColor)")
  }

  func transform(_ value: Any, _ role: String) throws(CompatFailure) -> Transform3D {
    if let v = value as? CATransform3D { return v.transform3D }
    if let v = value as? NSValue, v.holdsCATransform3D { return v.caTransform3DValue.transform3D }
    throw failure(value, role, expected: "a CATransform3D")
  }

  /// The value's type encoding (`{CGPoint=dd}`, …).
  private static func encoding(of value: NSValue) -> String { String(cString: value.objCType) }
}
