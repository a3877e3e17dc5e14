import AVFoundationCompat
import Foundation
import Reel
import TestSupport
import Testing

@testable import ReelAVFoundation

/// Names real ported programs call that Linux lacked: UniformTypeIdentifiers and the export
/// session's file length limit (YPTrim), NSValue's non-retained object (Regift), KVO
/// announcements, UIKit's interface orientation and blended drawing (SwiftVideoGenerator).
@Suite("Ported programs' names", .serialized)
struct AVPortGapsTests {
  @Test("UTType: identifiers, extensions, MIME types, AVFileType's raw values, conformance")
  func uniformTypes() throws {
    #expect(UTType.quickTimeMovie.preferredFilenameExtension == "mov")
    #expect(UTType.mpeg4Movie.preferredFilenameExtension == "mp4")
    #expect(UTType.gif.identifier == "com.compuserve.gif")
    #expect(UTType.jpeg.preferredFilenameExtension == "jpeg")
    #expect(UTType.png.preferredMIMEType == "image/png")
    // YPTrim's AVFileType → extension.
    for (fileType, fileExtension) in [
      (AVFileType.mov, "mov"), (.mp4, "mp4"), (.m4v, "m4v"), (.m4a, "m4a"),
    ] {
      #expect(UTType(fileType.rawValue)?.preferredFilenameExtension == fileExtension)
    }
    #expect(UTType(filenameExtension: "MOV") == .quickTimeMovie)
    #expect(UTType(filenameExtension: "jpg") == .jpeg)
    #expect(UTType(filenameExtension: "gif", conformingTo: .movie) == nil)
    #expect(UTType(filenameExtension: "nosuchextension") == nil)
    #expect(UTType("org.example.unknown") == nil)
    #expect(UTType(mimeType: "video/quicktime") == .quickTimeMovie)
    #expect(UTType.mpeg4Movie.conforms(to: .movie) && UTType.mpeg4Movie.conforms(to: .data))
    #expect(!UTType.png.conforms(to: .movie) && UTType.image.isSupertype(of: .gif))
    #expect(UTType.movie.preferredFilenameExtension == nil)
  }

  @Test("NSValue(nonretainedObject:) holds an object unretained and a Bool as NSNumber")
  func nonretainedObject() throws {
    let flag = NSValue(nonretainedObject: true)
    #expect((flag.nonretainedObjectValue as? NSNumber)?.boolValue == true)
    #expect(
      (NSValue(nonretainedObject: false).nonretainedObjectValue as? NSNumber)?.boolValue == false)
    let object = NSMutableString(string: "kept by the caller")
    let held = NSValue(nonretainedObject: object)
    #expect((held.nonretainedObjectValue as AnyObject?) === object)
    #expect(NSValue(nonretainedObject: nil).nonretainedObjectValue == nil)
    #expect(CGImageDestination.flag(flag) == true)
    #expect(CGImageDestination.flag(NSValue(nonretainedObject: false)) == false)
  }

  @Test("Regift's GIF properties (HasGlobalColorMap as NSValue) write a looping GIF")
  func regiftProperties() throws {
    let output = try MediaOracle.folder().appendingPathComponent("regift.gif")
    let destination = try #require(
      CGImageDestinationCreateWithURL(output as CFURL, kUTTypeGIF, 3, nil))
    let fileProperties =
      [
        kCGImagePropertyGIFDictionary as String: [
          kCGImagePropertyGIFLoopCount as String: NSNumber(value: Int32(0))
        ],
        kCGImagePropertyGIFHasGlobalColorMap as String: NSValue(nonretainedObject: true),
      ] as [String: Any]
    CGImageDestinationSetProperties(destination, fileProperties as CFDictionary)
    for colour in [UIColor.red, .green, .blue] {
      UIGraphicsBeginImageContextWithOptions(CGSize(width: 16, height: 16), true, 1)
      colour.setFill()
      UIRectFill(CGRect(x: 0, y: 0, width: 16, height: 16))
      let image = try #require(UIGraphicsGetImageFromCurrentImageContext()?.cgImage)
      UIGraphicsEndImageContext()
      CGImageDestinationAddImage(
        destination, image,
        [kCGImagePropertyGIFDictionary as String: [kCGImagePropertyGIFDelayTime as String: 0.2]]
          as CFDictionary)
    }
    #expect(CGImageDestinationFinalize(destination))
    let frames = try MediaOracle.frames(output)
    #expect(frames.count == 3)
    #expect(frames.first.map { $0.mean(x: 0, y: 0, width: 16, height: 16).r > 200 } == true)
  }

  /// An NSObject subclass announcing a change as NextLevelSessionExporter does.
  final class Progressing: NSObject {
    var progress: Float = 0
    func advance() {
      willChangeValue(forKey: "progress")
      progress = 0.5
      didChangeValue(forKey: "progress")
    }
  }

  @Test("willChangeValue/didChangeValue(forKey:) compile and the change goes through")
  func keyValueAnnouncements() {
    let object = Progressing()
    object.advance()
    #expect(object.progress == 0.5)
  }

  @Test("UIInterfaceOrientation has UIKit's raw values")
  func interfaceOrientation() {
    #expect(UIInterfaceOrientation.unknown.rawValue == 0)
    #expect(UIInterfaceOrientation.portrait.rawValue == 1)
    #expect(UIInterfaceOrientation.portraitUpsideDown.rawValue == 2)
    #expect(UIInterfaceOrientation.landscapeRight.rawValue == 3)
    #expect(UIInterfaceOrientation.landscapeLeft.rawValue == 4)
    #expect(
      UIInterfaceOrientation.portrait.isPortrait && UIInterfaceOrientation.landscapeLeft.isLandscape
    )
    #expect(
      !UIInterfaceOrientation.unknown.isPortrait && !UIInterfaceOrientation.unknown.isLandscape)
  }

  @Test("UIImage.draw(in:blendMode:alpha:) draws with the alpha; draw(in:) at full opacity")
  func drawWithAlpha() throws {
    UIGraphicsBeginImageContextWithOptions(CGSize(width: 4, height: 4), true, 1)
    UIColor.red.setFill()
    UIRectFill(CGRect(x: 0, y: 0, width: 4, height: 4))
    let red = try #require(UIGraphicsGetImageFromCurrentImageContext())
    UIGraphicsEndImageContext()

    UIGraphicsBeginImageContextWithOptions(CGSize(width: 8, height: 8), true, 1)
    UIColor.white.setFill()
    UIRectFill(CGRect(x: 0, y: 0, width: 8, height: 8))
    red.draw(in: CGRect(x: 0, y: 0, width: 8, height: 4), blendMode: .normal, alpha: 0.5)
    // draw(in:) is full opacity whatever the context's alpha (AVCombine sets 0.01 first).
    UIGraphicsGetCurrentContext()?.setAlpha(0.01)
    red.draw(in: CGRect(x: 0, y: 4, width: 8, height: 4))
    let cg = try #require(UIGraphicsGetImageFromCurrentImageContext()?.cgImage)
    UIGraphicsEndImageContext()
    let top = DrawingTestSupport.pixel(cg, 4, 1)
    let bottom = DrawingTestSupport.pixel(cg, 4, 6)
    // Half red over white: (255, 128, 128).
    #expect(top.red == 255 && abs(Int(top.green) - 128) <= 2 && abs(Int(top.blue) - 128) <= 2)
    #expect(bottom == DrawingTestSupport.red)
  }

  @Test("fileLengthLimit: the file ends early, within the limit, every frame decoding")
  func fileLengthLimit() async throws {
    let folder = try AVTestMedia.folder()
    let clip = try AVTestMedia.patternClip("pattern.mp4", in: folder, seconds: 2)
    func export(_ name: String, limit: Int64?) async throws -> AVAssetExportSession {
      let session = try #require(
        AVAssetExportSession(
          asset: AVURLAsset(url: clip), presetName: AVAssetExportPresetHighestQuality))
      session.outputURL = folder.appendingPathComponent(name)
      session.outputFileType = .mp4
      if let limit { session.fileLengthLimit = limit }
      #expect(session.fileLengthLimit == limit ?? 0)
      await AVTestMedia.export(session)
      return session
    }
    let whole = try await export("whole.mp4", limit: nil)
    #expect(whole.status == .completed, "\(String(describing: whole.error))")
    let wholeURL = folder.appendingPathComponent("whole.mp4")
    let wholeSize = try #require(
      (try FileManager.default.attributesOfItem(atPath: wholeURL.path)[.size] as? NSNumber)?
        .intValue)

    let limit = Int64(wholeSize / 2)
    let limited = try await export("limited.mp4", limit: limit)
    #expect(limited.status == .completed, "\(String(describing: limited.error))")
    let limitedURL = folder.appendingPathComponent("limited.mp4")
    let size = try #require(
      (try FileManager.default.attributesOfItem(atPath: limitedURL.path)[.size] as? NSNumber)?
        .intValue)
    #expect(Int64(size) <= limit, "\(size) bytes over the \(limit)-byte limit")
    // Ends early, but not absurdly early: most of what fits is kept.
    #expect(Int64(size) > limit / 2, "\(size) bytes of \(limit)")
    let duration = try MediaOracle.duration(limitedURL)
    #expect(duration > 0.3 && duration < 1.9, "duration \(duration)")
    // Every frame decodes (ffmpeg reports no error) and the frames match the duration.
    let frames = try MediaOracle.frames(limitedURL)
    #expect(abs(Double(frames.count) - duration * 30) <= 2, "\(frames.count) frames, \(duration) s")

    // A limit no movie start fits in fails, leaving nothing.
    let tiny = try await export("tiny.mp4", limit: 2_000)
    #expect(tiny.status == .failed)
    let reason = (tiny.error as NSError?)?.localizedFailureReason ?? ""
    #expect(reason.contains("fileLengthLimit"), "\(reason)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("tiny.mp4").path))
  }
}
