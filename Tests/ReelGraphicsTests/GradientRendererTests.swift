import Foundation
import ReelCore
import Testing

@testable import ReelGraphics

@Suite("GradientRenderer: axial, radial, conic against the maths")
struct GradientRendererTests {
  /// The expected premultiplied pixel at fraction `t` between two colours: unpremultiplied
  /// sRGB interpolation, then premultiplied and rounded — computed here from the formula.
  func expected(_ a: Color, _ b: Color, _ t: Double) -> BGRA {
    let t = min(max(t, 0), 1)
    let alpha = a.alpha + (b.alpha - a.alpha) * t
    func ch(_ x: Double, _ y: Double) -> UInt8 {
      UInt8(((x + (y - x) * t) * alpha * 255).rounded())
    }
    return BGRA(
      blue: ch(a.blue, b.blue), green: ch(a.green, b.green), red: ch(a.red, b.red),
      alpha: UInt8((alpha * 255).rounded()))
  }

  @Test("Axial, left to right: exact ends, linear in between (pixel centres)")
  func axial() throws {
    let a = Color(red: 1, green: 0, blue: 0)
    let b = Color(red: 0, green: 0.5, blue: 1)
    let g = Gradient(
      colors: [a, b], startPoint: Point(x: 0, y: 0.5), endPoint: Point(x: 1, y: 0.5))
    let image = try GradientRenderer.render(g, width: 101, height: 3)
    for x in [0, 10, 50, 75, 100] {
      let t = (Double(x) + 0.5) / 101
      #expect(Pixels.close(image[x: x, y: 1], expected(a, b, t)), "x = \(x): \(image[x: x, y: 1])")
    }
    // Default geometry: top to bottom; rows are constant.
    let vertical = try GradientRenderer.render(Gradient(colors: [a, b]), width: 4, height: 200)
    #expect(vertical[x: 0, y: 100] == vertical[x: 3, y: 100])
    #expect(Pixels.close(vertical[x: 0, y: 100], expected(a, b, 100.5 / 200)))
  }

  @Test("Stop colours are exact where the gradient is flat past its stops")
  func stopsExact() throws {
    let a = Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.9)
    let b = Color(red: 0.7, green: 0.1, blue: 0.3, alpha: 0.6)
    let g = Gradient(
      colors: [a, b], locations: [0.25, 0.75], startPoint: Point(x: 0, y: 0),
      endPoint: Point(x: 1, y: 0))
    let image = try GradientRenderer.render(g, width: 100, height: 1)
    #expect(image[x: 5, y: 0] == a.premultipliedBGRA)
    #expect(image[x: 95, y: 0] == b.premultipliedBGRA)
    #expect(Pixels.close(image[x: 50, y: 0], expected(a, b, (50.5 - 25) / 50)))
  }

  @Test("Fading to transparent interpolates unpremultiplied (keeps the hue)")
  func transparentStop() throws {
    let a = Color.red
    let b = Color(red: 0, green: 0, blue: 1, alpha: 0)
    let g = Gradient(colors: [a, b], startPoint: Point(x: 0, y: 0), endPoint: Point(x: 1, y: 0))
    let image = try GradientRenderer.render(g, width: 64, height: 1)
    let mid = image[x: 32, y: 0]
    #expect(Pixels.close(mid, expected(a, b, 32.5 / 64)))
    #expect(mid.blue > 50)  // premultiplied interpolation would give no blue at all
  }

  @Test("Radial: centre is the first colour, the ellipse edge the last, linear in radius")
  func radial() throws {
    let a = Color.white
    let b = Color(red: 0, green: 0, blue: 0.5)
    let g = Gradient(
      kind: .radial, colors: [a, b], startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 1, y: 1))
    let image = try GradientRenderer.render(g, width: 200, height: 100)
    // Semi-axes 100 × 50 around (100, 50).
    func t(_ x: Int, _ y: Int) -> Double {
      let dx = (Double(x) + 0.5 - 100) / 100
      let dy = (Double(y) + 0.5 - 50) / 50
      return (dx * dx + dy * dy).squareRoot()
    }
    for (x, y) in [(100, 50), (150, 50), (100, 75), (130, 30), (199, 50), (0, 0)] {
      #expect(
        Pixels.close(image[x: x, y: y], expected(a, b, t(x, y))),
        "(\(x), \(y)) \(image[x: x, y: y])")
    }
  }

  @Test("Conic: clockwise from the end point's direction, four angles")
  func conic() throws {
    let a = Color.red
    let b = Color.blue
    let g = Gradient(
      kind: .conic, colors: [a, b], startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 1, y: 0.5)
    )
    let image = try GradientRenderer.render(g, width: 201, height: 201)
    // Centre (100.5, 100.5). Right = 0 turns, down = 1/4 (clockwise on screen), left = 1/2, up = 3/4.
    let cases: [(Int, Int)] = [(190, 100), (100, 190), (10, 100), (100, 10), (170, 170)]
    for (x, y) in cases {
      var turn = atan2(Double(y) + 0.5 - 100.5, Double(x) + 0.5 - 100.5) / (2 * .pi)
      if turn < 0 { turn += 1 }
      #expect(
        Pixels.close(image[x: x, y: y], expected(a, b, turn)),
        "(\(x), \(y)) \(image[x: x, y: y]) t=\(turn)")
    }
    // Starting direction "up": the pixel above the centre is the first colour.
    let up = Gradient(
      kind: .conic, colors: [a, b], startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 0.5, y: 0)
    )
    let upImage = try GradientRenderer.render(up, width: 201, height: 201)
    #expect(Pixels.close(upImage[x: 190, y: 100], expected(a, b, 0.25)))
  }

  @Test("color(of:at:) follows the stops")
  func colourLookup() {
    let g = Gradient(colors: [.black, .white, .red])
    #expect(GradientRenderer.color(of: g, at: 0.25) == Color(white: 0.5))
    #expect(GradientRenderer.color(of: g, at: 1.5) == .red)
    #expect(GradientRenderer.color(of: g, at: -1) == .black)
  }
}
