import Foundation
import TestSupport
import Testing

@testable import ReelMedia

/// Each codec's facts live in its `VideoCodecDescriptor`; the containers, the writer and
/// the export read them from there. These tests pin the facts, and that the derived
/// answers (container tables, defaults, messages) come out as before.
@Suite("Video codec descriptors")
struct VideoCodecDescriptorTests {
  @Test func eachCodecNamesItsEncoderAndRanges() {
    #expect(VideoCodec.h264.descriptor.encoderName == "libx264")
    #expect(VideoCodec.hevc.descriptor.encoderName == "libx265")
    #expect(VideoCodec.vp9.descriptor.encoderName == "libvpx-vp9")
    #expect(VideoCodec.h264.crfRange == 1...51)
    #expect(VideoCodec.hevc.crfRange == 0...51)
    #expect(VideoCodec.vp9.crfRange == 0...63)
    #expect(VideoCodec.prores4444.descriptor.encoderName == "prores_ks")
    #expect(VideoCodec.vp9alpha.descriptor.encoderName == "libvpx-vp9")
    #expect(VideoCodec.prores4444.crfRange == 1...63)
    #expect(VideoCodec.crfRangeOfAnyCodec == 0...63)
    #expect(VideoCodec.allCases.map(\.descriptor.defaultCRF) == [23, 23, 32, 4, 32, 0, 0, 0])
    #expect(
      VideoCodec.allCases.map(\.descriptor.presetCRFOffset) == [0, 5, 0, -14, 0, 0, 0, 0])
    #expect(VideoCodec.allCases.filter { $0.crfRange == nil } == [.gif, .webp, .apng])
    #expect(
      VideoCodec.allCases.filter(\.descriptor.pixelFormat.carriesAlpha) == [
        .prores4444, .vp9alpha, .gif, .webp, .apng,
      ])
    #expect(VideoCodec.gif.descriptor.pixelFormat == .pal8)
    #expect(VideoCodec.webp.descriptor.encoderName == "libwebp_anim")
    #expect(
      VideoCodec.gif.descriptor.crfProblem(20, codecName: "gif")
        == "GIF has no constant rate factor; leave crf out for gif")
    #expect(VideoCodec.prores4444.descriptor.pixelFormat == .yuva444p10)
    #expect(VideoCodec.vp9alpha.descriptor.pixelFormat == .yuva420p)
    #expect(VideoCodec.allCases.filter(\.descriptor.supportsPinnedEncoding) == [.h264])
  }

  @Test func theContainersAllowWhatTheDescriptorsList() {
    let expected: [OutputContainer: Set<VideoCodec>] = [
      .mp4: [.h264, .hevc], .mov: [.h264, .hevc, .prores4444], .m4v: [.h264],
      .mkv: [.h264, .hevc, .vp9, .vp9alpha], .webm: [.vp9, .vp9alpha], .m4a: [],
      .gif: [.gif], .webp: [.webp], .apng: [.apng],
    ]
    for container in OutputContainer.allCases {
      let allowed = Set(VideoCodec.allCases.filter { container.allows($0) })
      #expect(allowed == expected[container], "\(container)")
    }
    #expect(
      OutputContainer.allCases.map(\.defaultVideoCodec) == [
        .h264, .h264, .h264, .h264, .vp9, nil, .gif, .webp, .apng,
      ])
    #expect(
      VideoCodec.allCases.map(\.descriptor.preferredContainer) == [
        .mp4, .mp4, .webm, .mov, .webm, .gif, .webp, .apng,
      ])
    #expect(
      OutputContainer.allCases.map(\.defaultAlphaVideoCodec) == [
        nil, .prores4444, nil, .vp9alpha, .vp9alpha, nil, .gif, .webp, .apng,
      ])
    #expect(
      MediaWriter.loopOptions(.gif, plays: 0).map(\.value) == ["0"]
        && MediaWriter.loopOptions(.gif, plays: 1).map(\.value) == ["-1"]
        && MediaWriter.loopOptions(.gif, plays: 3).map(\.value) == ["2"]
        && MediaWriter.loopOptions(.apng, plays: 3).map(\.name) == ["plays"])
    #expect(VideoCodec.chosenWithAlpha(nil, in: .webm) == .vp9alpha)
    #expect(VideoCodec.chosenWithAlpha(nil, in: .mov) == .prores4444)
    #expect(VideoCodec.chosenWithAlpha(.h264, in: .mov) == nil)
    #expect(VideoCodec.chosen(nil, in: .webm) == .vp9)
    #expect(VideoCodec.chosen(nil, in: nil) == .h264)
    #expect(VideoCodec.chosen(.hevc, in: .webm) == .hevc)
  }

  @Test func theSpeedPresetsBecomeEachEncodersOptions() {
    let h264 = VideoCodec.h264.descriptor.speedOptions(.slow)
    #expect(h264.map(\.name) == ["preset"] && h264.map(\.value) == ["slow"])
    let vp9 = EncoderSpeed.allCases.map { VideoCodec.vp9.descriptor.speedOptions($0) }
    #expect(vp9.allSatisfy { $0.map(\.name) == ["deadline", "cpu-used"] })
    #expect(
      vp9.map { "\($0[0].value) \($0[1].value)" } == [
        "realtime 8", "realtime 7", "good 5", "good 4", "good 3", "good 2", "good 1", "good 0",
        "best 0",
      ])
  }

  @Test func aCRFOutsideTheRangeIsExplained() {
    #expect(VideoCodec.vp9.descriptor.crfProblem(63, codecName: "vp9") == nil)
    #expect(
      VideoCodec.h264.descriptor.crfProblem(0, codecName: "h264")
        == "CRF 0 is outside 1…51 for h264 (0 is lossless, which the High profile cannot carry): use, e.g., 18 for visually lossless"
    )
    #expect(
      VideoCodec.hevc.descriptor.crfProblem(52, codecName: "hevc")
        == "CRF 52 is outside 0…51 for hevc: use, e.g., 18 for visually lossless")
  }

  @Test func theHEVCSampleEntryIsPackedAsMKTAG() {
    // MKTAG('h','v','c','1') = 'h' | 'v' << 8 | 'c' << 16 | '1' << 24.
    #expect(MediaWriter.fourCharacterCode("hvc1") == 0x3163_7668)
    #expect(MediaWriter.fourCharacterCode("hvc") == 0)
  }

  @Test func theWriterRefusesACRFTheCodecCannotTake() throws {
    let url = URL(fileURLWithPath: "/reel-validation/movie.webm")
    var video = VideoOutputSettings(
      width: 64, height: 48, frameDuration: Time(value: 1, timescale: 30), crf: 64)
    #expect(
      throws: MediaError.invalidArgument(
        path: url.path,
        reason: "CRF 64 is outside 0…63 for vp9: use, e.g., 18 for visually lossless")
    ) {
      try MediaWriter.validate(url: url, video: video, audio: nil)
    }
    video.crf = 63
    try MediaWriter.validate(url: url, video: video, audio: nil)
  }

  @Test func pinnedSettingsNameTheCodecsThatTakeThem() {
    let url = URL(fileURLWithPath: "/reel-validation/movie.mkv")
    var video = VideoOutputSettings(
      codec: .hevc, width: 64, height: 48, frameDuration: Time(value: 1, timescale: 30))
    video.pinned = PinnedVideoEncoding(threadCount: 1)
    #expect(
      throws: MediaError.invalidArgument(
        path: url.path,
        reason:
          "pinned encoder settings are for H.264 only (the codec is hevc); encode H.264 or leave them out"
      )
    ) {
      try MediaWriter.validate(url: url, video: video, audio: nil)
    }
  }
}
