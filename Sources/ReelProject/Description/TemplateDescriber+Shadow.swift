import Foundation
import Reel

// Shadows (of layers and of text).
extension TemplateDescriber {
  func decodeShadow(_ node: TemplateJSON, _ path: String) -> Shadow? {
    guard let reader = object(node, path, .shadow) else {
      return nil
    }
    var shadow = Shadow()
    if let color = reader.get(.color, color) { shadow.color = color }
    shadow.opacity = numberOrDefault(reader, .opacity)
    if let offset = point(reader, .offset) { shadow.offset = offset }
    if let radius = number(reader, .radius) { shadow.radius = radius }
    return shadow
  }

}
