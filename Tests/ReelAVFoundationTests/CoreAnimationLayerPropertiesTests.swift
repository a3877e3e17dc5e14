import AVFoundationCompat
import Reel
import Testing

@testable import ReelAVFoundation

/// Each CALayer property reaches Reel's layer model as Core Animation means it.
@Suite("Core Animation tool: layer properties in the snapshot")
struct CoreAnimationLayerPropertiesTests {
  typealias S = CATestSupport
  let size = CGSize(width: 100, height: 100)

  func snapshot(_ layer: CALayer) throws -> Layer {
    layer.name = layer.name ?? "subject"
    let tree = try S.tool(size: size, sublayers: [layer]).snapshotLayerTree(renderSize: size)
    return try #require(S.layer(named: layer.name ?? "", in: tree))
  }

  @Test("Geometry, appearance and shadow carry over value for value")
  func properties() throws {
    let layer = CALayer()
    layer.bounds = CGRect(x: 5, y: 6, width: 40, height: 30)
    layer.position = CGPoint(x: 50, y: 60)
    layer.anchorPoint = CGPoint(x: 0, y: 1)
    layer.zPosition = 3
    layer.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
    layer.isGeometryFlipped = true
    layer.opacity = 0.5
    layer.isHidden = true
    layer.cornerRadius = 7
    layer.masksToBounds = true
    layer.borderWidth = 2
    layer.borderColor = nil
    layer.shadowColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    layer.shadowOpacity = 0.75
    layer.shadowOffset = CGSize(width: 4, height: -5)
    layer.shadowRadius = 6
    let mask = CALayer()
    mask.name = "mask"
    layer.mask = mask
    let p = try snapshot(layer).properties
    #expect(p.bounds == ReelCore.Rect(x: 5, y: 6, width: 40, height: 30))
    #expect(
      p.position == ReelCore.Point(x: 50, y: 60) && p.anchorPoint == ReelCore.Point(x: 0, y: 1))
    #expect(p.zPosition == 3 && p.sublayerTransform.m11 == 2 && p.isGeometryFlipped)
    #expect(p.opacity == 0.5 && p.isHidden && p.cornerRadius == 7 && p.masksToBounds)
    #expect(p.borderWidth == 2 && p.borderColor == .clear)
    #expect(
      p.shadow == Shadow(color: .red, opacity: 0.75, offset: ReelCore.Point(x: 4, y: -5), radius: 6)
    )
    #expect(try snapshot(layer).mask?.name == "mask")
  }

  @Test(
    "A shadow offset is in the layer's y-up geometry: (0, −3), Apple's default, falls below on screen"
  )
  func shadowFallsBelow() throws {
    let layer = CALayer()
    layer.frame = CGRect(x: 20, y: 20, width: 60, height: 60)
    layer.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    layer.shadowOpacity = 1
    layer.shadowRadius = 0
    layer.shadowOffset = CGSize(width: 0, height: -10)
    let image = try S.render(S.tool(size: size, sublayers: [layer]), size: size, at: 0)
    // The layer covers y 20…80 on screen; its shadow reaches 10 px lower, not higher.
    #expect(image[x: 50, y: 85].alpha == 255 && image[x: 50, y: 85].red == 0)
    #expect(image[x: 50, y: 15].alpha == 0)
  }

  @Test(
    "contentsRect shows a part of the image; contentsScale other than 1 needs a resizing gravity")
  func contentsRectAndScale() throws {
    let layer = CALayer()
    layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    layer.contents = S.cgImage(S.halves(width: 10, height: 10, top: S.green, bottom: S.blue))
    layer.contentsRect = CGRect(x: 0, y: 0.5, width: 1, height: 0.5)
    let image = try S.render(S.tool(size: size, sublayers: [layer]), size: size, at: 0)
    #expect(image[x: 50, y: 10] == S.blue && image[x: 50, y: 90] == S.blue)

    let scaled = CALayer()
    scaled.name = "scaled"
    scaled.contents = S.cgImage(S.solid(width: 4, height: 4, S.red))
    scaled.contentsScale = 2
    scaled.contentsGravity = .center
    let failure = try #require(S.failure(S.tool(size: size, sublayers: [scaled]), size: size))
    #expect(failure.reason.contains("\"scaled\"") && failure.reason.contains("contentsScale"))
  }

  @Test("Gradient colours, locations and type carry over; non-CGColor colours fail")
  func gradient() throws {
    let layer = CAGradientLayer()
    layer.colors = [CGColor.black, CGColor.white]
    layer.locations = [0.25, 0.75]
    layer.type = .radial
    layer.startPoint = CGPoint(x: 0.5, y: 0.5)
    layer.endPoint = CGPoint(x: 1, y: 1)
    guard case .gradient(let gradient) = try snapshot(layer).content else {
      Issue.record("not a gradient")
      return
    }
    #expect(gradient.kind == .radial && gradient.colors == [.black, .white])
    #expect(gradient.locations == [0.25, 0.75] && gradient.endPoint == ReelCore.Point(x: 1, y: 1))
    let wrong = CAGradientLayer()
    wrong.name = "uicolors"
    wrong.colors = [UIColor.black, UIColor.white]
    #expect(
      S.failure(S.tool(size: size, sublayers: [wrong]), size: size)?.reason.contains("colors[0]")
        == true)
  }

  @Test("Masks to bounds with a corner radius clips the sublayers, exactly inside")
  func masksToBounds() throws {
    let parent = CALayer()
    parent.frame = CGRect(x: 25, y: 25, width: 50, height: 50)
    parent.masksToBounds = true
    let child = CALayer()
    child.frame = CGRect(x: -25, y: -25, width: 100, height: 100)
    child.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    parent.addSublayer(child)
    let image = try S.render(S.tool(size: size, sublayers: [parent]), size: size, at: 0)
    #expect(image[x: 50, y: 50] == S.green)
    #expect(image[x: 10, y: 50].alpha == 0 && image[x: 50, y: 90].alpha == 0)
  }
}
