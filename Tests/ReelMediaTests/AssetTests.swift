import Foundation
import ReelMedia
import TestSupport
import Testing

/// `Asset` describes files as `ffprobe` does (the oracle), for every named fixture.
@Suite("Asset probing")
struct AssetTests {
  /// ffprobe's view of one stream, reduced to the fields Reel reports.
  struct ProbedStream {
    var index: Int
    var kind: String
    var codec: String
    var width: Int?
    var height: Int?
    var pixelFormat: String?
    var sampleRate: Int?
    var channels: Int?
    var frameRate: Double?
    var counterClockwiseRotation: Int
  }

  static func ffprobeStreams(_ url: URL) throws -> (streams: [ProbedStream], duration: Double?) {
    let json = try TestSupport.ffprobeJSON(["-show_streams", "-show_format", url.path])
    let streams = (json["streams"] as? [[String: Any]] ?? []).map { stream in
      let sideData = stream["side_data_list"] as? [[String: Any]] ?? []
      let rotation = sideData.compactMap { $0["rotation"] as? Int }.first ?? 0
      let rate = (stream["r_frame_rate"] as? String).flatMap { text -> Double? in
        let parts = text.split(separator: "/").compactMap { Double($0) }
        guard parts.count == 2, parts[1] != 0, parts[0] != 0 else { return nil }
        return parts[0] / parts[1]
      }
      return ProbedStream(
        index: stream["index"] as? Int ?? -1,
        kind: stream["codec_type"] as? String ?? "",
        codec: stream["codec_name"] as? String ?? "none",
        width: stream["width"] as? Int, height: stream["height"] as? Int,
        pixelFormat: stream["pix_fmt"] as? String,
        sampleRate: (stream["sample_rate"] as? String).flatMap { Int($0) },
        channels: stream["channels"] as? Int, frameRate: rate,
        counterClockwiseRotation: rotation)
    }
    let format = json["format"] as? [String: Any]
    return (streams, (format?["duration"] as? String).flatMap(Double.init))
  }

  @Test("matches ffprobe", arguments: MediaFixtures.Fixture.allCases)
  func matchesFFprobe(_ fixture: MediaFixtures.Fixture) throws {
    try Self.expectMatchesFFprobe(MediaFixtures.url(for: fixture))
  }

  @Test("real-world clips match ffprobe", .needsRealWorldMedia)
  func realWorldClipsMatchFFprobe() throws {
    let files = RealWorldMedia.files()
    try #require(files.count == RealWorldMedia.names.count)
    for url in files { try Self.expectMatchesFFprobe(url) }
    let bunny = try #require(RealWorldMedia.file(named: "bigbuckbunny.mp4"))
    let asset = try Asset(url: bunny)
    #expect(asset.videoTracks.first?.width == 1280)
    #expect(asset.audioTracks.count == 1)
  }

  static func expectMatchesFFprobe(_ url: URL) throws {
    let asset = try Asset(url: url)
    let (expected, expectedDuration) = try Self.ffprobeStreams(url)

    #expect(asset.tracks.count == expected.count)
    if let expectedDuration {
      let seconds = Double(asset.duration.value) / Double(asset.duration.timescale)
      #expect(abs(seconds - expectedDuration) < 0.000_001 + 1e-9)
    }
    for (track, probed) in zip(asset.tracks, expected) {
      #expect(track.index == probed.index)
      #expect(track.kind.rawValue == probed.kind)
      #expect(track.codec == probed.codec)
      switch track.kind {
      case .video:
        #expect(track.width == probed.width)
        #expect(track.height == probed.height)
        #expect(track.pixelFormat == probed.pixelFormat)
        let clockwise = ((-probed.counterClockwiseRotation % 360) + 360) % 360
        #expect(track.rotation == clockwise)
        if let rate = probed.frameRate, let reported = track.frameRate {
          #expect(abs(rate - reported) < 1e-9)
        }
        #expect(track.sampleRate == nil && track.channelCount == nil)
      case .audio:
        #expect(track.sampleRate == probed.sampleRate)
        #expect(track.channelCount == probed.channels)
        #expect(track.width == nil && track.rotation == nil)
      default:
        break
      }
    }
  }

  @Test func portraitClipReportsUprightDisplaySize() throws {
    let asset = try Asset(url: MediaFixtures.url(for: .portraitRotated))
    let video = try asset.firstVideoTrack()
    #expect(video.width == 320 && video.height == 240)
    #expect(video.rotation == 90)
    #expect(video.displayWidth == 240 && video.displayHeight == 320)
    // Cross-check with what ffmpeg itself shows: its autorotated decode is 240×320.
    let frame = try TestSupport.run(
      "ffprobe",
      [
        "-v", "error", "-select_streams", "v", "-show_entries", "stream_side_data=rotation",
        "-of", "csv=p=0", asset.path,
      ])
    #expect(frame.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines) == "-90")
  }

  @Test func upsideDownClipKeepsItsSize() throws {
    let video = try Asset(url: MediaFixtures.url(for: .upsideDown)).firstVideoTrack()
    #expect(video.rotation == 180)
    #expect(video.displayWidth == 320 && video.displayHeight == 240)
  }

  @Test func describesColourDepthAndSubsampling() throws {
    let hevc = try Asset(url: MediaFixtures.url(for: .hevc10Bit)).firstVideoTrack()
    #expect(hevc.codec == "hevc")
    #expect(hevc.bitDepth == 10)
    #expect(hevc.chromaSubsampling == "4:2:0")
    #expect(hevc.profile == "Main 10")
    let yuv422 = try Asset(url: MediaFixtures.url(for: .yuv422)).firstVideoTrack()
    #expect(yuv422.chromaSubsampling == "4:2:2" && yuv422.bitDepth == 8)
    let yuv444 = try Asset(url: MediaFixtures.url(for: .yuv444)).firstVideoTrack()
    #expect(yuv444.chromaSubsampling == "4:4:4")
  }

  @Test func describesAudioLayouts() throws {
    let surround = try Asset(url: MediaFixtures.url(for: .surround51)).firstAudioTrack()
    #expect(surround.channelCount == 6)
    #expect(surround.channelLayout == "5.1")
    let mono = try Asset(url: MediaFixtures.url(for: .monoWAV)).firstAudioTrack()
    #expect(mono.channelLayout == "mono" && mono.sampleRate == 44_100)
  }

  @Test func audioOnlyFileIsAValidAssetWithoutVideo() throws {
    let url = try MediaFixtures.url(for: .audioOnly)
    let asset = try Asset(url: url)
    #expect(asset.videoTracks.isEmpty)
    #expect(asset.audioTracks.count == 1)
    #expect(throws: MediaError.noVideoTrack(path: url.path)) { try asset.firstVideoTrack() }
    #expect(
      MediaError.noVideoTrack(path: url.path).description == "\(url.path): has no video track")
  }

  @Test func reportsHDRTransfer() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    let path = folder.appendingPathComponent("pq.mkv").path
    try TestSupport.ffmpeg(
      [
        "-f", "lavfi", "-i", "testsrc2=size=64x48:rate=10:duration=0.2", "-c:v", "libx265",
        "-x265-params", "log-level=error", "-pix_fmt", "yuv420p10le", "-color_primaries", "bt2020",
        "-color_trc", "smpte2084", "-colorspace", "bt2020nc", "-color_range", "tv", path,
      ])
    let color = try #require(try Asset(path: path).firstVideoTrack().color)
    #expect(color.transfer == "smpte2084")
    #expect(color.hdrTransfer == .pq)
    #expect(color.primaries == "bt2020")
    #expect(color.matrix == "bt2020nc")
    #expect(color.range == .limited)
  }
}
