import ReelCore

/// A typed, animatable property of a layer: a writable key path into ``LayerProperties``
/// and a stable name (Core Animation's key path spelling, used in descriptions and by the
/// JSON template format).
///
/// Use the static members: `.opacity`, `.positionX`, `.rotationZ`, `.strokeEnd`, …
/// Custom properties can be made from any writable key path whose value is
/// ``Interpolatable``:
///
///     let width = AnimatableProperty("bounds.size.width", \.bounds.size.width)
///
/// The key path is stored as `WritableKeyPath & Sendable` (SE-0418): key path literals
/// over value-type stored and computed properties without captured non-Sendable values are
/// Sendable, so the property — and every animation holding one — is a plain Sendable value.
public struct AnimatableProperty<Value: Interpolatable>: Sendable, CustomStringConvertible {
  /// The stable name, e.g. `"transform.rotation.z"`.
  public let name: String
  /// Where the value lives in ``LayerProperties``.
  public let keyPath: WritableKeyPath<LayerProperties, Value> & Sendable

  /// Makes a property from a name and a key path.
  public init(_ name: String, _ keyPath: WritableKeyPath<LayerProperties, Value> & Sendable) {
    self.name = name
    self.keyPath = keyPath
  }

  public var description: String { name }
}

extension AnimatableProperty: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.keyPath == rhs.keyPath }
}

extension AnimatableProperty: Hashable {
  public func hash(into hasher: inout Hasher) { hasher.combine(keyPath) }
}

extension AnimatableProperty where Value == Point {
  /// `position`.
  public static var position: Self { Self("position", \.position) }
  /// `anchorPoint`.
  public static var anchorPoint: Self { Self("anchorPoint", \.anchorPoint) }
  /// `shadowOffset`.
  public static var shadowOffset: Self { Self("shadowOffset", \.shadow.offset) }
  /// `transform.translation` (x and y).
  public static var translation: Self { Self("transform.translation", \.translation) }
}

extension AnimatableProperty where Value == Rect {
  /// `bounds`.
  public static var bounds: Self { Self("bounds", \.bounds) }
}

extension AnimatableProperty where Value == Size {
  /// `bounds.size`.
  public static var size: Self { Self("bounds.size", \.size) }
}

extension AnimatableProperty where Value == Transform3D {
  /// `transform` (the base matrix, interpolated entry by entry).
  public static var transform: Self { Self("transform", \.transform) }
  /// `sublayerTransform`.
  public static var sublayerTransform: Self { Self("sublayerTransform", \.sublayerTransform) }
}

extension AnimatableProperty where Value == Color {
  /// `backgroundColor`.
  public static var backgroundColor: Self { Self("backgroundColor", \.backgroundColor) }
  /// `borderColor`.
  public static var borderColor: Self { Self("borderColor", \.borderColor) }
  /// `shadowColor`.
  public static var shadowColor: Self { Self("shadowColor", \.shadow.color) }
  /// `fillColor` (shape layers).
  public static var fillColor: Self { Self("fillColor", \.fillColor) }
  /// `strokeColor` (shape layers).
  public static var strokeColor: Self { Self("strokeColor", \.strokeColor) }
}

extension AnimatableProperty where Value == Double {
  /// `position.x`.
  public static var positionX: Self { Self("position.x", \.position.x) }
  /// `position.y`.
  public static var positionY: Self { Self("position.y", \.position.y) }
  /// `bounds.size.width`.
  public static var width: Self { Self("bounds.size.width", \.bounds.size.width) }
  /// `bounds.size.height`.
  public static var height: Self { Self("bounds.size.height", \.bounds.size.height) }
  /// `anchorPoint.x`.
  public static var anchorPointX: Self { Self("anchorPoint.x", \.anchorPoint.x) }
  /// `anchorPoint.y`.
  public static var anchorPointY: Self { Self("anchorPoint.y", \.anchorPoint.y) }
  /// `zPosition`.
  public static var zPosition: Self { Self("zPosition", \.zPosition) }
  /// `opacity`.
  public static var opacity: Self { Self("opacity", \.opacity) }
  /// `cornerRadius`.
  public static var cornerRadius: Self { Self("cornerRadius", \.cornerRadius) }
  /// `borderWidth`.
  public static var borderWidth: Self { Self("borderWidth", \.borderWidth) }
  /// `shadowOpacity`.
  public static var shadowOpacity: Self { Self("shadowOpacity", \.shadow.opacity) }
  /// `shadowRadius`.
  public static var shadowRadius: Self { Self("shadowRadius", \.shadow.radius) }
  /// `transform.rotation.x`, radians.
  public static var rotationX: Self { Self("transform.rotation.x", \.rotationX) }
  /// `transform.rotation.y`, radians.
  public static var rotationY: Self { Self("transform.rotation.y", \.rotationY) }
  /// `transform.rotation.z`, radians, positive clockwise on screen.
  public static var rotationZ: Self { Self("transform.rotation.z", \.rotationZ) }
  /// `transform.rotation` (the same as ``rotationZ``).
  public static var rotation: Self { Self("transform.rotation", \.rotationZ) }
  /// `transform.scale` (x, y and z together).
  public static var scale: Self { Self("transform.scale", \.scale) }
  /// `transform.scale.x`.
  public static var scaleX: Self { Self("transform.scale.x", \.scaleX) }
  /// `transform.scale.y`.
  public static var scaleY: Self { Self("transform.scale.y", \.scaleY) }
  /// `transform.scale.z`.
  public static var scaleZ: Self { Self("transform.scale.z", \.scaleZ) }
  /// `transform.translation.x`, pixels.
  public static var translationX: Self { Self("transform.translation.x", \.translationX) }
  /// `transform.translation.y`, pixels.
  public static var translationY: Self { Self("transform.translation.y", \.translationY) }
  /// `transform.translation.z`, pixels.
  public static var translationZ: Self { Self("transform.translation.z", \.translationZ) }
  /// `lineWidth` (shape layers).
  public static var lineWidth: Self { Self("lineWidth", \.lineWidth) }
  /// `strokeStart` (shape layers), fraction of the path length.
  public static var strokeStart: Self { Self("strokeStart", \.strokeStart) }
  /// `strokeEnd` (shape layers), fraction of the path length.
  public static var strokeEnd: Self { Self("strokeEnd", \.strokeEnd) }
  /// `lineDashPhase` (shape layers), pixels into the dash pattern.
  public static var lineDashPhase: Self { Self("lineDashPhase", \.lineDashPhase) }
  /// `miterLimit` (shape layers), in line widths.
  public static var miterLimit: Self { Self("miterLimit", \.miterLimit) }
}
