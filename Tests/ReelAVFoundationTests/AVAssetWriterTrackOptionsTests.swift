import AVFoundationCompat
import Foundation
import TestSupport
import Testing

@testable import ReelAVFoundation

/// The writer input's transform (display matrix), profile/level and keyframe interval,
/// checked with ffprobe.
@Suite("AVAssetWriter track options", .serialized)
struct AVAssetWriterTrackOptionsTests {
  /// Writes `frames` flat 64×48 frames at 30 fps with `settings` and `transform`.
  static func write(
    _ name: String, settings: [String: Any], transform: CGAffineTransform = .identity,
    frames: Int = 3
  ) throws -> (url: URL, writer: AVAssetWriter) {
    let output = try MediaOracle.folder().appendingPathComponent(name)
    let writer = try AVAssetWriter(outputURL: output, fileType: .mov)
    let input = AVAssetWriterInput(mediaType: .video, outputSettings: settings)
    input.transform = transform
    let adaptor = AVAssetWriterInputPixelBufferAdaptor(
      assetWriterInput: input, sourcePixelBufferAttributes: nil)
    writer.add(input)
    guard writer.startWriting() else { return (output, writer) }
    writer.startSession(atSourceTime: .zero)
    let width = settings[AVVideoWidthKey] as? Int ?? 64
    let height = settings[AVVideoHeightKey] as? Int ?? 48
    for index in 0..<frames {
      let buffer = try CVPixelBufferTests.make(width, height, kCVPixelFormatType_32BGRA)
      #expect(
        adaptor.append(buffer, withPresentationTime: CMTime(value: Int64(index), timescale: 30)),
        "\(String(describing: writer.error))")
    }
    input.markAsFinished()
    let done = DispatchSemaphore(value: 0)
    writer.finishWriting { done.signal() }
    done.wait()
    #expect(writer.status == .completed, "\(String(describing: writer.error))")
    return (output, writer)
  }

  static func videoStream(_ url: URL) throws -> [String: Any] {
    let streams = try MediaOracle.streams(url)
    return try #require(streams.first { $0["codec_type"] as? String == "video" })
  }

  @Test("transform = 90° is written as the track's display matrix (ffprobe rotation −90)")
  func transformIsTheDisplayMatrix() throws {
    let turned = CGAffineTransform(rotationAngle: .pi / 2)
    let (url, _) = try Self.write(
      "turned.mov", settings: AVAssetWriterTests.videoSettings(width: 64, height: 48),
      transform: turned)
    let stream = try Self.videoStream(url)
    let sideData = stream["side_data_list"] as? [[String: Any]] ?? []
    let matrix = try #require(
      sideData.first { $0["side_data_type"] as? String == "Display Matrix" }, "\(stream)")
    #expect((matrix["rotation"] as? NSNumber)?.intValue == -90, "\(matrix)")
    // Read back through Reel's own asset: the same transform.
    let track = try #require(AVURLAsset(url: url).tracks(withMediaType: .video).first)
    let read = track.preferredTransform
    #expect(abs(read.a - turned.a) < 1e-4 && abs(read.b - turned.b) < 1e-4)
    #expect(abs(read.c - turned.c) < 1e-4 && abs(read.d - turned.d) < 1e-4)
    #expect(track.naturalSize == CGSize(width: 64, height: 48))

    let (plain, _) = try Self.write(
      "plain.mov", settings: AVAssetWriterTests.videoSettings(width: 64, height: 48))
    #expect(try Self.videoStream(plain)["side_data_list"] == nil)
  }

  @Test(
    "AVVideoProfileLevelKey picks the H.264 profile and level",
    arguments: [
      (AVVideoProfileLevelH264Baseline30, "Constrained Baseline", 30),
      (AVVideoProfileLevelH264Main31, "Main", 31),
      (AVVideoProfileLevelH264High41, "High", 41),
      (AVVideoProfileLevelH264MainAutoLevel, "Main", 30),
      (AVVideoProfileLevelH264BaselineAutoLevel, "Constrained Baseline", 30),
    ])
  func profileLevel(key: String, profile: String, level: Int) throws {
    var settings = AVAssetWriterTests.videoSettings(width: 64, height: 48)
    settings[AVVideoCompressionPropertiesKey] = [AVVideoProfileLevelKey: key]
    let (url, _) = try Self.write("profile.mov", settings: settings)
    let stream = try Self.videoStream(url)
    #expect(stream["profile"] as? String == profile, "\(key): \(stream["profile"] ?? "?")")
    #expect((stream["level"] as? NSNumber)?.intValue == level, "\(key): \(stream["level"] ?? "?")")
  }

  @Test("A profile Reel does not encode, or a level too small for the size, fails naming it")
  func unsupportedProfilesFail() throws {
    for (key, named) in [
      ("HEVC_Main10_AutoLevel", "HEVC_Main10_AutoLevel"), ("H264_High422_AutoLevel", "High422"),
    ] {
      var settings = AVAssetWriterTests.videoSettings(width: 64, height: 48)
      settings[AVVideoCompressionPropertiesKey] = [AVVideoProfileLevelKey: key]
      if key.hasPrefix("HEVC") { settings[AVVideoCodecKey] = AVVideoCodecType.hevc }
      let (_, writer) = try Self.write("refused.mov", settings: settings)
      #expect(writer.status == .failed)
      let reason = (writer.error as NSError?)?.localizedFailureReason ?? ""
      #expect(reason.contains(named), "\(reason)")
    }
    var settings = AVAssetWriterTests.videoSettings(width: 1920, height: 1080)
    settings[AVVideoCompressionPropertiesKey] = [
      AVVideoProfileLevelKey: AVVideoProfileLevelH264Baseline30
    ]
    let (_, writer) = try Self.write("toosmall.mov", settings: settings)
    #expect(writer.status == .failed)
    let reason = (writer.error as NSError?)?.localizedFailureReason ?? ""
    #expect(reason.contains("level 3.0"), "\(reason)")
  }

  /// The indices of the keyframes of a file's video, from ffprobe.
  static func keyframes(_ url: URL) throws -> [Int] {
    let probe = try TestSupport.ffprobeJSON([
      "-select_streams", "v:0", "-show_frames", "-show_entries", "frame=key_frame", url.path,
    ])
    let frames = probe["frames"] as? [[String: Any]] ?? []
    return frames.enumerated().compactMap { index, frame in
      (frame["key_frame"] as? NSNumber)?.intValue == 1 ? index : nil
    }
  }

  @Test("AVVideoMaxKeyFrameIntervalKey and …DurationKey set the keyframe spacing")
  func keyframeInterval() throws {
    var settings = AVAssetWriterTests.videoSettings(width: 64, height: 48)
    settings[AVVideoCompressionPropertiesKey] = [AVVideoMaxKeyFrameIntervalKey: 10]
    let (every10, _) = try Self.write("gop10.mov", settings: settings, frames: 30)
    #expect(try Self.keyframes(every10) == [0, 10, 20])

    // 0.2 s at the expected 30 fps: 6 frames; the smaller of the two limits wins.
    settings[AVVideoCompressionPropertiesKey] = [
      AVVideoMaxKeyFrameIntervalKey: 10, AVVideoMaxKeyFrameIntervalDurationKey: 0.2,
      AVVideoExpectedSourceFrameRateKey: 30,
    ]
    let (every6, _) = try Self.write("gop6.mov", settings: settings, frames: 30)
    #expect(try Self.keyframes(every6) == [0, 6, 12, 18, 24])

    // Without the key x264 places them itself: one keyframe in 30 flat frames.
    let (free, _) = try Self.write(
      "free.mov", settings: AVAssetWriterTests.videoSettings(width: 64, height: 48), frames: 30)
    #expect(try Self.keyframes(free) == [0])
  }

  @Test("NextLevelSessionExporter's HDR settings (Main10, HDR metadata) fail naming 10-bit")
  func hevcMain10FailsLoudly() throws {
    var settings = AVAssetWriterTests.videoSettings(width: 64, height: 48)
    settings[AVVideoCodecKey] = AVVideoCodecType.hevc
    settings[AVVideoCompressionPropertiesKey] = [
      AVVideoProfileLevelKey: kVTProfileLevel_HEVC_Main10_AutoLevel,
      kVTCompressionPropertyKey_HDRMetadataInsertionMode as String:
        kVTHDRMetadataInsertionMode_Auto,
    ]
    let (_, writer) = try Self.write("main10.mov", settings: settings)
    #expect(writer.status == .failed)
    let reason = (writer.error as NSError?)?.localizedFailureReason ?? ""
    #expect(reason.contains("HEVC_Main10_AutoLevel") && reason.contains("10-bit"), "\(reason)")
    // The 10-bit pixel format is held (Core Image reads and writes it); encoding stays 8-bit.
    var buffer: CVPixelBuffer?
    #expect(
      CVPixelBufferCreate(
        nil, 64, 48, kCVPixelFormatType_420YpCbCr10BiPlanarVideoRange, nil, &buffer)
        == kCVReturnSuccess)
    #expect(kAudioFormatAPAC == 0x6170_6163)
  }

  @Test("Asking to encode HDR (HLG, PQ, BT.2020) fails startWriting naming it")
  func hdrFailsLoudly() throws {
    for value in [
      AVVideoTransferFunction_ITU_R_2100_HLG, AVVideoTransferFunction_SMPTE_ST_2084_PQ,
    ] {
      var settings = AVAssetWriterTests.videoSettings(width: 64, height: 48)
      settings[AVVideoColorPropertiesKey] = [
        AVVideoTransferFunctionKey: value,
        AVVideoColorPrimariesKey: AVVideoColorPrimaries_ITU_R_2020,
        AVVideoYCbCrMatrixKey: AVVideoYCbCrMatrix_ITU_R_2020,
      ]
      let (_, writer) = try Self.write("hdr.mov", settings: settings)
      #expect(writer.status == .failed)
      let reason = (writer.error as NSError?)?.localizedFailureReason ?? ""
      #expect(reason.contains("HDR"), "\(reason)")
    }
  }
}
