import AVFoundationCompat
import Foundation
import Testing

@testable import ReelAVFoundation

@Suite("CTFrameDraw into a y-up bitmap context")
struct CTFrameDrawTests {
  @Test("the first line's ink sits just below the rectangle's top, in the frame's colour")
  func drawsAtTheTop() throws {
    let font = CTFontCreateWithName("DejaVu Sans" as CFString, 20, nil)
    let text = NSAttributedString(
      string: "Hello wrapped world of text",
      attributes: [
        NSAttributedString.Key(kCTFontAttributeName as String): font,
        NSAttributedString.Key(kCTForegroundColorAttributeName as String): CGColor(
          red: 1, green: 0, blue: 0, alpha: 1),
      ])
    let setter = CTFramesetterCreateWithAttributedString(text as CFAttributedString)
    let frame = CTFramesetterCreateFrame(
      setter, CFRangeMake(0, 0),
      CGPath(rect: CGRect(x: 0, y: 0, width: 150, height: 100), transform: nil), nil)
    let context = try #require(
      CGContext(
        data: nil, width: 150, height: 100, bitsPerComponent: 8, bytesPerRow: 0,
        space: CGColorSpaceCreateDeviceRGB(),
        bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
    CTFrameDraw(frame, context)
    let image = try #require(context.makeImage()).image
    var top = Int.max
    var bottom = -1
    var red = 0
    for y in 0..<image.height {
      for x in 0..<image.width where image[x: x, y: y].alpha > 128 {
        top = min(top, y)
        bottom = max(bottom, y)
        if image[x: x, y: y].red > 200 && image[x: x, y: y].green < 30 { red += 1 }
      }
    }
    // "H" reaches 0.729 em above the first baseline, which is the ascent (18.6) below the top.
    #expect(abs(Double(top) - (18.56 - 14.58)) <= 1.5, "top \(top)")
    #expect(bottom > 40 && bottom < 100, "two or more lines: bottom \(bottom)")
    #expect(red > 100)
  }
}
