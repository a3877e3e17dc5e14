import Foundation
import ReelAnimation
import Testing

@Suite("Flipped geometry (isGeometryFlipped)")
struct GeometryFlippedTests {
  let canvas = Size(width: 100, height: 100)

  /// A 100×100 flipped group at the origin holding `child`.
  func flippedParent(_ child: Layer) -> Layer {
    var parent = Layer.group(frame: Rect(x: 0, y: 0, width: 100, height: 100), sublayers: [child])
    parent.properties.isGeometryFlipped = true
    return parent
  }

  func item(_ list: RenderList, _ part: RenderItem.Part, path: [Int] = [0]) throws -> RenderItem {
    try #require(list.items.first { $0.part == part && $0.layer.path == path })
  }

  @Test(
    "A sublayer's y is measured up from the bottom of a flipped layer; its rectangle is not mirrored"
  )
  func yUp() throws {
    let child = Layer.color(.red, frame: Rect(x: 10, y: 0, width: 40, height: 20))
    let list = flippedParent(child).renderList(atSeconds: 0, renderSize: canvas)
    let background = try item(list, .background)
    #expect(approx(background.project(.zero), Point(x: 10, y: 80)))
    #expect(approx(background.project(Point(x: 40, y: 20)), Point(x: 50, y: 100)))
    #expect(background.affineTransform?.d == 1)
    // Unflipped, the same child sits at the top.
    let plain = Layer.group(frame: Rect(x: 0, y: 0, width: 100, height: 100), sublayers: [child])
    let top = try item(plain.renderList(atSeconds: 0, renderSize: canvas), .background)
    #expect(approx(top.project(.zero), Point(x: 10, y: 0)))
  }

  @Test("Images and text stay upright in a flipped space; gradients follow the geometry")
  func contentsUpright() throws {
    let image = Layer.image(
      solidImage(width: 4, height: 4), frame: Rect(x: 10, y: 0, width: 40, height: 20))
    let imageItem = try item(
      flippedParent(image).renderList(atSeconds: 0, renderSize: canvas), .content)
    #expect(approx(imageItem.project(.zero), Point(x: 10, y: 80)))
    #expect(imageItem.affineTransform?.d == 1)

    let text = Layer.text("Hi", frame: Rect(x: 10, y: 0, width: 40, height: 20))
    let textItem = try item(
      flippedParent(text).renderList(atSeconds: 0, renderSize: canvas), .content)
    #expect(approx(textItem.project(.zero), Point(x: 10, y: 80)))

    let gradient = Layer.gradient(
      Gradient(colors: [.red, .blue]), frame: Rect(x: 10, y: 0, width: 40, height: 20))
    let gradientItem = try item(
      flippedParent(gradient).renderList(atSeconds: 0, renderSize: canvas), .content)
    // The gradient's (0, 0) — its start edge — is at the bottom on screen.
    #expect(approx(gradientItem.project(.zero), Point(x: 10, y: 100)))
    #expect(gradientItem.affineTransform?.d == -1)
  }

  @Test("A positive rotation.z turns counter-clockwise on screen in a flipped space")
  func rotationCounterClockwise() throws {
    var child = Layer.color(.red, frame: Rect(x: 40, y: 40, width: 20, height: 20))
    child.properties.rotationZ = .pi / 2
    let background = try item(
      flippedParent(child).renderList(atSeconds: 0, renderSize: canvas), .background)
    // The point 10 px right of the anchor (50, 50) ends up 10 px above it on screen.
    #expect(approx(background.project(Point(x: 20, y: 10)), Point(x: 50, y: 40)))
    // Unflipped it ends up below (clockwise).
    let plain = Layer.group(frame: Rect(x: 0, y: 0, width: 100, height: 100), sublayers: [child])
    let turned = try item(plain.renderList(atSeconds: 0, renderSize: canvas), .background)
    #expect(approx(turned.project(Point(x: 20, y: 10)), Point(x: 50, y: 60)))
  }

  @Test("A position.y animation moves up on screen in a flipped space")
  func positionYUp() throws {
    let child = Layer.color(.red, frame: Rect(x: 0, y: 0, width: 10, height: 10))
      .adding(BasicAnimation(.positionY, from: 5, to: 55, duration: 1))
    let tree = flippedParent(child)
    let start = try item(tree.renderList(atSeconds: 0, renderSize: canvas), .background)
    let end = try item(tree.renderList(atSeconds: 1, renderSize: canvas), .background)
    #expect(approx(start.project(.zero), Point(x: 0, y: 90)))
    #expect(approx(end.project(.zero), Point(x: 0, y: 40)))
  }

  @Test("Two flips cancel: a flipped layer inside a flipped layer is y-down again")
  func flipsNest() throws {
    var inner = Layer.group(
      frame: Rect(x: 0, y: 0, width: 100, height: 100),
      sublayers: [
        Layer.image(solidImage(width: 2, height: 2), frame: Rect(x: 0, y: 0, width: 10, height: 10))
      ])
    inner.properties.isGeometryFlipped = true
    let list = flippedParent(inner).renderList(atSeconds: 0, renderSize: canvas)
    let content = try item(list, .content, path: [0, 0])
    #expect(approx(content.project(.zero), Point(x: 0, y: 0)))
    #expect(content.affineTransform?.d == 1)
  }

  @Test("A shadow's offset follows the flipped geometry: positive y moves it up on screen")
  func shadowOffset() throws {
    var child = Layer.color(.red, frame: Rect(x: 10, y: 10, width: 20, height: 20))
    child.properties.shadow = Shadow(opacity: 1, offset: Point(x: 0, y: 3), radius: 0)
    let shadow = try item(
      flippedParent(child).renderList(atSeconds: 0, renderSize: canvas), .shadow)
    guard case .shadow(let cast, _) = shadow.drawing else {
      Issue.record("not a shadow")
      return
    }
    // Drawn flipped back (not mirrored), so the offset is mirrored: up on screen.
    #expect(shadow.affineTransform?.d == 1)
    #expect(cast.offset == Point(x: 0, y: -3))
  }

  @Test("A flipped layer's mask is laid out in the flipped space")
  func maskFlipped() throws {
    var parent = Layer.color(.red, frame: Rect(x: 0, y: 0, width: 100, height: 100))
    parent.mask = Layer.color(.white, frame: Rect(x: 0, y: 0, width: 100, height: 30))
    parent.properties.isGeometryFlipped = true
    let list = parent.renderList(atSeconds: 0, renderSize: canvas)
    let masked = try #require(list.items.first { $0.part == .background && $0.layer.path == [] })
    let maskItem = try #require(masked.masks.first?.items.first)
    #expect(approx(maskItem.project(.zero), Point(x: 0, y: 70)))
  }
}
