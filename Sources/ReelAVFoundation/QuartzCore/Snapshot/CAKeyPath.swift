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

  /// Every key path Reel animates, as Core Animation spells it: Reel's animatable
  /// properties carry Core Animation's key paths as their names.
  static let table: [String: AnimatedKeyPath] = Dictionary(
    uniqueKeysWithValues: all.map { ($0.name, $0) })

  private static let all: [AnimatedKeyPath] = [
    .number(.opacity), .point(.position), .number(.positionX), .number(.positionY),
    .rect(.bounds), .size(.size), .number(.width), .number(.height),
    .point(AnimatableProperty("bounds.origin", \.bounds.origin)),
    .number(AnimatableProperty("bounds.origin.x", \.bounds.origin.x)),
    .number(AnimatableProperty("bounds.origin.y", \.bounds.origin.y)),
    .point(.anchorPoint), .number(.anchorPointX), .number(.anchorPointY), .number(.zPosition),
    .transform(.transform), .transform(.sublayerTransform),
    .number(.scale), .number(.scaleX), .number(.scaleY), .number(.scaleZ),
    .number(.rotation), .number(.rotationX), .number(.rotationY), .number(.rotationZ),
    .sizeAsPoint(.translation), .number(.translationX), .number(.translationY),
    .number(.translationZ),
    .color(.backgroundColor), .color(.borderColor), .number(.borderWidth),
    .number(.cornerRadius), .color(.shadowColor), .number(.shadowOpacity),
    .number(.shadowRadius), .sizeAsPoint(.shadowOffset), .hidden,
    .color(.fillColor), .color(.strokeColor), .number(.lineWidth), .number(.strokeStart),
    .number(.strokeEnd), .number(.lineDashPhase), .number(.miterLimit),
  ]

  /// `hidden` as a number for discrete keyframes (1 hidden, 0 shown).
  static let hiddenProperty = AnimatableProperty("hidden", \.hiddenAmount)

  /// The key path, as Core Animation spells it.
  var name: String {
    switch self {
    case .number(let p): p.name
    case .point(let p): p.name
    case .size(let p): p.name
    case .rect(let p): p.name
    case .color(let p): p.name
    case .transform(let p): p.name
    case .sizeAsPoint(let p): p.name
    case .hidden: Self.hiddenProperty.name
    }
  }

  /// Whether the key path animates one of the transform's components
  /// (`transform.scale`, `transform.rotation.z`, …), which Core Animation applies to the
  /// decomposed model transform.
  static func isTransformComponent(_ keyPath: String) -> Bool {
    keyPath.hasPrefix(AnimatableProperty<Transform3D>.transform.name + ".")
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
