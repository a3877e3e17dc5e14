// AppKit's spellings of what UIKit already has here, so that a file from a macOS app ports
// with only its imports changed. The types are UIKit's (`NSColor` is `UIColor`, …); the
// AppKit-only members are added below over the same implementation. What AppKit has and this
// does not (image `lockFocus`, degree-based arcs, `NSView`) does not compile, naming itself.
// `NSRect`, `NSSize`, `NSPoint` and `NSMakeRect` come from Foundation on Linux already.

/// AppKit's colour: UIKit's ``UIColor``.
public typealias NSColor = UIColor
/// AppKit's font: UIKit's ``UIFont``.
public typealias NSFont = UIFont
/// AppKit's image: UIKit's ``UIImage``.
public typealias NSImage = UIImage
/// AppKit's path: UIKit's ``UIBezierPath`` (AppKit's own method names added below).
public typealias NSBezierPath = UIBezierPath

extension UIColor {
  /// AppKit's calibrated RGB colour (treated as sRGB, as Reel draws in sRGB).
  public convenience init(calibratedRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)
  {
    self.init(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// AppKit's device RGB colour (treated as sRGB).
  public convenience init(deviceRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.init(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// AppKit's sRGB colour.
  public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.init(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// AppKit's calibrated grey.
  public convenience init(calibratedWhite white: CGFloat, alpha: CGFloat) {
    self.init(white: white, alpha: alpha)
  }

  /// AppKit's device grey.
  public convenience init(deviceWhite white: CGFloat, alpha: CGFloat) {
    self.init(white: white, alpha: alpha)
  }
}

/// AppKit's image representations, for the type of `cgImage(forProposedRect:context:hints:)`'s
/// hints (which Reel does not need).
open class NSImageRep: NSObject {
  /// A drawing hint's name.
  public struct HintKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
  }
}

extension UIImage {
  /// AppKit's `NSImage(cgImage:size:)`: `cgImage` shown at `size` points (`.zero`: its pixel
  /// size). A size that is not the pixel size in proportion is kept as a scale from the width.
  public convenience init(cgImage: CGImage, size: CGSize) {
    let scale = size.width > 0 ? CGFloat(cgImage.width) / size.width : 1
    self.init(cgImage: cgImage, scale: scale, orientation: .up)
  }

  /// AppKit's `cgImage(forProposedRect:context:hints:)`: the image's pixels (the proposed
  /// rectangle, context and hints do not change them here).
  public func cgImage(
    forProposedRect proposedDestRect: UnsafeMutablePointer<CGRect>?, context: NSGraphicsContext?,
    hints: [NSImageRep.HintKey: Any]?
  ) -> CGImage? {
    cgImage
  }
}

extension UIBezierPath {
  /// AppKit's `NSBezierPath(roundedRect:xRadius:yRadius:)`: elliptical corners.
  public convenience init(roundedRect rect: CGRect, xRadius: CGFloat, yRadius: CGFloat) {
    let path = CGMutablePath()
    path.addRoundedRect(in: rect, cornerWidth: xRadius, cornerHeight: yRadius)
    self.init(cgPath: path)
  }

  /// AppKit's `line(to:)`: UIKit's `addLine(to:)`.
  public func line(to point: CGPoint) { addLine(to: point) }

  /// AppKit's `curve(to:controlPoint1:controlPoint2:)`: UIKit's `addCurve`.
  public func curve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
    addCurve(to: endPoint, controlPoint1: controlPoint1, controlPoint2: controlPoint2)
  }

  /// AppKit's `appendRect(_:)`: a closed rectangle added to the path.
  public func appendRect(_ rect: CGRect) { append(UIBezierPath(rect: rect)) }

  /// AppKit's `appendOval(in:)`: the inscribed ellipse added to the path.
  public func appendOval(in rect: CGRect) { append(UIBezierPath(ovalIn: rect)) }

  /// AppKit's `appendRoundedRect(_:xRadius:yRadius:)`.
  public func appendRoundedRect(_ rect: CGRect, xRadius: CGFloat, yRadius: CGFloat) {
    append(UIBezierPath(roundedRect: rect, xRadius: xRadius, yRadius: yRadius))
  }
}

/// AppKit's drawing context, as `NSGraphicsContext`: a `CGContext` with whether it is
/// flipped (y-down). `current` is the top of the same per-thread stack UIKit's
/// `UIGraphicsGetCurrentContext()` reads, so UIKit and AppKit drawing calls see one current
/// context; `saveGraphicsState()` / `restoreGraphicsState()` bracket a change of it.
open class NSGraphicsContext: NSObject {
  /// The Core Graphics context drawn into.
  public let cgContext: CGContext
  /// Whether the context's space is y-down.
  public let isFlipped: Bool

  /// A context over `cgContext`.
  ///
  /// - Parameters:
  ///   - cgContext: The context drawn into.
  ///   - flipped: Whether its space is y-down (UIKit image contexts are).
  public init(cgContext: CGContext, flipped: Bool) {
    self.cgContext = cgContext
    isFlipped = flipped
    super.init()
  }

  /// The current context of this thread (nil when there is none); setting it replaces the
  /// one set since the last `saveGraphicsState()` (nil removes it).
  open class var current: NSGraphicsContext? {
    get {
      guard let entry = UIGraphicsContextStack.entries.last, let context = entry.context else {
        return nil
      }
      return NSGraphicsContext(cgContext: context, flipped: entry.imageScale != nil)
    }
    set {
      var entries = UIGraphicsContextStack.entries
      if entries.last?.setByAppKit == true { entries.removeLast() }
      if let newValue {
        entries.append(
          .init(context: newValue.cgContext, imageScale: nil, setByAppKit: true))
      }
      UIGraphicsContextStack.entries = entries
    }
  }

  /// Saves the current context's graphics state and which context is current.
  open class func saveGraphicsState() {
    var entries = UIGraphicsContextStack.entries
    guard let top = entries.last else {
      entries.append(.init(context: nil, imageScale: nil, savedByAppKit: true))
      UIGraphicsContextStack.entries = entries
      return
    }
    top.context?.saveGState()
    entries.append(.init(context: top.context, imageScale: top.imageScale, savedByAppKit: true))
    UIGraphicsContextStack.entries = entries
  }

  /// Restores what the last `saveGraphicsState()` saved.
  open class func restoreGraphicsState() {
    var entries = UIGraphicsContextStack.entries
    while let last = entries.popLast() {
      if last.savedByAppKit {
        last.context?.restoreGState()
        break
      }
    }
    UIGraphicsContextStack.entries = entries
  }

  /// Saves this context's graphics state.
  open func saveGraphicsState() { cgContext.saveGState() }
  /// Restores this context's graphics state.
  open func restoreGraphicsState() { cgContext.restoreGState() }
}
