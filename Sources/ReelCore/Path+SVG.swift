import Foundation

extension Path {
  /// Parses SVG path data (the `d` attribute of `<path>`), as SVG 1.1 and 2 define it.
  ///
  /// All commands are understood, absolute (upper case) and relative (lower case):
  /// `M L H V C S Q T A Z`. A command letter may be followed by several argument groups
  /// (extra pairs after `M` are lines); numbers may be separated by commas, whitespace, a
  /// sign or a second decimal point (`-1-2`, `.5.5`), and may have exponents (`1e-3`).
  /// Arc flags may be written without separators (`a5 5 0 1050 50`). Elliptical arcs become
  /// cubic Béziers (one per quarter turn or less), `S`/`T` reflect the previous control
  /// point, and a drawing command after `Z` starts a new subpath at the closed subpath's
  /// start. An empty string (or only whitespace) is an empty path.
  ///
  ///     let heart = try Path(svgPathData: "M 10,30 A 20,20 0,0,1 50,30 Q 90,60 50,90 Z")
  ///
  /// - Parameter svgPathData: The path data.
  /// - Throws: ``PathParseError`` naming the character offset (0-based) and what was
  ///   expected there, e.g. `invalid SVG path data at character 7: expected a number
  ///   after 'L'`.
  public init(svgPathData: String) throws(PathParseError) {
    var parser = SVGPathParser(Array(svgPathData.unicodeScalars))
    self = try parser.parse()
  }
}

/// A recursive-descent reader of SVG path data over Unicode scalars.
private struct SVGPathParser {
  let scalars: [Unicode.Scalar]
  var index = 0
  var path = Path()
  /// The current point.
  var current = Point.zero
  /// The start of the current subpath (where `Z` returns).
  var subpathStart = Point.zero
  /// Whether a subpath is open (a drawing command needs one).
  var hasSubpath = false
  /// The last command's second cubic control point, for `S`.
  var lastCubicControl: Point?
  /// The last command's quadratic control point, for `T`.
  var lastQuadControl: Point?

  init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

  mutating func parse() throws(PathParseError) -> Path {
    skipSeparators(allowComma: false)
    guard index < scalars.count else { return path }
    guard scalars[index] == "M" || scalars[index] == "m" else {
      throw PathParseError(
        offset: index,
        reason: "path data must start with a moveto command ('M' or 'm'), found '\(scalars[index])'"
      )
    }
    while index < scalars.count {
      let letter = scalars[index]
      guard Self.commandLetters.contains(letter) else {
        throw PathParseError(
          offset: index, reason: "unexpected character '\(letter)', expected a command letter")
      }
      index += 1
      try parseCommand(letter)
      skipSeparators(allowComma: false)
    }
    return path
  }

  static let commandLetters: Set<Unicode.Scalar> = Set("MmLlHhVvCcSsQqTtAaZz".unicodeScalars)

  // MARK: Commands

  mutating func parseCommand(_ letter: Unicode.Scalar) throws(PathParseError) {
    let relative = letter.properties.isLowercase
    let command = Character(letter).uppercased()
    if command == "Z" {
      closeSubpath()
      return
    }
    var first = true
    // Argument groups repeat until the next command letter (or the end).
    repeat {
      let base = relative ? current : Point.zero
      switch command {
      case "M":
        let p = try point(after: letter, base: base)
        if first {
          moveTo(p)
        } else {
          lineTo(p)
        }
      case "L":
        lineTo(try point(after: letter, base: base))
      case "H":
        let x = try number(after: letter) + base.x
        lineTo(Point(x: x, y: current.y))
      case "V":
        let y = try number(after: letter) + base.y
        lineTo(Point(x: current.x, y: y))
      case "C":
        let c1 = try point(after: letter, base: base)
        let c2 = try point(after: letter, base: base)
        let end = try point(after: letter, base: base)
        curveTo(end, c1, c2)
      case "S":
        let c1 = reflected(lastCubicControl)
        let c2 = try point(after: letter, base: base)
        let end = try point(after: letter, base: base)
        curveTo(end, c1, c2)
      case "Q":
        let c = try point(after: letter, base: base)
        let end = try point(after: letter, base: base)
        quadTo(end, c)
      case "T":
        let c = reflected(lastQuadControl)
        let end = try point(after: letter, base: base)
        quadTo(end, c)
      default:  // "A"
        let rx = try number(after: letter)
        let ry = try number(after: letter)
        let rotation = try number(after: letter)
        let largeArc = try flag(after: letter)
        let sweep = try flag(after: letter)
        let end = try point(after: letter, base: base)
        arcTo(end, rx: rx, ry: ry, rotationDegrees: rotation, largeArc: largeArc, sweep: sweep)
      }
      first = false
    } while nextIsNumber()
  }

  func reflected(_ control: Point?) -> Point {
    guard let control else { return current }
    return Point(x: 2 * current.x - control.x, y: 2 * current.y - control.y)
  }

  mutating func ensureSubpath() {
    if !hasSubpath {
      // After `Z` a drawing command starts a new subpath at the closed one's start.
      path.move(to: current)
      subpathStart = current
      hasSubpath = true
    }
  }

  mutating func moveTo(_ p: Point) {
    path.move(to: p)
    current = p
    subpathStart = p
    hasSubpath = true
    lastCubicControl = nil
    lastQuadControl = nil
  }

  mutating func lineTo(_ p: Point) {
    ensureSubpath()
    path.addLine(to: p)
    current = p
    lastCubicControl = nil
    lastQuadControl = nil
  }

  mutating func curveTo(_ end: Point, _ c1: Point, _ c2: Point) {
    ensureSubpath()
    path.addCurve(to: end, control1: c1, control2: c2)
    current = end
    lastCubicControl = c2
    lastQuadControl = nil
  }

  mutating func quadTo(_ end: Point, _ c: Point) {
    ensureSubpath()
    path.addQuadCurve(to: end, control: c)
    current = end
    lastQuadControl = c
    lastCubicControl = nil
  }

  mutating func closeSubpath() {
    if hasSubpath { path.closeSubpath() }
    current = subpathStart
    hasSubpath = false
    lastCubicControl = nil
    lastQuadControl = nil
  }

  /// Appends an elliptical arc (SVG endpoint parameterisation, implementation notes F.6)
  /// as cubic Béziers of at most a quarter turn each.
  mutating func arcTo(
    _ end: Point, rx rxIn: Double, ry ryIn: Double, rotationDegrees: Double, largeArc: Bool,
    sweep: Bool
  ) {
    let start = current
    if start == end {
      // Identical endpoints: the arc is omitted.
      lastCubicControl = nil
      lastQuadControl = nil
      ensureSubpath()
      return
    }
    var rx = abs(rxIn)
    var ry = abs(ryIn)
    guard rx > 0, ry > 0 else {
      lineTo(end)
      return
    }
    let phi = rotationDegrees * .pi / 180
    let cosPhi = cos(phi)
    let sinPhi = sin(phi)
    // Step 1: the midpoint in the ellipse's rotated frame.
    let dx = (start.x - end.x) / 2
    let dy = (start.y - end.y) / 2
    let x1 = cosPhi * dx + sinPhi * dy
    let y1 = -sinPhi * dx + cosPhi * dy
    // Radii too small to reach: scale them up uniformly.
    let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
    if lambda > 1 {
      let s = lambda.squareRoot()
      rx *= s
      ry *= s
    }
    // Step 2: the centre in the rotated frame.
    let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
    let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
    var factor = (Swift.max(0, numerator) / denominator).squareRoot()
    if largeArc == sweep { factor = -factor }
    let cx1 = factor * rx * y1 / ry
    let cy1 = -factor * ry * x1 / rx
    // Step 3: the centre in user space.
    let cx = cosPhi * cx1 - sinPhi * cy1 + (start.x + end.x) / 2
    let cy = sinPhi * cx1 + cosPhi * cy1 + (start.y + end.y) / 2
    // Step 4: start angle and sweep.
    func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
      atan2(ux * vy - uy * vx, ux * vx + uy * vy)
    }
    let theta1 = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
    var delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
    if !sweep && delta > 0 { delta -= 2 * .pi }
    if sweep && delta < 0 { delta += 2 * .pi }

    ensureSubpath()
    path.appendArcCurves(
      center: Point(x: cx, y: cy), radiusX: rx, radiusY: ry, rotation: phi, startAngle: theta1,
      sweepAngle: delta, end: end)
    current = end
    lastCubicControl = nil
    lastQuadControl = nil
  }

  // MARK: Tokens

  func isSpace(_ s: Unicode.Scalar) -> Bool {
    s == " " || s == "\t" || s == "\n" || s == "\r" || s == "\u{0C}"
  }

  mutating func skipSeparators(allowComma: Bool) {
    var sawComma = false
    while index < scalars.count {
      let s = scalars[index]
      if isSpace(s) {
        index += 1
      } else if s == "," && allowComma && !sawComma {
        sawComma = true
        index += 1
      } else {
        break
      }
    }
  }

  /// Whether another argument group follows (the next token starts a number).
  mutating func nextIsNumber() -> Bool {
    let saved = index
    skipSeparators(allowComma: true)
    let result: Bool
    if index < scalars.count {
      let s = scalars[index]
      result = s == "+" || s == "-" || s == "." || ("0"..."9").contains(s)
    } else {
      result = false
    }
    index = saved
    return result
  }

  mutating func point(after letter: Unicode.Scalar, base: Point) throws(PathParseError) -> Point {
    let x = try number(after: letter)
    let y = try number(after: letter)
    return Point(x: base.x + x, y: base.y + y)
  }

  /// Reads one number, after optional separators (one comma at most).
  mutating func number(after letter: Unicode.Scalar) throws(PathParseError) -> Double {
    skipSeparators(allowComma: true)
    let start = index
    var end = index
    func digit(_ i: Int) -> Bool { i < scalars.count && ("0"..."9").contains(scalars[i]) }
    if end < scalars.count && (scalars[end] == "+" || scalars[end] == "-") { end += 1 }
    var digits = 0
    while digit(end) {
      end += 1
      digits += 1
    }
    if end < scalars.count && scalars[end] == "." {
      end += 1
      while digit(end) {
        end += 1
        digits += 1
      }
    }
    guard digits > 0 else {
      throw PathParseError(offset: start, reason: "expected a number after '\(letter)'")
    }
    if end < scalars.count && (scalars[end] == "e" || scalars[end] == "E") {
      var e = end + 1
      if e < scalars.count && (scalars[e] == "+" || scalars[e] == "-") { e += 1 }
      if digit(e) {
        while digit(e) { e += 1 }
        end = e
      }
    }
    var text = ""
    text.unicodeScalars.append(contentsOf: scalars[start..<end])
    guard let value = Double(text), value.isFinite else {
      throw PathParseError(
        offset: start, reason: "number '\(text)' after '\(letter)' is out of range")
    }
    index = end
    return value
  }

  /// Reads an arc flag: a single `0` or `1`, which needs no separator after it.
  mutating func flag(after letter: Unicode.Scalar) throws(PathParseError) -> Bool {
    skipSeparators(allowComma: true)
    guard index < scalars.count, scalars[index] == "0" || scalars[index] == "1" else {
      throw PathParseError(offset: index, reason: "expected an arc flag (0 or 1) after '\(letter)'")
    }
    defer { index += 1 }
    return scalars[index] == "1"
  }
}
