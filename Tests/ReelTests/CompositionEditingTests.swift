import Reel
import Testing

@Suite("Composition editing")
struct CompositionEditingTests {
  /// A composition with one video track holding `length` seconds of a 10 s source.
  private func singleTrack(length: Int64 = 8) throws -> (Composition, TrackID) {
    var composition = Composition()
    let id = composition.addTrack(.video)
    try composition.insertTimeRange(range(0, length), of: videoSource(), at: .zero, into: id)
    return (composition, id)
  }

  private func targets(_ composition: Composition, _ id: TrackID) -> [TimeRange] {
    composition.track(id)?.segments.map(\.targetTimeRange) ?? []
  }

  @Test func insertThenAppendLaysSegmentsEndToEnd() throws {
    var composition = Composition()
    let id = composition.addTrack(.video)
    try composition.insertTimeRange(range(0, 5), of: videoSource(), at: .zero, into: id)
    try composition.insertTimeRange(range(0, 3), of: videoSource(), at: .invalid, into: id)
    #expect(targets(composition, id) == [range(0, 5), range(5, 3)])
    #expect(composition.duration == seconds(8))
  }

  @Test func insertingInTheMiddleMovesLaterContentLater() throws {
    var (composition, id) = try singleTrack()
    let other = videoSource("/media/b.mp4")
    try composition.insertTimeRange(range(0, 2), of: other, at: seconds(3), into: id)
    let segments = try #require(composition.track(id)?.segments)
    #expect(segments.map(\.targetTimeRange) == [range(0, 3), range(3, 2), range(5, 5)])
    #expect(segments.map(\.sourceTimeRange) == [range(0, 3), range(0, 2), range(3, 5)])
    #expect(segments[1].source == .track(other))
    #expect(composition.duration == seconds(10))
  }

  @Test func insertingPastTheEndFillsTheGapWithEmptyTime() throws {
    var (composition, id) = try singleTrack(length: 2)
    try composition.insertTimeRange(range(0, 1), of: videoSource(), at: seconds(4), into: id)
    let segments = try #require(composition.track(id)?.segments)
    #expect(segments.map(\.targetTimeRange) == [range(0, 2), range(2, 2), range(4, 1)])
    #expect(segments.map(\.isEmpty) == [false, true, false])
  }

  @Test func insertEmptyTimeRangeSplitsAndPushes() throws {
    var (composition, id) = try singleTrack()
    try composition.insertEmptyTimeRange(range(2, 3))
    let segments = try #require(composition.track(id)?.segments)
    #expect(segments.map(\.targetTimeRange) == [range(0, 2), range(2, 3), range(5, 6)])
    #expect(segments.map(\.isEmpty) == [false, true, false])
    #expect(segments[2].sourceTimeRange == range(2, 6))
    #expect(composition.duration == seconds(11))
  }

  @Test func removeTimeRangeTruncatesAndPullsLaterContentEarlier() throws {
    var (composition, id) = try singleTrack()
    try composition.removeTimeRange(range(1, 2))
    let segments = try #require(composition.track(id)?.segments)
    #expect(composition.duration == seconds(6))
    #expect(segments.map(\.targetTimeRange) == [range(0, 1), range(1, 5)])
    #expect(segments.map(\.sourceTimeRange) == [range(0, 1), range(3, 5)])
  }

  @Test func removeAcrossTheEndOnlyRemovesWhatExists() throws {
    var (composition, id) = try singleTrack()
    try composition.removeTimeRange(range(6, 10))
    #expect(composition.duration == seconds(6))
    #expect(composition.track(id)?.segments.map(\.sourceTimeRange) == [range(0, 6)])
  }

  @Test func scaleTimeRangeHalvesTheRateAndShiftsWhatFollows() throws {
    var (composition, id) = try singleTrack()
    try composition.scaleTimeRange(range(0, 4), toDuration: seconds(8))
    let segments = try #require(composition.track(id)?.segments)
    #expect(segments.map(\.targetTimeRange) == [range(0, 8), range(8, 4)])
    #expect(segments.map(\.sourceTimeRange) == [range(0, 4), range(4, 4)])
    #expect(segments[0].rate == 0.5)
    #expect(segments[1].rate == 1)
    #expect(composition.duration == seconds(12))
    // At t = 3 s the slowed segment shows 0 + 3 · 0.5 = 1.5 s of the source.
    #expect(composition.position(at: seconds(3), track: id)?.sourceTime == time(3, 2))
  }

  @Test func scaleAppliesToAudioAndVideoAlike() throws {
    var composition = Composition()
    try composition.addClip(media("/media/a.mp4", duration: seconds(8)))
    try composition.scaleTimeRange(range(2, 2), toDuration: seconds(1))
    #expect(composition.tracks.count == 2)
    for track in composition.tracks {
      #expect(track.segments.map(\.targetTimeRange) == [range(0, 2), range(2, 1), range(3, 4)])
      #expect(track.segments[1].rate == 2)
    }
    #expect(composition.duration == seconds(7))
  }

  @Test func sourceTimeUsesExactRationalArithmetic() throws {
    var (composition, id) = try singleTrack(length: 3)
    // Three seconds of source over seven seconds of composition: rate 3/7.
    try composition.scaleTimeRange(range(0, 3), toDuration: seconds(7))
    let position = try #require(composition.position(at: seconds(1), track: id))
    #expect(position.sourceTime == time(3, 7))
    #expect(position.sourceTime.timescale % 7 == 0)
    let later = try #require(composition.position(at: time(1001, 1000), track: id))
    // 1.001 · 3/7 = 3003/7000 exactly.
    #expect(later.sourceTime == time(3003, 7000))
  }

  @Test func segmentLookupIsHalfOpen() throws {
    var composition = Composition()
    let id = composition.addTrack(.video)
    try composition.insertTimeRange(range(0, 5), of: videoSource("/a.mp4"), at: .zero, into: id)
    try composition.insertTimeRange(range(2, 3), of: videoSource("/b.mp4"), at: .invalid, into: id)
    #expect(composition.segment(at: seconds(5), track: id)?.sourceTimeRange == range(2, 3))
    #expect(composition.position(at: seconds(5), track: id)?.sourceTime == seconds(2))
    #expect(composition.segment(at: time(49, 10), track: id)?.sourceTimeRange == range(0, 5))
    #expect(composition.segment(at: seconds(8), track: id) == nil)
    #expect(composition.segment(at: seconds(-1), track: id) == nil)
  }

  @Test func sourceRangeBeyondTheSourceIsAnErrorNamingTrackFileAndTimes() throws {
    var composition = Composition()
    let id = composition.addTrack(.video)
    let source = SourceTrack(
      path: "/media/short.mp4", track: videoTrackInfo(index: 0, duration: seconds(4)))
    #expect(throws: CompositionError.self) {
      try composition.insertTimeRange(range(2, 3), of: source, at: .zero, into: id)
    }
    do {
      try composition.insertTimeRange(range(2, 3), of: source, at: .zero, into: id)
    } catch {
      #expect(
        error.description
          == "/media/short.mp4: track 0 has 4 s of media, but the range [2 s, 5 s) was asked for: keep the range within [0 s, 4 s)"
      )
    }
    #expect(composition.track(id)?.segments.isEmpty == true)
  }

  @Test func mediaTypesMustMatch() throws {
    var composition = Composition()
    let audio = composition.addTrack(.audio)
    #expect(
      throws: CompositionError.mediaTypeMismatch(
        track: audio, trackType: .audio, source: "track 0 of /media/a.mp4", sourceType: .video)
    ) {
      try composition.insertTimeRange(range(0, 1), of: videoSource(), at: .zero, into: audio)
    }
    #expect(throws: CompositionError.trackNotFound(TrackID(rawValue: 9))) {
      try composition.insertTimeRange(
        range(0, 1), of: videoSource(), at: .zero, into: TrackID(rawValue: 9))
    }
  }

  @Test func invalidRangesAreRefused() throws {
    var (composition, _) = try singleTrack()
    let negative = TimeRange(start: seconds(-1), duration: seconds(2))
    #expect(
      throws: CompositionError.invalidTimeRange(operation: "removeTimeRange", range: negative)
    ) {
      try composition.removeTimeRange(negative)
    }
    #expect(throws: CompositionError.invalidDuration(operation: "scaleTimeRange", duration: .zero))
    {
      try composition.scaleTimeRange(range(0, 1), toDuration: .zero)
    }
  }

  @Test func stillImagesAreClipsForADuration() throws {
    var composition = Composition()
    let id = composition.addTrack(.video)
    let image = StillImage(path: "/img/a.png", width: 400, height: 300)
    try composition.insertStill(image, duration: seconds(3), at: .invalid, into: id)
    try composition.insertStill(
      StillImage(path: "/img/b.png", width: 400, height: 300), duration: seconds(2), at: .invalid,
      into: id)
    let segments = try #require(composition.track(id)?.segments)
    #expect(segments.map(\.targetTimeRange) == [range(0, 3), range(3, 2)])
    #expect(segments[0].source == .still(image))
    let audio = composition.addTrack(.audio)
    #expect(throws: CompositionError.self) {
      try composition.insertStill(image, duration: seconds(1), at: .zero, into: audio)
    }
  }

  @Test func addClipKeepsVideoAndAudioInSync() throws {
    var composition = Composition()
    let first = try composition.addClip(media("/media/a.mp4", duration: seconds(2)))
    let second = try composition.addClip(media("/media/b.mp4", duration: seconds(3), audio: false))
    let third = try composition.addClip(
      media("/media/c.mp4", duration: seconds(2)), timeRange: range(1, 1))
    #expect([first, second, third] == [range(0, 2), range(2, 3), range(5, 1)])
    let video = try #require(composition.videoTracks.first)
    let audio = try #require(composition.audioTracks.first)
    #expect(video.segments.map(\.targetTimeRange) == [range(0, 2), range(2, 3), range(5, 1)])
    #expect(audio.segments.map(\.targetTimeRange) == [range(0, 2), range(2, 3), range(5, 1)])
    #expect(audio.segments.map(\.isEmpty) == [false, true, false])
    #expect(audio.segments[2].sourceTimeRange == range(1, 1))
    // Inserting at the start pushes both tracks.
    try composition.addClip(media("/media/d.mp4", duration: seconds(1), audio: false), at: .zero)
    #expect(composition.audioTracks[0].segments.first?.isEmpty == true)
    #expect(composition.audioTracks[0].duration == seconds(7))
    #expect(composition.videoTracks[0].duration == seconds(7))
  }

  @Test func trackIDsAreStableAndNotReused() throws {
    var composition = Composition()
    let a = composition.addTrack(.video)
    let b = composition.addTrack(.audio)
    try composition.removeTrack(a)
    let c = composition.addTrack(.video)
    #expect([a.rawValue, b.rawValue, c.rawValue] == [1, 2, 3])
    #expect(composition.tracks.map(\.id) == [b, c])
  }
}
