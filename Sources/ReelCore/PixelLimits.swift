/// One documented range of numbers that become pixels (see ``PixelLimits``).
public struct PixelRange: Sendable, Hashable, CustomStringConvertible {
  /// What the range is called in messages and in the documentation ("layer size").
  public let name: String
  /// The smallest and largest value allowed.
  public let range: ClosedRange<Double>
  /// Whether the smallest value itself is excluded (a font size must be greater than 0).
  public let excludesLowerBound: Bool
  /// The unit the values are in ("pixels", or "× (a factor)").
  public let unit: String

  /// Makes a range.
  ///
  /// - Parameters:
  ///   - name: What the range is called.
  ///   - range: The smallest and largest value allowed.
  ///   - excludesLowerBound: Whether the smallest value itself is excluded.
  ///   - unit: The values' unit.
  ///
  /// What a range applies to is not written here: the template format's rows name their
  /// ranges, and the documentation's table of places is found from them.
  public init(
    name: String, range: ClosedRange<Double>, excludesLowerBound: Bool = false,
    unit: String = "pixels"
  ) {
    self.name = name
    self.range = range
    self.excludesLowerBound = excludesLowerBound
    self.unit = unit
  }

  /// Whether `value` is allowed (NaN and infinities never are).
  public func contains(_ value: Double) -> Bool {
    guard value.isFinite, range.contains(value) else { return false }
    return !(excludesLowerBound && value == range.lowerBound)
  }

  /// The range as written in messages and docs: `0 to 32768`, `greater than 0, at most 4096`.
  public var description: String {
    let low = Self.text(range.lowerBound)
    let high = Self.text(range.upperBound)
    return excludesLowerBound ? "greater than \(low) and at most \(high)" : "from \(low) to \(high)"
  }

  /// The name with its article, for messages: "a layer size", "an outline width".
  public var withArticle: String {
    ("aeiou".contains(name.first ?? "x") ? "an " : "a ") + name
  }

  /// A bound as written: no trailing `.0`, thousands unseparated (`-1048576`, `0.5`).
  static func text(_ value: Double) -> String { ReadableNumber.string(value) }
}

/// The ranges of every number that becomes pixels, and the one conversion of such a number
/// to an integer.
///
/// This table is the single owner of these limits: template validation (`ReelProject`)
/// checks each template number against its range and reports the JSON path, the
/// documentation's limits table lists ``all``, and the renderer relies on them for its
/// memory and time but never trusts them — it converts every computed pixel coordinate with
/// ``integer(_:)``, so a layer built in Swift with any `Double` cannot trap.
///
/// The ranges are generous for real work: a layer may be larger than the render size (up to
/// ``layerSide`` a side) and is then drawn only where it is visible.
public enum PixelLimits {
  /// The longest side, in pixels, of a picture Reel encodes or decodes: 16384 (2¹⁴).
  ///
  /// No H.264 or HEVC level holds a wider or taller frame (the largest, level 6.2, allows
  /// about 16888 pixels a side), and a 16384 × 16384 picture is already 1 GiB as BGRA. The
  /// render size (``renderSide``), the video encoder, the image and video decoders and the
  /// reduced rasters of layers much larger than the output all stay within it.
  public static let maximumPictureSide = 16384

  /// The longest side, in pixels, of a canvas drawn on: 32767 (2¹⁵ − 1), the largest image
  /// surface cairo makes (pixman's coordinates are 16.16 fixed-point numbers).
  ///
  /// A layer may be larger (up to ``layerSide``) because it is rasterised only where it is
  /// visible; renderers refuse an output size beyond this before allocating anything.
  public static let maximumCanvasSide = 32767

  /// The render size of a movie and the output size of an export: whole pixels per side.
  public static let renderSide = PixelRange(
    name: "render size", range: 2...Double(maximumPictureSide))

  /// The width and height of a layer.
  public static let layerSide = PixelRange(
    name: "layer size", range: 0...32768)

  /// Positions and offsets: where something is, in pixels of the render size or of a layer.
  public static let coordinate = PixelRange(
    name: "coordinate", range: -1_048_576...1_048_576)

  /// Line widths: borders, strokes and text outlines.
  public static let lineWidth = PixelRange(
    name: "line width", range: 0...4096)

  /// Text outlines (drawn around every glyph of the whole text, so kept smaller).
  public static let outlineWidth = PixelRange(
    name: "outline width", range: 0...512)

  /// Corner radii: at most half the largest layer side, since a radius is limited to half
  /// the shorter side of what it rounds (a larger one draws the same).
  public static let radius = PixelRange(
    name: "corner radius", range: 0...(layerSide.range.upperBound / 2))

  /// The padding of a text box (drawn whole around its text, so kept smaller).
  public static let padding = PixelRange(
    name: "padding", range: 0...1024)

  /// Blur radii of shadows.
  public static let blurRadius = PixelRange(
    name: "shadow radius", range: 0...256)

  /// Font sizes.
  public static let fontSize = PixelRange(
    name: "font size", range: 0...1024, excludesLowerBound: true)

  /// Line spacing of text, as a multiple of the font size.
  public static let lineSpacing = PixelRange(
    name: "line spacing", range: 0...10, excludesLowerBound: true, unit: "")

  /// Dash lengths and the dash phase of strokes.
  public static let dashLength = PixelRange(
    name: "dash length", range: 0...32768)

  /// Scale factors: how many times larger a layer is drawn.
  public static let scale = PixelRange(
    name: "scale factor", range: -10_000...10_000, unit: "")

  /// Unit points: fractions of a layer's size (anchor points, gradient points).
  public static let unitPoint = PixelRange(
    name: "unit point coordinate", range: -1024...1024, unit: "")

  /// The eye distance of a perspective.
  public static let perspective = PixelRange(
    name: "perspective distance", range: 1...1_048_576)

  /// Miter limits of strokes, in line widths (cairo draws limits below 1 as 1).
  public static let miterLimit = PixelRange(
    name: "miter limit", range: 0...10_000, excludesLowerBound: true, unit: "")

  /// The entries of a 4×4 `transform` or `sublayerTransform` matrix.
  public static let matrixEntry = PixelRange(
    name: "matrix entry", range: -1_048_576...1_048_576, unit: "")

  /// The smallest sum of a dash pattern (shorter dashes would take cairo forever).
  public static let smallestDashPattern = 0.1

  /// Every range, in documentation order.
  public static let all: [PixelRange] = [
    renderSide, layerSide, coordinate, lineWidth, outlineWidth, radius, padding, blurRadius,
    fontSize,
    lineSpacing, dashLength, miterLimit,
    scale, unitPoint, perspective, matrixEntry,
  ]

  /// The largest magnitude ``integer(_:)`` returns: 2³⁰, far beyond any drawable pixel and
  /// small enough that sums and products of two such values cannot overflow `Int`.
  public static let integerBound = 1 << 30

  /// The one conversion of a computed pixel value to an integer: `value` truncated towards
  /// zero like `Int(_:)`, but limited to ±``integerBound``; NaN becomes 0. Round first
  /// (`value.rounded(.up)`) for another rounding.
  ///
  /// - Parameter value: Pixels (or pixel-derived units, such as pango units).
  /// - Returns: An integer that never traps when converted further to `Int32`.
  @inlinable
  public static func integer(_ value: Double) -> Int {
    guard !value.isNaN else { return 0 }
    let bound = Double(integerBound)
    return Int(Swift.min(Swift.max(value, -bound), bound))
  }

  /// A size in whole pixels: each side rounded to the nearest and clamped by
  /// ``integer(_:)`` (render sizes, which templates and users give as any number).
  ///
  /// - Parameter size: A size in pixels.
  /// - Returns: Its width and height as integers.
  public static func wholePixels(_ size: Size) -> (width: Int, height: Int) {
    (integer(size.width.rounded()), integer(size.height.rounded()))
  }
}
