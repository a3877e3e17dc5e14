import Reel
import Testing

@Suite("Clip sequence")
struct ClipSequenceTests {
  private func twoClips(_ transition: ClipSequence.Transition, length: Int64 = 2) -> ClipSequence {
    var sequence = ClipSequence()
    sequence.append(.media(media("/media/a.mp4", duration: seconds(length)), timeRange: nil))
    sequence.append(
      .media(media("/media/b.mp4", duration: seconds(length)), timeRange: nil),
      transition: transition)
    return sequence
  }

  @Test func crossFadeUsesThreeInstructionsAndOverlappingTracks() throws {
    let output = try twoClips(.crossFade(duration: seconds(1))).build()
    let composition = output.composition
    #expect(composition.duration == seconds(3))
    #expect(output.clipTimeRanges == [range(0, 2), range(1, 2)])
    let videoTracks = composition.videoTracks
    #expect(videoTracks.count == 2)
    #expect(videoTracks[0].segments.map(\.targetTimeRange) == [range(0, 2)])
    #expect(videoTracks[1].segments.map(\.targetTimeRange) == [range(0, 1), range(1, 2)])
    #expect(videoTracks[1].segments.map(\.isEmpty) == [true, false])

    let video = output.videoComposition
    try video.validate(against: composition)
    #expect(video.instructions.map(\.timeRange) == [range(0, 1), range(1, 1), range(2, 1)])
    #expect(
      video.instructions.map { $0.layerInstructions.map(\.trackID) } == [
        [videoTracks[0].id], [videoTracks[0].id, videoTracks[1].id], [videoTracks[1].id],
      ])
    let fade = video.instructions[1].layerInstructions
    let middle = time(3, 2)
    #expect(fade[0].opacity(at: middle) == 0.5)
    #expect(fade[1].opacity(at: middle) == 1)
    #expect(fade[0].opacity(at: seconds(1)) == 1)
    #expect(fade[0].opacity(at: time(7, 4)) == 0.25)
    // Blended over opaque: out·α + in·(1 − α) — equal parts at the middle.
    let alpha = fade[0].opacity(at: middle)
    let (outgoing, incoming) = (1.0, 0.0)
    #expect((incoming * fade[1].opacity(at: middle)) * (1 - alpha) + outgoing * alpha == 0.5)

    // Audio mirrors the video fade.
    let audio = composition.audioTracks.map(\.id)
    #expect(audio.count == 2)
    let mix = output.audioMix
    #expect(mix.volume(of: audio[0], at: time(1, 2)) == 1)
    #expect(mix.volume(of: audio[0], at: middle) == 0.5)
    #expect(mix.volume(of: audio[1], at: middle) == 0.5)
    #expect(mix.volume(of: audio[1], at: time(5, 4)) == 0.25)
    #expect(mix.volume(of: audio[1], at: time(5, 2)) == 1)
    #expect(mix.volume(of: audio[0], at: time(5, 2)) == 0)
  }

  @Test func aTransitionLongerThanAClipIsAnError() throws {
    let sequence = twoClips(.crossFade(duration: seconds(3)))
    #expect(
      throws: ClipSequenceError.composition(
        .transitionTooLong(
          transition: 0, name: "cross-fade", duration: seconds(3), clip: 0,
          clipDuration: seconds(2), maximumDuration: seconds(2)))
    ) { try sequence.build() }
    do {
      _ = try sequence.build()
    } catch {
      #expect(
        error.description
          == "transition 0 (cross-fade, 3 s) is longer than clip 0 (2 s): shorten the transition to at most 2 s"
      )
    }
  }

  @Test func aFadeThroughColourMayBeTwiceAsLongAsAClip() throws {
    #expect(throws: Never.self) {
      try twoClips(.fadeThroughColor(.black, duration: seconds(4))).build()
    }
    do {
      _ = try twoClips(.fadeThroughColor(.white, duration: seconds(5))).build()
      Issue.record("a 5 s fade through white between 2 s clips was accepted")
    } catch {
      #expect(
        error.description
          == "transition 0 (fade through #FFFFFF, 5 s) needs more of clip 0 than its 2 s: shorten the transition to at most 4 s"
      )
    }
  }

  @Test func transitionsIntoAndOutOfAClipMustFitIt() throws {
    var sequence = twoClips(.crossFade(duration: time(3, 2)))
    sequence.append(
      .media(media("/media/c.mp4", duration: seconds(2)), timeRange: nil),
      transition: .crossFade(duration: seconds(1)))
    #expect(
      throws: ClipSequenceError.composition(
        .transitionsExceedClip(
          clip: 1, clipDuration: seconds(2), incoming: time(3, 2), outgoing: seconds(1)))
    ) { try sequence.build() }
  }

  @Test func threeClipsAlternateTracksAndVolumesResetForEachClip() throws {
    var sequence = twoClips(.crossFade(duration: seconds(1)))
    sequence.append(
      .media(media("/media/c.mp4", duration: seconds(2)), timeRange: nil),
      transition: .crossFade(duration: seconds(1)))
    let output = try sequence.build()
    #expect(output.composition.duration == seconds(4))
    #expect(
      output.videoComposition.instructions.map(\.timeRange)
        == [range(0, 1), range(1, 1), range(2, 0), range(2, 1), range(3, 1)].filter {
          $0.duration > .zero
        })
    let audioA = output.composition.audioTracks[0].id
    // Clip 2 plays on track A again: full volume after its fade-in, though clip 0 faded to 0.
    #expect(output.audioMix.volume(of: audioA, at: time(5, 2)) == 0.5)
    #expect(output.audioMix.volume(of: audioA, at: time(7, 2)) == 1)
    let track = output.composition.videoTracks[0]
    #expect(output.composition.position(at: time(7, 2), track: track.id)?.sourceTime == time(3, 2))
  }

  @Test func cutsJoinClipsEndToEnd() throws {
    let output = try twoClips(.cut).build()
    #expect(output.composition.duration == seconds(4))
    #expect(output.videoComposition.instructions.map(\.timeRange) == [range(0, 2), range(2, 2)])
    #expect(output.videoComposition.instructions.allSatisfy { $0.layerInstructions.count == 1 })
    let audio = output.composition.audioTracks.map(\.id)
    #expect(output.audioMix.volume(of: audio[0], at: time(19, 10)) == 1)
    #expect(output.audioMix.volume(of: audio[1], at: time(21, 10)) == 1)
  }

  @Test func fadeThroughColourFadesOutThenIn() throws {
    let output = try twoClips(.fadeThroughColor(.white, duration: seconds(1))).build()
    let video = output.videoComposition
    try video.validate(against: output.composition)
    #expect(output.composition.duration == seconds(4))
    #expect(
      video.instructions.map(\.timeRange) == [
        TimeRange(start: .zero, end: time(3, 2)), TimeRange(start: time(3, 2), end: seconds(2)),
        TimeRange(start: seconds(2), end: time(5, 2)),
        TimeRange(start: time(5, 2), end: seconds(4)),
      ])
    #expect(video.backgroundColor(at: time(7, 4)) == .white)
    #expect(video.backgroundColor(at: seconds(1)) == .black)
    #expect(video.instruction(at: time(7, 4))?.layerInstructions[0].opacity(at: time(7, 4)) == 0.5)
    #expect(video.instruction(at: time(9, 4))?.layerInstructions[0].opacity(at: time(9, 4)) == 0.5)
    let audio = output.composition.audioTracks.map(\.id)
    #expect(output.audioMix.volume(of: audio[0], at: time(7, 4)) == 0.5)
    #expect(output.audioMix.volume(of: audio[1], at: time(9, 4)) == 0.5)
  }

  @Test func wipeCropsTheOutgoingClipAway() throws {
    let output = try twoClips(.wipe(.left, duration: seconds(1))).build()
    try output.videoComposition.validate(against: output.composition)
    let top = try #require(
      output.videoComposition.instruction(at: time(3, 2))?.layerInstructions[0])
    #expect(top.trackID == output.composition.videoTracks[0].id)
    #expect(top.cropRectangle(at: time(3, 2)) == Rect(x: 0, y: 0, width: 160, height: 240))
    let down = try twoClips(.wipe(.down, duration: seconds(1))).build()
    let layer = try #require(
      down.videoComposition.instruction(at: time(3, 2))?.layerInstructions[0])
    #expect(layer.cropRectangle(at: time(3, 2)) == Rect(x: 0, y: 120, width: 320, height: 120))
  }

  @Test func wipeCropIsInCodedPixelsOfARotatedClip() throws {
    var sequence = ClipSequence()
    sequence.append(.media(media("/p.mp4", duration: seconds(2), rotation: 90), timeRange: nil))
    sequence.append(
      .media(media("/q.mp4", duration: seconds(2), rotation: 90), timeRange: nil),
      transition: .wipe(.left, duration: seconds(1)))
    let output = try sequence.build()
    #expect(output.videoComposition.renderSize == Size(width: 240, height: 320))
    let top = try #require(
      output.videoComposition.instruction(at: time(3, 2))?.layerInstructions[0])
    // Upright 240×320, left half kept: upright x in [0, 120). Coded (x, y) shows at upright
    // (240 − y, x), so upright x < 120 is coded y > 120: the coded rectangle (0, 120, 320, 120).
    #expect(top.cropRectangle(at: time(3, 2)) == Rect(x: 0, y: 120, width: 320, height: 120))
  }

  @Test func slidePushesBothClips() throws {
    let output = try twoClips(.slide(.left, duration: seconds(1))).build()
    try output.videoComposition.validate(against: output.composition)
    let layers = try #require(
      output.videoComposition.instruction(at: time(3, 2))?.layerInstructions)
    let tracks = output.composition.videoTracks.map(\.id)
    #expect(layers.map(\.trackID) == [tracks[1], tracks[0]])
    #expect(layers[1].transform(at: time(3, 2)) == Transform2D(translationX: -160, y: 0))
    #expect(layers[0].transform(at: time(3, 2)) == Transform2D(translationX: 160, y: 0))
    #expect(layers[0].transform(at: seconds(1)) == Transform2D(translationX: 320, y: 0))
  }

  @Test func renderSizeIsTheLargestWidthByTheLargestHeight() throws {
    var sequence = ClipSequence()
    sequence.append(
      .media(
        media("/p.mp4", duration: seconds(2), rotation: 90, frameDuration: time(1, 25)),
        timeRange: nil))
    sequence.append(
      .media(media("/l.mp4", duration: seconds(2), frameDuration: time(1, 30)), timeRange: nil),
      transition: .crossFade(duration: seconds(1)))
    sequence.append(
      .still(StillImage(path: "/s.png", width: 100, height: 50), duration: seconds(2)),
      transition: .cut)
    let output = try sequence.build()
    #expect(output.videoComposition.renderSize == Size(width: 320, height: 320))
    #expect(output.videoComposition.frameDuration == time(1, 30))
    #expect(output.composition.duration == seconds(5))
    // The still is fitted: 100×50 into 320×320 → scale 3.2, 80 px high band centred.
    let still = try #require(
      output.videoComposition.instruction(at: seconds(4))?.layerInstructions[0])
    #expect(
      still.transform(at: seconds(4)) == Transform2D(a: 3.2, b: 0, c: 0, d: 3.2, tx: 0, ty: 80))
  }

  @Test func emptySequencesAndClipsWithoutVideoAreErrors() throws {
    #expect(throws: ClipSequenceError.composition(.emptySequence)) { try ClipSequence().build() }
    var sequence = ClipSequence()
    let sound = SourceMedia(
      path: "/song.m4a", duration: seconds(3), videoTrack: nil, audioTrack: audioTrackInfo())
    sequence.append(.media(sound, timeRange: nil))
    #expect(throws: ClipSequenceError.composition(.clipHasNoVideo(clip: 0, path: "/song.m4a"))) {
      try sequence.build()
    }
  }

  @Test func anOddRenderSizeIsTheSequencesVideoCompositionError() throws {
    var sequence = twoClips(.cut)
    sequence.renderSize = Size(width: 321, height: 240)
    #expect(
      throws: ClipSequenceError.invalidVideoComposition(.oddRenderSize(width: 321, height: 240))
    ) { try sequence.build() }
    do {
      _ = try sequence.build()
    } catch {
      #expect(
        error.description
          == "the sequence's video composition is not valid: render size 321×240 has an odd dimension, which 4:2:0 video cannot encode: use 320×240 or 322×240"
      )
    }
  }
}
