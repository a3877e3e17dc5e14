import AVFoundationCompat
import Reel
import Testing

@testable import ReelAVFoundation

/// Apple's timing traps, reproduced: beginTime 0, removal on completion, fill modes, keys,
/// copies.
@Suite("Core Animation tool: animation semantics")
struct CoreAnimationTimingTests {
  typealias S = CATestSupport
  let size = CGSize(width: 100, height: 100)

  /// A named layer with `animations` (added under their key paths) in a snapshot.
  func snapshot(
    _ name: String, _ animations: [CAAnimation], configure: (CALayer) -> Void = { _ in }
  )
    throws -> Layer
  {
    let layer = CALayer()
    layer.name = name
    layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    configure(layer)
    for animation in animations {
      layer.add(animation, forKey: (animation as? CAPropertyAnimation)?.keyPath)
    }
    let tree = try S.tool(size: size, sublayers: [layer]).snapshotLayerTree(renderSize: size)
    return try #require(S.layer(named: name, in: tree))
  }

  func fade(begin: CFTimeInterval, duration: CFTimeInterval = 1) -> CABasicAnimation {
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 0.0
    fade.toValue = 1.0
    fade.beginTime = begin
    fade.duration = duration
    return fade
  }

  @Test("beginTime 0 means now, which on the video's timeline is never; a warning names it")
  func beginTimeZero() throws {
    let layer = try snapshot("never-layer", [fade(begin: 0, duration: 10)])
    for t in [0.0, 1, 5, 9.9] { #expect(layer.presentation(atSeconds: t).opacity == 1) }
    #expect(
      CompatWarnings.printed.contains {
        $0.contains("never-layer") && $0.contains("\"opacity\"") && $0.contains("beginTime 0")
          && $0.contains("AVCoreAnimationBeginTimeAtZero")
      })
    let started = try snapshot(
      "zero-layer", [fade(begin: AVCoreAnimationBeginTimeAtZero, duration: 10)])
    #expect(started.presentation(atSeconds: 0).opacity == 0)
    #expect(abs(started.presentation(atSeconds: 5).opacity - 0.5) < 1e-9)
    #expect(!CompatWarnings.printed.contains { $0.contains("zero-layer") })
  }

  @Test("Inside a group, beginTime 0 is the group's start")
  func groupChildren() throws {
    let group = CAAnimationGroup()
    group.animations = [fade(begin: 0, duration: 1)]
    group.beginTime = 2
    group.duration = 4
    let layer = try snapshot("grouped", [group])
    #expect(layer.presentation(atSeconds: 1).opacity == 1)
    #expect(abs(layer.presentation(atSeconds: 2.5).opacity - 0.5) < 1e-9)
    // The child (fill removed) ends at 1 s of group time.
    #expect(layer.presentation(atSeconds: 3.5).opacity == 1)
  }

  @Test("fillMode defaults to removed: the model value shows before and after")
  func fillRemoved() throws {
    let layer = try snapshot("removed", [fade(begin: 1, duration: 1)]) { $0.opacity = 0.25 }
    #expect(layer.presentation(atSeconds: 0.5).opacity == 0.25)
    #expect(abs(layer.presentation(atSeconds: 1.5).opacity - 0.5) < 1e-9)
    #expect(layer.presentation(atSeconds: 2.5).opacity == 0.25)
  }

  @Test(
    "isRemovedOnCompletion (default true) ends a forwards fill, with one warning per layer and key")
  func removedOnCompletion() throws {
    let forwards = fade(begin: 1, duration: 1)
    forwards.fillMode = .forwards
    let removed = try snapshot("removed-fill", [forwards]) { $0.opacity = 0.25 }
    #expect(removed.presentation(atSeconds: 3).opacity == 0.25)
    let warnings = CompatWarnings.printed.filter {
      $0.contains("removed-fill") && $0.contains("isRemovedOnCompletion")
    }
    #expect(warnings.count == 1)

    let both = fade(begin: 1, duration: 1)
    both.fillMode = .both
    let backwardsOnly = try snapshot("removed-both", [both]) { $0.opacity = 0.25 }
    #expect(backwardsOnly.presentation(atSeconds: 0).opacity == 0)
    #expect(backwardsOnly.presentation(atSeconds: 3).opacity == 0.25)

    let kept = fade(begin: 1, duration: 1)
    kept.fillMode = .forwards
    kept.isRemovedOnCompletion = false
    let holding = try snapshot("kept-fill", [kept]) { $0.opacity = 0.25 }
    #expect(holding.presentation(atSeconds: 3).opacity == 1)
    #expect(!CompatWarnings.printed.contains { $0.contains("kept-fill") })
  }

  @Test(
    "A second add(_:forKey:) with the same key replaces the first; mutating after add changes nothing"
  )
  func replaceAndCopy() throws {
    let layer = CALayer()
    layer.name = "keyed"
    layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    let first = fade(begin: AVCoreAnimationBeginTimeAtZero, duration: 1)
    layer.add(first, forKey: "fade")
    let second = CABasicAnimation(keyPath: "opacity")
    second.fromValue = 0.5
    second.toValue = 0.5
    second.beginTime = AVCoreAnimationBeginTimeAtZero
    second.duration = 1
    layer.add(second, forKey: "fade")
    second.toValue = 0.0
    second.duration = 100
    let tree = try S.tool(size: size, sublayers: [layer]).snapshotLayerTree(renderSize: size)
    let reel = try #require(S.layer(named: "keyed", in: tree))
    #expect(reel.animations.count == 1)
    #expect(reel.presentation(atSeconds: 0.5).opacity == 0.5)
    #expect(reel.presentation(atSeconds: 2).opacity == 1)
  }

  @Test("Key paths Reel does not animate fail the snapshot, naming the layer and key path")
  func unsupportedKeyPath() throws {
    let layer = CALayer()
    layer.name = "stroker"
    let stroke = CABasicAnimation(keyPath: "strokeEnd")
    stroke.beginTime = AVCoreAnimationBeginTimeAtZero
    layer.add(stroke, forKey: nil)
    let failure = try #require(S.failure(S.tool(size: size, sublayers: [layer]), size: size))
    #expect(failure.code == .invalidVideoComposition)
    #expect(failure.reason.contains("stroker") && failure.reason.contains("\"strokeEnd\""))
    #expect(failure.nsError.code == -11841)
  }

  @Test(
    "Whole-transform animations through rotations interpolate decomposed, the shorter way round")
  func transformDecomposed() throws {
    let spin = CABasicAnimation(keyPath: "transform")
    spin.fromValue = CATransform3DMakeScale(1, 1, 1)
    spin.toValue = NSValue(
      caTransform3D: CATransform3DConcat(
        CATransform3DMakeScale(3, 3, 1), CATransform3DMakeRotation(.pi / 2, 0, 0, 1)))
    spin.duration = 2
    spin.beginTime = AVCoreAnimationBeginTimeAtZero
    let layer = try snapshot("spin", [spin])
    let middle = layer.presentation(atSeconds: 1)
    // Matrix entries would pass through a shrunk, skewed matrix; decomposed it is a clean
    // quarter of a turn at half the scale change.
    #expect(abs(middle.rotationZ - .pi / 4) < 1e-9 && abs(middle.scaleX - 2) < 1e-9)
    #expect(layer.presentation(atSeconds: 3).rotationZ == 0)

    let turns = CAKeyframeAnimation(keyPath: "transform")
    turns.values = [
      CATransform3DMakeRotation(0.9 * .pi, 0, 0, 1), CATransform3DMakeRotation(-0.9 * .pi, 0, 0, 1),
    ]
    turns.duration = 1
    turns.beginTime = AVCoreAnimationBeginTimeAtZero
    let short = try snapshot("short", [turns]).presentation(atSeconds: 0.5)
    #expect(abs(short.rotationZ - .pi) < 1e-9)

    let skewed = CABasicAnimation(keyPath: "transform")
    var skew = CATransform3DIdentity
    skew.m21 = 0.5
    skewed.toValue = skew
    skewed.beginTime = AVCoreAnimationBeginTimeAtZero
    let layer2 = CALayer()
    layer2.add(skewed, forKey: "skew")
    let failure = try #require(S.failure(S.tool(size: size, sublayers: [layer2]), size: size))
    #expect(
      failure.reason.contains("\"transform\"") && failure.reason.contains("transform.rotation.z"))

    let grow = CABasicAnimation(keyPath: "transform")
    grow.fromValue = CATransform3DIdentity
    grow.toValue = CATransform3DMakeScale(2, 2, 1)
    grow.duration = 1
    grow.beginTime = AVCoreAnimationBeginTimeAtZero
    let model = try snapshot("grow", [grow])
    #expect(model.presentation(atSeconds: 0.5).transform.m11 == 1.5)
  }

  @Test("transform.* animations act on the decomposed model transform, as Core Animation")
  func componentsOfModelTransform() throws {
    let scale = CABasicAnimation(keyPath: "transform.scale")
    scale.fromValue = 1
    scale.toValue = 3
    scale.duration = 1
    scale.beginTime = AVCoreAnimationBeginTimeAtZero
    let layer = try snapshot("scaled", [scale]) {
      $0.transform = CATransform3DConcat(
        CATransform3DMakeScale(2, 2, 1), CATransform3DMakeRotation(.pi / 2, 0, 0, 1))
    }
    let middle = layer.presentation(atSeconds: 0.5)
    #expect(abs(middle.scaleX - 2) < 1e-9 && abs(middle.rotationZ - .pi / 2) < 1e-9)
    #expect(middle.transform.isIdentity)
  }

  @Test("Every documented key path converts, with the value types Core Animation takes")
  func keyPaths() throws {
    let values: [String: (Any, Any)] = [
      "opacity": (NSNumber(value: 0.2), Float(0.8)),
      "position": (NSValue(point: CGPoint(x: 1, y: 2)), CGPoint(x: 3, y: 4)),
      "position.x": (1, 2.5), "position.y": (CGFloat(1), Double(2)),
      "bounds": (
        CGRect(x: 0, y: 0, width: 1, height: 1),
        NSValue(rect: CGRect(x: 0, y: 0, width: 5, height: 5))
      ),
      "bounds.size": (CGSize(width: 1, height: 1), NSValue(size: CGSize(width: 2, height: 2))),
      "bounds.size.width": (1, 2), "bounds.size.height": (1, 2),
      "anchorPoint": (CGPoint.zero, CGPoint(x: 1, y: 1)), "zPosition": (0, 5),
      "transform": (CATransform3DIdentity, NSValue(caTransform3D: CATransform3DMakeScale(2, 2, 1))),
      "transform.scale": (0.8, 1.2), "transform.scale.x": (1, 2), "transform.scale.y": (1, 2),
      "transform.scale.z": (1, 2), "transform.rotation": (0, Double.pi),
      "transform.rotation.x": (0, 1), "transform.rotation.y": (0, 1),
      "transform.rotation.z": (0, 1),
      "transform.translation": (CGSize.zero, CGSize(width: 10, height: 0)),
      "transform.translation.x": (0, 10), "transform.translation.y": (0, 10),
      "backgroundColor": (CGColor.black, CGColor.white),
      "borderColor": (CGColor.black, CGColor.white),
      "borderWidth": (0, 4), "cornerRadius": (0, 4), "shadowOpacity": (0, 1),
      "shadowRadius": (0, 4),
      "shadowColor": (CGColor.black, CGColor.white),
      "shadowOffset": (CGSize.zero, CGSize(width: 1, height: 1)),
    ]
    for (keyPath, (from, to)) in values {
      let animation = CABasicAnimation(keyPath: keyPath)
      animation.fromValue = from
      animation.toValue = to
      animation.beginTime = AVCoreAnimationBeginTimeAtZero
      animation.duration = 1
      let layer = CALayer()
      layer.add(animation, forKey: nil)
      #expect(
        S.failure(S.tool(size: size, sublayers: [layer]), size: size) == nil, "\(keyPath)")
    }
    let wrong = CABasicAnimation(keyPath: "backgroundColor")
    wrong.toValue = UIColor.white
    let layer = CALayer()
    layer.add(wrong, forKey: nil)
    let failure = try #require(S.failure(S.tool(size: size, sublayers: [layer]), size: size))
    #expect(failure.reason.contains("toValue") && failure.reason.contains("CGColor"))
  }

  @Test("Basic animation values: position.x by, additive, cumulative, easing")
  func basicValues() throws {
    let by = CABasicAnimation(keyPath: "position.x")
    by.byValue = 10
    by.duration = 1
    by.beginTime = AVCoreAnimationBeginTimeAtZero
    by.isCumulative = true
    by.repeatCount = 3
    let layer = try snapshot("by", [by]) { $0.position = CGPoint(x: 5, y: 5) }
    #expect(abs(layer.presentation(atSeconds: 2.5).position.x - 30) < 1e-9)
    let eased = fade(begin: AVCoreAnimationBeginTimeAtZero)
    eased.timingFunction = CAMediaTimingFunction(name: .easeIn)
    let easedLayer = try snapshot("eased", [eased])
    #expect(abs(easedLayer.presentation(atSeconds: 0.5).opacity - 0.3154) < 1e-3)
  }

  @Test("Keyframes: values with key times, discrete steps, hidden, paths")
  func keyframes() throws {
    let steps = CAKeyframeAnimation(keyPath: "position.x")
    steps.values = [0, 10, 20]
    steps.keyTimes = [0, 0.5, 1]
    steps.duration = 2
    steps.beginTime = AVCoreAnimationBeginTimeAtZero
    let linear = try snapshot("frames", [steps])
    #expect(abs(linear.presentation(atSeconds: 0.5).position.x - 5) < 1e-9)
    steps.calculationMode = .discrete
    let discrete = try snapshot("steps", [steps])
    #expect(discrete.presentation(atSeconds: 0.9).position.x == 0)
    #expect(discrete.presentation(atSeconds: 1.1).position.x == 10)

    let blink = CAKeyframeAnimation(keyPath: "hidden")
    blink.values = [false, true]
    blink.keyTimes = [0, 0.5, 1]
    blink.calculationMode = .discrete
    blink.duration = 2
    blink.beginTime = AVCoreAnimationBeginTimeAtZero
    let blinking = try snapshot("blink", [blink])
    #expect(!blinking.presentation(atSeconds: 0.5).isHidden)
    #expect(blinking.presentation(atSeconds: 1.5).isHidden)

    let along = CAKeyframeAnimation(keyPath: "position")
    let path = CGMutablePath()
    path.path.move(to: ReelCore.Point(x: 0, y: 0))
    path.path.addLine(to: ReelCore.Point(x: 100, y: 0))
    along.path = path
    along.calculationMode = .paced
    along.rotationMode = .rotateAuto
    along.duration = 1
    along.beginTime = AVCoreAnimationBeginTimeAtZero
    let moving = try snapshot("along", [along])
    #expect(abs(moving.presentation(atSeconds: 0.5).position.x - 50) < 1e-9)

    let cubicPaced = CAKeyframeAnimation(keyPath: "position.x")
    cubicPaced.values = [0, 1]
    cubicPaced.calculationMode = .cubicPaced
    let layer = CALayer()
    layer.add(cubicPaced, forKey: "c")
    let failure = try #require(S.failure(S.tool(size: size, sublayers: [layer]), size: size))
    #expect(failure.reason.contains("cubicPaced"))
  }

  @Test("A spring moves from the start to the end value with Reel's damped oscillator")
  func spring() throws {
    let spring = CASpringAnimation(keyPath: "position.x")
    spring.fromValue = 0
    spring.toValue = 100
    spring.duration = spring.settlingDuration
    spring.beginTime = AVCoreAnimationBeginTimeAtZero
    let layer = try snapshot("spring", [spring])
    #expect(layer.presentation(atSeconds: 0).position.x == 0)
    #expect(abs(layer.presentation(atSeconds: spring.duration - 0.01).position.x - 100) < 1)
  }

  @Test(
    "What Reel's layers cannot be fails naming the layer: layer timing, anchorPointZ, cycles, a video layer outside the tree"
  )
  func unsupportedLayers() throws {
    let timed = CALayer()
    timed.name = "timed"
    timed.speed = 2
    let timedFailure = try #require(S.failure(S.tool(size: size, sublayers: [timed]), size: size))
    #expect(timedFailure.reason.contains("\"timed\"") && timedFailure.reason.contains("timing"))

    let deep = CALayer()
    deep.anchorPointZ = 5
    #expect(
      S.failure(S.tool(size: size, sublayers: [deep]), size: size)?.reason.contains("anchorPointZ")
        == true)

    let outside = CALayer()
    outside.name = "stray"
    let root = CALayer()
    let tool = AVVideoCompositionCoreAnimationTool(postProcessingAsVideoLayer: outside, in: root)
    #expect(S.failure(tool, size: size)?.reason.contains("\"stray\"") == true)

    let parent = CALayer()
    let child = CALayer()
    parent.addSublayer(child)
    child.mask = parent
    #expect(
      S.failure(S.tool(size: size, sublayers: [parent]), size: size)?.reason.contains("cycles")
        == true)
  }

  @Test("Contents that are not a CGImage show nothing, with a warning (as Apple shows nothing)")
  func contentsNotImage() throws {
    let layer = CALayer()
    layer.name = "not-an-image"
    layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    layer.contents = "picture.png"
    let image = try S.render(S.tool(size: size, sublayers: [layer]), size: size, at: 0)
    #expect(image[x: 50, y: 50].alpha == 0)
    #expect(
      CompatWarnings.printed.contains { $0.contains("not-an-image") && $0.contains("CGImage") })
  }
}
