import AVFoundationCompat
import Foundation
import Testing

@Suite("NSAttributedString keys and paragraph styles")
struct NSAttributedStringTests {
  @Test("UIKit's attribute keys have Apple's raw values")
  func keys() {
    #expect(NSAttributedString.Key.font.rawValue == "NSFont")
    #expect(NSAttributedString.Key.foregroundColor.rawValue == "NSColor")
    #expect(NSAttributedString.Key.strokeColor.rawValue == "NSStrokeColor")
    #expect(NSAttributedString.Key.strokeWidth.rawValue == "NSStrokeWidth")
    #expect(NSAttributedString.Key.backgroundColor.rawValue == "NSBackgroundColor")
    #expect(NSAttributedString.Key.paragraphStyle.rawValue == "NSParagraphStyle")
  }

  @Test("NSTextAlignment has Apple's iOS raw values")
  func alignment() {
    #expect(NSTextAlignment.left.rawValue == 0)
    #expect(NSTextAlignment.center.rawValue == 1)
    #expect(NSTextAlignment.right.rawValue == 2)
    #expect(NSTextAlignment.justified.rawValue == 3)
    #expect(NSTextAlignment.natural.rawValue == 4)
  }

  @Test("paragraph styles: natural by default, mutable copies, carried by attributed strings")
  func paragraphStyles() throws {
    #expect(NSParagraphStyle.default.alignment == .natural)
    let style = NSMutableParagraphStyle()
    #expect(style.alignment == .natural)
    style.alignment = .center
    let frozen = try #require(style.copy() as? NSParagraphStyle)
    style.alignment = .right
    #expect(frozen.alignment == .center)
    let mutable = try #require(frozen.mutableCopy() as? NSMutableParagraphStyle)
    #expect(mutable.alignment == .center)
    let text = NSAttributedString(
      string: "Happy birthday",
      attributes: [
        .paragraphStyle: frozen, .foregroundColor: UIColor.white, .strokeWidth: -3.0,
        .font: UIFont.systemFont(ofSize: 60),
      ])
    let read = text.attribute(.paragraphStyle, at: 3, effectiveRange: nil) as? NSParagraphStyle
    #expect(read?.alignment == .center)
    #expect(text.attribute(.strokeWidth, at: 0, effectiveRange: nil) as? Double == -3)
    #expect((text.attribute(.font, at: 0, effectiveRange: nil) as? UIFont)?.pointSize == 60)
  }
}
