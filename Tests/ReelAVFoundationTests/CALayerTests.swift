import AVFoundationCompat
import Testing

@Suite("CALayer")
struct CALayerTests {
  @Test("Defaults are Core Animation's")
  func defaults() {
    let layer = CALayer()
    #expect(layer.anchorPoint == CGPoint(x: 0.5, y: 0.5))
    #expect(layer.opacity == 1)
    #expect(layer.borderColor == .black && layer.borderWidth == 0)
    #expect(layer.backgroundColor == nil)
    #expect(layer.shadowOpacity == 0 && layer.shadowRadius == 3)
    #expect(layer.shadowOffset == CGSize(width: 0, height: -3))
    #expect(layer.contentsGravity == .resize && layer.contentsScale == 1)
    #expect(layer.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1))
    #expect(!layer.isGeometryFlipped && !layer.masksToBounds && !layer.isHidden)
    #expect(CATransform3DIsIdentity(layer.transform))
    #expect(layer.sublayers == nil && layer.superlayer == nil)
    #expect(layer.speed == 1 && layer.fillMode == .removed)
  }

  @Test("frame = position − anchor·size; setting it keeps the anchor")
  func frame() {
    let layer = CALayer()
    layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
    layer.position = CGPoint(x: 200, y: 100)
    #expect(layer.frame == CGRect(x: 150, y: 75, width: 100, height: 50))
    layer.anchorPoint = .zero
    #expect(layer.frame == CGRect(x: 200, y: 100, width: 100, height: 50))
    layer.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
    #expect(layer.position == CGPoint(x: 10, y: 20))
    #expect(layer.bounds.size == CGSize(width: 30, height: 40))
    let rotated = CALayer()
    rotated.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
    rotated.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 2))
    #expect(abs(rotated.frame.width - 50) < 1e-9 && abs(rotated.frame.height - 100) < 1e-9)
    #expect(abs(rotated.affineTransform().b - 1) < 1e-12)
  }

  @Test("Sublayers: add, insert at / below / above, replace, remove")
  func sublayers() {
    let parent = CALayer()
    let (a, b, c, d) = (CALayer(), CALayer(), CALayer(), CALayer())
    parent.addSublayer(a)
    parent.addSublayer(b)
    parent.insertSublayer(c, at: 0)
    #expect(parent.sublayers?.map(ObjectIdentifier.init) == [c, a, b].map(ObjectIdentifier.init))
    parent.insertSublayer(d, below: b)
    #expect(parent.sublayers?.firstIndex { $0 === d } == 2)
    parent.insertSublayer(d, above: b)
    #expect(parent.sublayers?.last === d)
    #expect(d.superlayer === parent)
    let e = CALayer()
    parent.replaceSublayer(a, with: e)
    #expect(parent.sublayers?[1] === e && a.superlayer == nil)
    e.removeFromSuperlayer()
    #expect(parent.sublayers?.count == 3 && e.superlayer == nil)
    let other = CALayer()
    other.addSublayer(b)
    #expect(!(parent.sublayers ?? []).contains { $0 === b } && b.superlayer === other)
    parent.sublayers = nil
    #expect(parent.sublayers == nil && c.superlayer == nil)
  }

  @Test("add(_:forKey:) copies; the same key replaces; keys, lookup and removal")
  func animations() {
    let layer = CALayer()
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.toValue = 0.0
    layer.add(fade, forKey: "fade")
    fade.toValue = 0.5
    #expect((layer.animation(forKey: "fade") as? CABasicAnimation)?.toValue as? Double == 0)
    #expect(layer.animation(forKey: "fade") !== fade)
    let second = CABasicAnimation(keyPath: "position.x")
    layer.add(second, forKey: "fade")
    #expect(layer.animationKeys() == ["fade"])
    #expect((layer.animation(forKey: "fade") as? CABasicAnimation)?.keyPath == "position.x")
    layer.add(CABasicAnimation(keyPath: "opacity"), forKey: nil)
    layer.add(CABasicAnimation(keyPath: "opacity"), forKey: "other")
    #expect(layer.animationKeys() == ["fade", "other"])
    layer.removeAnimation(forKey: "fade")
    #expect(layer.animationKeys() == ["other"])
    layer.removeAllAnimations()
    #expect(layer.animationKeys() == nil)
  }

  @Test("init(layer:) copies the properties, not the tree; no-ops are accepted")
  func shadowCopy() {
    let layer = CATextLayer()
    layer.string = "Hi"
    layer.opacity = 0.5
    layer.name = "title"
    layer.addSublayer(CALayer())
    let copy = CATextLayer(layer: layer)
    #expect(copy.string as? String == "Hi" && copy.opacity == 0.5 && copy.name == "title")
    #expect(copy.sublayers == nil)
    layer.shouldRasterize = true
    layer.rasterizationScale = 2
    layer.needsDisplayOnBoundsChange = true
    layer.setNeedsDisplay()
    layer.displayIfNeeded()
    layer.layoutIfNeeded()
    #expect(layer.shouldRasterize && layer.rasterizationScale == 2)
  }

  @Test("Text and gradient layers have Core Animation's defaults and raw values")
  func subclassDefaults() {
    let text = CATextLayer()
    #expect(text.fontSize == 36 && text.foregroundColor == .white && !text.isWrapped)
    #expect(text.alignmentMode == .natural && text.truncationMode == .none)
    #expect(CATextLayerAlignmentMode.center.rawValue == "center")
    #expect(CATextLayerAlignmentMode.justified.rawValue == "justified")
    #expect(CATextLayerTruncationMode.middle.rawValue == "middle")
    let gradient = CAGradientLayer()
    #expect(
      gradient.startPoint == CGPoint(x: 0.5, y: 0) && gradient.endPoint == CGPoint(x: 0.5, y: 1))
    #expect(gradient.type == .axial && CAGradientLayerType.conic.rawValue == "conic")
    #expect(CAGradientLayerType.radial.rawValue == "radial")
    #expect(CALayerContentsGravity.resizeAspectFill.rawValue == "resizeAspectFill")
    #expect(CALayerContentsGravity.bottomLeft.rawValue == "bottomLeft")
  }
}
