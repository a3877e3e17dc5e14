import Foundation
import Reel

/// How a template names an animatable property, and how its values are written.
enum TemplateAnimatedProperty {
  /// A number; `degrees` converts from degrees to radians; `unit` limits values to 0…1.
  case number(AnimatableProperty<Double>, degrees: Bool, unit: Bool)
  case point(AnimatableProperty<Point>)
  case size(AnimatableProperty<Size>)
  case rect(AnimatableProperty<Rect>)
  case color(AnimatableProperty<Color>)
  case transform(AnimatableProperty<Transform3D>)

  /// Every property name a template may animate, in documentation order: what it animates
  /// and, for values that become pixels, their range (``PixelLimits``).
  static let table: [(name: String, property: TemplateAnimatedProperty, pixelRange: PixelRange?)] =
    [
      ("opacity", .number(.opacity, degrees: false, unit: true), nil),
      ("position", .point(.position), PixelLimits.coordinate),
      ("position.x", .number(.positionX, degrees: false, unit: false), PixelLimits.coordinate),
      ("position.y", .number(.positionY, degrees: false, unit: false), PixelLimits.coordinate),
      ("size", .size(.size), PixelLimits.layerSide),
      ("size.width", .number(.width, degrees: false, unit: false), PixelLimits.layerSide),
      ("size.height", .number(.height, degrees: false, unit: false), PixelLimits.layerSide),
      ("bounds", .rect(.bounds), nil),
      ("anchor", .point(.anchorPoint), PixelLimits.unitPoint),
      ("zPosition", .number(.zPosition, degrees: false, unit: false), PixelLimits.coordinate),
      ("rotation", .number(.rotationZ, degrees: true, unit: false), nil),
      ("rotation.x", .number(.rotationX, degrees: true, unit: false), nil),
      ("rotation.y", .number(.rotationY, degrees: true, unit: false), nil),
      ("rotation.z", .number(.rotationZ, degrees: true, unit: false), nil),
      ("scale", .number(.scale, degrees: false, unit: false), PixelLimits.scale),
      ("scale.x", .number(.scaleX, degrees: false, unit: false), PixelLimits.scale),
      ("scale.y", .number(.scaleY, degrees: false, unit: false), PixelLimits.scale),
      ("translation", .point(.translation), PixelLimits.coordinate),
      (
        "translation.x", .number(.translationX, degrees: false, unit: false), PixelLimits.coordinate
      ),
      (
        "translation.y", .number(.translationY, degrees: false, unit: false), PixelLimits.coordinate
      ),
      ("backgroundColor", .color(.backgroundColor), nil),
      ("borderColor", .color(.borderColor), nil),
      ("borderWidth", .number(.borderWidth, degrees: false, unit: false), PixelLimits.lineWidth),
      ("cornerRadius", .number(.cornerRadius, degrees: false, unit: false), PixelLimits.radius),
      ("shadowColor", .color(.shadowColor), nil),
      ("shadowOpacity", .number(.shadowOpacity, degrees: false, unit: true), nil),
      ("shadowRadius", .number(.shadowRadius, degrees: false, unit: false), PixelLimits.blurRadius),
      ("shadowOffset", .point(.shadowOffset), PixelLimits.coordinate),
      ("fillColor", .color(.fillColor), nil),
      ("strokeColor", .color(.strokeColor), nil),
      ("lineWidth", .number(.lineWidth, degrees: false, unit: false), PixelLimits.lineWidth),
      ("strokeStart", .number(.strokeStart, degrees: false, unit: true), nil),
      ("strokeEnd", .number(.strokeEnd, degrees: false, unit: true), nil),
      ("dashPhase", .number(.lineDashPhase, degrees: false, unit: false), PixelLimits.coordinate),
      ("miterLimit", .number(.miterLimit, degrees: false, unit: false), PixelLimits.miterLimit),
      ("transform", .transform(.transform), PixelLimits.matrixEntry),
    ]

  /// Every property name a template may animate, in documentation order.
  static let names: [String] = table.map(\.name)

  init?(name: String) {
    guard let entry = Self.table.first(where: { $0.name == name }) else { return nil }
    self = entry.property
  }
}

extension TemplateAnimatedProperty {
  /// The range of the animation values of a property named `name` that become pixels (from
  /// ``PixelLimits``), nil for the others (opacities, angles, colours).
  static func pixelRange(of name: String) -> PixelRange? {
    table.first { $0.name == name }?.pixelRange
  }
}
