import AVFoundationCompat
import Foundation
import Reel
import Testing

@testable import ReelAVFoundation

/// Drawing helpers: pixels of a CGImage and comparisons with Reel's own canvas.
enum DrawingTestSupport {
  static func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> BGRA { image.image[x: x, y: y] }

  static func bitmap(_ width: Int, _ height: Int) -> CGContext? {
    CGContext(
      data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
      space: CGColorSpaceCreateDeviceRGB(),
      bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
        | CGBitmapInfo.byteOrder32Little.rawValue)
  }

  /// The largest channel difference between `a` and `b` over pixels more than 1 px from any
  /// pixel where `edge` (a reference) is partly covered.
  static func maxDifference(_ a: ReelCore.Image, _ b: ReelCore.Image) -> Int {
    var worst = 0
    for y in 0..<a.height {
      for x in 0..<a.width {
        let p = a[x: x, y: y]
        let q = b[x: x, y: y]
        worst = max(
          worst, abs(Int(p.red) - Int(q.red)), abs(Int(p.green) - Int(q.green)),
          abs(Int(p.blue) - Int(q.blue)), abs(Int(p.alpha) - Int(q.alpha)))
      }
    }
    return worst
  }

  static let red = BGRA(blue: 0, green: 0, red: 255, alpha: 255)
  static let blue = BGRA(blue: 255, green: 0, red: 0, alpha: 255)
  static let clear = BGRA(blue: 0, green: 0, red: 0, alpha: 0)
}

@Suite("CGContext")
struct CGContextTests {
  typealias S = DrawingTestSupport

  @Test("a bitmap context is y-up: a rectangle at y 0 lands in the bottom rows")
  func bitmapIsYUp() throws {
    let context = try #require(S.bitmap(40, 30))
    #expect(context.width == 40 && context.height == 30 && context.ctm.isIdentity)
    context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
    context.fill(CGRect(x: 0, y: 0, width: 10, height: 5))
    let image = try #require(context.makeImage())
    #expect(S.pixel(image, 0, 29) == S.red && S.pixel(image, 9, 25) == S.red)
    #expect(S.pixel(image, 0, 24) == S.clear && S.pixel(image, 10, 29) == S.clear)
    #expect(S.pixel(image, 0, 0) == S.clear)
  }

  @Test("unsupported layouts give nil; a caller's buffer must hold 4 × width bytes a row")
  func unsupportedLayouts() {
    let space = CGColorSpaceCreateDeviceRGB()
    #expect(
      CGContext(
        data: nil, width: 4, height: 4, bitsPerComponent: 16, bytesPerRow: 0, space: space,
        bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue) == nil)
    #expect(
      CGContext(
        data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: space,
        bitmapInfo: CGImageAlphaInfo.first.rawValue) == nil)
    var buffer = [UInt8](repeating: 0, count: 64)
    buffer.withUnsafeMutableBytes { bytes in
      #expect(
        CGContext(
          data: bytes.baseAddress, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 12,
          space: space, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) == nil)
      #expect(
        CGContext(
          data: bytes.baseAddress, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 16,
          space: space, bitmapInfo: CGImageAlphaInfo.first.rawValue) == nil)
    }
    #expect(S.bitmap(0, 4) == nil)
  }

  @Test("a stroked ellipse and a filled even-odd path equal Reel's canvas drawing the flipped path")
  func matchesCanvas() throws {
    let context = try #require(S.bitmap(64, 48))
    context.setStrokeColor(UIColor(red: 0.2, green: 0.6, blue: 1, alpha: 1).cgColor)
    context.setLineWidth(3)
    context.setLineJoin(.round)
    context.setLineCap(.round)
    context.strokeEllipse(in: CGRect(x: 8, y: 6, width: 40, height: 30))
    context.setFillColor(red: 1, green: 0.5, blue: 0, alpha: 0.75)
    context.addRect(CGRect(x: 10, y: 10, width: 30, height: 20))
    context.addRect(CGRect(x: 15, y: 15, width: 10, height: 5))
    context.fillPath(using: .evenOdd)
    let ours = try #require(context.makeImage()).image

    var canvas = try Canvas(width: 64, height: 48)
    let flip = ReelCore.AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 48)
    canvas.stroke(
      Path(ellipseIn: Rect(x: 8, y: 6, width: 40, height: 30)).applying(flip),
      color: Color(red: 0.2, green: 0.6, blue: 1),
      style: StrokeStyle(width: 3, cap: .round, join: .round))
    var holes = Path(rect: Rect(x: 10, y: 10, width: 30, height: 20))
    holes.elements += Path(rect: Rect(x: 15, y: 15, width: 10, height: 5)).elements
    canvas.fill(
      holes.applying(flip), color: Color(red: 1, green: 0.5, blue: 0, alpha: 0.75), rule: .evenOdd)
    #expect(S.maxDifference(ours, canvas.image) <= 2)
    // The hole is empty, the ring filled.
    #expect(ours[x: 20, y: 48 - 17].alpha == 0)
    #expect(ours[x: 11, y: 48 - 20].alpha == 191)
  }

  @Test("save/restore keeps the ctm, colours and clip; translate, scale and clip(to:) apply")
  func stateAndClip() throws {
    let context = try #require(S.bitmap(20, 20))
    context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
    context.saveGState()
    context.translateBy(x: 10, y: 10)
    context.scaleBy(x: 2, y: 2)
    context.clip(to: CGRect(x: 0, y: 0, width: 2, height: 5))
    context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
    context.fill(CGRect(x: 0, y: 0, width: 5, height: 5))  // device (10…20, 10…20), clipped to x < 14
    #expect(context.ctm == CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 10, ty: 10))
    context.restoreGState()
    #expect(context.ctm.isIdentity)
    context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
    let image = try #require(context.makeImage())
    // y-up device (10…14, 10…20) → rows 0…9, columns 10…13.
    #expect(S.pixel(image, 10, 0) == S.blue && S.pixel(image, 13, 9) == S.blue)
    #expect(S.pixel(image, 14, 5) == S.clear && S.pixel(image, 12, 10) == S.clear)
    #expect(S.pixel(image, 0, 19) == S.red && S.pixel(image, 1, 18) == S.red)
    #expect(S.pixel(image, 2, 19) == S.clear)
  }

  @Test("setAlpha multiplies, clear(_:) erases, dashes alternate")
  func alphaClearDash() throws {
    let context = try #require(S.bitmap(40, 10))
    context.setAlpha(0.5)
    context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
    context.fill(CGRect(x: 0, y: 0, width: 40, height: 10))
    context.clear(CGRect(x: 30, y: 0, width: 10, height: 10))
    context.setAlpha(1)
    context.setStrokeColor(red: 1, green: 0, blue: 0, alpha: 1)
    context.setLineWidth(2)
    context.setLineDash(phase: 0, lengths: [4, 4])
    context.move(to: CGPoint(x: 0, y: 9))
    context.addLine(to: CGPoint(x: 24, y: 9))
    context.strokePath()
    #expect(context.isPathEmpty)
    let image = try #require(context.makeImage())
    let half = S.pixel(image, 10, 5)
    #expect(half.alpha == 128 && half.blue == 128 && half.red == 0)
    #expect(S.pixel(image, 35, 5) == S.clear)
    // Row 0 holds the line (y 8…10 y-up): dashes at x 0…4, 8…12; gaps 4…8.
    #expect(S.pixel(image, 1, 0) == S.red && S.pixel(image, 9, 0) == S.red)
    #expect(S.pixel(image, 5, 0) == half)
  }

  @Test("draw(_:in:) is upright in a bitmap context, upside down under UIKit's flipped ctm")
  func drawImage() throws {
    // A 4×4 image: top half red, bottom half blue.
    let source = CATestSupport.cgImage(
      CATestSupport.halves(width: 4, height: 4, top: S.red, bottom: S.blue))
    let context = try #require(S.bitmap(8, 8))
    context.draw(source, in: CGRect(x: 0, y: 0, width: 8, height: 8))
    let upright = try #require(context.makeImage())
    #expect(S.pixel(upright, 4, 1) == S.red && S.pixel(upright, 4, 6) == S.blue)

    UIGraphicsBeginImageContextWithOptions(CGSize(width: 8, height: 8), false, 1)
    let ui = try #require(UIGraphicsGetCurrentContext())
    ui.draw(source, in: CGRect(x: 0, y: 0, width: 8, height: 8))
    let flipped = try #require(UIGraphicsGetImageFromCurrentImageContext()?.cgImage)
    UIGraphicsEndImageContext()
    #expect(S.pixel(flipped, 4, 1) == S.blue && S.pixel(flipped, 4, 6) == S.red)
  }

  @Test("makeImage is a snapshot: later drawing does not change it")
  func snapshot() throws {
    let context = try #require(S.bitmap(4, 4))
    let before = try #require(context.makeImage())
    context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
    context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
    #expect(S.pixel(before, 0, 0) == S.clear)
    #expect(S.pixel(try #require(context.makeImage()), 0, 0) == S.red)
  }
}

@Suite("CGImage cropping")
struct CGImageCroppingTests {
  @Test("cropping(to:) keeps the integral rectangle from the top-left corner; a miss is nil")
  func cropping() throws {
    let image = CATestSupport.cgImage(
      CATestSupport.halves(
        width: 8, height: 8, top: DrawingTestSupport.red, bottom: DrawingTestSupport.blue))
    let bottom = try #require(image.cropping(to: CGRect(x: 1.5, y: 4, width: 3, height: 10)))
    #expect(bottom.width == 4 && bottom.height == 4)  // x 1…5 (integral), y 4…8 (clipped)
    #expect(DrawingTestSupport.pixel(bottom, 0, 0) == DrawingTestSupport.blue)
    #expect(image.cropping(to: CGRect(x: 20, y: 0, width: 4, height: 4)) == nil)
  }
}
