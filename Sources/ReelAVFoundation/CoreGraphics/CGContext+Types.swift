internal import ReelCore

/// How the ends of an open stroked line are drawn, with Apple's raw values.
public enum CGLineCap: Int32, Sendable, Hashable {
  /// The line stops at its end point.
  case butt = 0
  /// A half circle of the line's width is added at each end.
  case round = 1
  /// A half square of the line's width is added at each end.
  case square = 2

  /// Reel's cap.
  var lineCap: LineCap {
    switch self {
    case .butt: .butt
    case .round: .round
    case .square: .square
    }
  }
}

/// How corners of a stroked path are joined, with Apple's raw values.
public enum CGLineJoin: Int32, Sendable, Hashable {
  /// The outer edges meet in a point (a bevel past the miter limit).
  case miter = 0
  /// A circular arc joins the outer edges.
  case round = 1
  /// The corner is cut off.
  case bevel = 2

  /// Reel's join.
  var lineJoin: LineJoin {
    switch self {
    case .miter: .miter
    case .round: .round
    case .bevel: .bevel
    }
  }
}

/// Which points are inside a self-intersecting path, with Apple's raw values.
public enum CGPathFillRule: Int, Sendable, Hashable {
  /// Inside where the winding number is not zero.
  case winding = 0
  /// Inside where a ray crosses the path an odd number of times.
  case evenOdd = 1

  /// Reel's rule.
  var fillRule: FillRule { self == .evenOdd ? .evenOdd : .nonZero }
}

/// What `CGContext.drawPath(using:)` paints, with Apple's raw values.
public enum CGPathDrawingMode: Int32, Sendable, Hashable {
  /// Fill by the winding rule.
  case fill = 0
  /// Fill by the even-odd rule.
  case eoFill = 1
  /// Stroke.
  case stroke = 2
  /// Fill by the winding rule, then stroke.
  case fillStroke = 3
  /// Fill by the even-odd rule, then stroke.
  case eoFillStroke = 4
}

/// Where a bitmap's alpha is and whether colours are premultiplied by it, with Apple's raw
/// values.
public enum CGImageAlphaInfo: UInt32, Sendable, Hashable {
  case none = 0
  case premultipliedLast = 1
  case premultipliedFirst = 2
  case last = 3
  case first = 4
  case noneSkipLast = 5
  case noneSkipFirst = 6
  case alphaOnly = 7
}

/// A bitmap's layout: its `CGImageAlphaInfo` in the low bits, byte order and float flags
/// above, with Apple's raw values.
public struct CGBitmapInfo: OptionSet, Sendable, Hashable {
  public let rawValue: UInt32
  /// Makes a layout from its raw bits.
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
  public static let floatInfoMask = CGBitmapInfo(rawValue: 0xF00)
  public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
  public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
  public static let byteOrderDefault = CGBitmapInfo([])
  public static let byteOrder16Little = CGBitmapInfo(rawValue: 1 << 12)
  public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
  public static let byteOrder16Big = CGBitmapInfo(rawValue: 3 << 12)
  public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)
}

/// How drawing combines with what is under it, as CoreGraphics' `CGBlendMode` (Apple's raw
/// values). Reel draws `.normal` (source over); the others are named so code compiles and
/// are reported where they would change the pixels.
public enum CGBlendMode: Int32, Sendable, Hashable {
  case normal = 0
  case multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight
  case hardLight, difference, exclusion, hue, saturation, color, luminosity
  case clear, copy, sourceIn, sourceOut, sourceAtop, destinationOver, destinationIn
  case destinationOut, destinationAtop, xor, plusDarker, plusLighter
}
