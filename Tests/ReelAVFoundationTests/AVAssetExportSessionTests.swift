import AVFoundationCompat
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ReelAVFoundation

// Seed 003's cross-fade itself runs as Examples/AVFoundation/CrossFade in
// PortedExamplesTests; these tests take the session apart.

@Suite("AVAssetExportSession", .serialized)
struct AVAssetExportSessionTests {
  /// A composition of one 1 s clip and a pass-through video composition over `ranges`.
  static func session(
    in folder: URL, ranges: [CMTimeRange]? = nil, seconds: Double = 1,
    preset: String = AVAssetExportPresetHighestQuality
  ) throws -> AVAssetExportSession {
    let clip = try AVTestMedia.flatClip("clip.mp4", in: folder, color: "gray", seconds: seconds)
    let asset = AVURLAsset(url: clip)
    let video = try #require(asset.tracks(withMediaType: .video).first)
    let composition = AVMutableComposition()
    let track = try #require(
      composition.addMutableTrack(
        withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid))
    try track.insertTimeRange(video.timeRange, of: video, at: .zero)
    let session = try #require(AVAssetExportSession(asset: composition, presetName: preset))
    if let ranges {
      let videoComposition = AVMutableVideoComposition()
      videoComposition.renderSize = CGSize(width: 320, height: 240)
      videoComposition.frameDuration = CMTime(value: 1, timescale: 30)
      videoComposition.instructions = ranges.map {
        AVMutableVideoCompositionInstruction.passThrough(trackId: track.trackID, timeRange: $0)
      }
      session.videoComposition = videoComposition
    }
    return session
  }

  @Test("a gap between instructions fails with -11841 and Reel's message; nothing is written")
  func gapFails() async throws {
    let folder = try AVTestMedia.folder()
    let half = CMTime(value: 1, timescale: 2)
    let session = try Self.session(
      in: folder,
      ranges: [
        CMTimeRange(start: .zero, duration: CMTime(value: 2, timescale: 5)),
        CMTimeRange(start: half, duration: half),
      ])
    let output = folder.appendingPathComponent("out.mp4")
    session.outputURL = output
    session.outputFileType = .mp4
    await AVTestMedia.export(session)
    #expect(session.status == .failed)
    let error = try #require(session.error as? NSError)
    #expect(error.domain == AVFoundationErrorDomain)
    #expect(error.code == -11841)
    #expect(error.localizedDescription == "The video could not be composed.")
    #expect(error.localizedFailureReason?.contains("gap") == true, "\(error)")
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  @Test("an existing output file fails the export with -11823 and is left untouched")
  func existingFile() async throws {
    let folder = try AVTestMedia.folder()
    let session = try Self.session(in: folder)
    let output = folder.appendingPathComponent("taken.mov")
    let original = Data("keep me".utf8)
    try original.write(to: output)
    session.outputURL = output
    session.outputFileType = .mov
    await AVTestMedia.export(session)
    #expect(session.status == .failed)
    let error = try #require(session.error as? NSError)
    #expect(error.code == AVError.Code.fileAlreadyExists.rawValue)
    #expect(error.code == -11823)
    #expect(try Data(contentsOf: output) == original)
  }

  @Test("presets map onto Reel's table; a 1080p source with the medium preset gives 568×320")
  func presets() async throws {
    #expect(AppleExportPresets.preset(named: AVAssetExportPresetMediumQuality) == .mediumQuality)
    #expect(AppleExportPresets.preset(named: AVAssetExportPreset1280x720) == .preset1280x720)
    #expect(AppleExportPresets.preset(named: AVAssetExportPresetHEVC3840x2160) == .hevc3840x2160)
    #expect(AppleExportPresets.preset(named: AVAssetExportPresetPassthrough) == .passthrough)
    #expect(AppleExportPresets.preset(named: "720p") == nil)
    #expect(AVAssetExportSession.allExportPresets().count == 13)
    #expect(AVAssetExportPresetHighestQuality == "AVAssetExportPresetHighestQuality")
    #expect(AVFileType.mov.rawValue == "com.apple.quicktime-movie")
    #expect(AVFileType.mp4.rawValue == "public.mpeg-4")
    #expect(AVFileType.m4v.rawValue == "com.apple.m4v-video")
    #expect(AVFileType.m4a.rawValue == "com.apple.m4a-audio")
    #expect(AVAssetExportSession.Status.cancelled.rawValue == 5)
    #expect(AVAssetExportSession.Status.unknown.rawValue == 0)
    let folder = try AVTestMedia.folder()
    let clip = try AVTestMedia.flatClip(
      "hd.mp4", in: folder, color: "teal", size: "1920x1080", seconds: 0.4, rate: 10)
    let asset = AVURLAsset(url: clip)
    #expect(
      AVAssetExportSession.exportPresets(compatibleWith: asset).contains(
        AVAssetExportPresetMediumQuality))
    #expect(AVAssetExportSession(asset: asset, presetName: "AVAssetExportPresetNoSuchThing") == nil)
    let session = try #require(
      AVAssetExportSession(asset: asset, presetName: AVAssetExportPresetMediumQuality))
    #expect(session.supportedFileTypes.contains(.mp4))
    let output = folder.appendingPathComponent("medium.mp4")
    try await session.export(to: output, as: .mp4)
    #expect(session.status == .completed)
    let size = try AVTestMedia.videoSize(output)
    #expect(size.width == 568 && size.height == 320)
  }

  @Test("cancel mid-export: status cancelled, nothing at the output path, the handler once")
  func cancel() async throws {
    let folder = try AVTestMedia.folder()
    let session = try Self.session(in: folder, seconds: 60)
    let output = folder.appendingPathComponent("cancelled.mp4")
    session.outputURL = output
    session.outputFileType = .mp4
    let calls = Atomic<Int>(0)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      session.exportAsynchronously {
        calls.add(1, ordering: .relaxed)
        continuation.resume()
      }
      // A thread of its own (not the cooperative pool, which a loaded machine may leave it
      // waiting on) cancels as soon as the export runs.
      DispatchQueue.global().async {
        while session.status == .unknown || session.status == .waiting { usleep(1000) }
        session.cancelExport()
      }
    }
    #expect(session.status == .cancelled)
    #expect((session.error as? NSError)?.code == AVError.Code.operationCancelled.rawValue)
    #expect(!FileManager.default.fileExists(atPath: output.path))
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(leftovers == ["clip.mp4"])
    try await Task.sleep(for: .milliseconds(100))
    let callCount = calls.load(ordering: .relaxed)
    #expect(callCount == 1)
  }

  @Test(
    "the session lives until its handler ran, once, off the main thread; file type from the URL")
  func droppedSession() async throws {
    let folder = try AVTestMedia.folder()
    let output = folder.appendingPathComponent("dropped.mp4")
    let calls = Atomic<Int>(0)
    let onMain = Atomic<Bool>(true)
    // What the handler dispatches still finds the session (a program capturing it weakly and
    // hopping queues, as on Apple): read on the hop itself, so a loaded machine's late
    // resumption of this test cannot outlast the session's grace.
    let aliveAfterHop = Atomic<Bool>(false)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      do {
        let session = try Self.session(in: folder)
        session.outputURL = output
        weak let weakSession = session
        // outputFileType left unset: Reel takes .mp4 from the URL and warns (Apple raises).
        session.exportAsynchronously {
          onMain.store(Thread.isMainThread, ordering: .relaxed)
          calls.add(1, ordering: .relaxed)
          DispatchQueue.global().async {
            aliveAfterHop.store(weakSession != nil, ordering: .relaxed)
            continuation.resume()
          }
        }
      } catch {
        Issue.record("\(error)")
        continuation.resume()
      }
    }
    let aliveAfterItsHandler = aliveAfterHop.load(ordering: .relaxed)
    #expect(aliveAfterItsHandler)
    try await Task.sleep(for: .milliseconds(200))
    let callCount = calls.load(ordering: .relaxed)
    let ranOnMain = onMain.load(ordering: .relaxed)
    #expect(callCount == 1)
    #expect(!ranOnMain)
    #expect(try AVTestMedia.format(output).name.contains("mp4"))
    #expect(CompatWarnings.printed.contains { $0.contains("outputFileType is not set") })
  }

  @Test("timeRange exports part of the timeline; the file type wins over the URL's extension")
  func timeRangeAndFileType() async throws {
    let folder = try AVTestMedia.folder()
    let session = try Self.session(in: folder, seconds: 2)
    session.timeRange = CMTimeRange(
      start: CMTime(value: 1, timescale: 2), duration: CMTime(value: 1, timescale: 1))
    session.shouldOptimizeForNetworkUse = true
    let output = folder.appendingPathComponent("part.video")
    session.outputURL = output
    session.outputFileType = .mov
    await session.export()
    #expect(session.status == .completed, "\(String(describing: session.error))")
    #expect(session.error == nil && session.progress == 1)
    let format = try AVTestMedia.format(output)
    #expect(format.name.contains("mov"))
    #expect(abs(format.duration - 1) < 0.05)
    #expect(try AVTestMedia.frames(output).count == 30)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
        "clip.mp4", "part.video",
      ])
  }
}

@Suite("AVAssetExportSession cancellation before start")
struct AVAssetExportSessionEarlyCancelTests {
  @Test("cancelExport before the export starts cancels it at once; export() returns")
  func cancelBeforeStart() async throws {
    let folder = try AVTestMedia.folder()
    let session = try AVAssetExportSessionTests.session(in: folder)
    let output = folder.appendingPathComponent("never.mp4")
    session.outputURL = output
    session.outputFileType = .mp4
    #expect(session.status == .unknown)
    session.cancelExport()
    await session.export()
    #expect(session.status == .cancelled)
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  @Test("an HEVC-with-alpha preset writes ProRes 4444 with alpha, which ffprobe reads")
  func alphaPresetWritesProRes() async throws {
    let folder = try AVTestMedia.folder()
    let session = try AVAssetExportSessionTests.session(
      in: folder, preset: AVAssetExportPresetHEVCHighestQualityWithAlpha)
    let output = folder.appendingPathComponent("alpha.mov")
    session.outputURL = output
    session.outputFileType = .mov
    await session.export()
    #expect(session.status == .completed, "\(String(describing: session.error))")
    let probe = try TestSupport.ffprobeJSON(["-show_streams", output.path])
    let stream = try #require((probe["streams"] as? [[String: Any]])?.first)
    #expect(stream["codec_name"] as? String == "prores")
    #expect(stream["codec_tag_string"] as? String == "ap4h")
    #expect((stream["pix_fmt"] as? String)?.hasPrefix("yuva444p") == true)
  }
}
