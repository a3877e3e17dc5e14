/// A colour gradient across a rectangle, as a gradient layer draws it.
///
/// Points are in unit coordinates of the rectangle it fills: (0, 0) top-left, (1, 1)
/// bottom-right. For ``Kind/axial`` colours run along the line from `startPoint` to
/// `endPoint`; for ``Kind/radial`` they run from the centre `startPoint` outwards to an
/// ellipse whose width and height are twice `endPoint − startPoint` (as Core Animation's
/// `.radial`: semi-axes |Δx|·width and |Δy|·height); for ``Kind/conic`` they turn
/// clockwise around `startPoint`, starting in the direction of `endPoint`.
///
///     let sky = Gradient(colors: [.init(parsing: "#0B1D51"), .init(parsing: "#F9A03F")])
public struct Gradient: Sendable, Hashable {
  /// The gradient's geometry.
  public enum Kind: String, Sendable, Hashable {
    /// Colours change along the line from `startPoint` to `endPoint`.
    case axial
    /// Colours run outwards from the centre `startPoint` to an ellipse through `endPoint`.
    case radial
    /// Colours turn clockwise around `startPoint`, starting in the direction of `endPoint`.
    case conic
  }

  /// Geometry.
  public var kind: Kind
  /// The colour stops, in order (at least one).
  public var colors: [Color]
  /// Each colour's position along the gradient in [0, 1], non-decreasing; nil spaces the
  /// colours evenly (as Core Animation does when `locations` is absent).
  public var locations: [Double]?
  /// Start point (axial), centre (radial, conic), in unit coordinates.
  public var startPoint: Point
  /// End point (axial), the corner of the outer ellipse's bounding box (radial), the start
  /// direction (conic), in unit coordinates.
  public var endPoint: Point

  /// Makes a gradient. Defaults are Core Animation's: axial, top centre to bottom centre.
  public init(
    kind: Kind = .axial, colors: [Color], locations: [Double]? = nil,
    startPoint: Point = Point(x: 0.5, y: 0), endPoint: Point = Point(x: 0.5, y: 1)
  ) {
    self.kind = kind
    self.colors = colors
    self.locations = locations
    self.startPoint = startPoint
    self.endPoint = endPoint
  }

  /// The stop positions actually used: `locations` when it has one entry per colour,
  /// otherwise evenly spaced from 0 to 1.
  public var resolvedLocations: [Double] {
    if let locations, locations.count == colors.count { return locations }
    guard colors.count > 1 else { return colors.map { _ in 0 } }
    return colors.indices.map { Double($0) / Double(colors.count - 1) }
  }
}

/// A drop shadow: a blurred, offset copy of what casts it.
public struct Shadow: Sendable, Hashable {
  /// Shadow colour (its alpha multiplies `opacity`).
  public var color: Color
  /// Opacity in [0, 1]; 0 means no shadow (Core Animation's default).
  public var opacity: Double
  /// Offset in pixels (positive y moves the shadow down).
  public var offset: Point
  /// Blur radius in pixels (Core Animation's `shadowRadius`; 0 is a hard edge).
  public var radius: Double

  /// Makes a shadow. Defaults are Core Animation's: black, opacity 0 (none), offset (0, 3),
  /// radius 3 — but with y down, so the default shadow falls below, as on screen in iOS.
  public init(
    color: Color = .black, opacity: Double = 0, offset: Point = Point(x: 0, y: 3),
    radius: Double = 3
  ) {
    self.color = color
    self.opacity = opacity
    self.offset = offset
    self.radius = radius
  }

  /// Whether the shadow draws anything (opacity and colour alpha both above zero).
  public var isVisible: Bool { opacity > 0 && color.alpha > 0 }
}
