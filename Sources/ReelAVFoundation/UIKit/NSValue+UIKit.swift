// UIKit's additions to `NSValue` for geometry (Foundation on Linux has `NSValue(point:)`,
// `(size:)`, `(rect:)`; these are Apple's UIKit spellings over them).

extension NSValue {
  /// A value holding `point`.
  public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
  /// A value holding `size`.
  public convenience init(cgSize size: CGSize) { self.init(size: size) }
  /// A value holding `rect`.
  public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }

  /// A value holding `transform` (as six doubles, `[6d]`).
  public convenience init(cgAffineTransform transform: CGAffineTransform) {
    var entries = [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty]
      .map(Double.init)
    self.init(bytes: &entries, objCType: NSValue.affineTransformType)
  }

  /// The point held (a value holding something else reads as Foundation reads it).
  public var cgPointValue: CGPoint { pointValue }
  /// The size held.
  public var cgSizeValue: CGSize { sizeValue }
  /// The rectangle held.
  public var cgRectValue: CGRect { rectValue }

  /// The transform held; the identity for a value that holds no transform.
  public var cgAffineTransformValue: CGAffineTransform {
    guard String(cString: objCType) == NSValue.affineTransformType else { return .identity }
    var entries = [Double](repeating: 0, count: 6)
    entries.withUnsafeMutableBytes { buffer in
      if let base = buffer.baseAddress { getValue(base) }
    }
    return CGAffineTransform(
      a: entries[0], b: entries[1], c: entries[2], d: entries[3], tx: entries[4], ty: entries[5])
  }

  /// The transform held, or nil for a value that holds something else.
  var affineTransformIfAny: CGAffineTransform? {
    String(cString: objCType) == NSValue.affineTransformType ? cgAffineTransformValue : nil
  }

  /// The type encoding of a held `CGAffineTransform`.
  private static let affineTransformType = "[6d]"
}
