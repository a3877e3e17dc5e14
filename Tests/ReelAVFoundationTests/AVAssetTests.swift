import AVFoundationCompat
import Foundation
import Testing

@testable import ReelAVFoundation

@Suite("AVAsset and AVAssetTrack")
struct AVAssetTests {
  @Test("a file's tracks, sizes, rates and times come from one probe")
  func fileTracks() throws {
    let folder = try AVTestMedia.folder()
    let url = try AVTestMedia.patternClip("clip.mp4", in: folder)
    let asset = AVURLAsset(url: url)
    #expect(asset.url == url)
    #expect(asset.tracks.count == 2)
    #expect(asset.tracks.map(\.mediaType) == [.video, .audio])
    #expect(AVMediaType.video.rawValue == "vide")
    #expect(AVMediaType.audio.rawValue == "soun")
    let video = try #require(asset.tracks(withMediaType: .video).first)
    #expect(video.trackID == 1)
    #expect(video.asset === asset)
    #expect(asset.track(withTrackID: 2)?.mediaType == .audio)
    #expect(asset.track(withTrackID: 9) == nil)
    #expect(video.naturalSize == CGSize(width: 320, height: 240))
    #expect(video.preferredTransform == .identity)
    #expect(video.nominalFrameRate == 30)
    #expect(video.minFrameDuration == CMTime(value: 1, timescale: 30))
    #expect(video.timeRange.start == .zero)
    #expect(video.timeRange.duration == CMTime(value: 1, timescale: 1))
    #expect(video.estimatedDataRate > 0)
    #expect(video.segments.count == 1)
    #expect(video.segments.first?.timeMapping.target == video.timeRange)
    #expect(asset.naturalSize == CGSize(width: 320, height: 240))
    #expect(abs(asset.duration.seconds - 1) < 0.05)
    #expect(asset.isPlayable && asset.isExportable && asset.isReadable)
    let audio = try #require(asset.tracks(withMediaType: .audio).first)
    #expect(audio.naturalSize == .zero)
    #expect(!audio.minFrameDuration.isValid)
    // The track objects are made once, from the one probe.
    #expect(asset.tracks.first === asset.tracks.first)
  }

  @Test("the async load forms give the same values, several at once")
  func asyncLoading() async throws {
    let folder = try AVTestMedia.folder()
    let url = try AVTestMedia.patternClip("clip.mp4", in: folder)
    let asset = AVURLAsset(url: url)
    var status = asset.status(of: .duration)
    if case .notYetLoaded = status {} else { Issue.record("expected notYetLoaded, got \(status)") }
    let (duration, tracks) = try await asset.load(.duration, .tracks)
    #expect(abs(duration.seconds - 1) < 0.05)
    #expect(tracks.count == 2)
    status = asset.status(of: .duration)
    if case .loaded(let loaded) = status {
      #expect(loaded == duration)
    } else {
      Issue.record("expected loaded, got \(status)")
    }
    let videos = try await asset.loadTracks(withMediaType: .video)
    let video = try #require(videos.first)
    let (size, transform, frame) = try await video.load(
      .naturalSize, .preferredTransform, .minFrameDuration)
    #expect(size == CGSize(width: 320, height: 240))
    #expect(transform == .identity)
    #expect(frame == CMTime(value: 1, timescale: 30))
    #expect(try await video.load(.nominalFrameRate) == 30)
    #expect(try await asset.loadTrack(withTrackID: 2)?.mediaType == .audio)
    #expect(asset.statusOfValue(forKey: "tracks", error: nil) == .loaded)
    #expect(AVAsyncProperty<AVAsset, CMTime>.duration.description == "duration")
    #expect(AVAsyncProperty<AVAssetTrack, CGSize>.naturalSize.description == "naturalSize")
    #expect(AVAsyncProperty<AVAsset, Bool>.isPlayable.description == "playable")
  }

  @Test("an unreadable file has no tracks and a zero duration; the async forms throw")
  func unreadable() async throws {
    let folder = try AVTestMedia.folder()
    let url = folder.appendingPathComponent("not-media.mp4")
    try Data("hello".utf8).write(to: url)
    let asset = AVURLAsset(url: url)
    #expect(asset.tracks.isEmpty)
    #expect(asset.duration == .zero)
    #expect(!asset.isPlayable)
    do {
      _ = try await asset.load(.tracks)
      Issue.record("load(.tracks) should throw")
    } catch let error as NSError {
      #expect(error.domain == AVFoundationErrorDomain)
      #expect(error.localizedFailureReason?.contains("not-media.mp4") == true)
    }
    var error: NSError?
    #expect(asset.statusOfValue(forKey: "duration", error: &error) == .failed)
    #expect(error?.domain == AVFoundationErrorDomain)
    let missing = AVURLAsset(url: folder.appendingPathComponent("missing.mov"))
    await #expect(throws: NSError.self) { try await missing.loadTracks(withMediaType: .video) }
  }

  @Test("a portrait clip: the matrix as the file stores it, translation included")
  func portraitTransform() throws {
    let folder = try AVTestMedia.folder()
    let landscape = try AVTestMedia.patternClip("landscape.mp4", in: folder)
    let tagged = try AVTestMedia.portrait(landscape, in: folder, name: "tagged.mp4")
    // Without a translation in the file, Apple reports the matrix unchanged.
    let plain = try #require(AVURLAsset(url: tagged).tracks(withMediaType: .video).first)
    #expect(plain.preferredTransform == CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0))
    #expect(plain.naturalSize == CGSize(width: 320, height: 240))
    // A phone writes (0, 1, −1, 0, h, 0).
    let phone = try AVTestMedia.settingTranslation(of: tagged, tx: 240, ty: 0, name: "phone.mp4")
    let track = try #require(AVURLAsset(url: phone).tracks(withMediaType: .video).first)
    #expect(track.preferredTransform == CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 240, ty: 0))
    #expect(track.naturalSize == CGSize(width: 320, height: 240))
    // The transform turns the natural rectangle into the upright one.
    let upright = CGRect(origin: .zero, size: track.naturalSize).applying(track.preferredTransform)
    #expect(upright == CGRect(x: 0, y: 0, width: 240, height: 320))
  }
}
