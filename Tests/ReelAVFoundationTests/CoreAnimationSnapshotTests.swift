import AVFoundationCompat
import Reel
import Testing

@testable import ReelAVFoundation

/// The semantics that must match Apple (issue 12), drawn through Reel's renderer.
@Suite("Core Animation tool: the snapshot's space and contents")
struct CoreAnimationSnapshotTests {
  typealias S = CATestSupport
  let size = CGSize(width: 200, height: 200)

  func redBox(_ frame: CGRect, name: String = "box") -> CALayer {
    let layer = CALayer()
    layer.frame = frame
    layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    layer.name = name
    return layer
  }

  @Test("The tool's parent space is y-up: y = 0 is the bottom of the picture")
  func yUp() throws {
    let tool = S.tool(size: size, sublayers: [redBox(CGRect(x: 0, y: 0, width: 200, height: 20))])
    let image = try S.render(tool, size: size, at: 0)
    #expect(image[x: 100, y: 195] == S.red)
    #expect(image[x: 100, y: 5].alpha == 0)
  }

  @Test("isGeometryFlipped on the parent layer makes it y-down, as UIKit")
  func flippedRoot() throws {
    let tool = S.tool(
      size: size, sublayers: [redBox(CGRect(x: 0, y: 0, width: 200, height: 20))],
      configure: { $0.isGeometryFlipped = true })
    let image = try S.render(tool, size: size, at: 0)
    #expect(image[x: 100, y: 5] == S.red)
    #expect(image[x: 100, y: 195].alpha == 0)
  }

  @Test("Images stay upright in y-up and flipped spaces alike")
  func imagesUpright() throws {
    for flipped in [false, true] {
      let layer = CALayer()
      layer.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
      layer.contents = S.cgImage(S.halves(width: 20, height: 20, top: S.green, bottom: S.blue))
      let tool = S.tool(
        size: size, sublayers: [layer], configure: { $0.isGeometryFlipped = flipped })
      let image = try S.render(tool, size: size, at: 0)
      #expect(image[x: 100, y: 20] == S.green, "flipped: \(flipped)")
      #expect(image[x: 100, y: 180] == S.blue, "flipped: \(flipped)")
    }
  }

  @Test("contentsGravity top is the maximum y: the top on screen in y-up, the bottom when flipped")
  func gravityTop() throws {
    for flipped in [false, true] {
      let layer = CALayer()
      layer.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
      layer.contents = S.cgImage(S.solid(width: 20, height: 20, S.green))
      layer.contentsGravity = .top
      let tool = S.tool(
        size: size, sublayers: [layer], configure: { $0.isGeometryFlipped = flipped })
      let image = try S.render(tool, size: size, at: 0)
      let box = try #require(S.inkBox(image) { $0 == S.green })
      #expect(box.minX == 90 && box.maxX == 109)
      #expect(flipped ? box.maxY == 199 : box.minY == 0, "flipped: \(flipped)")
    }
  }

  @Test("Text stays upright with its first line at the top, its ink inside the layer's frame")
  func textUpright() throws {
    for flipped in [false, true] {
      let text = CATextLayer()
      text.string = "T"
      text.font = S.font(size: 100)
      text.fontSize = 100
      text.foregroundColor = CGColor(gray: 1, alpha: 1)
      text.frame = CGRect(x: 20, y: 20, width: 160, height: 120)
      let tool = S.tool(
        size: size, sublayers: [text], configure: { $0.isGeometryFlipped = flipped })
      let image = try S.render(tool, size: size, at: 0)
      let box = try #require(S.inkBox(image, isInk: S.isBright))
      // On screen the frame covers y 60…180 in y-up space, 20…140 flipped.
      let (top, bottom) = flipped ? (20, 140) : (60, 180)
      #expect(box.minX >= 20 && box.maxX < 180 && box.minY >= top && box.maxY < bottom)
      // First line at the top: the ink starts near the frame's top, not its bottom.
      #expect(box.minY - top < (bottom - top) / 3, "flipped: \(flipped)")
      // Upright "T": its bar (top rows) is wider than its stem (bottom rows).
      func width(_ y: Int) -> Int { (0..<200).filter { S.isBright(image[x: $0, y: y]) }.count }
      #expect(width(box.minY + 2) > 2 * width(box.maxY - 2), "flipped: \(flipped)")
    }
  }

  @Test(
    "A video layer smaller than the render size shows the whole frame squeezed into it, upright")
  func videoSqueezed() throws {
    let videoLayer = CALayer()
    videoLayer.frame = CGRect(x: 100, y: 0, width: 100, height: 100)
    let frame = S.halves(width: 200, height: 200, top: S.green, bottom: S.blue)
    let tool = S.tool(size: size, sublayers: [videoLayer], videoLayer: videoLayer)
    let image = try S.render(tool, size: size, at: 0, video: frame)
    // y-up: the layer is the bottom-right quarter on screen; the frame's top half is on top.
    #expect(image[x: 150, y: 110] == S.green)
    #expect(image[x: 150, y: 190] == S.blue)
    #expect(image[x: 50, y: 150].alpha == 0 && image[x: 150, y: 50].alpha == 0)
  }

  @Test("A full-frame video layer maps its pixels one to one (the flips cancel: no resampling)")
  func fullFrameVideoIsIdentity() throws {
    let videoLayer = CALayer()
    videoLayer.frame = CGRect(origin: .zero, size: size)
    videoLayer.name = "video"
    let tree = try S.tool(size: size, sublayers: [videoLayer], videoLayer: videoLayer)
      .snapshotLayerTree(renderSize: size)
    let item = try #require(
      tree.renderList(atSeconds: 0).items.first { $0.layer.name == "video" && $0.part == .content })
    #expect(item.affineTransform == .identity)
  }

  @Test("Background and border colours are exact")
  func colours() throws {
    let layer = CALayer()
    layer.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
    layer.backgroundColor =
      UIColor(red: 51 / 255, green: 102 / 255, blue: 153 / 255, alpha: 1).cgColor
    layer.borderWidth = 10
    layer.borderColor = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
    let image = try S.render(S.tool(size: size, sublayers: [layer]), size: size, at: 0)
    #expect(image[x: 100, y: 100] == BGRA(blue: 153, green: 102, red: 51, alpha: 255))
    #expect(image[x: 55, y: 100] == BGRA(blue: 0, green: 255, red: 255, alpha: 255))
    #expect(image[x: 100, y: 144] == BGRA(blue: 0, green: 255, red: 255, alpha: 255))
    #expect(image[x: 45, y: 100].alpha == 0)
  }

  @Test("A gradient is in the layer's geometry: its start point (0.5, 0) is at the bottom in y-up")
  func gradientYUp() throws {
    let gradient = CAGradientLayer()
    gradient.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
    gradient.colors = [
      CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1),
    ]
    let image = try S.render(S.tool(size: size, sublayers: [gradient]), size: size, at: 0)
    let bottom = image[x: 100, y: 198]
    let top = image[x: 100, y: 1]
    #expect(bottom.red > 240 && bottom.blue < 15)
    #expect(top.blue > 240 && top.red < 15)
  }

  @Test("A positive transform.rotation.z turns counter-clockwise on screen in y-up space")
  func rotationCounterClockwise() throws {
    let layer = redBox(CGRect(x: 90, y: 90, width: 20, height: 20), name: "turned")
    layer.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
    let tree = try S.tool(size: size, sublayers: [layer]).snapshotLayerTree(renderSize: size)
    let item = try #require(tree.renderList(atSeconds: 0).items.first { $0.layer.name == "turned" })
    // 10 px right of the anchor (local (20, 10)) ends up 10 px above the centre on screen.
    let point = try #require(item.project(ReelCore.Point(x: 20, y: 10)))
    #expect(abs(point.x - 100) < 1e-9 && abs(point.y - 90) < 1e-9)
  }

  @Test("A position.y animation moves the layer up on screen in y-up space")
  func positionYUp() throws {
    let layer = redBox(CGRect(x: 0, y: 0, width: 20, height: 20), name: "mover")
    let move = CABasicAnimation(keyPath: "position.y")
    move.fromValue = 10
    move.toValue = 110
    move.duration = 1
    move.beginTime = AVCoreAnimationBeginTimeAtZero
    layer.add(move, forKey: "move")
    let tool = S.tool(size: size, sublayers: [layer])
    let start = try #require(S.inkBox(try S.render(tool, size: size, at: 0)) { $0 == S.red })
    let half = try #require(S.inkBox(try S.render(tool, size: size, at: 0.5)) { $0 == S.red })
    #expect(start.minY == 180 && half.minY == 130)
  }

  @Test("Seed 004's y = height − h/2 − y puts a subtitle where its top-left rectangle says")
  func subtitlePlacement() throws {
    let viewBounds = CGSize(width: 200, height: 200)
    let textRect = CGRect(x: 20, y: 30, width: 160, height: 40)
    let title = CATextLayer()
    title.string = "Hello"
    title.font = S.font(size: 30)
    title.fontSize = 30
    title.alignmentMode = .center
    title.bounds = CGRect(x: 0, y: 0, width: textRect.size.width, height: textRect.size.height)
    title.foregroundColor = UIColor(white: 1, alpha: 1).cgColor
    let animatedTitleLayer = CALayer()
    animatedTitleLayer.addSublayer(title)
    animatedTitleLayer.position = CGPoint(
      x: textRect.origin.x + textRect.size.width / 2,
      y: viewBounds.height - textRect.size.height / 2 - textRect.origin.y)
    let image = try S.render(
      S.tool(size: viewBounds, sublayers: [animatedTitleLayer]), size: viewBounds, at: 0)
    let box = try #require(S.inkBox(image, isInk: S.isBright))
    #expect(box.minX >= 20 && box.maxX < 180 && box.minY >= 30 && box.maxY < 70)
    #expect(abs((box.minX + box.maxX) / 2 - 100) <= 2)
  }

  @Test("The autoreversing, repeating transform.scale 0.8→1.2 from AVCoreAnimationBeginTimeAtZero")
  func scaleAnimationInk() throws {
    let text = CATextLayer()
    text.string = NSAttributedString(
      string: "HAPPY",
      attributes: [
        .font: S.font(size: 40), .foregroundColor: UIColor.white,
        .strokeColor: UIColor.black, .strokeWidth: -3,
      ])
    text.frame = CGRect(x: 0, y: 70, width: 200, height: 60)
    text.alignmentMode = .center
    let scale = CABasicAnimation(keyPath: "transform.scale")
    scale.fromValue = 0.8
    scale.toValue = 1.2
    scale.duration = 0.5
    scale.repeatCount = .greatestFiniteMagnitude
    scale.autoreverses = true
    scale.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
    scale.beginTime = AVCoreAnimationBeginTimeAtZero
    scale.isRemovedOnCompletion = false
    text.add(scale, forKey: "scale")
    let tool = S.tool(size: size, sublayers: [text])
    func inkWidth(_ t: Double) throws -> Double {
      let box = try #require(S.inkBox(try S.render(tool, size: size, at: t), isInk: S.isBright))
      return Double(box.maxX - box.minX + 1)
    }
    let small = try inkWidth(0)
    let large = try inkWidth(0.5)
    let again = try inkWidth(1)
    #expect(abs(large / small - 1.5) < 0.06)
    #expect(abs(again - small) <= 1)
    let between = try inkWidth(0.25)
    #expect(between > small + 2 && between < large - 2)
  }
}
