import Foundation
import ReelProject

/// Where each layer is on the picture at a time: the box around everything the layer draws
/// (after its and its ancestors' transforms), in movie pixels, y down. Ids are
/// ``TemplateOutline/layerID(path:)`` of the layer's place in the tree, as the timeline's.
enum LayerFrames {
  /// A layer's box.
  struct Box: Sendable, Hashable {
    var id: String
    var x: Double
    var y: Double
    var width: Double
    var height: Double
  }

  /// The boxes of the layers that draw something at `time`, in drawing order.
  static func boxes(of tree: LayerTree, at time: Time) -> [Box] {
    var order: [[Int]] = []
    var bounds: [[Int]: (minX: Double, minY: Double, maxX: Double, maxY: Double)] = [:]
    for item in tree.renderList(at: time).items {
      let path = item.layer.path
      // The root group and mask layers are not layers of the template.
      guard !path.isEmpty, !path.contains(where: { $0 < 0 }),
        let size = localSize(of: item.drawing)
      else { continue }
      let corners = [
        Point(x: 0, y: 0), Point(x: size.width, y: 0), Point(x: 0, y: size.height),
        Point(x: size.width, y: size.height),
      ].compactMap { item.project($0) }
      guard !corners.isEmpty else { continue }
      var box =
        bounds[path] ?? (.infinity, .infinity, -Double.infinity, -Double.infinity)
      for corner in corners where corner.x.isFinite && corner.y.isFinite {
        box.minX = min(box.minX, corner.x)
        box.minY = min(box.minY, corner.y)
        box.maxX = max(box.maxX, corner.x)
        box.maxY = max(box.maxY, corner.y)
      }
      guard box.minX <= box.maxX, box.minY <= box.maxY else { continue }
      if bounds[path] == nil { order.append(path) }
      bounds[path] = box
    }
    return order.compactMap { path in
      guard let box = bounds[path] else { return nil }
      return Box(
        id: TemplateOutline.layerID(path: path), x: box.minX, y: box.minY,
        width: box.maxX - box.minX, height: box.maxY - box.minY)
    }
  }

  /// The rectangle a drawing covers in its layer's pixels (from the origin), when it has one.
  private static func localSize(of drawing: Drawing) -> Size? {
    switch drawing {
    case .fill(let size, _, _), .border(let size, _, _, _), .text(_, _, let size),
      .gradient(_, let size), .video(_, let size, _):
      return size
    case .image(let image): return image.size
    case .shape(let shape): return shape.size
    case .kind(let drawing): return drawing.base.coveredSize
    case .shadow, .particles: return nil
    }
  }
}
