import AVFoundationCompat
import Foundation
import TestSupport
import Testing

@testable import ReelAVFoundation

@Suite("UIImage and UIScreen")
struct UIImageTests {
  /// A `width`×`height` PNG of one colour, made by ffmpeg.
  private func makeImage(
    _ colour: String, width: Int, height: Int, in folder: URL, name: String
  ) throws -> URL {
    let url = folder.appendingPathComponent(name)
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "color=c=\(colour):s=\(width)x\(height),format=rgb24", "-frames:v", "1",
      url.path,
    ])
    return url
  }

  @Test("a PNG file decodes to its size and pixels, upright at scale 1")
  func contentsOfFile() throws {
    let folder = try TestSupport.makeTemporaryDirectory("uiimage")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = try makeImage("red", width: 40, height: 30, in: folder, name: "red.png")
    let image = try #require(UIImage(contentsOfFile: url.path))
    #expect(image.size == CGSize(width: 40, height: 30))
    #expect(image.scale == 1)
    #expect(image.imageOrientation == .up)
    let cgImage = try #require(image.cgImage)
    #expect(cgImage.width == 40 && cgImage.height == 30)
    let pixel = cgImage.image[x: 20, y: 15]
    #expect(pixel.red == 255 && pixel.green == 0 && pixel.blue == 0 && pixel.alpha == 255)
  }

  @Test("init(named:) finds name, name.png and name.jpg in the working folder")
  func named() throws {
    let folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let base = "reel-uiimage-test-\(UUID().uuidString)"
    let png = try makeImage("blue", width: 8, height: 4, in: folder, name: "\(base).png")
    let jpg = try makeImage("white", width: 6, height: 2, in: folder, name: "\(base)-photo.jpg")
    defer {
      try? FileManager.default.removeItem(at: png)
      try? FileManager.default.removeItem(at: jpg)
    }
    #expect(UIImage(named: base)?.size == CGSize(width: 8, height: 4))
    #expect(UIImage(named: "\(base).png")?.size == CGSize(width: 8, height: 4))
    #expect(UIImage(named: "\(base)-photo")?.size == CGSize(width: 6, height: 2))
    #expect(UIImage(named: "\(base)-missing") == nil)
    #expect(
      CompatWarnings.printed.contains {
        $0.contains("\(base)-missing") && $0.contains("\(base)-missing.png")
      })
  }

  @Test("a file that is not an image, or too large, gives nil and a warning saying why")
  func failures() throws {
    let folder = try TestSupport.makeTemporaryDirectory("uiimage-bad")
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = folder.appendingPathComponent("not-an-image.png")
    try Data("hello".utf8).write(to: text)
    #expect(UIImage(contentsOfFile: text.path) == nil)
    #expect(
      CompatWarnings.printed.contains {
        $0.contains("UIImage(contentsOfFile:)") && $0.contains("not-an-image.png")
      })
    let wide = try makeImage("black", width: 16_400, height: 1, in: folder, name: "wide.png")
    #expect(UIImage(contentsOfFile: wide.path) == nil)
    #expect(CompatWarnings.printed.contains { $0.contains("wide.png") && $0.contains("16384") })
    #expect(UIImage(contentsOfFile: folder.appendingPathComponent("absent.png").path) == nil)
  }

  @Test("orientation has Apple's raw values and turns the size for left and right")
  func orientation() throws {
    #expect(UIImage.Orientation.up.rawValue == 0)
    #expect(UIImage.Orientation.down.rawValue == 1)
    #expect(UIImage.Orientation.left.rawValue == 2)
    #expect(UIImage.Orientation.right.rawValue == 3)
    #expect(UIImage.Orientation.upMirrored.rawValue == 4)
    #expect(UIImage.Orientation.downMirrored.rawValue == 5)
    #expect(UIImage.Orientation.leftMirrored.rawValue == 6)
    #expect(UIImage.Orientation.rightMirrored.rawValue == 7)
    let folder = try TestSupport.makeTemporaryDirectory("uiimage-orientation")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = try makeImage("green", width: 40, height: 20, in: folder, name: "green.png")
    let cgImage = try #require(UIImage(contentsOfFile: url.path)?.cgImage)
    let turned = UIImage(cgImage: cgImage, scale: 2, orientation: .right)
    #expect(turned.size == CGSize(width: 10, height: 20))
    #expect(turned.scale == 2 && turned.imageOrientation == .right)
    #expect(UIImage(cgImage: cgImage).size == CGSize(width: 40, height: 20))
    #expect(UIImage(cgImage: cgImage).cgImage === cgImage)
  }

  @Test("UIScreen.main is one screen; native values are its points times its scale")
  func screen() {
    let screen = UIScreen.main
    #expect(screen.nativeScale == screen.scale)
    #expect(screen.nativeBounds.width == screen.bounds.width * screen.scale)
    #expect(screen.nativeBounds.height == screen.bounds.height * screen.scale)
    #expect(UIScreen.main === UIScreen.main)
  }
}
