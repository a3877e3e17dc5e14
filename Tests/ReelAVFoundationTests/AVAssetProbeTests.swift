import AVFoundationCompat
import Foundation
import ReelMedia
import Testing

@Suite("AVURLAsset probing")
struct AVAssetProbeTests {
  @Test("a URL asset probes its file once: values, tracks, a composition and its export")
  func probedOnce() async throws {
    let folder = try AVTestMedia.folder()
    let clip = try AVTestMedia.patternClip("clip.mp4", in: folder)
    let counter = MediaAccessCounter(watching: folder.path)
    defer { counter.stop() }
    let asset = AVURLAsset(url: clip)
    #expect(counter.count(.probe, path: clip.path) == 0)
    _ = asset.duration
    let video = try #require(asset.tracks(withMediaType: .video).first)
    _ = try await asset.load(.tracks, .duration)
    let composition = AVMutableComposition()
    try composition.insertTimeRange(video.timeRange, of: asset, at: .zero)
    let session = try #require(
      AVAssetExportSession(asset: composition, presetName: AVAssetExportPresetLowQuality))
    session.outputURL = folder.appendingPathComponent("low.mp4")
    session.outputFileType = .mp4
    await AVTestMedia.export(session)
    #expect(session.status == .completed, "\(String(describing: session.error))")
    #expect(counter.count(.probe, path: clip.path) == 1)
    // Apple's plain AVAsset(url:) behaves the same.
    #expect(AVAsset(url: clip).tracks.count == 2)
  }
}
