import AVFoundationCompat
import Foundation
import TestSupport
import Testing

@testable import ReelAVFoundation

/// ImageIO over Reel's image decoder and encoders, checked with ffmpeg / ffprobe.
@Suite("ImageIO: CGImageSource and CGImageDestination")
struct ImageIOTests {
  /// A `width`×`height` picture of vertical stripes in `colours` (opaque).
  static func stripes(_ colours: [UIColor], width: Int = 64, height: Int = 48) throws -> CGImage {
    UIGraphicsBeginImageContextWithOptions(CGSize(width: width, height: height), true, 1)
    defer { UIGraphicsEndImageContext() }
    let stripe = CGFloat(width) / CGFloat(colours.count)
    for (index, colour) in colours.enumerated() {
      colour.setFill()
      UIRectFill(CGRect(x: CGFloat(index) * stripe, y: 0, width: stripe, height: CGFloat(height)))
    }
    return try #require(UIGraphicsGetImageFromCurrentImageContext()?.cgImage)
  }

  static func colours(_ seed: Int) -> [UIColor] {
    (0..<16).map { (index: Int) -> UIColor in
      let red = Double((index * 16 + seed * 40) % 256) / 255
      let green = Double((255 - index * 12 + seed * 7) % 256) / 255
      let blue = Double((index * 5 + seed * 60) % 256) / 255
      return UIColor(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: 1)
    }
  }

  @Test("an animated GIF written through ImageIO decodes with ffmpeg to the same frames and delays")
  func gifRoundTrip() throws {
    let folder = try AVTestMedia.folder()
    let url = folder.appendingPathComponent("anim.gif")
    let delays = [0.1, 0.2, 0.35, 0.5]
    let images = try (0..<delays.count).map { try Self.stripes(Self.colours($0)) }
    let destination = try #require(
      CGImageDestinationCreateWithURL(url as CFURL, kUTTypeGIF, images.count, nil))
    CGImageDestinationSetProperties(
      destination,
      [kCGImagePropertyGIFDictionary as String: [kCGImagePropertyGIFLoopCount as String: 0]]
        as CFDictionary)
    for (image, delay) in zip(images, delays) {
      CGImageDestinationAddImage(
        destination, image,
        [kCGImagePropertyGIFDictionary as String: [kCGImagePropertyGIFDelayTime as String: delay]]
          as CFDictionary)
    }
    #expect(CGImageDestinationFinalize(destination))

    // ffprobe: a GIF, 4 frames, each packet's duration the delay in hundredths.
    let stream = try #require(try MediaOracle.streams(url).first)
    #expect(stream["codec_name"] as? String == "gif")
    let packets = try TestSupport.ffprobeJSON(["-show_packets", "-select_streams", "v", url.path])
    let durations = (packets["packets"] as? [[String: Any]] ?? []).compactMap {
      ($0["duration"] as? Int) ?? Int($0["duration"] as? String ?? "")
    }
    #expect(durations == [10, 20, 35, 50], "\(durations)")
    // ffmpeg's frames: the same pixels (16 colours each, 64 in all: no palette error).
    let frames = try MediaOracle.frames(url)
    #expect(frames.count == 4)
    for (frame, image) in zip(frames, images) {
      var worst = 0
      for y in stride(from: 0, to: 48, by: 3) {
        for x in stride(from: 0, to: 64, by: 1) {
          let expected = DrawingTestSupport.pixel(image, x, y)
          let (r, g, b) = frame[x, y]
          worst = max(
            worst, abs(r - Int(expected.red)), abs(g - Int(expected.green)),
            abs(b - Int(expected.blue)))
        }
      }
      #expect(worst <= 2, "max |Δ| \(worst)")
    }
    // The NETSCAPE2.0 block says "for ever".
    let bytes = [UInt8](try Data(contentsOf: url))
    let tag = Array("NETSCAPE2.0".utf8)
    let at = try #require((0..<(bytes.count - 16)).first { Array(bytes[$0..<($0 + 11)]) == tag })
    #expect(bytes[at + 13] == 0 && bytes[at + 14] == 0)

    // Read back through ImageIO.
    let source = try #require(CGImageSourceCreateWithURL(url as CFURL, nil))
    #expect(CGImageSourceGetCount(source) == 4)
    let properties = try #require(
      CGImageSourceCopyPropertiesAtIndex(source, 2, nil) as? [String: Any])
    #expect((properties[kCGImagePropertyPixelWidth as String] as? NSNumber)?.intValue == 64)
    let gif = try #require(properties[kCGImagePropertyGIFDictionary as String] as? [String: Any])
    let delay = try #require(gif[kCGImagePropertyGIFDelayTime as String] as? NSNumber)
    #expect(abs(delay.doubleValue - 0.35) < 1e-9)
    #expect((gif[kCGImagePropertyGIFLoopCount as String] as? NSNumber)?.intValue == 0)
    let third = try #require(CGImageSourceCreateImageAtIndex(source, 2, nil))
    #expect(third.width == 64 && third.height == 48)
    #expect(CGImageSourceCreateImageAtIndex(source, 4, nil) == nil)
  }

  @Test("a picture of many colours keeps its look through the palette (PSNR ≥ 30 dB)")
  func gifPaletteError() throws {
    let folder = try AVTestMedia.folder()
    let asset = AVURLAsset(url: try AVTestMedia.patternClip("clip.mp4", in: folder))
    let generator = AVAssetImageGenerator(asset: asset)
    let picture = try generator.copyCGImage(at: CMTime(value: 10, timescale: 30), actualTime: nil)
    let data = NSMutableData()
    let destination = try #require(
      CGImageDestinationCreateWithData(data, UTType.gif.identifier as CFString, 1, nil))
    CGImageDestinationAddImage(destination, picture, nil)
    #expect(CGImageDestinationFinalize(destination))
    let url = folder.appendingPathComponent("one.gif")
    try (data as Data).write(to: url)
    let decoded = try #require(try MediaOracle.frames(url).first)
    var squared = 0.0
    for y in 0..<picture.height {
      for x in 0..<picture.width {
        let expected = DrawingTestSupport.pixel(picture, x, y)
        let (r, g, b) = decoded[x, y]
        for (a, e) in [(r, expected.red), (g, expected.green), (b, expected.blue)] {
          squared += Double((a - Int(e)) * (a - Int(e)))
        }
      }
    }
    let mse = squared / Double(picture.width * picture.height * 3)
    let psnr = 10 * log10(255 * 255 / max(mse, 1e-9))
    #expect(psnr >= 30, "PSNR \(psnr) dB")
  }

  @Test("PNG and JPEG destinations; a source from bytes")
  func stills() throws {
    let image = try Self.stripes(Self.colours(1), width: 32, height: 16)
    let png = NSMutableData()
    let pngDestination = try #require(CGImageDestinationCreateWithData(png, kUTTypePNG, 1, nil))
    CGImageDestinationAddImage(pngDestination, image, nil)
    #expect(CGImageDestinationFinalize(pngDestination))
    #expect(!CGImageDestinationFinalize(pngDestination))
    let source = try #require(CGImageSourceCreateWithData(png, nil))
    #expect(CGImageSourceGetCount(source) == 1)
    let back = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
    #expect(DrawingTestSupport.pixel(back, 3, 3) == DrawingTestSupport.pixel(image, 3, 3))
    let properties = try #require(
      CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [String: Any])
    #expect(properties[kCGImagePropertyGIFDictionary as String] == nil)
    #expect((properties[kCGImagePropertyPixelHeight as String] as? NSNumber)?.intValue == 16)

    var sizes: [Int] = []
    for quality in [0.1, 1.0] {
      let jpeg = NSMutableData()
      let destination = try #require(CGImageDestinationCreateWithData(jpeg, kUTTypeJPEG, 1, nil))
      CGImageDestinationAddImage(
        destination, image,
        [kCGImageDestinationLossyCompressionQuality as String: quality] as CFDictionary)
      #expect(CGImageDestinationFinalize(destination))
      sizes.append(jpeg.length)
      let jpegSource = try #require(CGImageSourceCreateWithData(jpeg, nil))
      let decoded = try #require(CGImageSourceCreateImageAtIndex(jpegSource, 0, nil))
      #expect(decoded.width == 32)
    }
    #expect(sizes[0] < sizes[1])
    #expect(
      CGImageDestinationCreateWithData(NSMutableData(), "public.tiff" as CFString, 1, nil) == nil)
    let junk = try #require(CGImageSourceCreateWithData(Data("no".utf8) as NSData, nil))
    #expect(CGImageSourceGetCount(junk) == 0)
  }

  @Test("the Thumbnails example writes a clip's thumbnails as a looping GIF")
  func thumbnailsExample() throws {
    let folder = try AVTestMedia.folder()
    let clip = try AVTestMedia.patternClip("clip.mp4", in: folder, seconds: 2)
    let output = folder.appendingPathComponent("thumbs.gif")
    let run = try TestSupport.run(
      TestSupport.builtExecutable("Thumbnails").path, [clip.path, output.path, "6", "160", "0.25"],
      timeout: 300)
    #expect(run.status == 0, "\(run.stdout) \(run.stderr)")
    let stream = try #require(try MediaOracle.streams(output).first)
    #expect(stream["codec_name"] as? String == "gif")
    #expect(stream["width"] as? Int == 160 && stream["height"] as? Int == 120)
    let packets = try TestSupport.ffprobeJSON([
      "-show_packets", "-select_streams", "v", output.path,
    ])
    let durations = (packets["packets"] as? [[String: Any]] ?? []).compactMap {
      ($0["duration"] as? Int) ?? Int($0["duration"] as? String ?? "")
    }
    #expect(durations == Array(repeating: 25, count: 6), "\(durations)")
    // Each thumbnail is the clip's frame at k/6 of its duration, scaled to 160×120.
    let gifFrames = try MediaOracle.frames(output)
    let reference = folder.appendingPathComponent("reference.mp4")
    try TestSupport.ffmpeg([
      "-i", clip.path, "-vf", "select='not(mod(n\\,10))',scale=160:120", "-vsync", "0",
      "-c:v", "libx264", "-qp", "0", reference.path,
    ])
    let expected = try MediaOracle.frames(reference)
    #expect(gifFrames.count == 6 && expected.count == 6)
    for (index, (frame, want)) in zip(gifFrames, expected).enumerated() {
      let difference = abs(frame.meanLevel - want.meanLevel)
      #expect(difference < 4, "thumbnail \(index): mean level off by \(difference)")
    }
  }
}
