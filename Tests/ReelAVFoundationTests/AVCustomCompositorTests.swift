import AVFoundationCompat
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ReelAVFoundation

/// An instruction of a program's own, as apps write them for their compositors.
final class TestInstruction: NSObject, AVVideoCompositionInstructionProtocol {
  let timeRange: CMTimeRange
  let enablePostProcessing = false
  let containsTweening = true
  let requiredSourceTrackIDs: [NSValue]?
  let passthroughTrackID: CMPersistentTrackID
  let label: String

  init(
    _ timeRange: CMTimeRange, label: String = "", required: [CMPersistentTrackID]? = nil,
    passthrough: CMPersistentTrackID = kCMPersistentTrackID_Invalid
  ) {
    self.timeRange = timeRange
    self.label = label
    requiredSourceTrackIDs = required?.map { NSNumber(value: $0) }
    passthroughTrackID = passthrough
  }
}

/// What the test compositors saw, shared with the tests (compositors are made by Reel from
/// their class, so they report here).
enum CompositorLog {
  struct Seen {
    var times: [Double] = []
    var trackIDs: [[Int32]] = []
    var labels: [String] = []
    var sourceFormats: [OSType] = []
    var sourceCentres: [[Int]] = []
    var renderSizes: [CGSize] = []
    var inFlight = 0
    var mostInFlight = 0
    var contextChanges = 0
    var cancels = 0
  }
  static let seen = Mutex(Seen())
  static func reset() { seen.withLock { $0 = Seen() } }
}

/// Paints each frame one grey level from its time, finishing requests on a concurrent queue
/// after a delay that makes later frames finish first.
final class GreyByTimeCompositor: NSObject, AVVideoCompositing, @unchecked Sendable {
  let queue = DispatchQueue(label: "grey", attributes: .concurrent)
  let sourcePixelBufferAttributes: [String: any Sendable]? = [
    kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA
  ]
  let requiredPixelBufferAttributesForRenderContext: [String: any Sendable] = [
    kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA
  ]

  func renderContextChanged(_ newRenderContext: AVVideoCompositionRenderContext) {
    CompositorLog.seen.withLock { $0.contextChanges += 1 }
  }

  static func level(at seconds: Double) -> UInt8 { UInt8(20 + 12 * Int((seconds * 30).rounded())) }

  func startRequest(_ request: AVAsynchronousVideoCompositionRequest) {
    let time = request.compositionTime.seconds
    CompositorLog.seen.withLock {
      $0.times.append(time)
      $0.inFlight += 1
      $0.mostInFlight = max($0.mostInFlight, $0.inFlight)
      $0.renderSizes.append(request.renderContext.size)
      $0.labels.append((request.videoCompositionInstruction as? TestInstruction)?.label ?? "?")
      $0.trackIDs.append(request.sourceTrackIDs.map(\.int32Value))
      if let id = request.sourceTrackIDs.first,
        let frame = request.sourceFrame(byTrackID: id.int32Value)
      {
        $0.sourceFormats.append(CVPixelBufferGetPixelFormatType(frame))
      }
    }
    let frameIndex = Int((time * 30).rounded())
    queue.asyncAfter(deadline: .now() + .milliseconds(20 * (3 - frameIndex % 4))) {
      guard let output = request.renderContext.newPixelBuffer() else {
        request.finish(with: NSError(domain: "Grey", code: 1))
        return
      }
      CVPixelBufferLockBaseAddress(output, [])
      let base = CVPixelBufferGetBaseAddress(output)!.assumingMemoryBound(to: UInt8.self)
      let row = CVPixelBufferGetBytesPerRow(output)
      let level = Self.level(at: time)
      for y in 0..<CVPixelBufferGetHeight(output) {
        for x in 0..<CVPixelBufferGetWidth(output) {
          let pixel = base + y * row + 4 * x
          (pixel[0], pixel[1], pixel[2], pixel[3]) = (level, level, level, 255)
        }
      }
      CVPixelBufferUnlockBaseAddress(output, [])
      CompositorLog.seen.withLock { $0.inFlight -= 1 }
      request.finish(withComposedVideoFrame: output)
    }
  }
}

/// Hands back the first source frame as it is, in NV12.
final class NV12PassingCompositor: NSObject, AVVideoCompositing, @unchecked Sendable {
  let sourcePixelBufferAttributes: [String: any Sendable]? = [
    kCVPixelBufferPixelFormatTypeKey as String: [
      kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange, kCVPixelFormatType_32BGRA,
    ]
  ]
  let requiredPixelBufferAttributesForRenderContext: [String: any Sendable] = [
    kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange
  ]
  func renderContextChanged(_ newRenderContext: AVVideoCompositionRenderContext) {}
  func startRequest(_ request: AVAsynchronousVideoCompositionRequest) {
    let ids = request.sourceTrackIDs.map(\.int32Value)
    CompositorLog.seen.withLock {
      $0.times.append(request.compositionTime.seconds)
      $0.trackIDs.append(ids)
      $0.labels.append((request.videoCompositionInstruction as? TestInstruction)?.label ?? "?")
      for id in ids {
        guard let frame = request.sourceFrame(byTrackID: id) else { continue }
        $0.sourceFormats.append(CVPixelBufferGetPixelFormatType(frame))
      }
    }
    guard let id = ids.last, let frame = request.sourceFrame(byTrackID: id) else {
      request.finish(with: NSError(domain: "NV12", code: 2))
      return
    }
    request.finish(withComposedVideoFrame: frame)
  }
}

/// Fails every frame with its own error.
final class FailingCompositor: NSObject, AVVideoCompositing, @unchecked Sendable {
  let sourcePixelBufferAttributes: [String: any Sendable]? = nil
  let requiredPixelBufferAttributesForRenderContext: [String: any Sendable] = [
    kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA
  ]
  func renderContextChanged(_ newRenderContext: AVVideoCompositionRenderContext) {}
  func startRequest(_ request: AVAsynchronousVideoCompositionRequest) {
    DispatchQueue.global().async {
      request.finish(
        with: NSError(
          domain: "CompositorTest", code: 42,
          userInfo: [NSLocalizedDescriptionKey: "the wipe has no mask"]))
    }
  }
}

/// Keeps every request until its pending requests are cancelled.
final class HoardingCompositor: NSObject, AVVideoCompositing, @unchecked Sendable {
  private let held = Mutex<[AVAsynchronousVideoCompositionRequest]>([])
  let sourcePixelBufferAttributes: [String: any Sendable]? = nil
  let requiredPixelBufferAttributesForRenderContext: [String: any Sendable] = [
    kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA
  ]
  func renderContextChanged(_ newRenderContext: AVVideoCompositionRenderContext) {}
  func startRequest(_ request: AVAsynchronousVideoCompositionRequest) {
    held.withLock { $0.append(request) }
    CompositorLog.seen.withLock { $0.times.append(request.compositionTime.seconds) }
  }
  func cancelAllPendingVideoCompositionRequests() {
    CompositorLog.seen.withLock { $0.cancels += 1 }
    for request in held.withLock({ requests in
      defer { requests = [] }
      return requests
    }) {
      request.finishCancelledRequest()
    }
  }
}

@Suite("Custom video compositors (AVVideoCompositing)", .serialized)
struct AVCustomCompositorTests {
  /// Two 320×240 flat tracks over [0, seconds): red-ish (1) and blue-ish (2).
  static func twoTracks(seconds: Double) throws -> (
    AVMutableComposition, CMPersistentTrackID, CMPersistentTrackID
  ) {
    let folder = try AVTestMedia.folder()
    let a = try AVTestMedia.flatClip("a.mp4", in: folder, color: "0xC83228", seconds: seconds)
    let b = try AVTestMedia.flatClip("b.mp4", in: folder, color: "0x2850DC", seconds: seconds)
    let composition = AVMutableComposition()
    var ids: [CMPersistentTrackID] = []
    for url in [a, b] {
      let source = try #require(AVURLAsset(url: url).tracks(withMediaType: .video).first)
      let track = try #require(
        composition.addMutableTrack(
          withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid))
      try track.insertTimeRange(source.timeRange, of: source, at: .zero)
      ids.append(track.trackID)
    }
    return (composition, ids[0], ids[1])
  }

  static func videoComposition(
    _ compositor: any AVVideoCompositing.Type,
    _ instructions: [any AVVideoCompositionInstructionProtocol]
  ) -> AVMutableVideoComposition {
    let video = AVMutableVideoComposition()
    video.customVideoCompositorClass = compositor
    video.frameDuration = CMTime(value: 1, timescale: 30)
    video.renderSize = CGSize(width: 320, height: 240)
    video.instructions = instructions
    return video
  }

  static func export(_ composition: AVComposition, _ video: AVVideoComposition, name: String)
    async throws -> (AVAssetExportSession, URL)
  {
    let session = try #require(
      AVAssetExportSession(asset: composition, presetName: AVAssetExportPresetHighestQuality))
    session.videoComposition = video
    let output = try AVTestMedia.folder().appendingPathComponent(name)
    session.outputURL = output
    session.outputFileType = .mp4
    await AVTestMedia.export(session)
    return (session, output)
  }

  @Test("requests finished out of order on other threads: every frame, in frame order")
  func framesKeepTheirOrder() async throws {
    CompositorLog.reset()
    let (composition, a, b) = try Self.twoTracks(seconds: 0.5)
    let range = CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 2))
    let video = Self.videoComposition(
      GreyByTimeCompositor.self, [TestInstruction(range, label: "grey")])
    let (session, output) = try await Self.export(composition, video, name: "grey.mp4")
    #expect(session.status == .completed, "\(String(describing: session.error))")
    let seen = CompositorLog.seen.withLock { $0 }
    #expect(seen.times.count == 15)
    #expect(seen.contextChanges == 1)
    #expect(seen.mostInFlight >= 2, "requests were composed one at a time")
    #expect(Set(seen.labels) == ["grey"])
    // requiredSourceTrackIDs nil: every video track, each a BGRA buffer as asked.
    #expect(seen.trackIDs.allSatisfy { $0 == [a, b] })
    #expect(seen.sourceFormats.allSatisfy { $0 == kCVPixelFormatType_32BGRA })
    #expect(seen.renderSizes.allSatisfy { $0 == CGSize(width: 320, height: 240) })
    let frames = try AVTestMedia.frames(output)
    #expect(frames.count == 15)
    for (index, frame) in frames.enumerated() {
      let want = Int(GreyByTimeCompositor.level(at: Double(index) / 30))
      let (r, g, bl) = frame[160, 120]
      #expect(
        abs(r - want) <= 2 && abs(g - want) <= 2 && abs(bl - want) <= 2,
        "frame \(index): \(r) \(g) \(bl), want \(want)")
    }
  }

  @Test("pass-through instructions skip the compositor; NV12 sources handed back as they are")
  func passThroughAndNV12() async throws {
    CompositorLog.reset()
    let (composition, a, b) = try Self.twoTracks(seconds: 0.4)
    let half = CMTime(value: 1, timescale: 5)
    let video = Self.videoComposition(
      NV12PassingCompositor.self,
      [
        TestInstruction(CMTimeRange(start: .zero, duration: half), passthrough: a),
        TestInstruction(CMTimeRange(start: half, duration: half), label: "second", required: [b]),
      ])
    let (session, output) = try await Self.export(composition, video, name: "passed.mp4")
    #expect(session.status == .completed, "\(String(describing: session.error))")
    let seen = CompositorLog.seen.withLock { $0 }
    // Frames 0–5 passed through track a without asking; 6–11 asked, with track b only.
    #expect(seen.times.count == 6)
    #expect(seen.times.allSatisfy { $0 >= 0.2 - 1e-9 })
    #expect(seen.trackIDs.allSatisfy { $0 == [b] })
    #expect(seen.sourceFormats.allSatisfy { $0 == kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange })
    let frames = try AVTestMedia.frames(output)
    #expect(frames.count == 12)
    for (index, frame) in frames.enumerated() {
      let (r, _, bl) = frame[160, 120]
      if index < 6 {
        #expect(abs(r - 200) <= 4 && abs(bl - 40) <= 4, "frame \(index): \(r) \(bl)")
      } else {
        #expect(abs(r - 40) <= 4 && abs(bl - 220) <= 4, "frame \(index): \(r) \(bl)")
      }
    }
  }

  @Test("a request finished with an error fails the export with that error")
  func errorsFailTheExport() async throws {
    let (composition, _, _) = try Self.twoTracks(seconds: 0.2)
    let video = Self.videoComposition(
      FailingCompositor.self,
      [TestInstruction(CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 5)))])
    let (session, output) = try await Self.export(composition, video, name: "failed.mp4")
    #expect(session.status == .failed)
    let error = try #require(session.error as NSError?)
    #expect(error.domain == "CompositorTest" && error.code == 42)
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  @Test("cancelling the export cancels the compositor's pending requests")
  func cancellingCancelsPendingRequests() async throws {
    CompositorLog.reset()
    let (composition, _, _) = try Self.twoTracks(seconds: 0.2)
    let video = Self.videoComposition(
      HoardingCompositor.self,
      [TestInstruction(CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 5)))])
    let session = try #require(
      AVAssetExportSession(asset: composition, presetName: AVAssetExportPresetHighestQuality))
    session.videoComposition = video
    session.outputURL = try AVTestMedia.folder().appendingPathComponent("cancelled.mp4")
    session.outputFileType = .mp4
    let cancelledAt = Mutex<Date?>(nil)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      session.exportAsynchronously { continuation.resume() }
      // Cancelled once the compositor holds a request (or after 60 s, which fails below).
      DispatchQueue.global().async {
        let deadline = Date().addingTimeInterval(60)
        while CompositorLog.seen.withLock({ $0.times.isEmpty }), Date() < deadline {
          Thread.sleep(forTimeInterval: 0.01)
        }
        cancelledAt.withLock { $0 = Date() }
        session.cancelExport()
      }
    }
    #expect(session.status == .cancelled)
    // Well before the 60 s a request may take: the decode stage stops waiting once cancelled
    // (1 s measured alone; the bound leaves room for a loaded machine).
    let cancelled = try #require(cancelledAt.withLock { $0 })
    #expect(Date().timeIntervalSince(cancelled) < 20)
    #expect(CompositorLog.seen.withLock { $0.cancels } >= 1)
  }

  @Test("an instruction of a program's own type needs a custom compositor, and names it")
  func customInstructionsNeedACompositor() async throws {
    let (composition, a, _) = try Self.twoTracks(seconds: 0.2)
    let video = Self.videoComposition(
      GreyByTimeCompositor.self,
      [TestInstruction(CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 5)))])
    video.customVideoCompositorClass = nil
    let (session, _) = try await Self.export(composition, video, name: "none.mp4")
    #expect(session.status == .failed)
    #expect("\(String(describing: session.error))".contains("customVideoCompositorClass"))
    // A required track the composition lacks is named too.
    let wrong = Self.videoComposition(
      GreyByTimeCompositor.self,
      [
        TestInstruction(
          CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 5)), required: [a + 40])
      ])
    let (other, _) = try await Self.export(composition, wrong, name: "wrong.mp4")
    #expect(other.status == .failed)
    #expect("\(String(describing: other.error))".contains("track \(a + 40)"))
    #expect(wrong.copy() is AVVideoComposition)
    #expect((wrong.mutableCopy() as? AVMutableVideoComposition)?.customVideoCompositorClass != nil)
  }
}

extension AVCustomCompositorTests {
  @Test("the async forms make the same compositions, and throw for an unreadable asset")
  func asyncForms() async throws {
    let folder = try AVTestMedia.folder()
    let clip = try AVTestMedia.flatClip("flat.mp4", in: folder, color: "gray", seconds: 0.2)
    let asset = AVURLAsset(url: clip)
    let plain = try await AVVideoComposition.videoComposition(withPropertiesOf: asset)
    #expect(plain.renderSize == CGSize(width: 320, height: 240))
    #expect(plain.instructions.count == 1)
    let mutable = try await AVMutableVideoComposition.videoComposition(withPropertiesOf: asset)
    mutable.renderSize = CGSize(width: 160, height: 120)
    #expect(mutable.renderSize == CGSize(width: 160, height: 120))
    let filtered = try await AVMutableVideoComposition.videoComposition(with: asset) { request in
      request.finish(with: request.sourceImage, context: nil)
    }
    #expect(filtered.frameDuration == CMTime(value: 1, timescale: 30))
    let missing = AVURLAsset(url: folder.appendingPathComponent("missing.mp4"))
    await #expect(throws: (any Error).self) {
      _ = try await AVVideoComposition.videoComposition(with: missing) { request in
        request.finish(with: request.sourceImage, context: nil)
      }
    }
  }
}

extension AVCustomCompositorTests {
  @Test("VTCreateCGImageFromCVPixelBuffer: BGRA shared, NV12 converted; AVFileType's 3GPP names")
  func pixelBufferImagesAndFileTypeNames() throws {
    let bgra = try CoreImageTests.buffer(8, 6, blue: 200, green: 100, red: 50)
    var image: CGImage?
    #expect(VTCreateCGImageFromCVPixelBuffer(bgra, options: nil, imageOut: &image) == noErr)
    let made = try #require(image)
    #expect(made.width == 8 && made.height == 6)
    let back = try CVPixelBufferTests.make(8, 6, kCVPixelFormatType_32BGRA)
    CIContext().render(CIImage(cgImage: made), to: back)
    #expect(try CoreImageTests.pixel(back, 3, 2) == [200, 100, 50, 255])
    // A fresh NV12 buffer is video-range black.
    let nv12 = try CVPixelBufferTests.make(8, 6, kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange)
    #expect(VTCreateCGImageFromCVPixelBuffer(nv12, options: nil, imageOut: &image) == noErr)
    let black = try CVPixelBufferTests.make(8, 6, kCVPixelFormatType_32BGRA)
    CIContext().render(CIImage(cgImage: try #require(image)), to: black)
    #expect(try CoreImageTests.pixel(black, 4, 3) == [0, 0, 0, 255])
    #expect(AVFileType.mobile3GPP.rawValue == "public.3gpp")
    #expect(AVFileType.mobile3GPP2.rawValue == "public.3gpp2")
  }
}

extension AVCustomCompositorTests {
  @Test("NSValue.value(of:): track IDs from requiredSourceTrackIDs, times; nil for a mismatch")
  func valueOfType() throws {
    let instruction = AVMutableVideoCompositionInstruction()
    let layer = AVMutableVideoCompositionLayerInstruction()
    layer.trackID = 7
    instruction.layerInstructions = [layer]
    let ids = try #require(instruction.requiredSourceTrackIDs)
    #expect(ids.count == 1)
    #expect(ids[0].value(of: Int32.self) == 7)
    #expect(ids[0].value(of: Int.self) == 7)
    #expect(ids[0].value(of: CMTime.self) == nil)
    #expect(NSNumber(value: 300).value(of: UInt8.self) == nil)
    #expect(NSNumber(value: 2.5).value(of: Int32.self) == nil)
    #expect(NSNumber(value: 2.5).value(of: Double.self) == 2.5)
    let time = CMTime(value: 3, timescale: 2)
    #expect(NSValue(time: time).value(of: CMTime.self) == time)
    #expect(NSValue(time: time).value(of: Int32.self) == nil)
  }
}
