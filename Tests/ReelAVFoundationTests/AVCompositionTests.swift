import AVFoundationCompat
import Foundation
import Testing

@Suite("AVMutableComposition")
struct AVCompositionTests {
  static func seconds(_ value: Int64, _ timescale: Int32 = 1) -> CMTime {
    CMTime(value: value, timescale: timescale)
  }

  static func range(_ start: CMTime, _ duration: CMTime) -> CMTimeRange {
    CMTimeRange(start: start, duration: duration)
  }

  /// A 2 s pattern clip with sound, and its video track.
  static func source() throws -> (AVURLAsset, AVAssetTrack) {
    let folder = try AVTestMedia.folder()
    let asset = AVURLAsset(url: try AVTestMedia.patternClip("clip.mp4", in: folder, seconds: 2))
    return (asset, try #require(asset.tracks(withMediaType: .video).first))
  }

  @Test("track identifiers: fresh ones for kCMPersistentTrackID_Invalid, preferred ones kept")
  func trackIDs() throws {
    let composition = AVMutableComposition()
    let first = composition.unusedTrackID()
    let video = try #require(
      composition.addMutableTrack(withMediaType: .video, preferredTrackID: first))
    #expect(video.trackID == first)
    #expect(composition.unusedTrackID() != first)
    let audio = try #require(
      composition.addMutableTrack(
        withMediaType: .audio, preferredTrackID: kCMPersistentTrackID_Invalid))
    #expect(audio.trackID != video.trackID)
    #expect(composition.addMutableTrack(withMediaType: .video, preferredTrackID: first) == nil)
    let chosen = try #require(
      composition.addMutableTrack(withMediaType: .video, preferredTrackID: 7))
    #expect(chosen.trackID == 7)
    #expect(composition.unusedTrackID() == 8)
    #expect(composition.tracks.count == 3)
    #expect(composition.tracks(withMediaType: .video).map(\.trackID) == [first, 7])
    #expect(composition.track(withTrackID: 7) === chosen)
    composition.removeTrack(chosen)
    #expect(composition.track(withTrackID: 7) == nil)
    #expect(composition.unusedTrackID() == 8)
    #expect(composition.addMutableTrack(withMediaType: .text, preferredTrackID: 0) == nil)
  }

  @Test("insert at 0 then at the end: segments end to end, duration the latest end")
  func insertAndAppend() throws {
    let (_, video) = try Self.source()
    let composition = AVMutableComposition()
    let track = try #require(
      composition.addMutableTrack(withMediaType: .video, preferredTrackID: 0))
    try track.insertTimeRange(Self.range(.zero, Self.seconds(2)), of: video, at: .zero)
    try track.insertTimeRange(Self.range(.zero, Self.seconds(1)), of: video, at: .invalid)
    #expect(
      track.segments.map(\.timeMapping.target)
        == [Self.range(.zero, Self.seconds(2)), Self.range(Self.seconds(2), Self.seconds(1))])
    #expect(composition.duration == Self.seconds(3))
    #expect(track.timeRange == Self.range(.zero, Self.seconds(3)))
    #expect(track.naturalSize == CGSize(width: 320, height: 240))
    #expect(track.minFrameDuration == CMTime(value: 1, timescale: 30))
    let segment = try #require(track.segments.first as? AVCompositionTrackSegment)
    #expect(segment.sourceURL?.lastPathComponent == "clip.mp4")
    #expect(segment.sourceTrackID == 1)
    #expect(!segment.isEmpty)
    // A composition is an asset: its tracks and duration.
    let asset: AVAsset = composition
    #expect(asset.tracks.count == 1)
    #expect(asset.duration == Self.seconds(3))
    #expect(composition.naturalSize == CGSize(width: 320, height: 240))
  }

  @Test("empty time pushes later content; remove pulls it back; scale changes the rate")
  func editing() throws {
    let (_, video) = try Self.source()
    let composition = AVMutableComposition()
    let track = try #require(
      composition.addMutableTrack(withMediaType: .video, preferredTrackID: 0))
    try track.insertTimeRange(Self.range(.zero, Self.seconds(2)), of: video, at: .zero)
    composition.insertEmptyTimeRange(Self.range(Self.seconds(1, 2), Self.seconds(1)))
    #expect(track.segments.map(\.isEmpty) == [false, true, false])
    #expect(track.segments[1].timeMapping.target == Self.range(Self.seconds(1, 2), Self.seconds(1)))
    #expect(composition.duration == Self.seconds(3))
    track.removeTimeRange(Self.range(Self.seconds(1, 2), Self.seconds(1)))
    #expect(composition.duration == Self.seconds(2))
    #expect(track.segments.allSatisfy { !$0.isEmpty })
    composition.removeTimeRange(Self.range(.zero, Self.seconds(1, 2)))
    #expect(composition.duration == Self.seconds(3, 2))
    composition.scaleTimeRange(Self.range(.zero, Self.seconds(3, 2)), toDuration: Self.seconds(3))
    #expect(composition.duration == Self.seconds(3))
    let mapping = try #require(track.segments.last?.timeMapping)
    // Rate = source / target = 0.5 (half speed).
    #expect(mapping.source.duration.seconds / mapping.target.duration.seconds == 0.5)
    track.scaleTimeRange(Self.range(.zero, Self.seconds(3)), toDuration: Self.seconds(1))
    #expect(composition.duration == Self.seconds(1))
  }

  @Test("inserting a whole asset fills a video and an audio track in sync")
  func wholeAsset() throws {
    let (asset, _) = try Self.source()
    let composition = AVMutableComposition()
    try composition.insertTimeRange(
      Self.range(.zero, Self.seconds(1)), of: asset, at: .zero)
    try composition.insertTimeRange(
      Self.range(.zero, Self.seconds(1)), of: asset, at: .zero)
    #expect(composition.tracks(withMediaType: .video).count == 1)
    #expect(composition.tracks(withMediaType: .audio).count == 1)
    for track in composition.tracks {
      #expect(track.timeRange == Self.range(.zero, Self.seconds(2)))
    }
  }

  @Test("a range past the source's media: the part it has, then empty time; errors are NSErrors")
  func errors() throws {
    let (asset, video) = try Self.source()
    let composition = AVMutableComposition()
    let track = try #require(
      composition.addMutableTrack(withMediaType: .video, preferredTrackID: 0))
    // The asset's duration may pass the video's end (longer audio): accepted, as on Apple.
    try track.insertTimeRange(Self.range(.zero, Self.seconds(5, 2)), of: video, at: .zero)
    #expect(track.timeRange.duration == Self.seconds(5, 2))
    #expect(track.segments.map(\.isEmpty) == [false, true])
    do {
      try track.insertTimeRange(Self.range(Self.seconds(3), Self.seconds(1)), of: video, at: .zero)
      Issue.record("a range wholly past the source should fail")
    } catch let error as NSError {
      #expect(error.domain == AVFoundationErrorDomain)
      #expect(error.code == AVError.Code.invalidSourceMedia.rawValue)
      #expect(error.localizedFailureReason?.contains("clip.mp4") == true)
    }
    let audio = try #require(asset.tracks(withMediaType: .audio).first)
    do {
      try track.insertTimeRange(Self.range(.zero, Self.seconds(1)), of: audio, at: .zero)
      Issue.record("audio into a video track should fail")
    } catch let error as NSError {
      #expect(error.code == AVError.Code.incompatibleAsset.rawValue)
    }
    #expect(track.timeRange.duration == Self.seconds(5, 2))
  }
}
