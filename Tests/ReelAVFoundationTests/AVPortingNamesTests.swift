import AVFoundationCompat
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ReelAVFoundation

/// The names real iOS and macOS editing code uses beyond the seeds (issue 25's table).
@Suite("Names real apps use: NSValue times, capture enums, player items, AppKit, Foundation")
struct AVPortingNamesTests {
  @Test("NSValue(time:), (timeRange:), (timeMapping:) round-trip; other values read invalid")
  func timeValues() {
    let time = CMTime(value: 1001, timescale: 30000)
    #expect(NSValue(time: time).timeValue == time)
    #expect(NSValue(time: .positiveInfinity).timeValue == .positiveInfinity)
    let range = CMTimeRange(
      start: CMTime(value: 3, timescale: 2), duration: CMTime(value: 7, timescale: 600))
    #expect(NSValue(timeRange: range).timeRangeValue == range)
    let mapping = CMTimeMapping(
      source: range, target: CMTimeRange(start: .zero, duration: range.duration))
    #expect(NSValue(timeMapping: mapping).timeMappingValue == mapping)
    #expect(!NSValue(timeRange: range).timeValue.isValid)
    #expect(!NSValue(cgPoint: .zero).timeRangeValue.start.isValid)
  }

  @Test("NSEC_PER_SEC and friends, autoreleasepool, URL.documentsDirectory in the working folder")
  func foundationNames() throws {
    #expect(NSEC_PER_SEC == 1_000_000_000 && NSEC_PER_MSEC == 1_000_000)
    #expect(NSEC_PER_USEC == 1_000 && USEC_PER_SEC == 1_000_000)
    let deadline = DispatchTime.now() + Double(Int64(NSEC_PER_SEC / 10)) / Double(NSEC_PER_SEC)
    #expect(deadline > DispatchTime.now())
    let value = autoreleasepool { () -> Int in 42 }
    #expect(value == 42)
    #expect(throws: CocoaError.self) {
      try autoreleasepool { () throws -> Int in throw CocoaError(.fileNoSuchFile) }
    }
    let documents = URL.documentsDirectory
    let working = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    #expect(
      documents.standardizedFileURL.path
        == working.appendingPathComponent("Documents").standardizedFileURL.path)
    var isFolder: ObjCBool = false
    #expect(
      FileManager.default.fileExists(atPath: documents.path, isDirectory: &isFolder)
        && isFolder.boolValue)
  }

  @Test("capture enums have Apple's raw values; there are no capture devices")
  func capture() {
    #expect(
      AVCaptureDevice.Position.back.rawValue == 1 && AVCaptureDevice.Position.front.rawValue == 2)
    #expect(AVCaptureDevice.Position.unspecified.rawValue == 0)
    #expect(AVCaptureVideoOrientation.landscapeLeft.rawValue == 4)
    #expect(AVCaptureDevice.default(for: .video) == nil)
    #expect(CompatWarnings.printed.contains { $0.contains("no capture devices") })
    func transform(for position: AVCaptureDevice.Position) -> CGAffineTransform {
      switch position {
      case .front: return CGAffineTransform(scaleX: -1, y: 1)
      case .back, .unspecified: return .identity
      @unknown default: return .identity
      }
    }
    #expect(transform(for: .front).a == -1)
  }

  @Test("AVPlayerItem holds the asset, a copy of the video composition, the audio mix")
  func playerItem() throws {
    let folder = try AVTestMedia.folder()
    let url = try AVTestMedia.patternClip("clip.mp4", in: folder)
    let item = AVPlayerItem(url: url)
    #expect(item.duration == item.asset.duration && item.duration.seconds > 0.9)
    let video = AVMutableVideoComposition(propertiesOf: item.asset)
    item.videoComposition = video
    video.renderSize = CGSize(width: 2, height: 2)
    #expect(item.videoComposition?.renderSize == CGSize(width: 320, height: 240))
    item.audioMix = AVMutableAudioMix()
    #expect(item.audioMix != nil && item.status == .unknown && item.currentTime() == .zero)
  }

  @Test(
    "tracks(withMediaCharacteristic:), loadTracks(withMediaType:completionHandler:), typed tracks")
  func trackLookups() async throws {
    let folder = try AVTestMedia.folder()
    let asset = AVURLAsset(url: try AVTestMedia.patternClip("clip.mp4", in: folder))
    #expect(asset.tracks(withMediaCharacteristic: .visual).map(\.mediaType) == [.video])
    #expect(asset.tracks(withMediaCharacteristic: .audible).map(\.mediaType) == [.audio])
    #expect(asset.tracks(withMediaCharacteristic: .legible).isEmpty)
    #expect(asset.tracks(withMediaCharacteristic: .frameBased).count == 2)
    let loaded: [AVAssetTrack] = await withCheckedContinuation { continuation in
      asset.loadTracks(withMediaType: .audio) { tracks, error in
        #expect(error == nil)
        continuation.resume(returning: tracks ?? [])
      }
    }
    #expect(loaded.count == 1 && loaded.first?.mediaType == .audio)
    let missing = AVURLAsset(url: folder.appendingPathComponent("none.mp4"))
    let failure: (any Error)? = await withCheckedContinuation { continuation in
      missing.loadTracks(withMediaType: .video) { tracks, error in
        #expect(tracks == nil)
        continuation.resume(returning: error)
      }
    }
    #expect(failure != nil)

    let composition = AVMutableComposition()
    try composition.insertTimeRange(
      CMTimeRange(start: .zero, duration: asset.duration), of: asset, at: .zero)
    let typed: [AVMutableCompositionTrack] = composition.tracks
    #expect(typed.count == 2)
    typed.first?.preferredTransform = CGAffineTransform(scaleX: -1, y: 1)
    let plain: AVAsset = composition
    #expect(plain.tracks.count == 2)
    let frozen = try #require(composition.copy() as? AVComposition)
    let frozenTracks: [AVCompositionTrack] = frozen.tracks
    #expect(frozenTracks.first?.preferredTransform.a == -1)
  }

  @Test("the HEVC-with-alpha presets write ProRes 4444 in .mov, with a warning")
  func alphaPresets() throws {
    let composition = AVMutableComposition()
    for name in [
      AVAssetExportPresetHEVCHighestQualityWithAlpha, AVAssetExportPresetHEVC1920x1080WithAlpha,
      AVAssetExportPresetHEVC3840x2160WithAlpha,
    ] {
      let session = try #require(AVAssetExportSession(asset: composition, presetName: name))
      #expect(session.supportedFileTypes == [.mov])
      #expect(
        CompatWarnings.printed.contains { $0.contains(name) && $0.contains("ProRes 4444") })
    }
    #expect(
      AVAssetExportSession(asset: composition, presetName: AVAssetExportPresetHEVC7680x4320)
        == nil)
  }

  @Test("AppKit spellings draw as UIKit's do")
  func appKit() throws {
    #expect(NSColor(calibratedRed: 1, green: 0, blue: 0, alpha: 1).cgColor == UIColor.red.cgColor)
    #expect(NSFont.systemFont(ofSize: 12).pointSize == 12)
    let rect: NSRect = NSRect(x: 0, y: 0, width: 4, height: 4)
    UIGraphicsBeginImageContextWithOptions(CGSize(width: 8, height: 8), false, 1)
    let context = try #require(NSGraphicsContext.current)
    #expect(context.isFlipped && context.cgContext === UIGraphicsGetCurrentContext())
    NSGraphicsContext.saveGraphicsState()
    NSColor.red.setFill()
    let path = NSBezierPath()
    path.move(to: NSPoint(x: 0, y: 0))
    path.line(to: NSPoint(x: 4, y: 0))
    path.line(to: NSPoint(x: 4, y: 4))
    path.line(to: NSPoint(x: 0, y: 4))
    path.close()
    path.fill()
    NSGraphicsContext.restoreGraphicsState()
    #expect(NSGraphicsContext.current?.cgContext === context.cgContext)
    let image = try #require(UIGraphicsGetImageFromCurrentImageContext()?.cgImage)
    UIGraphicsEndImageContext()
    #expect(NSGraphicsContext.current == nil)
    let wrapped = NSImage(cgImage: image, size: NSSize(width: 8, height: 8))
    #expect(wrapped.size == NSSize(width: 8, height: 8))
    #expect(DrawingTestSupport.pixel(image, 1, 1) == DrawingTestSupport.red)
    #expect(DrawingTestSupport.pixel(image, 6, 6) == DrawingTestSupport.clear)
    #expect(rect.width == 4)
  }

  @Test("UIImage(data:), pngData() and jpegData(compressionQuality:) through FFmpeg")
  func imageData() throws {
    let folder = try AVTestMedia.folder()
    let png = folder.appendingPathComponent("in.png")
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "color=c=0x3366CC:size=40x20", "-frames:v", "1", png.path,
    ])
    let image = try #require(UIImage(data: try Data(contentsOf: png), scale: 2))
    #expect(image.size == CGSize(width: 20, height: 10) && image.scale == 2)
    let cg = try #require(image.cgImage)
    // ffmpeg's own decoding of the file is the oracle (lavfi's colour passes through Y′CbCr).
    let oracle = try #require(try MediaOracle.frames(png).first)[5, 5]
    let pixel = DrawingTestSupport.pixel(cg, 5, 5)
    #expect(
      Int(pixel.red) == oracle.r && Int(pixel.green) == oracle.g && Int(pixel.blue) == oracle.b
        && pixel.alpha == 255)
    #expect(UIImage(data: Data("not an image".utf8)) == nil)

    let pngBytes = try #require(image.pngData())
    let again = try #require(UIImage(data: pngBytes)?.cgImage)
    #expect(DrawingTestSupport.pixel(again, 39, 19) == pixel)
    let jpegFile = folder.appendingPathComponent("out.jpg")
    for quality in [0.2, 0.9] {
      let jpeg = try #require(image.jpegData(compressionQuality: CGFloat(quality)))
      try jpeg.write(to: jpegFile)
      let stream = try #require(try MediaOracle.streams(jpegFile).first)
      #expect(stream["codec_name"] as? String == "mjpeg")
      let decoded = try #require(try MediaOracle.frames(jpegFile).first)
      let (r, g, b) = decoded[20, 10]
      #expect(
        abs(r - oracle.r) <= 4 && abs(g - oracle.g) <= 4 && abs(b - oracle.b) <= 4,
        "q \(quality): \(r) \(g) \(b)")
    }
  }

  @Test("generateCGImagesAsynchronously(forTimes:) makes each image once, in order; cancel")
  func asynchronousImages() throws {
    let folder = try AVTestMedia.folder()
    let asset = AVURLAsset(url: try AVTestMedia.patternClip("clip.mp4", in: folder))
    let generator = AVAssetImageGenerator(asset: asset)
    let times = [0, 10, 20, 29].map { NSValue(time: CMTime(value: $0, timescale: 30)) }
    let seen = Mutex<[(CMTime, AVAssetImageGenerator.Result, Int)]>([])
    let done = DispatchSemaphore(value: 0)
    generator.generateCGImagesAsynchronously(forTimes: times) {
      requested, image, actual, result, error in
      seen.withLock { $0.append((requested, result, image?.width ?? 0)) }
      if result == .succeeded { #expect(actual == requested) } else { #expect(error != nil) }
      if seen.withLock({ $0.count }) == times.count { done.signal() }
    }
    #expect(done.wait(timeout: .now() + 60) == .success)
    let results = seen.withLock { $0 }
    #expect(results.map(\.0) == times.map(\.timeValue))
    #expect(results.map(\.1) == [.succeeded, .succeeded, .succeeded, .succeeded])
    #expect(results.allSatisfy { $0.2 == 320 })

    // Cancelled before the batch runs: every time is reported cancelled, with no image.
    let cancelled = Mutex<[AVAssetImageGenerator.Result]>([])
    let ended = DispatchSemaphore(value: 0)
    let slow = AVAssetImageGenerator(asset: asset)
    slow.generateCGImagesAsynchronously(forTimes: times + times + times) { _, image, _, result, _ in
      #expect(result != .succeeded || image != nil)
      let count = cancelled.withLock { list in
        list.append(result)
        return list.count
      }
      if count == times.count * 3 { ended.signal() }
    }
    slow.cancelAllCGImageGeneration()
    #expect(ended.wait(timeout: .now() + 60) == .success)
    #expect(cancelled.withLock { $0 }.last == .cancelled)
  }

  @Test("AVMetadataItem: title, artist and creation date written into the file (ffprobe)")
  func metadata() async throws {
    let folder = try AVTestMedia.folder()
    let session = try AVAssetExportSessionTests.session(in: folder)
    let title = AVMutableMetadataItem()
    title.identifier = .commonIdentifierTitle
    title.value = "Summer" as NSString
    let artist = AVMutableMetadataItem()
    artist.keySpace = .quickTimeMetadata
    artist.key = "com.apple.quicktime.artist" as NSString
    artist.value = "Ada" as NSString
    #expect(artist.identifier == .quickTimeMetadataArtist && artist.commonKey == .commonKeyArtist)
    let created = AVMutableMetadataItem()
    created.identifier = .commonIdentifierCreationDate
    created.value = Date(timeIntervalSince1970: 1_700_000_000) as NSDate
    let odd = AVMutableMetadataItem()
    odd.identifier = AVMetadataIdentifier("mdta/com.example.rating")
    odd.value = NSNumber(value: 5)
    let frozen = try #require(title.copy() as? AVMetadataItem)
    #expect(!(frozen is AVMutableMetadataItem) && frozen.stringValue == "Summer")
    session.metadata = [title, artist, created, odd]
    let output = folder.appendingPathComponent("tagged.mp4")
    session.outputURL = output
    session.outputFileType = .mp4
    await AVTestMedia.export(session)
    #expect(session.status == .completed, "\(String(describing: session.error))")
    let probe = try TestSupport.ffprobeJSON(["-show_format", output.path])
    let tags = try #require((probe["format"] as? [String: Any])?["tags"] as? [String: Any])
    #expect(tags["title"] as? String == "Summer")
    #expect(tags["artist"] as? String == "Ada")
    #expect((tags["creation_time"] as? String)?.hasPrefix("2023-11-14T22:13:20") == true, "\(tags)")
    #expect(CompatWarnings.printed.contains { $0.contains("com.example.rating") })
  }
}
