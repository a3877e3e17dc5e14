import Foundation
import ReelAnimation
import Testing

@Suite("Layer geometry and render lists")
struct LayerTreeTests {
  let canvas = Size(width: 640, height: 360)

  @Test("frame = position − anchor · size")
  func frameFromGeometry() {
    var p = LayerProperties(
      bounds: Rect(x: 0, y: 0, width: 100, height: 50), position: Point(x: 200, y: 100))
    #expect(p.frame == Rect(x: 150, y: 75, width: 100, height: 50))
    p.anchorPoint = .zero
    #expect(p.frame == Rect(x: 200, y: 100, width: 100, height: 50))
    var set = LayerProperties()
    set.frame = Rect(x: 10, y: 20, width: 30, height: 40)
    #expect(set.position == Point(x: 25, y: 40))
    #expect(set.bounds.size == Size(width: 30, height: 40))
  }

  @Test("The item transform maps local (0, 0) to the frame's top-left")
  func itemTransformMatchesFrame() throws {
    let layer = Layer.color(.red, name: "box", frame: Rect(x: 150, y: 75, width: 100, height: 50))
    let list = layer.renderList(atSeconds: 0, renderSize: canvas)
    let item = try #require(list.items.first)
    #expect(item.part == .background)
    #expect(item.project(.zero) == Point(x: 150, y: 75))
    #expect(item.project(Point(x: 100, y: 50)) == Point(x: 250, y: 125))
    #expect(item.isAffine)
    #expect(item.affineTransform == Transform2D(translationX: 150, y: 75))
    #expect(
      list.dump() == ["[] box background fill 100×50 #FF0000 r=0 opacity=1 T=translate(150, 75)"])
  }

  @Test("Rotating 90° a 100×50 layer at (200, 100) turns it about the anchor point, clockwise")
  func rotateAboutAnchor() throws {
    var layer = Layer.color(.red, frame: Rect(x: 150, y: 75, width: 100, height: 50))
    layer.properties.rotationZ = .pi / 2
    let item = try #require(layer.renderList(atSeconds: 0, renderSize: canvas).items.first)
    // Corner relative to the anchor (dx, dy) lands at (200 − dy, 100 + dx).
    #expect(approx(item.project(Point(x: 0, y: 0)), Point(x: 225, y: 50)))
    #expect(approx(item.project(Point(x: 100, y: 0)), Point(x: 225, y: 150)))
    #expect(approx(item.project(Point(x: 100, y: 50)), Point(x: 175, y: 150)))
    #expect(approx(item.project(Point(x: 0, y: 50)), Point(x: 175, y: 50)))
    #expect(approx(layer.frame.width, 50) && approx(layer.frame.height, 100))
  }

  @Test("Tilt: rotation.y 30° with m34 = −1/1000 projects corners as computed by hand")
  func tilt() throws {
    var layer = Layer.color(.red, frame: Rect(x: 220, y: 130, width: 200, height: 100))
    layer.properties.transform = .perspective(distance: 1000)
    layer = layer.adding(BasicAnimation(.rotationY, from: 0, to: .pi / 3, duration: 2))
    let item = try #require(layer.renderList(atSeconds: 1, renderSize: canvas).items.first)
    #expect(!item.isAffine)
    let angle = Double.pi / 6
    for corner in [
      Point(x: 0, y: 0), Point(x: 200, y: 0), Point(x: 200, y: 100), Point(x: 0, y: 100),
    ] {
      let dx = corner.x - 100
      let dy = corner.y - 50
      // Rotation about y: x' = dx cos θ, z' = −dx sin θ; perspective: w = 1 − z'/1000.
      let w = 1 + dx * sin(angle) / 1000
      let expected = Point(x: 320 + dx * cos(angle) / w, y: 180 + dy / w)
      #expect(approx(item.project(corner), expected, 1e-9), "corner \(corner)")
    }
  }

  @Test("Sublayer transform applies to children only, about the parent's anchor")
  func sublayerTransform() throws {
    var parent = Layer.color(
      .blue, name: "parent", frame: Rect(x: 0, y: 0, width: 200, height: 200))
    parent.properties.sublayerTransform = Transform3D(scaleX: 2, y: 2, z: 1)
    parent.sublayers = [
      Layer.color(.red, name: "child", frame: Rect(x: 100, y: 100, width: 10, height: 10))
    ]
    let list = parent.renderList(atSeconds: 0, renderSize: canvas)
    let own = try #require(list.items(named: "parent").first)
    #expect(own.project(Point(x: 200, y: 200)) == Point(x: 200, y: 200))
    let child = try #require(list.items(named: "child").first)
    #expect(child.project(.zero) == Point(x: 100, y: 100))
    #expect(child.project(Point(x: 10, y: 10)) == Point(x: 120, y: 120))
  }

  @Test("Sublayer perspective makes zPosition scale children")
  func sublayerPerspective() throws {
    var parent = Layer.group(frame: Rect(x: 0, y: 0, width: 200, height: 200))
    parent.properties.sublayerTransform = .perspective(distance: 500)
    var child = Layer.color(.red, name: "child", frame: Rect(x: 50, y: 50, width: 100, height: 100))
    child.properties.zPosition = -500
    parent.sublayers = [child]
    let item = try #require(
      parent.renderList(atSeconds: 0, renderSize: canvas).items(named: "child").first)
    // z = −500 → w = 2: the child shrinks to half about the parent's centre (100, 100).
    #expect(approx(item.project(.zero), Point(x: 75, y: 75)))
    #expect(approx(item.project(Point(x: 100, y: 100)), Point(x: 125, y: 125)))
  }

  @Test("Bounds origin shifts the sublayers' coordinate space")
  func boundsOrigin() throws {
    var parent = Layer.group(frame: Rect(x: 100, y: 100, width: 200, height: 200))
    parent.properties.bounds.origin = Point(x: 50, y: 0)
    parent.sublayers = [
      Layer.color(.red, name: "child", frame: Rect(x: 50, y: 0, width: 10, height: 10))
    ]
    let item = try #require(
      parent.renderList(atSeconds: 0, renderSize: canvas).items(named: "child").first)
    #expect(item.project(.zero) == Point(x: 100, y: 100))
  }

  @Test("Opacity multiplies down the tree; hidden removes the subtree")
  func opacityAndHidden() throws {
    var parent = Layer.color(
      .blue, name: "parent", frame: Rect(x: 0, y: 0, width: 100, height: 100))
    parent.properties.opacity = 0.5
    var child = Layer.color(.red, name: "child", frame: Rect(x: 0, y: 0, width: 10, height: 10))
    child.properties.opacity = 0.4
    child.sublayers = [
      Layer.color(.green, name: "grandchild", frame: Rect(x: 0, y: 0, width: 5, height: 5))
    ]
    parent.sublayers = [child]
    let list = parent.renderList(atSeconds: 0, renderSize: canvas)
    #expect(approx(try #require(list.items(named: "child").first).opacity, 0.2))
    #expect(approx(try #require(list.items(named: "grandchild").first).opacity, 0.2))
    parent.sublayers[0].properties.isHidden = true
    let hidden = parent.renderList(atSeconds: 0, renderSize: canvas)
    #expect(hidden.items.map(\.layer.name) == ["parent"])
  }

  @Test("Siblings draw by zPosition, ties in array order")
  func zOrder() {
    var root = Layer.group(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let names = ["a", "b", "c", "d"]
    let depths = [0.0, 1, -1, 0]
    root.sublayers = zip(names, depths).map { name, z in
      var layer = Layer.color(.red, name: name, frame: Rect(x: 0, y: 0, width: 10, height: 10))
      layer.properties.zPosition = z
      return layer
    }
    let order = root.renderList(atSeconds: 0, renderSize: canvas).items.compactMap(\.layer.name)
    #expect(order == ["c", "a", "d", "b"])
    let paths = root.renderList(atSeconds: 0, renderSize: canvas).items.map(\.layer.path)
    #expect(paths == [[2], [0], [3], [1]])
  }

  @Test("Draw order within a layer: shadow, background, content, sublayers, border")
  func partOrder() {
    var layer = Layer.gradient(
      Gradient(colors: [.red, .blue]), name: "l", frame: Rect(x: 0, y: 0, width: 100, height: 100))
    layer.properties.backgroundColor = .white
    layer.properties.borderWidth = 4
    layer.properties.shadow = Shadow(
      color: .black, opacity: 0.5, offset: Point(x: 0, y: 3), radius: 3)
    layer.sublayers = [
      Layer.color(.red, name: "child", frame: Rect(x: 0, y: 0, width: 10, height: 10))
    ]
    let items = layer.renderList(atSeconds: 0, renderSize: canvas).items
    #expect(items.map(\.part) == [.shadow, .background, .content, .background, .border])
    #expect(items.map(\.layer.name) == ["l", "l", "l", "child", "l"])
    guard case .shadow(_, let casters) = items[0].drawing else {
      Issue.record("not a shadow")
      return
    }
    #expect(casters.map(\.kindName) == ["fill", "gradient", "border"])
  }

  @Test("A shadow colour without opacity draws no shadow")
  func shadowNeedsOpacity() {
    var layer = Layer.color(.white, frame: Rect(x: 0, y: 0, width: 100, height: 100))
    layer.properties.shadow.color = .red
    #expect(layer.renderList(atSeconds: 0, renderSize: canvas).items.map(\.part) == [.background])
    layer.properties.shadow.opacity = 0.8
    #expect(
      layer.renderList(atSeconds: 0, renderSize: canvas).items.map(\.part) == [
        .shadow, .background,
      ])
  }

  @Test("Gravity: a 200×100 image in a 100×100 layer")
  func gravity() throws {
    let image = solidImage(width: 200, height: 100)
    func destination(_ gravity: ContentsGravity) throws -> Rect {
      let layer = Layer.image(
        image, frame: Rect(x: 0, y: 0, width: 100, height: 100), gravity: gravity)
      let item = try #require(layer.renderList(atSeconds: 0, renderSize: canvas).items.first)
      guard case .image(let drawing) = item.drawing else { throw CancellationError() }
      return drawing.destination
    }
    #expect(try destination(.resizeAspect) == Rect(x: 0, y: 25, width: 100, height: 50))
    #expect(try destination(.resizeAspectFill) == Rect(x: -50, y: 0, width: 200, height: 100))
    #expect(try destination(.resize) == Rect(x: 0, y: 0, width: 100, height: 100))
    #expect(try destination(.center) == Rect(x: -50, y: 0, width: 200, height: 100))
    #expect(try destination(.topLeft) == Rect(x: 0, y: 0, width: 200, height: 100))
    #expect(try destination(.bottomRight) == Rect(x: -100, y: 0, width: 200, height: 100))
    let small = Size(width: 20, height: 10)
    let box = Size(width: 100, height: 100)
    #expect(
      ContentsGravity.top.placement(of: small, in: box) == Rect(x: 40, y: 0, width: 20, height: 10))
    #expect(
      ContentsGravity.bottom.placement(of: small, in: box)
        == Rect(x: 40, y: 90, width: 20, height: 10))
    #expect(
      ContentsGravity.left.placement(of: small, in: box) == Rect(x: 0, y: 45, width: 20, height: 10)
    )
    #expect(
      ContentsGravity.right.placement(of: small, in: box)
        == Rect(x: 80, y: 45, width: 20, height: 10))
    #expect(
      ContentsGravity.topRight.placement(of: small, in: box)
        == Rect(x: 80, y: 0, width: 20, height: 10))
    #expect(
      ContentsGravity.bottomLeft.placement(of: small, in: box)
        == Rect(x: 0, y: 90, width: 20, height: 10))
  }

  @Test("Fill overflows unless masksToBounds, which clips content and sublayers")
  func masksToBounds() throws {
    var layer = Layer.image(
      solidImage(width: 200, height: 100), name: "photo",
      frame: Rect(x: 10, y: 10, width: 100, height: 100),
      gravity: .resizeAspectFill)
    layer.sublayers = [
      Layer.color(.red, name: "child", frame: Rect(x: 90, y: 90, width: 50, height: 50))
    ]
    let open = layer.renderList(atSeconds: 0, renderSize: canvas)
    #expect(open.items.allSatisfy { $0.clips.isEmpty })
    layer.properties.masksToBounds = true
    layer.properties.cornerRadius = 12
    let clipped = layer.renderList(atSeconds: 0, renderSize: canvas)
    for item in clipped.items {
      let clip = try #require(item.clips.first)
      #expect(clip.layer.name == "photo")
      #expect(clip.rect == Rect(x: 0, y: 0, width: 100, height: 100))
      #expect(clip.cornerRadius == 12)
      #expect(clip.transform.project(.zero) == Point(x: 10, y: 10))
    }
    #expect(clipped.items.count == 2)
  }

  @Test("A mask layer's render list masks the layer and its subtree, in its coordinates")
  func mask() throws {
    var layer = Layer.color(
      .red, name: "masked", frame: Rect(x: 100, y: 50, width: 200, height: 100))
    layer.sublayers = [
      Layer.color(.blue, name: "child", frame: Rect(x: 0, y: 0, width: 20, height: 20))
    ]
    var maskLayer = Layer.shape(
      Path(ellipseIn: Rect(x: 0, y: 0, width: 50, height: 50)), name: "mask",
      frame: Rect(x: 10, y: 20, width: 50, height: 50))
    maskLayer.properties.opacity = 0.5
    layer.mask = maskLayer
    let items = layer.renderList(atSeconds: 0, renderSize: canvas).items
    #expect(items.count == 2)
    for item in items {
      let mask = try #require(item.masks.first)
      #expect(mask.layer.name == "masked")
      let maskItem = try #require(mask.items.first)
      #expect(maskItem.layer.path == [-1])
      #expect(maskItem.project(.zero) == Point(x: 110, y: 70))
      #expect(maskItem.opacity == 0.5)
    }
  }

  @Test("strokeEnd flows into the shape item; stroke colour needs width and extent")
  func strokeEnd() throws {
    var line = Path()
    line.move(to: Point(x: 0, y: 0))
    line.addLine(to: Point(x: 100, y: 0))
    let layer = Layer.shape(
      line, frame: Rect(x: 0, y: 0, width: 100, height: 10), fillColor: nil, strokeColor: .white,
      lineWidth: 4
    ).adding(BasicAnimation(.strokeEnd, from: 0, to: 1, duration: 2))
    let item = try #require(layer.renderList(atSeconds: 1, renderSize: canvas).items.first)
    guard case .shape(let shape) = item.drawing else { throw CancellationError() }
    #expect(shape.strokeEnd == 0.5)
    #expect(shape.strokeStart == 0)
    #expect(shape.fillColor == nil)
    #expect(shape.strokeColor == .white)
    #expect(shape.strokeStyle.width == 4)
    // At time 0 nothing is stroked and nothing is filled: no item.
    #expect(layer.renderList(atSeconds: 0, renderSize: canvas).items.isEmpty)
  }

  @Test("Content keys change with the raster, not with position, opacity or transform")
  func contentKeys() throws {
    var line = Path()
    line.move(to: Point(x: 0, y: 0))
    line.addLine(to: Point(x: 100, y: 0))
    let base = Layer.shape(
      line, frame: Rect(x: 0, y: 0, width: 100, height: 10), fillColor: nil, strokeColor: .white)
    func item(_ layer: Layer) throws -> RenderItem {
      try #require(layer.renderList(atSeconds: 0, renderSize: canvas).items.first)
    }
    let reference = try item(base)
    let moved = try item(
      base.with {
        $0.position.x += 30
        $0.opacity = 0.5
        $0.rotationZ = 1
      })
    #expect(moved.drawing == reference.drawing)
    #expect(moved.contentKey == reference.contentKey)
    #expect(moved.transform != reference.transform)
    let shorter = try item(base.with { $0.strokeEnd = 0.5 })
    #expect(shorter.drawing != reference.drawing)
    let resized = try item(base.with { $0.bounds.size.width = 120 })
    #expect(resized.drawing != reference.drawing)
  }

  @Test("Video content fills the bounds, stretched by default")
  func video() throws {
    let layer = Layer.video(frame: Rect(x: 20, y: 20, width: 600, height: 320))
    let item = try #require(layer.renderList(atSeconds: 0, renderSize: canvas).items.first)
    #expect(
      item.drawing
        == .video(sourceID: "main", size: Size(width: 600, height: 320), gravity: .resize))
    let fit = ContentsGravity.resizeAspect.placement(
      of: Size(width: 1920, height: 1080), in: Size(width: 600, height: 320))
    #expect(approx(fit.width, 568.888888, 1e-5) && fit.height == 320)
  }

  @Test("Animated images follow the composition time and loop")
  func imageSequence() throws {
    let frames = (0..<3).map {
      ImageSequence.Frame(image: solidImage(width: 4 + $0, height: 4), duration: 0.1)
    }
    let looping = ImageSequence(frames: frames)
    #expect(looping.frameIndex(at: 0.05) == 0)
    #expect(looping.frameIndex(at: 0.25) == 2)
    #expect(looping.frameIndex(at: 0.35) == 0)
    let once = ImageSequence(frames: frames, loopCount: 1, startTime: 1)
    #expect(once.frameIndex(at: 0.5) == 0)
    #expect(once.frameIndex(at: 1.15) == 1)
    #expect(once.frameIndex(at: 5) == 2)
    let layer = Layer.imageSequence(looping, frame: Rect(x: 0, y: 0, width: 10, height: 10))
    let item = try #require(layer.renderList(atSeconds: 0.15, renderSize: canvas).items.first)
    guard case .image(let drawing) = item.drawing else { throw CancellationError() }
    #expect(drawing.frameIndex == 1)
    #expect(drawing.image.width == 5)
  }

  @Test("Evaluating is pure: the tree is unchanged and gives the same list twice")
  func purity() {
    let layer = Layer.color(.red, frame: Rect(x: 0, y: 0, width: 10, height: 10))
      .adding(BasicAnimation(.positionX, from: 0, to: 100, duration: 1))
    let first = layer.renderList(atSeconds: 0.5, renderSize: canvas).dump()
    _ = layer.renderList(atSeconds: 0.9, renderSize: canvas)
    #expect(layer.renderList(atSeconds: 0.5, renderSize: canvas).dump() == first)
    #expect(layer.properties.position.x == 5)
  }
}
