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

  /// Every property name a template may animate, in documentation order.
  static let names: [String] = [
    "opacity", "position", "position.x", "position.y", "size", "size.width", "size.height",
    "bounds", "anchor", "zPosition", "rotation", "rotation.x", "rotation.y", "rotation.z",
    "scale", "scale.x", "scale.y", "translation", "translation.x", "translation.y",
    "backgroundColor", "borderColor", "borderWidth", "cornerRadius", "shadowColor",
    "shadowOpacity", "shadowRadius", "shadowOffset", "fillColor", "strokeColor", "lineWidth",
    "strokeStart", "strokeEnd", "transform",
  ]

  init?(name: String) {
    switch name {
    case "opacity": self = .number(.opacity, degrees: false, unit: true)
    case "position": self = .point(.position)
    case "position.x": self = .number(.positionX, degrees: false, unit: false)
    case "position.y": self = .number(.positionY, degrees: false, unit: false)
    case "size": self = .size(.size)
    case "size.width": self = .number(.width, degrees: false, unit: false)
    case "size.height": self = .number(.height, degrees: false, unit: false)
    case "bounds": self = .rect(.bounds)
    case "anchor": self = .point(.anchorPoint)
    case "zPosition": self = .number(.zPosition, degrees: false, unit: false)
    case "rotation", "rotation.z": self = .number(.rotationZ, degrees: true, unit: false)
    case "rotation.x": self = .number(.rotationX, degrees: true, unit: false)
    case "rotation.y": self = .number(.rotationY, degrees: true, unit: false)
    case "scale": self = .number(.scale, degrees: false, unit: false)
    case "scale.x": self = .number(.scaleX, degrees: false, unit: false)
    case "scale.y": self = .number(.scaleY, degrees: false, unit: false)
    case "translation": self = .point(.translation)
    case "translation.x": self = .number(.translationX, degrees: false, unit: false)
    case "translation.y": self = .number(.translationY, degrees: false, unit: false)
    case "backgroundColor": self = .color(.backgroundColor)
    case "borderColor": self = .color(.borderColor)
    case "borderWidth": self = .number(.borderWidth, degrees: false, unit: false)
    case "cornerRadius": self = .number(.cornerRadius, degrees: false, unit: false)
    case "shadowColor": self = .color(.shadowColor)
    case "shadowOpacity": self = .number(.shadowOpacity, degrees: false, unit: true)
    case "shadowRadius": self = .number(.shadowRadius, degrees: false, unit: false)
    case "shadowOffset": self = .point(.shadowOffset)
    case "fillColor": self = .color(.fillColor)
    case "strokeColor": self = .color(.strokeColor)
    case "lineWidth": self = .number(.lineWidth, degrees: false, unit: false)
    case "strokeStart": self = .number(.strokeStart, degrees: false, unit: true)
    case "strokeEnd": self = .number(.strokeEnd, degrees: false, unit: true)
    case "transform": self = .transform(.transform)
    default: return nil
    }
  }
}

extension TemplateAnimatedProperty {
  /// The range of the animation values of a property named `name` that become pixels (from
  /// ``PixelLimits``), nil for the others (opacities, angles, colours).
  static func pixelRange(of name: String) -> PixelRange? {
    switch name {
    case "position", "position.x", "position.y", "translation", "translation.x",
      "translation.y", "shadowOffset", "zPosition":
      return PixelLimits.coordinate
    case "size", "size.width", "size.height": return PixelLimits.layerSide
    case "anchor": return PixelLimits.unitPoint
    case "scale", "scale.x", "scale.y": return PixelLimits.scale
    case "borderWidth", "lineWidth": return PixelLimits.lineWidth
    case "cornerRadius": return PixelLimits.radius
    case "shadowRadius": return PixelLimits.blurRadius
    case "transform": return PixelLimits.matrixEntry
    default: return nil
    }
  }
}
