import AVFoundationCompat
import Foundation
import Testing

@Suite("CTFramesetter: wrapped lines in a rectangle")
struct CTFramesetterTests {
  private let text = NSAttributedString(
    string: "The quick brown fox jumps over the lazy dog again and again",
    attributes: [
      NSAttributedString.Key(kCTFontAttributeName as String): CTFontCreateWithName(
        "DejaVu Sans" as CFString, 20, nil)
    ])

  private func frame(height: CGFloat) -> CTFrame {
    let setter = CTFramesetterCreateWithAttributedString(text as CFAttributedString)
    let path = CGPath(rect: CGRect(x: 10, y: 10, width: 200, height: height), transform: nil)
    return CTFramesetterCreateFrame(setter, CFRangeMake(0, 0), path, nil)
  }

  @Test("lines wrap to the width, top to bottom, y-up origins below the top by the ascent")
  func wraps() throws {
    let frame = frame(height: 400)
    let lines = CTFrameGetLines(frame) as! [CTLine]
    #expect(lines.count >= 3)
    var origins = [CGPoint](repeating: .zero, count: lines.count)
    CTFrameGetLineOrigins(frame, CFRangeMake(0, 0), &origins)
    var ascent: CGFloat = 0
    var descent: CGFloat = 0
    var covered = 0
    for (index, line) in lines.enumerated() {
      let width = CTLineGetTypographicBounds(line, &ascent, &descent, nil)
      #expect(width <= 200.5, "line \(index) is \(width) wide")
      let range = CTLineGetStringRange(line)
      #expect(range.location == covered)
      covered += range.length
      if index > 0 { #expect(origins[index].y < origins[index - 1].y) }
    }
    #expect(abs(origins[0].y - (400 - ascent)) < 0.5)
    #expect(origins.allSatisfy { $0.x == 0 })
    #expect(covered == text.length)
    #expect(CTFrameGetVisibleStringRange(frame).length == text.length)
  }

  @Test("lines that do not fit the height are left out")
  func dropsLinesBelowTheRectangle() throws {
    let tall = CTFrameGetLines(frame(height: 400)) as! [CTLine]
    let short = frame(height: 50)
    let lines = CTFrameGetLines(short) as! [CTLine]
    #expect(lines.count == 2)  // 23.3 pt lines: two fit in 50
    #expect(lines.count < tall.count)
    let visible = CTFrameGetVisibleStringRange(short)
    #expect(visible.location == 0 && visible.length < text.length)
    #expect(
      visible.length == CTLineGetStringRange(lines[0]).length
        + CTLineGetStringRange(lines[1]).length)
  }
}
