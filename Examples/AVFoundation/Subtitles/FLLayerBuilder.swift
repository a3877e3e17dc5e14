// Seed 004's `buildLayerbuildTxt:…`, statement by statement (docs/avfoundation.md has the
// table): a subtitle as a shape layer of glyph outlines, faded in on the text layer and out
// on its parent.

import AVFoundationCompat

class FLLayerBuilder {
  func buildLayerbuildTxt(
    _ text: String?,
    textSize: CGFloat,
    textColor: UIColor?,
    strokeColor: UIColor?,
    opacity: CGFloat,
    textRect: CGRect,
    fontPath: String?,
    viewBounds: CGSize,
    startTime: TimeInterval,
    duration: TimeInterval
  ) -> CALayer? {
    guard let text = text, text != "" else {
      return nil
    }

    // Create a layer for the overall title animation.
    let animatedTitleLayer = CALayer()

    // 1. Create a layer for the text of the title.
    let titleLayer = CATextLayer()
    titleLayer.string = text
    titleLayer.font = "Helvetica" as CFTypeRef
    titleLayer.fontSize = textSize
    titleLayer.alignmentMode = .center
    titleLayer.bounds = CGRect(x: 0, y: 0, width: textRect.size.width, height: textRect.size.height)
    titleLayer.foregroundColor = textColor?.cgColor
    titleLayer.backgroundColor = UIColor.clear.cgColor
    // animatedTitleLayer.addSublayer(titleLayer)

    // 添加文字以及边框效果
    var font: UIFont? = nil
    if let fontPath = fontPath, fontPath.count > 0 {
      font = FLVideoEditFontManager.sharedFLVideoEditFontManager.fontWithPath(
        fontPath, size: textSize)
      titleLayer.font = font.flatMap { CGFontCreateWithFontName($0.fontName as CFString) }
    }
    if font == nil {
      titleLayer.font = "Helvetica" as CFTypeRef
    }

    var path: UIBezierPath? = nil
    if let font = font {
      path = FLLayerBuilderTool.createPathForText(
        text, fontHeight: textSize, fontName: font.fontName as CFString)
    } else {
      path = FLLayerBuilderTool.createPathForText(
        text, fontHeight: textSize, fontName: "Helvetica" as CFString)
    }
    let rectPath = path?.cgPath.boundingBox ?? .null
    let textLayer = CAShapeLayer()
    textLayer.path = path?.cgPath
    textLayer.lineWidth = 1
    if let strokeColor = strokeColor {
      textLayer.strokeColor = strokeColor.cgColor
    }
    if let textColor = textColor {
      textLayer.fillColor = textColor.cgColor
    }
    textLayer.lineJoin = .round
    textLayer.lineCap = .round
    textLayer.isGeometryFlipped = false
    textLayer.opacity = Float(opacity)
    textLayer.bounds = CGRect(x: 0, y: 0, width: rectPath.size.width, height: textSize + 10)
    animatedTitleLayer.addSublayer(textLayer)

    // 动画图层位置
    animatedTitleLayer.position = CGPoint(
      x: textRect.origin.x + textRect.size.width / 2,
      y: viewBounds.height - textRect.size.height / 2 - textRect.origin.y)

    let initAnimationDuration: TimeInterval = 0.1
    let animationDuration: TimeInterval = 0.1

    // 3.显示动画
    let animatedInStartTime = startTime + initAnimationDuration
    let fadeInAnimation = CABasicAnimation(keyPath: "opacity")
    fadeInAnimation.fromValue = 0.0
    fadeInAnimation.toValue = 1.0
    fadeInAnimation.isAdditive = false
    fadeInAnimation.isRemovedOnCompletion = false
    fadeInAnimation.beginTime = animatedInStartTime
    fadeInAnimation.duration = animationDuration
    fadeInAnimation.autoreverses = false
    fadeInAnimation.fillMode = .both
    textLayer.add(fadeInAnimation, forKey: "opacity")

    let animatedOutStartTime = startTime + duration - animationDuration
    let fadeOutAnimation = CABasicAnimation(keyPath: "opacity")
    fadeOutAnimation.fromValue = 1.0
    fadeOutAnimation.toValue = 0.0
    fadeOutAnimation.isAdditive = false
    fadeOutAnimation.isRemovedOnCompletion = false
    fadeOutAnimation.beginTime = animatedOutStartTime
    fadeOutAnimation.duration = animationDuration
    fadeOutAnimation.autoreverses = false
    fadeOutAnimation.fillMode = .both

    animatedTitleLayer.add(fadeOutAnimation, forKey: "opacity")

    return animatedTitleLayer
  }
}
