// Seed 001's five effect controllers, each applyVideoEffectsToComposition:size: ported
// statement by statement (AddBorderViewController, AddOverlayViewController,
// AddSubtitleViewController, AddTiltViewController, AddAnimationViewController).

import AVFoundationCompat

class AddBorder: CommonVideo {
  /// _colorSegment.selectedSegmentIndex: 0 blue, 1 red, 2 green, 3 white.
  var colorSegment = 0
  /// _widthBar.value, in points.
  var widthBar: CGFloat = 10

  func imageWithColor(_ color: UIColor, rectSize imageSize: CGRect) -> UIImage? {
    let rect = imageSize
    UIGraphicsBeginImageContextWithOptions(rect.size, false, 0)
    color.setFill()
    UIRectFill(rect)  // Fill it with your color
    let image = UIGraphicsGetImageFromCurrentImageContext()
    UIGraphicsEndImageContext()

    return image
  }

  override func applyVideoEffects(to composition: AVMutableVideoComposition, size: CGSize) {
    var borderImage: UIImage? = nil

    if colorSegment == 0 {
      borderImage = imageWithColor(UIColor.blue, rectSize: CGRect(x: 0, y: 0, width: size.width, height: size.height))
    } else if colorSegment == 1 {
      borderImage = imageWithColor(UIColor.red, rectSize: CGRect(x: 0, y: 0, width: size.width, height: size.height))
    } else if colorSegment == 2 {
      borderImage = imageWithColor(UIColor.green, rectSize: CGRect(x: 0, y: 0, width: size.width, height: size.height))
    } else if colorSegment == 3 {
      borderImage = imageWithColor(UIColor.white, rectSize: CGRect(x: 0, y: 0, width: size.width, height: size.height))
    }

    let backgroundLayer = CALayer()
    backgroundLayer.contents = borderImage?.cgImage
    backgroundLayer.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
    backgroundLayer.masksToBounds = true

    let videoLayer = CALayer()
    videoLayer.frame = CGRect(x: widthBar, y: widthBar, width: size.width - (widthBar * 2), height: size.height - (widthBar * 2))

    let parentLayer = CALayer()
    parentLayer.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
    parentLayer.addSublayer(backgroundLayer)
    parentLayer.addSublayer(videoLayer)

    composition.animationTool = AVVideoCompositionCoreAnimationTool(postProcessingAsVideoLayer: videoLayer, in: parentLayer)
  }
}

class AddOverlay: CommonVideo {
  /// _frameSelectSegment.selectedSegmentIndex: 0 Frame-1.png, 1 Frame-2.png, 2 Frame-3.png.
  var frameSelectSegment = 0

  override func applyVideoEffects(to composition: AVMutableVideoComposition, size: CGSize) {
    // 1 - set up the overlay
    let overlayLayer = CALayer()
    var overlayImage: UIImage? = nil
    if frameSelectSegment == 0 {
      overlayImage = UIImage(named: "Frame-1.png")
    } else if frameSelectSegment == 1 {
      overlayImage = UIImage(named: "Frame-2.png")
    } else if frameSelectSegment == 2 {
      overlayImage = UIImage(named: "Frame-3.png")
    }

    overlayLayer.contents = overlayImage?.cgImage
    overlayLayer.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
    overlayLayer.masksToBounds = true

    // 2 - set up the parent layer
    let parentLayer = CALayer()
    let videoLayer = CALayer()
    parentLayer.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
    videoLayer.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
    parentLayer.addSublayer(videoLayer)
    parentLayer.addSublayer(overlayLayer)

    // 3 - apply magic
    composition.animationTool = AVVideoCompositionCoreAnimationTool(postProcessingAsVideoLayer: videoLayer, in: parentLayer)
  }
}

class AddSubtitle: CommonVideo {
  /// _subTitle1.text.
  var subTitle1 = "Subtitle"

  override func applyVideoEffects(to composition: AVMutableVideoComposition, size: CGSize) {
    // 1 - Set up the text layer
    let subtitle1Text = CATextLayer()
    subtitle1Text.font = "Helvetica-Bold" as CFTypeRef
    subtitle1Text.fontSize = 36
    subtitle1Text.frame = CGRect(x: 0, y: 0, width: size.width, height: 100)
    subtitle1Text.string = subTitle1
    subtitle1Text.alignmentMode = .center
    subtitle1Text.foregroundColor = UIColor.white.cgColor

    // 2 - The usual overlay
    let overlayLayer = CALayer()
    overlayLayer.addSublayer(subtitle1Text)
    overlayLayer.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
    overlayLayer.masksToBounds = true

    let parentLayer = CALayer()
    let videoLayer = CALayer()
    parentLayer.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
    videoLayer.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
    parentLayer.addSublayer(videoLayer)
    parentLayer.addSublayer(overlayLayer)

    composition.animationTool = AVVideoCompositionCoreAnimationTool(postProcessingAsVideoLayer: videoLayer, in: parentLayer)
  }
}

class AddTilt: CommonVideo {
  /// _tiltSegment.selectedSegmentIndex: 0 tilts one way, 1 the other.
  var tiltSegment = 0

  override func applyVideoEffects(to composition: AVMutableVideoComposition, size: CGSize) {
    // 1 - Layer setup
    let parentLayer = CALayer()
    let videoLayer = CALayer()
    parentLayer.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
    videoLayer.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
    parentLayer.addSublayer(videoLayer)

    // 2 - Set up the transform
    var identityTransform = CATransform3DIdentity

    // 3 - Pick the direction
    if tiltSegment == 0 {
      identityTransform.m34 = 1.0 / 1000  // greater the denominator lesser will be the transformation
    } else if tiltSegment == 1 {
      identityTransform.m34 = 1.0 / -1000  // lesser the denominator lesser will be the transformation
    }

    // 4 - Rotate
    videoLayer.transform = CATransform3DRotate(identityTransform, CGFloat(Double.pi / 6.0), 1.0, 0.0, 0.0)

    // 5 - Composition
    composition.animationTool = AVVideoCompositionCoreAnimationTool(postProcessingAsVideoLayer: videoLayer, in: parentLayer)
  }
}

class AddAnimation: CommonVideo {
  /// _animationSelectSegment.selectedSegmentIndex: 0 rotate, 1 fade, 2 twinkle.
  var animationSelectSegment = 0

  override func applyVideoEffects(to composition: AVMutableVideoComposition, size: CGSize) {
    // 1
    let animationImage = UIImage(named: "star.png")
    let overlayLayer1 = CALayer()
    overlayLayer1.contents = animationImage?.cgImage
    overlayLayer1.frame = CGRect(x: size.width / 2 - 64, y: size.height / 2 + 200, width: 128, height: 128)
    overlayLayer1.masksToBounds = true

    let overlayLayer2 = CALayer()
    overlayLayer2.contents = animationImage?.cgImage
    overlayLayer2.frame = CGRect(x: size.width / 2 - 64, y: size.height / 2 - 200, width: 128, height: 128)
    overlayLayer2.masksToBounds = true

    // 2 - Rotate
    if animationSelectSegment == 0 {
      let animation = CABasicAnimation(keyPath: "transform.rotation")
      animation.duration = 2.0
      animation.repeatCount = 5
      animation.autoreverses = true
      // rotate from 0 to 360
      animation.fromValue = NSNumber(value: 0.0)
      animation.toValue = NSNumber(value: 2.0 * Double.pi)
      animation.beginTime = AVCoreAnimationBeginTimeAtZero
      overlayLayer1.add(animation, forKey: "rotation")

      let animation2 = CABasicAnimation(keyPath: "transform.rotation")
      animation2.duration = 2.0
      animation2.repeatCount = 5
      animation2.autoreverses = true
      // rotate from 0 to 360
      animation2.fromValue = NSNumber(value: 0.0)
      animation2.toValue = NSNumber(value: 2.0 * Double.pi)
      animation2.beginTime = AVCoreAnimationBeginTimeAtZero
      overlayLayer2.add(animation2, forKey: "rotation")
    // 3 - Fade
    } else if animationSelectSegment == 1 {
      let animation = CABasicAnimation(keyPath: "opacity")
      animation.duration = 3.0
      animation.repeatCount = 5
      animation.autoreverses = true
      // animate from fully visible to invisible
      animation.fromValue = NSNumber(value: 1.0)
      animation.toValue = NSNumber(value: 0.0)
      animation.beginTime = AVCoreAnimationBeginTimeAtZero
      overlayLayer1.add(animation, forKey: "animateOpacity")

      let animation2 = CABasicAnimation(keyPath: "opacity")
      animation2.duration = 3.0
      animation2.repeatCount = 5
      animation2.autoreverses = true
      // animate from fully visible to invisible
      animation2.fromValue = NSNumber(value: 1.0)
      animation2.toValue = NSNumber(value: 0.0)
      animation2.beginTime = AVCoreAnimationBeginTimeAtZero
      overlayLayer2.add(animation2, forKey: "animateOpacity")
    // 4 - Twinkle
    } else if animationSelectSegment == 2 {
      let animation = CABasicAnimation(keyPath: "transform.scale")
      animation.duration = 0.5
      animation.repeatCount = 10
      animation.autoreverses = true
      // animate from half size to full size
      animation.fromValue = NSNumber(value: 0.5)
      animation.toValue = NSNumber(value: 1.0)
      animation.beginTime = AVCoreAnimationBeginTimeAtZero
      overlayLayer1.add(animation, forKey: "scale")

      let animation2 = CABasicAnimation(keyPath: "transform.scale")
      animation2.duration = 0.5
      animation2.repeatCount = 10
      animation2.autoreverses = true
      // animate from half size to full size
      animation2.fromValue = NSNumber(value: 0.5)
      animation2.toValue = NSNumber(value: 1.0)
      animation2.beginTime = AVCoreAnimationBeginTimeAtZero
      overlayLayer2.add(animation2, forKey: "scale")
    }

    // 5
    let parentLayer = CALayer()
    let videoLayer = CALayer()
    parentLayer.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
    videoLayer.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
    parentLayer.addSublayer(videoLayer)
    parentLayer.addSublayer(overlayLayer1)
    parentLayer.addSublayer(overlayLayer2)

    composition.animationTool = AVVideoCompositionCoreAnimationTool(postProcessingAsVideoLayer: videoLayer, in: parentLayer)
  }
}
