import AVFoundationCompat
import Reel
import ReelGraphics
import Testing

@testable import ReelAVFoundation

/// CAShapeLayer draws its path in its own (y-up under the tool) space with Reel's shape
/// renderer, and animates as Core Animation does.
@Suite("CAShapeLayer")
struct CAShapeLayerTests {
  typealias S = CATestSupport
  let size = CGSize(width: 100, height: 100)

  func fullLayer() -> CAShapeLayer {
    let layer = CAShapeLayer()
    layer.frame = CGRect(origin: .zero, size: size)
    return layer
  }

  @Test("Defaults and raw values are Apple's")
  func defaults() {
    let layer = CAShapeLayer()
    #expect(layer.path == nil && layer.strokeColor == nil)
    #expect(layer.fillColor == CGColor(gray: 0, alpha: 1))
    #expect(layer.lineWidth == 1 && layer.miterLimit == 10 && layer.lineDashPhase == 0)
    #expect(layer.strokeStart == 0 && layer.strokeEnd == 1 && layer.lineDashPattern == nil)
    #expect(layer.fillRule == .nonZero && layer.lineCap == .butt && layer.lineJoin == .miter)
    #expect(CAShapeLayerFillRule.nonZero.rawValue == "non-zero")
    #expect(CAShapeLayerFillRule.evenOdd.rawValue == "even-odd")
    #expect(
      [CAShapeLayerLineCap.butt, .round, .square].map(\.rawValue) == ["butt", "round", "square"])
    #expect(
      [CAShapeLayerLineJoin.miter, .round, .bevel].map(\.rawValue) == ["miter", "round", "bevel"])
    let copy = CAShapeLayer(
      layer: {
        let l = CAShapeLayer()
        l.lineWidth = 7
        l.lineCap = .round
        return l
      }())
    #expect(copy.lineWidth == 7 && copy.lineCap == .round)
  }

  @Test("A filled rectangle lands y-up under the tool, exactly its colour inside")
  func filledRectangleIsYUp() throws {
    let layer = fullLayer()
    layer.path = CGPath(rect: CGRect(x: 10, y: 10, width: 40, height: 20), transform: nil)
    layer.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let image = try S.render(S.tool(size: size, sublayers: [layer]), size: size, at: 0)
    // Layer y 10…30 is rows 70…90 on screen.
    #expect(image[x: 11, y: 71] == S.red && image[x: 48, y: 88] == S.red)
    #expect(image[x: 30, y: 20].red == 0 && image[x: 30, y: 95].red == 0)
    #expect(image[x: 55, y: 80].red == 0)
    // Not clipped to a small bounds: the path reaches out of a 1×1 layer.
    let small = CAShapeLayer()
    small.frame = CGRect(x: 0, y: 0, width: 1, height: 1)
    small.path = layer.path
    small.fillColor = layer.fillColor
    let outside = try S.render(S.tool(size: size, sublayers: [small]), size: size, at: 0)
    #expect(outside[x: 30, y: 80] == S.red)
  }

  @Test("Fill, even-odd rule, round stroke and dashes match Reel's ShapeRenderer")
  func matchesShapeRenderer() throws {
    let path = CGMutablePath()
    path.move(to: CGPoint(x: 15, y: 20))
    path.addLine(to: CGPoint(x: 85, y: 30))
    path.addLine(to: CGPoint(x: 50, y: 85))
    path.closeSubpath()
    path.addRect(CGRect(x: 35, y: 35, width: 20, height: 20))
    let layer = fullLayer()
    layer.path = path
    layer.fillColor = CGColor(red: 0, green: 0.5, blue: 1, alpha: 1)
    layer.fillRule = .evenOdd
    layer.strokeColor = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
    layer.lineWidth = 5
    layer.lineJoin = .round
    layer.lineCap = .round
    layer.lineDashPattern = [12, 6]
    layer.lineDashPhase = 3
    let image = try S.render(S.tool(size: size, sublayers: [layer]), size: size, at: 0)

    // The same shape drawn by Reel directly, mirrored into the y-down picture.
    let mirrored = path.path.applying(
      ReelAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 100))
    let expected = try ShapeRenderer.render(
      path: mirrored, fillColor: Color(red: 0, green: 0.5, blue: 1), fillRule: .evenOdd,
      strokeColor: Color(red: 1, green: 1, blue: 0),
      stroke: StrokeStyle(width: 5, cap: .round, join: .round, dashPattern: [12, 6], dashPhase: 3))
    let ox = Int(expected.origin.x)
    let oy = Int(expected.origin.y)
    func reference(_ x: Int, _ y: Int) -> BGRA {
      let (ex, ey) = (x - ox, y - oy)
      guard ex >= 0, ey >= 0, ex < expected.image.width, ey < expected.image.height else {
        return BGRA(blue: 0, green: 0, red: 0, alpha: 0)
      }
      return expected.image[x: ex, y: ey]
    }
    var compared = 0
    var worst = 0
    for y in 1..<99 {
      for x in 1..<99 {
        // Only pixels more than 1 px from any edge: a uniform 3×3 neighbourhood.
        let centre = reference(x, y)
        var uniform = true
        for dy in -1...1 {
          for dx in -1...1 where reference(x + dx, y + dy) != centre { uniform = false }
        }
        guard uniform else { continue }
        compared += 1
        let got = image[x: x, y: y]
        worst = max(
          worst, abs(Int(got.red) - Int(centre.red)), abs(Int(got.green) - Int(centre.green)),
          abs(Int(got.blue) - Int(centre.blue)))
      }
    }
    #expect(compared > 5000)
    #expect(worst <= 2)
    // The hole of the even-odd rectangle shows no fill.
    #expect(image[x: 45, y: 55].blue == 0)
  }

  @Test("strokeEnd and fillColor animate")
  func animations() throws {
    let layer = fullLayer()
    let line = CGMutablePath()
    line.move(to: CGPoint(x: 10, y: 50))
    line.addLine(to: CGPoint(x: 90, y: 50))
    layer.path = line
    layer.fillColor = nil
    layer.strokeColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    layer.lineWidth = 6
    let grow = CABasicAnimation(keyPath: "strokeEnd")
    grow.fromValue = 0
    grow.toValue = 1
    grow.duration = 1
    grow.beginTime = AVCoreAnimationBeginTimeAtZero
    layer.add(grow, forKey: "grow")
    let image = try S.render(S.tool(size: size, sublayers: [layer]), size: size, at: 0.5)
    #expect(image[x: 30, y: 50] == S.red)
    #expect(image[x: 70, y: 50].red == 0)

    let square = fullLayer()
    square.path = CGPath(rect: CGRect(x: 20, y: 20, width: 60, height: 60), transform: nil)
    square.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let fade = CABasicAnimation(keyPath: "fillColor")
    fade.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    fade.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    fade.duration = 1
    fade.beginTime = AVCoreAnimationBeginTimeAtZero
    square.add(fade, forKey: "fade")
    let middle = try S.render(S.tool(size: size, sublayers: [square]), size: size, at: 0.5)
    #expect((100...160).contains(middle[x: 50, y: 50].red))
    #expect((100...160).contains(middle[x: 50, y: 50].blue))

  }

  @Test("path morphs point by point: a rectangle widens y-up, keyframes hold discretely")
  func pathAnimates() throws {
    let layer = fullLayer()
    layer.path = CGPath(rect: CGRect(x: 10, y: 10, width: 20, height: 20), transform: nil)
    layer.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let widen = CABasicAnimation(keyPath: "path")
    widen.toValue = CGPath(rect: CGRect(x: 10, y: 10, width: 80, height: 20), transform: nil)
    widen.duration = 1
    widen.beginTime = AVCoreAnimationBeginTimeAtZero
    layer.add(widen, forKey: "widen")
    // Halfway the rectangle is 50 wide: x 10…60, layer y 10…30 = rows 70…90.
    let middle = try S.render(S.tool(size: size, sublayers: [layer]), size: size, at: 0.5)
    #expect(middle[x: 57, y: 80] == S.red && middle[x: 12, y: 72] == S.red)
    #expect(middle[x: 63, y: 80].red == 0 && middle[x: 57, y: 60].red == 0)

    let stepped = fullLayer()
    stepped.path = layer.path
    stepped.fillColor = layer.fillColor
    let steps = CAKeyframeAnimation(keyPath: "path")
    steps.values = [
      CGPath(rect: CGRect(x: 10, y: 10, width: 20, height: 20), transform: nil),
      CGPath(rect: CGRect(x: 60, y: 60, width: 20, height: 20), transform: nil),
    ]
    steps.calculationMode = .discrete
    steps.duration = 1
    steps.beginTime = AVCoreAnimationBeginTimeAtZero
    stepped.add(steps, forKey: "steps")
    let early = try S.render(S.tool(size: size, sublayers: [stepped]), size: size, at: 0.25)
    let late = try S.render(S.tool(size: size, sublayers: [stepped]), size: size, at: 0.75)
    #expect(early[x: 20, y: 80] == S.red && early[x: 70, y: 30].red == 0)
    #expect(late[x: 70, y: 30] == S.red && late[x: 20, y: 80].red == 0)
  }

  @Test("path between different elements switches halfway, with one warning; bad values fail")
  func pathBetweenStructures() throws {
    let layer = fullLayer()
    layer.name = "morph"
    layer.path = CGPath(rect: CGRect(x: 10, y: 10, width: 20, height: 20), transform: nil)
    layer.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let toOval = CABasicAnimation(keyPath: "path")
    toOval.toValue = CGPath(
      ellipseIn: CGRect(x: 50, y: 50, width: 40, height: 40), transform: nil)
    toOval.duration = 1
    toOval.beginTime = AVCoreAnimationBeginTimeAtZero
    layer.add(toOval, forKey: "oval")
    let before = try S.render(S.tool(size: size, sublayers: [layer]), size: size, at: 0.4)
    let after = try S.render(S.tool(size: size, sublayers: [layer]), size: size, at: 0.6)
    #expect(before[x: 20, y: 80] == S.red && before[x: 70, y: 30].red == 0)
    #expect(after[x: 70, y: 30] == S.red && after[x: 20, y: 80].red == 0)
    #expect(CompatWarnings.printed.contains { $0.contains("morph") && $0.contains("halfway") })

    for (role, animation) in [
      (
        "number",
        { () -> CAAnimation in
          let a = CABasicAnimation(keyPath: "path")
          a.toValue = 3
          return a
        }()
      ),
      (
        "byValue",
        { () -> CAAnimation in
          let a = CABasicAnimation(keyPath: "path")
          a.byValue = layer.path
          return a
        }()
      ),
    ] {
      let shape = fullLayer()
      shape.name = "bad"
      shape.path = layer.path
      animation.beginTime = AVCoreAnimationBeginTimeAtZero
      shape.add(animation, forKey: role)
      let reason = S.failure(S.tool(size: size, sublayers: [shape]), size: size)?.reason ?? ""
      #expect(reason.contains("\"path\"") && reason.contains("bad"), "\(role): \(reason)")
    }
    let plain = CALayer()
    plain.frame = CGRect(origin: .zero, size: size)
    plain.add(CABasicAnimation(keyPath: "path"), forKey: "p")
    let reason = S.failure(S.tool(size: size, sublayers: [plain]), size: size)?.reason ?? ""
    #expect(reason.contains("\"path\"") && reason.contains("CAShapeLayer"))
  }

  @Test("lineDashPhase and miterLimit animate: the dash slides, the miter grows past the limit")
  func dashPhaseAndMiterLimitAnimate() throws {
    let line = CGMutablePath()
    line.move(to: CGPoint(x: 10, y: 50))
    line.addLine(to: CGPoint(x: 90, y: 50))
    let dashed = fullLayer()
    dashed.path = line
    dashed.fillColor = nil
    dashed.strokeColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    dashed.lineWidth = 6
    dashed.lineDashPattern = [10, 10]
    let slide = CABasicAnimation(keyPath: "lineDashPhase")
    slide.fromValue = 0
    slide.toValue = 10
    slide.duration = 1
    slide.beginTime = AVCoreAnimationBeginTimeAtZero
    dashed.add(slide, forKey: "slide")
    // Phase 0: dash over length 0…10 (x 10…20); phase 5: dash 0…5, gap 5…15.
    let start = try S.render(S.tool(size: size, sublayers: [dashed]), size: size, at: 0)
    let middle = try S.render(S.tool(size: size, sublayers: [dashed]), size: size, at: 0.5)
    #expect(start[x: 17, y: 50] == S.red && start[x: 13, y: 50] == S.red)
    #expect(middle[x: 13, y: 50] == S.red && middle[x: 17, y: 50].red == 0)

    // A V with its tip at layer (50, 80): the miter is 2.24 half-widths long, so a limit
    // below 2.24 bevels it and one above draws the point up to y ≈ 91.
    let vee = CGMutablePath()
    vee.move(to: CGPoint(x: 20, y: 20))
    vee.addLine(to: CGPoint(x: 50, y: 80))
    vee.addLine(to: CGPoint(x: 80, y: 20))
    let corner = fullLayer()
    corner.path = vee
    corner.fillColor = nil
    corner.strokeColor = dashed.strokeColor
    corner.lineWidth = 10
    corner.miterLimit = 1
    let sharpen = CABasicAnimation(keyPath: "miterLimit")
    sharpen.toValue = 3
    sharpen.duration = 1
    sharpen.beginTime = AVCoreAnimationBeginTimeAtZero
    corner.add(sharpen, forKey: "sharpen")
    let blunt = try S.render(S.tool(size: size, sublayers: [corner]), size: size, at: 0.1)
    let sharp = try S.render(S.tool(size: size, sublayers: [corner]), size: size, at: 0.9)
    // Layer y 88 is row 12.
    #expect(blunt[x: 50, y: 12].red == 0 && sharp[x: 50, y: 12] == S.red)
    #expect(blunt[x: 50, y: 22] == S.red)
  }

  @Test("Shape values reach Reel's properties; bad dashes fail")
  func snapshotValues() throws {
    let layer = fullLayer()
    layer.name = "subject"
    layer.bounds = CGRect(x: 10, y: 0, width: 100, height: 100)
    layer.path = CGPath(rect: CGRect(x: 10, y: 0, width: 5, height: 5), transform: nil)
    layer.strokeColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    layer.lineWidth = 3
    layer.strokeStart = 0.25
    layer.strokeEnd = 0.75
    layer.miterLimit = 4
    let tree = try S.tool(size: size, sublayers: [layer]).snapshotLayerTree(renderSize: size)
    let reel = try #require(S.layer(named: "subject", in: tree))
    #expect(reel.properties.lineWidth == 3 && reel.properties.strokeStart == 0.25)
    #expect(
      reel.properties.strokeEnd == 0.75
        && reel.properties.strokeColor == Color(red: 0, green: 1, blue: 0))
    #expect(reel.properties.fillColor == .black)
    guard case .shape(let shape) = reel.content else {
      Issue.record("not a shape")
      return
    }
    #expect(shape.strokeStyle.miterLimit == 4)
    // The bounds' origin is the layer's (10, 0): the path moves to local (0, 0).
    #expect(shape.path.controlPointBounds.origin == ReelCore.Point(x: 0, y: 0))

    let dashed = fullLayer()
    dashed.path = layer.path
    dashed.lineDashPattern = [4, -1]
    #expect(
      S.failure(S.tool(size: size, sublayers: [dashed]), size: size)?.reason.contains(
        "lineDashPattern") == true)
  }

  @Test("A CAReplicatorLayer fails the export, naming it")
  func replicatorFails() {
    let replicator = CAReplicatorLayer()
    replicator.name = "copies"
    replicator.instanceCount = 3
    let reason = S.failure(S.tool(size: size, sublayers: [replicator]), size: size)?.reason ?? ""
    #expect(reason.contains("CAReplicatorLayer \"copies\""))
  }

  @Test("iOS system colours have Apple's light-mode sRGB values")
  func systemColours() {
    func bytes(_ color: UIColor) -> [Int] {
      let c = color.cgColor.color
      return [c.red, c.green, c.blue].map { Int(($0 * 255).rounded()) }
    }
    #expect(bytes(.systemRed) == [255, 59, 48])
    #expect(bytes(.systemGreen) == [52, 199, 89])
    #expect(bytes(.systemBlue) == [0, 122, 255])
    #expect(bytes(.systemPink) == [255, 45, 85])
    #expect(bytes(.systemOrange) == [255, 149, 0])
    #expect(bytes(.systemPurple) == [175, 82, 222])
    #expect(bytes(.systemYellow) == [255, 204, 0])
  }
}
