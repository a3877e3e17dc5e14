import Foundation
import ReelCore

/// Rasterises a gradient layer's ``Gradient`` into an image of the layer's size.
///
/// Geometry follows Core Animation (points in unit coordinates of the image, y down):
/// - axial: colours along the line `startPoint → endPoint`, constant across it;
/// - radial: centre `startPoint`, outer ellipse with semi-axes `|Δx|·width` and
///   `|Δy|·height` (Δ = endPoint − startPoint; "width and height twice the delta", as Apple
///   documents `CAGradientLayerType.radial`); when one delta is zero the ellipse is the
///   circle through `endPoint`;
/// - conic: colours turn clockwise on screen around `startPoint`, starting in the direction
///   of `endPoint`, 0 to 1 over a full turn.
///
/// Before the first and after the last stop the end colours continue (extend "pad").
/// Colours are sampled at pixel centres.
///
/// Interpolation: between stops, components are interpolated in gamma-encoded sRGB,
/// **unpremultiplied** (alpha interpolated alongside), then premultiplied — as Core
/// Graphics does, so a stop fading to transparent keeps its hue (red → clear blue is
/// purple at half alpha). cairo (through pixman) interpolates *premultiplied* colours,
/// which makes that half-way pixel dark red instead; so where alpha changes between two
/// stops, the axial and radial patterns get extra stops on the unpremultiplied curve (see
/// `cairoStops`), and conic is computed here directly. Tests check all three against the
/// maths (±1). A stop's own colour comes out exactly (`Color.premultipliedBGRA`).
public enum GradientRenderer {
  /// Draws `gradient` filling a `width × height` image.
  ///
  /// - Parameters:
  ///   - gradient: Colours, locations and geometry; no colours gives a transparent image.
  ///   - width: Width in pixels, 1…32767.
  ///   - height: Height in pixels, 1…32767.
  /// - Returns: The premultiplied image.
  /// - Throws: ``GraphicsError/invalidSize(width:height:)`` outside 1…32767.
  public static func render(_ gradient: Gradient, width: Int, height: Int) throws(GraphicsError)
    -> Image
  {
    try render(
      gradient, layerWidth: width, layerHeight: height, x: 0, y: 0, width: width, height: height
    )
  }

  /// Draws the part of `gradient` filling a `layerWidth × layerHeight` layer that lies in
  /// the `width × height` pixels at (`x`, `y`): the same pixels as cutting them out of
  /// ``render(_:width:height:)``, for layers too large to draw whole.
  ///
  /// - Parameters:
  ///   - gradient: Colours, locations and geometry; no colours gives a transparent image.
  ///   - layerWidth: The layer's width in pixels (its unit points are fractions of it).
  ///   - layerHeight: The layer's height in pixels.
  ///   - x: The first column drawn, in layer pixels.
  ///   - y: The first row drawn, in layer pixels.
  ///   - width: Columns drawn, 1…32767.
  ///   - height: Rows drawn, 1…32767.
  /// - Returns: The premultiplied image of the part.
  /// - Throws: ``GraphicsError/invalidSize(width:height:)`` outside 1…32767.
  public static func render(
    _ gradient: Gradient, layerWidth: Int, layerHeight: Int, x: Int, y: Int, width: Int,
    height: Int
  ) throws(GraphicsError) -> Image {
    var gradient = gradient
    gradient.startPoint = Point(
      x: gradient.startPoint.x.finiteOr(0.5), y: gradient.startPoint.y.finiteOr(0))
    gradient.endPoint = Point(
      x: gradient.endPoint.x.finiteOr(0.5), y: gradient.endPoint.y.finiteOr(1))
    let stops = resolvedStops(gradient)
    if gradient.kind == .conic, !stops.isEmpty {
      // Every pixel is written: no canvas (and no zero-filled buffer) is needed.
      try Canvas.validate(width: width, height: height)
      return try renderConic(
        gradient, stops: stops, layerWidth: layerWidth, layerHeight: layerHeight, x: x, y: y,
        width: width, height: height)
    }
    var canvas = try Canvas(width: width, height: height)
    canvas.transform = AffineTransform(translationX: Double(-x), y: Double(-y))
    guard let lastColor = stops.last?.color else { return canvas.image }
    switch gradient.kind {
    case .conic:
      // Reached only without stops, which returned above.
      return canvas.image
    case .axial, .radial:
      let w = Double(layerWidth)
      let h = Double(layerHeight)
      let start = Point(x: gradient.startPoint.x * w, y: gradient.startPoint.y * h)
      let end = Point(x: gradient.endPoint.x * w, y: gradient.endPoint.y * h)
      let pattern: CairoPattern?
      if gradient.kind == .axial {
        guard start != end else {
          // No direction: Core Graphics draws nothing useful; use the last colour.
          canvas.fill(Path(rect: Rect(x: 0, y: 0, width: w, height: h)), color: lastColor)
          return canvas.image
        }
        pattern = CairoPattern.linear(from: start, to: end)
      } else {
        var rx = abs(end.x - start.x)
        var ry = abs(end.y - start.y)
        if rx == 0 || ry == 0 {
          rx = Swift.max(rx, ry)
          ry = rx
        }
        guard rx > 0 else {
          canvas.fill(Path(rect: Rect(x: 0, y: 0, width: w, height: h)), color: lastColor)
          return canvas.image
        }
        pattern = CairoPattern.elliptical(center: start, rx: rx, ry: ry)
      }
      guard let pattern else { return canvas.image }
      pattern.padEnds()
      for stop in cairoStops(stops) {
        pattern.addStop(at: stop.location, color: stop.color)
      }
      try canvas.withCheckedContext("gradient fill") { cr in
        cr.setSource(pattern)
        cr.setOperator(.source)
        cr.paint()
      }
    }
    return canvas.image
  }

  /// The colour of `gradient` at position `t` (0…1 along the gradient), interpolated
  /// between its stops unpremultiplied in sRGB, with end colours continuing outside the
  /// stops.
  public static func color(of gradient: Gradient, at t: Double) -> Color {
    color(in: resolvedStops(gradient), at: t)
  }

  struct Stop {
    var location: Double
    var color: Color
  }

  /// Stops sorted by location, locations clamped to [0, 1].
  static func resolvedStops(_ gradient: Gradient) -> [Stop] {
    zip(gradient.resolvedLocations, gradient.colors)
      .map { Stop(location: Swift.min(Swift.max($0.0.isNaN ? 0 : $0.0, 0), 1), color: $0.1) }
      .enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
      .map(\.element)
  }

  /// The stops to give cairo. pixman interpolates premultiplied colours, which differs from
  /// unpremultiplied interpolation only where alpha changes between two stops; there, 32
  /// intermediate stops on the unpremultiplied curve keep the error below 0.1 of an 8-bit
  /// step.
  static func cairoStops(_ stops: [Stop]) -> [Stop] {
    guard stops.count > 1 else { return stops }
    var result = [stops[0]]
    for i in 1..<stops.count {
      let a = stops[i - 1]
      let b = stops[i]
      if a.color.alpha != b.color.alpha && b.location > a.location {
        let steps = 32
        for k in 1..<steps {
          let f = Double(k) / Double(steps)
          result.append(
            Stop(
              location: a.location + (b.location - a.location) * f,
              color: Color.interpolate(from: a.color, to: b.color, fraction: f)))
        }
      }
      result.append(b)
    }
    return result
  }

  static func color(in stops: [Stop], at t: Double) -> Color {
    guard let first = stops.first, let last = stops.last else { return .clear }
    if t <= first.location { return first.color }
    if t >= last.location { return last.color }
    for i in 1..<stops.count where t < stops[i].location {
      let a = stops[i - 1]
      let b = stops[i]
      let span = b.location - a.location
      let f = span > 0 ? (t - a.location) / span : 1
      return Color.interpolate(from: a.color, to: b.color, fraction: f)
    }
    return last.color
  }

  /// Conic (angular) gradient: one table lookup per pixel of the angle at its centre.
  static func renderConic(
    _ gradient: Gradient, stops: [Stop], layerWidth: Int, layerHeight: Int, x originX: Int,
    y originY: Int, width: Int, height: Int
  ) throws(GraphicsError) -> Image {
    let cx = gradient.startPoint.x * Double(layerWidth) - Double(originX)
    let cy = gradient.startPoint.y * Double(layerHeight) - Double(originY)
    let ex = gradient.endPoint.x * Double(layerWidth) - Double(originX) - cx
    let ey = gradient.endPoint.y * Double(layerHeight) - Double(originY) - cy
    let startAngle = (ex == 0 && ey == 0) ? 0 : atan2(ey, ex)
    // 4096 entries: adjacent entries differ by < 1/255 for any stop spacing ≥ 1/16 turn.
    let tableSize = 4096
    let table: [UInt32] = (0...tableSize).map { i in
      let p = color(in: stops, at: Double(i) / Double(tableSize)).premultipliedBGRA
      return UInt32(p.blue) | UInt32(p.green) << 8 | UInt32(p.red) << 16 | UInt32(p.alpha) << 24
    }
    var image = try Image.allocating(width: width, height: height)
    let stride = image.bytesPerRow
    image.withUnsafeMutableBytes { bytes in
      guard let base = bytes.baseAddress else { return }
      for y in 0..<height {
        let row = (base + y * stride).bindMemory(to: UInt32.self, capacity: width)
        let dy = Double(y) + 0.5 - cy
        for x in 0..<width {
          let dx = Double(x) + 0.5 - cx
          // y is down, so increasing atan2 turns clockwise on screen.
          var turn = (atan2(dy, dx) - startAngle) / (2 * .pi)
          turn -= turn.rounded(.down)
          row[x] = table[Int((turn * Double(tableSize)).rounded())]
        }
      }
    }
    return image
  }
}
