import ReelCore
import ReelGraphics
import TestSupport
import Testing

/// `YUVCompositor` checked sample by sample against the compositing equations evaluated here
/// in floating point: luma `Y·(1 − a) + 16·a + (219/255)·(Kr·R′ + Kg·G′ + Kb·B′)`, chroma from
/// the block means of a and c′, bilinear positions `(i + ½)·S/D − ½`, and the cross-fade.
@Suite("YUV compositor")
struct YUVCompositorTests {
  /// Expected samples: a luma plane and two chroma planes of real values.
  struct Planes {
    var luma: [Double]
    var cb: [Double]
    var cr: [Double]
  }

  /// An overlay pixel in real numbers: coverage 0…1 and premultiplied colour 0…255.
  struct Paint {
    var alpha: Double
    var red: Double
    var green: Double
    var blue: Double
    static let none = Paint(alpha: 0, red: 0, green: 0, blue: 0)
  }

  static func weights(_ matrix: ColorMatrix) -> (kr: Double, kb: Double) {
    matrix == .bt709 ? (0.2126, 0.0722) : (0.299, 0.114)
  }

  /// A picture with seeded random samples (luma 16…235, chroma 16…240).
  static func randomPicture(width: Int, height: Int, matrix: ColorMatrix, seed: UInt64)
    -> YUVImage
  {
    var generator = SeededGenerator(state: seed)
    var picture = YUVImage(width: width, height: height, matrix: matrix)
    picture.withUnsafeMutablePlanes { planes in
      for y in 0..<height {
        for x in 0..<width {
          planes.luma[y * planes.lumaStride + x] = UInt8.random(in: 16...235, using: &generator)
        }
      }
      for y in 0..<(height + 1) / 2 {
        for x in 0..<(width + 1) / 2 {
          planes.cb[y * planes.chromaStride + x] = UInt8.random(in: 16...240, using: &generator)
          planes.cr[y * planes.chromaStride + x] = UInt8.random(in: 16...240, using: &generator)
        }
      }
    }
    return picture
  }

  /// A premultiplied overlay with seeded random pixels; `alphas` are drawn from.
  static func randomOverlay(width: Int, height: Int, alphas: [UInt8], seed: UInt64) -> Image {
    var generator = SeededGenerator(state: seed)
    var image = Image(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        let alpha = alphas.randomElement(using: &generator) ?? 255
        image[x: x, y: y] = BGRA(
          blue: UInt8.random(in: 0...alpha, using: &generator),
          green: UInt8.random(in: 0...alpha, using: &generator),
          red: UInt8.random(in: 0...alpha, using: &generator), alpha: alpha)
      }
    }
    return image
  }

  /// The samples of `picture` after painting `paint(x, y)` OVER every pixel (nil = nothing).
  static func expectedBlend(_ picture: YUVImage, paint: (Int, Int) -> Paint?) -> Planes {
    let (kr, kb) = weights(picture.matrix)
    let kg = 1 - kr - kb
    let width = picture.width
    let height = picture.height
    let cw = picture.chromaWidth
    var result = Planes(luma: [], cb: [], cr: [])
    var sums = [Paint](repeating: .none, count: cw * picture.chromaHeight)
    var counts = [Double](repeating: 0, count: sums.count)
    for y in 0..<height {
      for x in 0..<width {
        let p = paint(x, y) ?? .none
        let old = Double(picture.luma(x: x, y: y))
        result.luma.append(
          old * (1 - p.alpha) + 16 * p.alpha + 219 / 255 * (kr * p.red + kg * p.green + kb * p.blue)
        )
        let block = (y / 2) * cw + x / 2
        sums[block].alpha += p.alpha
        sums[block].red += p.red
        sums[block].green += p.green
        sums[block].blue += p.blue
        counts[block] += 1
      }
    }
    for y in 0..<picture.chromaHeight {
      for x in 0..<cw {
        let s = sums[y * cw + x]
        let n = counts[y * cw + x]
        let (a, r, g, b) = (s.alpha / n, s.red / n, s.green / n, s.blue / n)
        let luma = kr * r + kg * g + kb * b
        let old = picture.chroma(x: 2 * x, y: 2 * y)
        result.cb.append(
          Double(old.cb) * (1 - a) + 128 * a + 224 / 255 * (b - luma) / (2 * (1 - kb)))
        result.cr.append(
          Double(old.cr) * (1 - a) + 128 * a + 224 / 255 * (r - luma) / (2 * (1 - kr)))
      }
    }
    return result
  }

  /// What an overlay pixel paints at `opacity`, or nil outside it.
  static func paint(_ overlay: Image, opacity: Double, x: Int, y: Int) -> (Int, Int) -> Paint? {
    { px, py in
      let ox = px - x
      let oy = py - y
      guard ox >= 0, oy >= 0, ox < overlay.width, oy < overlay.height else { return nil }
      let p = overlay[x: ox, y: oy]
      return Paint(
        alpha: Double(p.alpha) / 255 * opacity, red: Double(p.red) * opacity,
        green: Double(p.green) * opacity, blue: Double(p.blue) * opacity)
    }
  }

  /// Checks every sample of `picture` against `expected`, within `tolerance` code values.
  static func expectSamples(
    _ picture: YUVImage, _ expected: Planes, tolerance: Double = 0.6,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var failures = 0
    for y in 0..<picture.height {
      for x in 0..<picture.width {
        let actual = Double(picture.luma(x: x, y: y))
        let want = expected.luma[y * picture.width + x]
        if abs(actual - want) > tolerance, failures < 5 {
          failures += 1
          Issue.record(
            "luma (\(x), \(y)): \(actual), expected \(want)", sourceLocation: sourceLocation)
        }
      }
    }
    for y in 0..<picture.chromaHeight {
      for x in 0..<picture.chromaWidth {
        let actual = picture.chroma(x: 2 * x, y: 2 * y)
        let index = y * picture.chromaWidth + x
        for (name, value, want) in [
          ("Cb", actual.cb, expected.cb[index]), ("Cr", actual.cr, expected.cr[index]),
        ] where abs(Double(value) - want) > tolerance && failures < 5 {
          failures += 1
          Issue.record(
            "\(name) block (\(x), \(y)): \(value), expected \(want)", sourceLocation: sourceLocation
          )
        }
      }
    }
  }

  // MARK: - Blending images

  @Test("an opaque overlay at an odd offset replaces luma and blends cut chroma blocks")
  func opaqueOverlayAtOddOffset() {
    let before = Self.randomPicture(width: 40, height: 30, matrix: .bt709, seed: 1)
    let overlay = Self.randomOverlay(width: 13, height: 9, alphas: [255], seed: 2)
    var picture = before
    YUVCompositor.blend(overlay, opacity: 1, atX: 7, y: 5, into: &picture)
    Self.expectSamples(
      picture, Self.expectedBlend(before, paint: Self.paint(overlay, opacity: 1, x: 7, y: 5)))
    // Fully covered pixels lose the old luma entirely.
    let p = overlay[x: 3, y: 4]
    let luma =
      16 + 219 / 255 * (0.2126 * Double(p.red) + 0.7152 * Double(p.green) + 0.0722 * Double(p.blue))
    #expect(abs(Double(picture.luma(x: 10, y: 9)) - luma) <= 0.6)
  }

  @Test(
    "a translucent overlay at opacity 0.5 scales colour and coverage",
    arguments: [
      ColorMatrix.bt601, .bt709,
    ])
  func translucentOverlayAtHalfOpacity(matrix: ColorMatrix) {
    let before = Self.randomPicture(width: 48, height: 32, matrix: matrix, seed: 3)
    let overlay = Self.randomOverlay(
      width: 37, height: 21, alphas: [128, 40, 255, 0, 200], seed: 4)
    var picture = before
    YUVCompositor.blend(overlay, opacity: 0.5, atX: 4, y: 6, into: &picture)
    Self.expectSamples(
      picture, Self.expectedBlend(before, paint: Self.paint(overlay, opacity: 0.5, x: 4, y: 6)))
  }

  @Test("a clip limits the blend to its rectangle, cutting chroma blocks at its odd edges")
  func clipLimitsBlend() {
    let before = Self.randomPicture(width: 40, height: 30, matrix: .bt709, seed: 5)
    let overlay = Self.randomOverlay(width: 30, height: 24, alphas: [255, 180, 90], seed: 6)
    var picture = before
    YUVCompositor.blend(
      overlay, opacity: 0.8, atX: 2, y: 3, clip: (x: 9, y: 7, width: 12, height: 11), into: &picture
    )
    let inner = Self.paint(overlay, opacity: 0.8, x: 2, y: 3)
    Self.expectSamples(
      picture,
      Self.expectedBlend(before) { x, y in
        (9..<21).contains(x) && (7..<18).contains(y) ? inner(x, y) : nil
      })
    #expect(picture.luma(x: 8, y: 10) == before.luma(x: 8, y: 10))
    #expect(picture.luma(x: 9, y: 10) != before.luma(x: 9, y: 10))
  }

  @Test("an overlay past every edge of the picture touches only pixels inside it")
  func overlayPastEveryEdge() {
    let before = Self.randomPicture(width: 30, height: 20, matrix: .bt601, seed: 7)
    let overlay = Self.randomOverlay(width: 37, height: 29, alphas: [255, 120, 60], seed: 8)
    var picture = before
    YUVCompositor.blend(overlay, opacity: 1, atX: -3, y: -5, into: &picture)
    Self.expectSamples(
      picture, Self.expectedBlend(before, paint: Self.paint(overlay, opacity: 1, x: -3, y: -5)))
    // Entirely outside: nothing changes.
    var outside = before
    YUVCompositor.blend(overlay, opacity: 1, atX: 30, y: 0, into: &outside)
    YUVCompositor.blend(overlay, opacity: 1, atX: -37, y: 0, into: &outside)
    YUVCompositor.blend(overlay, opacity: 1, atX: 0, y: -29, into: &outside)
    #expect(outside == before)
  }

  @Test("on an odd-sized picture the last blocks average the pixels that exist")
  func oddSizedPicture() {
    let before = Self.randomPicture(width: 37, height: 23, matrix: .bt709, seed: 9)
    let overlay = Self.randomOverlay(width: 12, height: 10, alphas: [255, 30, 200], seed: 10)
    var picture = before
    YUVCompositor.blend(overlay, opacity: 0.9, atX: 28, y: 16, into: &picture)
    Self.expectSamples(
      picture, Self.expectedBlend(before, paint: Self.paint(overlay, opacity: 0.9, x: 28, y: 16)))
    // The corner block covers one pixel: opaque paint there sets its chroma outright.
    let solid = Image.solid(BGRA(blue: 200, green: 10, red: 90, alpha: 255), width: 1, height: 1)
    var corner = before
    YUVCompositor.blend(solid, opacity: 1, atX: 36, y: 22, into: &corner)
    let (cb, cr) = corner.chroma(x: 36, y: 22)
    let (kr, kb) = Self.weights(.bt709)
    let luma = kr * 90 + (1 - kr - kb) * 10 + kb * 200
    #expect(abs(Double(cb) - (128 + 224 / 255 * (200 - luma) / (2 * (1 - kb)))) <= 0.6)
    #expect(abs(Double(cr) - (128 + 224 / 255 * (90 - luma) / (2 * (1 - kr)))) <= 0.6)
  }

  @Test("pixels and blocks of zero alpha are left bit for bit as they were")
  func zeroAlphaUntouched() {
    let before = Self.randomPicture(width: 64, height: 40, matrix: .bt709, seed: 11)
    // A ring 3 pixels wide around a 40×30 overlay; everything inside it has alpha 0.
    var generator = SeededGenerator(state: 12)
    var ring = Image(width: 40, height: 30)
    for y in 0..<30 {
      for x in 0..<40 where x < 3 || x >= 37 || y < 3 || y >= 27 {
        let alpha = UInt8.random(in: 1...255, using: &generator)
        ring[x: x, y: y] = BGRA(blue: alpha / 2, green: alpha, red: alpha / 3, alpha: alpha)
      }
    }
    var picture = before
    YUVCompositor.blend(ring, opacity: 1, atX: 5, y: 3, into: &picture)
    Self.expectSamples(
      picture, Self.expectedBlend(before, paint: Self.paint(ring, opacity: 1, x: 5, y: 3)))
    for y in 0..<40 {
      for x in 0..<64 {
        let inHole = (8..<42).contains(x) && (6..<30).contains(y)
        let inOverlay = (5..<45).contains(x) && (3..<33).contains(y)
        if inHole || !inOverlay {
          #expect(picture.luma(x: x, y: y) == before.luma(x: x, y: y), "luma (\(x), \(y))")
        }
      }
    }
    // Blocks wholly in the hole: columns 8…41 → blocks 4…20, rows 6…29 → blocks 3…14.
    for by in 3...14 {
      for bx in 4...20 {
        #expect(picture.chroma(x: 2 * bx, y: 2 * by) == before.chroma(x: 2 * bx, y: 2 * by))
      }
    }
  }

  @Test("the blend equals compositing in RGB with box chroma, then converting back")
  func matchesRGBRoundTrip() {
    let matrix = ColorMatrix.bt601
    let (kr, kb) = Self.weights(matrix)
    let kg = 1 - kr - kb
    let before = Self.randomPicture(width: 26, height: 19, matrix: matrix, seed: 13)
    let overlay = Self.randomOverlay(width: 19, height: 14, alphas: [255, 0, 77, 160], seed: 14)
    var picture = before
    YUVCompositor.blend(overlay, opacity: 0.7, atX: 5, y: 3, into: &picture)
    let paint = Self.paint(overlay, opacity: 0.7, x: 5, y: 3)
    // Y′CbCr → real-valued RGB per pixel (each block's chroma repeated), OVER, and back.
    var luma: [Double] = []
    var cbSums = [Double](repeating: 0, count: before.chromaWidth * before.chromaHeight)
    var crSums = cbSums
    var counts = cbSums
    for y in 0..<before.height {
      for x in 0..<before.width {
        let yy = (Double(before.luma(x: x, y: y)) - 16) * 255 / 219
        let (cb8, cr8) = before.chroma(x: x, y: y)
        let pb = (Double(cb8) - 128) * 255 / 224
        let pr = (Double(cr8) - 128) * 255 / 224
        var r = yy + 2 * (1 - kr) * pr
        var b = yy + 2 * (1 - kb) * pb
        var g = (yy - kr * r - kb * b) / kg
        let p = paint(x, y) ?? .none
        r = r * (1 - p.alpha) + p.red
        g = g * (1 - p.alpha) + p.green
        b = b * (1 - p.alpha) + p.blue
        let l = kr * r + kg * g + kb * b
        luma.append(16 + 219 / 255 * l)
        let block = (y / 2) * before.chromaWidth + x / 2
        cbSums[block] += 128 + 224 / 255 * (b - l) / (2 * (1 - kb))
        crSums[block] += 128 + 224 / 255 * (r - l) / (2 * (1 - kr))
        counts[block] += 1
      }
    }
    let expected = Planes(
      luma: luma, cb: zip(cbSums, counts).map { $0 / $1 }, cr: zip(crSums, counts).map { $0 / $1 })
    Self.expectSamples(picture, expected, tolerance: 1)
  }

  @Test("opacity 0, an empty clip or an overlay of zero size change nothing")
  func noOps() {
    let before = Self.randomPicture(width: 20, height: 16, matrix: .bt709, seed: 15)
    let overlay = Self.randomOverlay(width: 8, height: 8, alphas: [255], seed: 16)
    var picture = before
    YUVCompositor.blend(overlay, opacity: 0, atX: 2, y: 2, into: &picture)
    YUVCompositor.blend(
      overlay, opacity: 1, atX: 2, y: 2, clip: (x: 0, y: 0, width: 0, height: 9), into: &picture)
    YUVCompositor.blend(Image(width: 0, height: 0), opacity: 1, atX: 2, y: 2, into: &picture)
    YUVCompositor.fill(
      x: 0, y: 0, width: 20, height: 16, color: .init(white: 1), opacity: 0, into: &picture)
    YUVCompositor.fill(
      x: 3, y: 0, width: -2, height: 16, color: .init(white: 1), opacity: 1, into: &picture)
    #expect(picture == before)
  }

  // MARK: - Filling rectangles

  @Test("an opaque fill sets samples to the colour's Y′CbCr; odd edges blend by coverage")
  func opaqueFill() {
    let before = Self.randomPicture(width: 33, height: 21, matrix: .bt709, seed: 17)
    let color = Color(red: 0.9, green: 0.3, blue: 0.1)
    let (kr, kb) = Self.weights(.bt709)
    let l = kr * 0.9 + (1 - kr - kb) * 0.3 + kb * 0.1
    let luma = 16 + 219 * l
    let cb = 128 + 224 * (0.1 - l) / (2 * (1 - kb))
    let cr = 128 + 224 * (0.9 - l) / (2 * (1 - kr))
    // Even edges: every covered sample is set outright.
    var even = before
    YUVCompositor.fill(x: 4, y: 2, width: 10, height: 8, color: color, opacity: 1, into: &even)
    #expect(even.luma(x: 4, y: 2) == UInt8(luma.rounded()))
    #expect(even.luma(x: 13, y: 9) == UInt8(luma.rounded()))
    #expect(even.chroma(x: 8, y: 5) == (UInt8(cb.rounded()), UInt8(cr.rounded())))
    #expect(even.luma(x: 14, y: 9) == before.luma(x: 14, y: 9))
    let paint = Paint(alpha: 1, red: 0.9 * 255, green: 0.3 * 255, blue: 0.1 * 255)
    Self.expectSamples(
      even,
      Self.expectedBlend(before) { x, y in
        (4..<14).contains(x) && (2..<10).contains(y) ? paint : nil
      })
    // Odd edges, past the picture's odd right and bottom edges.
    var odd = before
    YUVCompositor.fill(x: 3, y: 5, width: 40, height: 30, color: color, opacity: 1, into: &odd)
    Self.expectSamples(
      odd, Self.expectedBlend(before) { x, y in x >= 3 && y >= 5 ? paint : nil })
  }

  @Test("a translucent fill with odd edges equals blending an image of that colour")
  func translucentFill() {
    let before = Self.randomPicture(width: 30, height: 24, matrix: .bt601, seed: 18)
    let color = Color(red: 0.2, green: 0.7, blue: 0.95, alpha: 0.6)
    var picture = before
    YUVCompositor.fill(
      x: -1, y: 3, width: 16, height: 9, color: color, opacity: 0.75, into: &picture)
    let a = 0.6 * 0.75
    let paint = Paint(alpha: a, red: 0.2 * 255 * a, green: 0.7 * 255 * a, blue: 0.95 * 255 * a)
    Self.expectSamples(
      picture,
      Self.expectedBlend(before) { x, y in
        (-1..<15).contains(x) && (3..<12).contains(y) ? paint : nil
      })
  }

  // MARK: - Scaling

  /// Bilinear samples of one plane with 8-bit fractions, positions (i + ½)·S/D − ½.
  static func expectedScale(
    _ sample: (Int, Int) -> Double, sourceWidth: Int, sourceHeight: Int, width: Int, height: Int
  ) -> [Double] {
    func taps(_ i: Int, _ source: Int, _ size: Int) -> (Int, Int, Double) {
      let position = min(
        max((Double(i) + 0.5) * Double(source) / Double(size) - 0.5, 0), Double(source - 1))
      let fixed = (position * 256).rounded()
      let first = Int(fixed) / 256
      let fraction = (fixed - Double(first * 256)) / 256
      return (first, min(first + 1, source - 1), fraction)
    }
    var result: [Double] = []
    for j in 0..<height {
      let (y0, y1, fy) = taps(j, sourceHeight, height)
      for i in 0..<width {
        let (x0, x1, fx) = taps(i, sourceWidth, width)
        let top = sample(x0, y0) * (1 - fx) + sample(x1, y0) * fx
        let bottom = sample(x0, y1) * (1 - fx) + sample(x1, y1) * fx
        result.append(top * (1 - fy) + bottom * fy)
      }
    }
    return result
  }

  @Test(
    "scaling resamples each plane bilinearly into the rectangle only",
    arguments: [
      (50, 36, 30, 22), (20, 14, 40, 28), (41, 27, 24, 18),
    ])
  func scaleMatchesBilinear(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) {
    let source = Self.randomPicture(
      width: sourceWidth, height: sourceHeight, matrix: .bt709, seed: 19)
    let before = Self.randomPicture(width: 64, height: 48, matrix: .bt709, seed: 20)
    var picture = before
    #expect(YUVCompositor.scale(source, intoX: 4, y: 2, width: width, height: height, of: &picture))
    let luma = Self.expectedScale(
      { Double(source.luma(x: $0, y: $1)) }, sourceWidth: sourceWidth, sourceHeight: sourceHeight,
      width: width, height: height)
    let cb = Self.expectedScale(
      { Double(source.chroma(x: 2 * $0, y: 2 * $1).cb) }, sourceWidth: source.chromaWidth,
      sourceHeight: source.chromaHeight, width: width / 2, height: height / 2)
    let cr = Self.expectedScale(
      { Double(source.chroma(x: 2 * $0, y: 2 * $1).cr) }, sourceWidth: source.chromaWidth,
      sourceHeight: source.chromaHeight, width: width / 2, height: height / 2)
    var expected = Planes(luma: [], cb: [], cr: [])
    for y in 0..<48 {
      for x in 0..<64 {
        let inside = (4..<4 + width).contains(x) && (2..<2 + height).contains(y)
        expected.luma.append(
          inside ? luma[(y - 2) * width + x - 4] : Double(before.luma(x: x, y: y)))
      }
    }
    for y in 0..<24 {
      for x in 0..<32 {
        let inside = (2..<2 + width / 2).contains(x) && (1..<1 + height / 2).contains(y)
        let old = before.chroma(x: 2 * x, y: 2 * y)
        let index = (y - 1) * (width / 2) + x - 2
        expected.cb.append(inside ? cb[index] : Double(old.cb))
        expected.cr.append(inside ? cr[index] : Double(old.cr))
      }
    }
    Self.expectSamples(picture, expected, tolerance: 0.51)
  }

  @Test("scaling to the same size copies the picture")
  func scaleSameSizeCopies() {
    let source = Self.randomPicture(width: 31, height: 17, matrix: .bt601, seed: 21)
    var picture = YUVImage(width: 31, height: 17, matrix: .bt601)
    #expect(YUVCompositor.scale(source, intoX: 0, y: 0, width: 31, height: 17, of: &picture))
    #expect(picture == source)
  }

  @Test("halving a gradient averages sample pairs exactly; a constant stays constant")
  func scaleGradientAndConstant() {
    var gradient = YUVImage(width: 64, height: 32, matrix: .bt709)
    gradient.withUnsafeMutablePlanes { planes in
      for y in 0..<32 {
        for x in 0..<64 { planes.luma[y * planes.lumaStride + x] = UInt8(16 + x + 4 * y) }
      }
      for y in 0..<16 {
        for x in 0..<32 { planes.cb[y * planes.chromaStride + x] = UInt8(40 + 4 * x + 2 * y) }
      }
    }
    var half = YUVImage(width: 32, height: 16, matrix: .bt709)
    #expect(YUVCompositor.scale(gradient, intoX: 0, y: 0, width: 32, height: 16, of: &half))
    for y in 0..<16 {
      for x in 0..<32 {
        // Mean of columns 2x, 2x + 1 and rows 2y, 2y + 1: 16 + 2x + ½ + 4·(2y + ½).
        #expect(Int(half.luma(x: x, y: y)) == 16 + 2 * x + 8 * y + 3, "(\(x), \(y))")
      }
    }
    for y in 0..<8 {
      for x in 0..<16 {
        // 40 + 4·(2x + ½) + 2·(2y + ½) = 43 + 8x + 4y.
        #expect(Int(half.chroma(x: 2 * x, y: 2 * y).cb) == 43 + 8 * x + 4 * y)
      }
    }
    var constant = YUVImage(width: 45, height: 33, matrix: .bt709)
    constant.withUnsafeMutablePlanes { planes in
      for y in 0..<33 { (planes.luma + y * planes.lumaStride).update(repeating: 181, count: 45) }
      for y in 0..<17 {
        (planes.cb + y * planes.chromaStride).update(repeating: 77, count: 23)
        (planes.cr + y * planes.chromaStride).update(repeating: 201, count: 23)
      }
    }
    for (width, height) in [(28, 20), (64, 50), (46, 2)] {
      var scaled = Self.randomPicture(width: 64, height: 50, matrix: .bt709, seed: 22)
      #expect(
        YUVCompositor.scale(constant, intoX: 0, y: 0, width: width, height: height, of: &scaled))
      for y in 0..<height {
        for x in 0..<width {
          #expect(scaled.luma(x: x, y: y) == 181)
          #expect(scaled.chroma(x: x, y: y) == (77, 201))
        }
      }
    }
  }

  @Test("a sharp edge lands where the sampling positions put it")
  func scaleSharpEdge() {
    // Luma 16 in columns 0…9, 235 in 10…19.
    var edge = YUVImage(width: 20, height: 2, matrix: .bt601)
    edge.withUnsafeMutablePlanes { planes in
      for y in 0..<2 {
        for x in 0..<20 { planes.luma[y * planes.lumaStride + x] = x < 10 ? 16 : 235 }
      }
    }
    var doubled = YUVImage(width: 40, height: 2, matrix: .bt601)
    #expect(YUVCompositor.scale(edge, intoX: 0, y: 0, width: 40, height: 2, of: &doubled))
    // Column i samples (i + ½)/2 − ½: column 19 at 9.25 (16·¾ + 235·¼ = 70.75), 20 at 9.75.
    let row = (0..<40).map { Int(doubled.luma(x: $0, y: 1)) }
    #expect(row == Array(repeating: 16, count: 19) + [71, 180] + Array(repeating: 235, count: 19))
    var halved = YUVImage(width: 10, height: 2, matrix: .bt601)
    #expect(YUVCompositor.scale(edge, intoX: 0, y: 0, width: 10, height: 2, of: &halved))
    #expect(
      (0..<10).map { Int(halved.luma(x: $0, y: 0)) } == [
        16, 16, 16, 16, 16, 235, 235, 235, 235, 235,
      ])
  }

  @Test("scaling refuses rectangles off chroma blocks, outside the picture or across matrices")
  func scaleRejectsBadRectangles() {
    let source = Self.randomPicture(width: 16, height: 16, matrix: .bt709, seed: 23)
    let before = Self.randomPicture(width: 33, height: 21, matrix: .bt709, seed: 24)
    var picture = before
    #expect(!YUVCompositor.scale(source, intoX: 1, y: 0, width: 8, height: 8, of: &picture))
    #expect(!YUVCompositor.scale(source, intoX: 0, y: 3, width: 8, height: 8, of: &picture))
    #expect(!YUVCompositor.scale(source, intoX: 0, y: 0, width: 9, height: 8, of: &picture))
    #expect(!YUVCompositor.scale(source, intoX: 26, y: 0, width: 8, height: 8, of: &picture))
    #expect(!YUVCompositor.scale(source, intoX: -2, y: 0, width: 8, height: 8, of: &picture))
    #expect(!YUVCompositor.scale(source, intoX: 0, y: 0, width: 0, height: 8, of: &picture))
    let bt601 = Self.randomPicture(width: 16, height: 16, matrix: .bt601, seed: 25)
    #expect(!YUVCompositor.scale(bt601, intoX: 0, y: 0, width: 8, height: 8, of: &picture))
    #expect(picture == before)
    // An odd size is fine when it reaches the picture's odd edge.
    #expect(YUVCompositor.scale(source, intoX: 24, y: 14, width: 9, height: 7, of: &picture))
  }

  // MARK: - Mixing

  @Test("mixing at 0, ½ and 1 gives the bottom, the rounded mean and the top")
  func mix() throws {
    let top = Self.randomPicture(width: 35, height: 19, matrix: .bt709, seed: 26)
    let bottom = Self.randomPicture(width: 35, height: 19, matrix: .bt709, seed: 27)
    #expect(try YUVCompositor.mix(top, opacity: 0, over: bottom) == bottom)
    #expect(try YUVCompositor.mix(top, opacity: 1, over: bottom) == top)
    for opacity in [0.5, 0.3, 0.001, 0.999] {
      let mixed = try YUVCompositor.mix(top, opacity: opacity, over: bottom)
      var expected = Planes(luma: [], cb: [], cr: [])
      for y in 0..<19 {
        for x in 0..<35 {
          expected.luma.append(
            Double(top.luma(x: x, y: y)) * opacity + Double(bottom.luma(x: x, y: y)) * (1 - opacity)
          )
        }
      }
      for y in 0..<10 {
        for x in 0..<18 {
          let t = top.chroma(x: 2 * x, y: 2 * y)
          let b = bottom.chroma(x: 2 * x, y: 2 * y)
          expected.cb.append(Double(t.cb) * opacity + Double(b.cb) * (1 - opacity))
          expected.cr.append(Double(t.cr) * opacity + Double(b.cr) * (1 - opacity))
        }
      }
      Self.expectSamples(mixed, expected, tolerance: opacity == 0.5 ? 0.5 : 0.51)
      if opacity == 0.5 {
        #expect(
          Int(mixed.luma(x: 3, y: 4))
            == (Int(top.luma(x: 3, y: 4)) + Int(bottom.luma(x: 3, y: 4)) + 1) / 2)
      }
    }
  }
}

extension Image {
  /// An image of one premultiplied pixel value.
  fileprivate static func solid(_ pixel: BGRA, width: Int, height: Int) -> Image {
    var image = Image(width: width, height: height)
    image.fill(with: pixel)
    return image
  }
}
