import AVFoundationCompat
import Foundation
import Reel
import Testing

@testable import ReelAVFoundation

@Suite("UIGraphics image contexts")
struct UIGraphicsTests {
  typealias S = DrawingTestSupport

  @Test("an image context is y-down in points; scale 0 is the screen's")
  func yDownAndScale() throws {
    UIGraphicsBeginImageContextWithOptions(CGSize(width: 20, height: 10), false, 0)
    UIColor.red.setFill()
    UIRectFill(CGRect(x: 0, y: 0, width: 5, height: 3))
    let image = try #require(UIGraphicsGetImageFromCurrentImageContext())
    UIGraphicsEndImageContext()
    #expect(UIGraphicsGetCurrentContext() == nil)
    let scale = UIScreen.main.scale
    let s = Int(scale)
    #expect(image.scale == scale && image.size == CGSize(width: 20, height: 10))
    let cg = try #require(image.cgImage)
    #expect(cg.width == 20 * s && cg.height == 10 * s)
    #expect(S.pixel(cg, 0, 0) == S.red && S.pixel(cg, 5 * s - 1, 3 * s - 1) == S.red)
    #expect(S.pixel(cg, 0, 3 * s) == S.clear && S.pixel(cg, 5 * s, 0) == S.clear)
  }

  @Test("scale 2 gives twice the pixels; opaque contexts start black; contexts nest per thread")
  func scaleOpaqueNesting() throws {
    UIGraphicsBeginImageContextWithOptions(CGSize(width: 10, height: 5), true, 2)
    UIGraphicsBeginImageContext(CGSize(width: 3, height: 3))
    UIColor.blue.set()
    UIRectFill(CGRect(x: 0, y: 0, width: 3, height: 3))
    let inner = try #require(UIGraphicsGetImageFromCurrentImageContext()?.cgImage)
    UIGraphicsEndImageContext()
    UIColor.red.setFill()
    UIRectFill(CGRect(x: 1, y: 1, width: 1, height: 1))
    let outer = try #require(UIGraphicsGetImageFromCurrentImageContext())
    UIGraphicsEndImageContext()
    #expect(inner.width == 3 && S.pixel(inner, 2, 2) == S.blue)
    let cg = try #require(outer.cgImage)
    #expect(cg.width == 20 && cg.height == 10 && outer.size == CGSize(width: 10, height: 5))
    #expect(S.pixel(cg, 0, 0) == BGRA(blue: 0, green: 0, red: 0, alpha: 255))
    #expect(S.pixel(cg, 2, 2) == S.red && S.pixel(cg, 3, 3) == S.red && S.pixel(cg, 4, 4).red == 0)
  }

  @Test("UIRectFrame draws a one-point frame inside the rectangle")
  func rectFrame() throws {
    UIGraphicsBeginImageContext(CGSize(width: 10, height: 10))
    UIColor.red.setFill()
    UIRectFrame(CGRect(x: 2, y: 2, width: 6, height: 6))
    let cg = try #require(UIGraphicsGetImageFromCurrentImageContext()?.cgImage)
    UIGraphicsEndImageContext()
    #expect(S.pixel(cg, 2, 2) == S.red && S.pixel(cg, 7, 5) == S.red && S.pixel(cg, 5, 7) == S.red)
    #expect(
      S.pixel(cg, 3, 3) == S.clear && S.pixel(cg, 1, 1) == S.clear && S.pixel(cg, 8, 5) == S.clear)
  }

  @Test("UIGraphicsImageRenderer runs its closure in a fresh y-down context of its format's scale")
  func renderer() throws {
    let format = UIGraphicsImageRendererFormat()
    #expect(format.scale == UIScreen.main.scale && !format.opaque)
    format.scale = 2
    let renderer = UIGraphicsImageRenderer(size: CGSize(width: 6, height: 4), format: format)
    let image = renderer.image { ctx in
      UIColor.blue.setFill()
      ctx.fill(CGRect(x: 0, y: 0, width: 3, height: 1))
      ctx.cgContext.setFillColor(UIColor.red.cgColor)
      ctx.cgContext.fill(CGRect(x: 3, y: 3, width: 3, height: 1))
    }
    #expect(UIGraphicsGetCurrentContext() == nil)
    let cg = try #require(image.cgImage)
    #expect(cg.width == 12 && cg.height == 8 && image.scale == 2)
    #expect(
      S.pixel(cg, 0, 0) == S.blue && S.pixel(cg, 5, 1) == S.blue && S.pixel(cg, 6, 0) == S.clear)
    #expect(
      S.pixel(cg, 11, 7) == S.red && S.pixel(cg, 6, 6) == S.red && S.pixel(cg, 11, 5) == S.clear)
  }

  @Test("UIImage.draw(in:) and draw(at:) are upright in an image context")
  func imageDraw() throws {
    let source = UIImage(
      cgImage: CATestSupport.cgImage(
        CATestSupport.halves(width: 4, height: 4, top: S.red, bottom: S.blue)))
    UIGraphicsBeginImageContext(CGSize(width: 12, height: 8))
    source.draw(in: CGRect(x: 0, y: 0, width: 8, height: 8))
    source.draw(at: CGPoint(x: 8, y: 4))
    let cg = try #require(UIGraphicsGetImageFromCurrentImageContext()?.cgImage)
    UIGraphicsEndImageContext()
    #expect(S.pixel(cg, 4, 1) == S.red && S.pixel(cg, 4, 6) == S.blue)
    #expect(
      S.pixel(cg, 9, 4) == S.red && S.pixel(cg, 9, 7) == S.blue && S.pixel(cg, 9, 2) == S.clear)
  }

  @Test("a layer's contents take a drawn CGImage")
  func layerContents() throws {
    let image = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2)).image { ctx in
      UIColor.red.setFill()
      ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
    }
    let layer = CALayer()
    layer.contents = image.cgImage
    #expect((layer.contents as? CGImage) === image.cgImage)
  }
}

@Suite("UIBezierPath")
struct UIBezierPathTests {
  typealias S = DrawingTestSupport

  @Test("fill() and stroke() equal Reel's canvas drawing the same path")
  func matchesCanvas() throws {
    let path = UIBezierPath(roundedRect: CGRect(x: 6, y: 5, width: 30, height: 20), cornerRadius: 6)
    path.lineWidth = 4
    path.lineJoinStyle = .round
    UIGraphicsBeginImageContext(CGSize(width: 48, height: 32))
    UIColor(red: 0, green: 0.5, blue: 1, alpha: 1).setFill()
    UIColor(red: 1, green: 1, blue: 0, alpha: 0.8).setStroke()
    path.fill()
    path.stroke()
    let ours = try #require(UIGraphicsGetImageFromCurrentImageContext()?.cgImage).image
    UIGraphicsEndImageContext()

    var canvas = try Canvas(width: 48, height: 32)
    let reel = Path(
      roundedRect: Rect(x: 6, y: 5, width: 30, height: 20), cornerWidth: 6, cornerHeight: 6)
    canvas.fill(reel, color: Color(red: 0, green: 0.5, blue: 1))
    canvas.stroke(
      reel, color: Color(red: 1, green: 1, blue: 0, alpha: 0.8),
      style: StrokeStyle(width: 4, join: .round))
    #expect(S.maxDifference(ours, canvas.image) <= 2)
  }

  @Test("clockwise arcs turn toward larger angles (clockwise on a y-down screen)")
  func arcDirection() {
    let down = UIBezierPath(
      arcCenter: CGPoint(x: 20, y: 20), radius: 10, startAngle: 0, endAngle: .pi, clockwise: true)
    #expect(abs(down.bounds.maxY - 30) < 0.01 && abs(down.bounds.minY - 20) < 0.01)
    let up = UIBezierPath(
      arcCenter: CGPoint(x: 20, y: 20), radius: 10, startAngle: 0, endAngle: .pi, clockwise: false)
    #expect(abs(up.bounds.minY - 10) < 0.01 && abs(up.bounds.maxY - 20) < 0.01)
  }

  @Test("building, append, apply, contains and cgPath round trip")
  func building() {
    let path = UIBezierPath()
    #expect(path.isEmpty)
    path.move(to: CGPoint(x: 0, y: 0))
    path.addLine(to: CGPoint(x: 10, y: 0))
    path.addQuadCurve(to: CGPoint(x: 10, y: 10), controlPoint: CGPoint(x: 15, y: 5))
    path.addCurve(
      to: CGPoint(x: 0, y: 10), controlPoint1: CGPoint(x: 7, y: 12),
      controlPoint2: CGPoint(x: 3, y: 12))
    path.close()
    #expect(path.contains(CGPoint(x: 5, y: 5)) && !path.contains(CGPoint(x: -1, y: 5)))
    #expect(path.contains(CGPoint(x: 12, y: 5)))  // inside the quadratic's bulge (x ≤ 12.5)
    path.append(UIBezierPath(rect: CGRect(x: 20, y: 0, width: 5, height: 5)))
    path.apply(CGAffineTransform(translationX: 100, y: 0))
    #expect(path.contains(CGPoint(x: 122, y: 2)) && !path.contains(CGPoint(x: 22, y: 2)))
    var types: [CGPathElementType] = []
    path.cgPath.applyWithBlock { types.append($0.pointee.type) }
    #expect(
      types == [
        .moveToPoint, .addLineToPoint, .addQuadCurveToPoint, .addCurveToPoint, .closeSubpath,
        .moveToPoint, .addLineToPoint, .addLineToPoint, .addLineToPoint, .closeSubpath,
      ])
    let copy = UIBezierPath(cgPath: path.cgPath)
    #expect(copy.cgPath == path.cgPath)
    let evenOdd = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
    evenOdd.append(UIBezierPath(rect: CGRect(x: 2, y: 2, width: 4, height: 4)))
    #expect(evenOdd.contains(CGPoint(x: 3, y: 3)))
    evenOdd.usesEvenOddFillRule = true
    #expect(!evenOdd.contains(CGPoint(x: 3, y: 3)) && evenOdd.contains(CGPoint(x: 8, y: 8)))
  }
}

@Suite("NSString drawing")
struct UIGraphicsTextDrawingTests {
  typealias S = DrawingTestSupport

  @Test("draw(in:withAttributes:) equals Reel's text renderer placed at the rectangle's top left")
  func matchesTextRenderer() throws {
    let font = CATestSupport.font(size: 20)
    let attributes: [NSAttributedString.Key: Any] = [.font: font, .foregroundColor: UIColor.white]
    UIGraphicsBeginImageContext(CGSize(width: 120, height: 40))
    ("Hello" as NSString).draw(
      in: CGRect(x: 10, y: 5, width: 100, height: 30), withAttributes: attributes)
    let ours = try #require(UIGraphicsGetImageFromCurrentImageContext()?.cgImage).image
    UIGraphicsEndImageContext()

    let converted = try AttributedTextSnapshot(owner: "test").convert(
      NSAttributedString(string: "Hello", attributes: attributes))
    var style = converted.style
    style.wraps = true
    let rendered = try TextRenderer.render(
      converted.text, style: style, width: 100, height: 30, clipsToBox: true)
    var canvas = try Canvas(width: 120, height: 40)
    canvas.draw(
      rendered.image,
      placement: ReelCore.AffineTransform(
        translationX: 10 + rendered.origin.x, y: 5 + rendered.origin.y))
    #expect(S.maxDifference(ours, canvas.image) <= 2)
    // Ink is there, white, and starts inside the rectangle.
    var ink = 0
    for y in 0..<40 { for x in 0..<120 where ours[x: x, y: y].alpha > 200 { ink += 1 } }
    #expect(ink > 50)
    for x in 0..<10 { #expect(ours[x: x, y: 15].alpha == 0) }
    let size = "Hello".size(withAttributes: attributes)
    #expect(size.width > 40 && size.width < 100 && size.height >= 20 && size.height < 40)
  }
}
