import AVFoundationCompat
import Foundation
import Testing

@Suite("UIColor")
struct UIColorTests {
  private func rgba(_ color: UIColor) -> [CGFloat] {
    var (r, g, b, a): (CGFloat, CGFloat, CGFloat, CGFloat) = (-1, -1, -1, -1)
    color.getRed(&r, green: &g, blue: &b, alpha: &a)
    return [r, g, b, a]
  }

  @Test("the class colours have Apple's exact components")
  func classColours() {
    #expect(rgba(.black) == [0, 0, 0, 1])
    let third: CGFloat = 1.0 / 3.0
    let twoThirds: CGFloat = 2.0 / 3.0
    #expect(rgba(.darkGray) == [third, third, third, 1])
    #expect(rgba(.lightGray) == [twoThirds, twoThirds, twoThirds, 1])
    #expect(rgba(.white) == [1, 1, 1, 1])
    #expect(rgba(.gray) == [0.5, 0.5, 0.5, 1])
    #expect(rgba(.red) == [1, 0, 0, 1])
    #expect(rgba(.green) == [0, 1, 0, 1])
    #expect(rgba(.blue) == [0, 0, 1, 1])
    #expect(rgba(.cyan) == [0, 1, 1, 1])
    #expect(rgba(.yellow) == [1, 1, 0, 1])
    #expect(rgba(.magenta) == [1, 0, 1, 1])
    #expect(rgba(.orange) == [1, 0.5, 0, 1])
    #expect(rgba(.purple) == [0.5, 0, 0.5, 1])
    #expect(rgba(.brown) == [0.6, 0.4, 0.2, 1])
    #expect(rgba(.clear) == [0, 0, 0, 0])
  }

  @Test("the initialisers and the CGColor bridge")
  func initialisers() {
    #expect(rgba(UIColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)) == [0.1, 0.2, 0.3, 0.4])
    #expect(rgba(UIColor(white: 0.25, alpha: 1)) == [0.25, 0.25, 0.25, 1])
    let bridged = UIColor(cgColor: CGColor(red: 0, green: 0.5, blue: 1, alpha: 1))
    #expect(rgba(bridged) == [0, 0.5, 1, 1])
    #expect(UIColor.red.cgColor.components == [1, 0, 0, 1])
    #expect(rgba(UIColor.red.withAlphaComponent(0.5)) == [1, 0, 0, 0.5])
    #expect(UIColor.red.withAlphaComponent(0.5).cgColor.alpha == 0.5)
    #expect(UIColor.red == UIColor(red: 1, green: 0, blue: 0, alpha: 1))
    #expect(UIColor.red != UIColor.blue)
  }

  @Test("hue, saturation and brightness convert both ways")
  func hsb() {
    #expect(rgba(UIColor(hue: 0, saturation: 1, brightness: 1, alpha: 1)) == [1, 0, 0, 1])
    let green = rgba(UIColor(hue: 1.0 / 3.0, saturation: 1, brightness: 1, alpha: 1))
    #expect(abs(green[0]) < 1e-12 && green[1] == 1 && abs(green[2]) < 1e-12)
    #expect(
      rgba(UIColor(hue: 0.5, saturation: 0.5, brightness: 1, alpha: 0.5)) == [0.5, 1, 1, 0.5])
    #expect(rgba(UIColor(hue: 1, saturation: 1, brightness: 0.5, alpha: 1)) == [0.5, 0, 0, 1])
    var (h, s, b, a): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
    #expect(UIColor.orange.getHue(&h, saturation: &s, brightness: &b, alpha: &a))
    #expect(abs(h - 30.0 / 360.0) < 1e-12 && s == 1 && b == 1 && a == 1)
  }

  @Test("getWhite answers for greys only, as on Apple")
  func getWhite() {
    var (white, alpha): (CGFloat, CGFloat) = (-1, -1)
    #expect(UIColor.darkGray.getWhite(&white, alpha: &alpha))
    #expect(white == CGFloat(1.0 / 3.0) && alpha == 1)
    #expect(!UIColor.red.getWhite(&white, alpha: &alpha))
  }

  @Test("UIColor is open: a subclass inherits the initialisers and may override colours")
  func subclassing() {
    #expect(rgba(BrandColor.red) == [0, 0, 1, 1])
    #expect(rgba(BrandColor(white: 1, alpha: 1)) == [1, 1, 1, 1])
  }
}

private final class BrandColor: UIColor, @unchecked Sendable {
  override class var red: UIColor { .blue }
}
