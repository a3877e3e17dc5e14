internal import ReelCore
internal import ReelGraphics

/// UIKit's stack of current contexts, one per thread as UIKit keeps it.
enum UIGraphicsContextStack {
  /// One entry of the stack: the context and, for image contexts, its size and scale.
  struct Entry {
    /// The context; nil only for AppKit's `saveGraphicsState()` with no current context.
    let context: CGContext?
    /// Points per pixel of an image context; nil for a pushed context.
    let imageScale: CGFloat?
    /// Set through AppKit's `NSGraphicsContext.current`.
    var setByAppKit = false
    /// Pushed by AppKit's `NSGraphicsContext.saveGraphicsState()`.
    var savedByAppKit = false
  }

  private static let key = "ReelAVFoundation.UIGraphicsContextStack"

  /// This thread's stack, bottom first.
  static var entries: [Entry] {
    get { (Thread.current.threadDictionary[key] as? Box)?.entries ?? [] }
    set {
      if let box = Thread.current.threadDictionary[key] as? Box {
        box.entries = newValue
      } else {
        let box = Box()
        box.entries = newValue
        Thread.current.threadDictionary[key] = box
      }
    }
  }

  private final class Box: NSObject { var entries: [Entry] = [] }

  /// A y-down context of `size` points at `scale` pixels a point (0: the screen's, 3 unless
  /// `REEL_SCREEN` says), transparent unless `opaque`; nil with a warning for an empty or huge size.
  static func makeImageContext(size: CGSize, opaque: Bool, scale: CGFloat, caller: String)
    -> (CGContext, CGFloat)?
  {
    let pixelsPerPoint = scale > 0 ? scale : UIScreen.main.scale
    let width = Int((Double(size.width) * Double(pixelsPerPoint)).rounded(.up))
    let height = Int((Double(size.height) * Double(pixelsPerPoint)).rounded(.up))
    let canvas: Canvas
    do {
      canvas = try Canvas(width: width, height: height)
    } catch {
      CompatWarnings.warnOnce(
        key: "\(caller)|\(width)x\(height)",
        "\(caller) makes no context for \(size.width) × \(size.height) points: "
          + error.description)
      return nil
    }
    let s = Double(pixelsPerPoint)
    let context = CGContext(
      canvas: canvas, ctm: ReelAffineTransform(a: s, b: 0, c: 0, d: -s, tx: 0, ty: Double(height)))
    if opaque {
      // Apple's opaque contexts start black and keep no alpha.
      context.setFillColor(gray: 0, alpha: 1)
      context.fill(CGRect(x: 0, y: 0, width: size.width, height: size.height))
    }
    return (context, pixelsPerPoint)
  }
}

/// Pushes a new image context of `size` points at scale 1, transparent, and makes it current.
public func UIGraphicsBeginImageContext(_ size: CGSize) {
  UIGraphicsBeginImageContextWithOptions(size, false, 1)
}

/// Pushes a new image context and makes it current: `size` in points, `opaque` (starts
/// black, no alpha) or transparent, `scale` pixels a point (0: the screen's scale, which is
/// 3 unless `REEL_SCREEN` says). Its space is y-down, origin at the top left, in points. An empty or too large
/// size pushes nothing, with a warning (Apple logs an invalid context).
public func UIGraphicsBeginImageContextWithOptions(
  _ size: CGSize, _ opaque: Bool, _ scale: CGFloat
) {
  guard
    let (context, pixelsPerPoint) = UIGraphicsContextStack.makeImageContext(
      size: size, opaque: opaque, scale: scale, caller: "UIGraphicsBeginImageContextWithOptions")
  else { return }
  UIGraphicsContextStack.entries.append(.init(context: context, imageScale: pixelsPerPoint))
}

/// The context on top of this thread's stack, or nil.
public func UIGraphicsGetCurrentContext() -> CGContext? {
  UIGraphicsContextStack.entries.last?.context
}

/// Makes `context` the current one until `UIGraphicsPopContext()`.
public func UIGraphicsPushContext(_ context: CGContext) {
  UIGraphicsContextStack.entries.append(.init(context: context, imageScale: nil))
}

/// Removes the context on top of this thread's stack.
public func UIGraphicsPopContext() {
  _ = UIGraphicsContextStack.entries.popLast()
}

/// The current image context's pixels as an image of its scale; nil when the current
/// context is not an image context.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
  guard let entry = UIGraphicsContextStack.entries.last, let scale = entry.imageScale,
    let context = entry.context
  else {
    return nil
  }
  return UIImage(cgImage: context.snapshot(), scale: scale, orientation: .up)
}

/// Removes the current image context from this thread's stack.
public func UIGraphicsEndImageContext() {
  guard UIGraphicsContextStack.entries.last?.imageScale != nil else {
    CompatWarnings.warnOnce(
      key: "UIGraphicsEndImageContext.none",
      "UIGraphicsEndImageContext() without a current image context does nothing")
    return
  }
  _ = UIGraphicsContextStack.entries.popLast()
}

/// Fills `rect` of the current context with the current fill colour (source-over: Apple's
/// `UIRectFill` copies; on an empty or opaque context they agree).
public func UIRectFill(_ rect: CGRect) {
  UIGraphicsGetCurrentContext()?.fill(rect)
}

/// Strokes a frame one point wide just inside `rect` with the current fill colour.
public func UIRectFrame(_ rect: CGRect) {
  guard let context = UIGraphicsGetCurrentContext() else { return }
  let r = rect.standardized
  guard r.width > 0, r.height > 0 else { return }
  let w = Swift.min(1, r.width / 2)
  let h = Swift.min(1, r.height / 2)
  context.fill([
    CGRect(x: r.minX, y: r.minY, width: r.width, height: h),
    CGRect(x: r.minX, y: r.maxY - h, width: r.width, height: h),
    CGRect(x: r.minX, y: r.minY + h, width: w, height: r.height - 2 * h),
    CGRect(x: r.maxX - w, y: r.minY + h, width: w, height: r.height - 2 * h),
  ])
}
