internal import ReelCore
internal import ReelFilters

/// A colour for Core Image, as Apple's `CIColor`: sRGB components with alpha, each 0…1.
/// Filters work on it in linear light (Core Image's working space).
open class CIColor: NSObject, @unchecked Sendable {
  /// Red, 0…1 (sRGB-encoded).
  public let red: CGFloat
  /// Green, 0…1.
  public let green: CGFloat
  /// Blue, 0…1.
  public let blue: CGFloat
  /// Alpha, 0…1.
  public let alpha: CGFloat

  /// A colour from sRGB components.
  public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// The colour of `color`.
  public convenience init(cgColor color: CGColor) {
    self.init(reelColor: color.color)
  }

  /// The colour of `color` (UIKit's `CIColor(color:)`).
  public convenience init(color: UIColor) {
    self.init(cgColor: color.cgColor)
  }

  convenience init(reelColor color: Color) {
    self.init(
      red: CGFloat(color.red), green: CGFloat(color.green), blue: CGFloat(color.blue),
      alpha: CGFloat(color.alpha))
  }

  /// The components as a string (`"0.5 0.25 1 1"`).
  public var stringRepresentation: String { "\(red) \(green) \(blue) \(alpha)" }
  /// 4.
  public var numberOfComponents: Int { 4 }

  /// The colour in the filter engine's linear light.
  var linear: LinearColor {
    LinearColor(
      Color(
        red: min(max(Double(red), 0), 1), green: min(max(Double(green), 0), 1),
        blue: min(max(Double(blue), 0), 1), alpha: min(max(Double(alpha), 0), 1)))
  }

  /// Opaque black.
  public static var black: CIColor { CIColor(red: 0, green: 0, blue: 0) }
  /// Opaque white.
  public static var white: CIColor { CIColor(red: 1, green: 1, blue: 1) }
  /// Opaque 50 % grey.
  public static var gray: CIColor { CIColor(red: 0.5, green: 0.5, blue: 0.5) }
  /// Opaque red.
  public static var red: CIColor { CIColor(red: 1, green: 0, blue: 0) }
  /// Opaque green.
  public static var green: CIColor { CIColor(red: 0, green: 1, blue: 0) }
  /// Opaque blue.
  public static var blue: CIColor { CIColor(red: 0, green: 0, blue: 1) }
  /// Transparent black.
  public static var clear: CIColor { CIColor(red: 0, green: 0, blue: 0, alpha: 0) }

  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? CIColor else { return false }
    return red == other.red && green == other.green && blue == other.blue && alpha == other.alpha
  }

  open override var hash: Int {
    var hasher = Hasher()
    hasher.combine(red)
    hasher.combine(green)
    hasher.combine(blue)
    hasher.combine(alpha)
    return hasher.finalize()
  }
}

/// A vector of numbers for Core Image parameters, as Apple's `CIVector`: points, rectangles
/// (x, y, width, height), colour-matrix rows.
open class CIVector: NSObject, @unchecked Sendable {
  private let values: [CGFloat]

  /// A vector of `values`.
  public init(values: [CGFloat]) { self.values = values }
  /// A vector of `count` numbers read from `values`.
  public convenience init(values: UnsafePointer<CGFloat>, count: Int) {
    self.init(values: Array(UnsafeBufferPointer(start: values, count: max(count, 0))))
  }
  /// One number.
  public convenience init(x: CGFloat) { self.init(values: [x]) }
  /// A point.
  public convenience init(x: CGFloat, y: CGFloat) { self.init(values: [x, y]) }
  /// Three numbers.
  public convenience init(x: CGFloat, y: CGFloat, z: CGFloat) { self.init(values: [x, y, z]) }
  /// Four numbers (a rectangle or a colour-matrix row).
  public convenience init(x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat) {
    self.init(values: [x, y, z, w])
  }
  /// A point.
  public convenience init(cgPoint point: CGPoint) { self.init(values: [point.x, point.y]) }
  /// A rectangle: (x, y, width, height).
  public convenience init(cgRect rect: CGRect) {
    self.init(values: [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height])
  }
  /// An affine transform: (a, b, c, d, tx, ty).
  public convenience init(cgAffineTransform t: CGAffineTransform) {
    self.init(values: [t.a, t.b, t.c, t.d, t.tx, t.ty])
  }

  /// The number at `index`, 0 beyond the end.
  public func value(at index: Int) -> CGFloat { values.indices.contains(index) ? values[index] : 0 }
  /// How many numbers.
  public var count: Int { values.count }
  /// The first number.
  public var x: CGFloat { value(at: 0) }
  /// The second number.
  public var y: CGFloat { value(at: 1) }
  /// The third number.
  public var z: CGFloat { value(at: 2) }
  /// The fourth number.
  public var w: CGFloat { value(at: 3) }
  /// The first two numbers as a point.
  public var cgPointValue: CGPoint { CGPoint(x: x, y: y) }
  /// The first four as a rectangle.
  public var cgRectValue: CGRect { CGRect(x: x, y: y, width: z, height: w) }
  /// The numbers as a string (`"[1 2 3]"`).
  public var stringRepresentation: String {
    "[" + values.map { "\($0)" }.joined(separator: " ") + "]"
  }

  var doubles: [Double] { values.map(Double.init) }

  open override func isEqual(_ object: Any?) -> Bool {
    (object as? CIVector)?.values == values
  }

  open override var hash: Int { values.hashValue }
}
