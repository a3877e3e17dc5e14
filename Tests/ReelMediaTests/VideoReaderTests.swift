import Foundation
import ReelCore
import TestSupport
import Testing

@testable import ReelMedia

/// Clips made once per test run with the `ffmpeg` CLI, shared by the video reader tests.
enum VideoClips {
  struct Clips: Sendable {
    let directory: URL
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
  }

  struct ClipError: Error, CustomStringConvertible {
    let description: String
  }

  static let made: Result<Clips, ClipError> = {
    do {
      let directory = try TestSupport.makeTemporaryDirectory("reel-video-reader")
      let clips = Clips(directory: directory)
      let source = ["-f", "lavfi", "-i", "testsrc2=s=160x120:r=30:d=2"]
      let short = ["-f", "lavfi", "-i", "testsrc2=s=160x120:r=30:d=1"]
      let x264 = ["-c:v", "libx264", "-preset", "veryfast"]
      try TestSupport.ffmpeg(source + x264 + ["-pix_fmt", "yuv420p", clips.path("h264.mp4")])
      try TestSupport.ffmpeg(
        [
          "-f", "lavfi", "-i", "testsrc2=s=321x241:r=30:d=1", "-c:v", "ffv1", "-pix_fmt", "yuv420p",
          clips.path("odd.mkv"),
        ])
      try TestSupport.ffmpeg(
        short + [
          "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error",
          "-pix_fmt", "yuv420p10le", clips.path("hevc10.mp4"),
        ])
      try TestSupport.ffmpeg(short + x264 + ["-pix_fmt", "yuv422p", clips.path("422.mp4")])
      try TestSupport.ffmpeg(short + x264 + ["-pix_fmt", "yuv444p", clips.path("444.mp4")])
      // 15 frames 1/30 s apart, then 15 frames 1/15 s apart.
      try TestSupport.ffmpeg(
        short + x264 + [
          "-vf", "setpts='if(lt(N,15),N/30,0.5+(N-15)/15)/TB'", "-fps_mode", "vfr",
          "-pix_fmt", "yuv420p", clips.path("vfr.mp4"),
        ])
      // Input seeking with stream copy starts at the keyframe before 0.5 s and writes an edit
      // list that hides the first 0.5 s.
      try TestSupport.ffmpeg(
        ["-ss", "0.5", "-i", clips.path("h264.mp4"), "-c", "copy", clips.path("edit.mov")])
      try TestSupport.ffmpeg(
        short + [
          "-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "300k",
          clips.path("vp9.webm"),
        ])
      try TestSupport.ffmpeg(short + x264 + ["-pix_fmt", "yuv420p", clips.path("h264.mkv")])
      return .success(clips)
    } catch {
      return .failure(ClipError(description: "\(error)"))
    }
  }()

  static func get() throws -> Clips { try made.get() }
}

/// Oracles from the `ffmpeg` and `ffprobe` tools.
enum VideoOracle {
  /// The stream's time base and each frame's best-effort timestamp minus the stream's
  /// start, as `ffprobe` decodes them.
  static func frameTicks(_ path: String) throws -> (num: Int64, den: Int64, ticks: [Int64]) {
    let json = try TestSupport.ffprobeJSON([
      "-select_streams", "v:0", "-show_entries",
      "stream=time_base,start_pts:frame=best_effort_timestamp",
      path,
    ])
    let stream = try #require((json["streams"] as? [[String: Any]])?.first)
    let base = try #require(stream["time_base"] as? String).split(separator: "/")
    let start = (stream["start_pts"] as? NSNumber)?.int64Value ?? 0
    let frames = try #require(json["frames"] as? [[String: Any]])
    let ticks = try frames.map { frame in
      try #require((frame["best_effort_timestamp"] as? NSNumber)?.int64Value) - start
    }
    return (try #require(Int64(base[0])), try #require(Int64(base[1])), ticks)
  }

  /// Every frame decoded by `ffmpeg` as BGRA bytes (rows packed, `width · 4` bytes each).
  ///
  /// With `accurate`, the conversion interpolates chroma and rounds accurately (as Reel does);
  /// otherwise it is ffmpeg's default (nearest chroma rows for 4:2:0).
  static func frames(
    _ path: String, width: Int, height: Int, arguments: [String] = [], accurate: Bool = true
  )
    throws -> [[UInt8]]
  {
    let output = try TestSupport.run(
      "ffmpeg",
      ["-hide_banner", "-loglevel", "error"] + arguments + ["-i", path, "-fps_mode", "passthrough"]
        + (accurate ? ["-vf", "scale=flags=bicubic+accurate_rnd+full_chroma_int,format=bgra"] : [])
        + ["-f", "rawvideo", "-pix_fmt", "bgra", "-"])
    guard output.status == 0 else { throw VideoClips.ClipError(description: output.stderr) }
    let size = width * height * 4
    let bytes = [UInt8](output.stdout)
    return stride(from: 0, to: bytes.count - size + 1, by: size).map {
      Array(bytes[$0..<$0 + size])
    }
  }

  /// Mean and maximum absolute difference over all channels of an image and packed BGRA bytes.
  static func difference(_ image: Image, _ expected: [UInt8]) -> (mean: Double, max: Int) {
    var total = 0
    var largest = 0
    image.withUnsafeBytes { bytes in
      for y in 0..<image.height {
        for x in 0..<image.width * 4 {
          let d = abs(
            Int(bytes[y * image.bytesPerRow + x]) - Int(expected[(y * image.width * 4) + x]))
          total += d
          largest = max(largest, d)
        }
      }
    }
    return (Double(total) / Double(image.width * image.height * 4), largest)
  }
}

@Suite("VideoReader")
struct VideoReaderTests {
  static let formats = [
    "h264.mp4", "odd.mkv", "hevc10.mp4", "422.mp4", "444.mp4", "vfr.mp4", "edit.mov", "vp9.webm",
    "h264.mkv",
  ]

  @Test("frame times equal ffprobe's best-effort timestamps", arguments: formats)
  func timestampsMatchFFprobe(_ name: String) throws {
    let path = try VideoClips.get().path(name)
    let oracle = try VideoOracle.frameTicks(path)
    let reader = try VideoReader(asset: try Asset(path: path))
    var times: [Time] = []
    while let frame = try reader.nextFrame() { times.append(frame.time) }
    #expect(times.count == oracle.ticks.count)
    #expect(times.count > 10)
    for (time, ticks) in zip(times, oracle.ticks) {
      // time = ticks · num / den exactly.
      #expect(
        Int128(time.value) * Int128(oracle.den) == Int128(ticks) * Int128(oracle.num)
          * Int128(time.timescale), "\(name): \(time) vs \(ticks)·\(oracle.num)/\(oracle.den)")
    }
  }

  @Test("pixels match ffmpeg's BGRA decode", arguments: formats)
  func pixelsMatchFFmpeg(_ name: String) throws {
    let path = try VideoClips.get().path(name)
    let reader = try VideoReader(asset: try Asset(path: path))
    let width = reader.outputWidth
    let height = reader.outputHeight
    let expected = try VideoOracle.frames(path, width: width, height: height)
    let plain = try VideoOracle.frames(path, width: width, height: height, accurate: false)
    var index = 0
    var worstMean = 0.0
    var worstMax = 0
    var worstPlainMean = 0.0
    while let frame = try reader.nextFrame() {
      try #require(index < expected.count && index < plain.count)
      let (mean, largest) = VideoOracle.difference(frame.image, expected[index])
      worstMean = max(worstMean, mean)
      worstMax = max(worstMax, largest)
      worstPlainMean = max(worstPlainMean, VideoOracle.difference(frame.image, plain[index]).mean)
      #expect(frame.image.width == width && frame.image.height == height)
      index += 1
    }
    print(
      "pixels \(name): worst mean \(worstMean), worst max \(worstMax), vs default \(worstPlainMean)"
    )
    #expect(worstMean <= 2, "\(name): mean difference \(worstMean)")
    #expect(worstMax <= 24, "\(name): max difference \(worstMax)")
    // ffmpeg's default conversion differs only by its coarser chroma: testsrc2's saturated
    // edges make that about 3–4 levels on average.
    #expect(worstPlainMean <= 5, "\(name): mean difference from ffmpeg's default \(worstPlainMean)")
    #expect(index == expected.count)
  }

  @Test("the edit list hides the first half second")
  func editListHonoured() throws {
    let clips = try VideoClips.get()
    let full = try VideoReader(asset: try Asset(path: clips.path("h264.mp4")))
    var fullFrames: [VideoFrame] = []
    while let frame = try full.nextFrame() { fullFrames.append(frame) }
    let edited = try VideoReader(asset: try Asset(path: clips.path("edit.mov")))
    var editedFrames: [VideoFrame] = []
    while let frame = try edited.nextFrame() { editedFrames.append(frame) }
    // 2 s at 30 fps minus 0.5 s: 45 frames, the first being the source's frame 15, at 0.
    #expect(fullFrames.count == 60)
    #expect(editedFrames.count == 45)
    #expect(editedFrames.first?.time == Time(value: 0, timescale: 15360))
    #expect(editedFrames.first?.image == fullFrames[15].image)
  }

  @Test(
    "solid colours decode to their RGB values with the tagged matrix",
    arguments: [
      ("bt709", "bt709"), ("bt601", "smpte170m"),
    ])
  func solidColour(_ matrix: String, _ tag: String) throws {
    let directory = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("colour.mp4").path
    // #3080C0 = R 48, G 128, B 192.
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "color=c=0x3080C0:s=64x48:r=10:d=0.3", "-vf",
      "scale=out_color_matrix=\(matrix):out_range=tv,format=yuv420p", "-colorspace", tag,
      "-color_range", "tv", "-c:v", "libx264", "-qp", "0", path,
    ])
    let reader = try VideoReader(asset: try Asset(path: path))
    let frame = try #require(try reader.nextFrame())
    let pixel = frame.image[x: 32, y: 24]
    #expect(abs(Int(pixel.red) - 48) <= 3, "\(pixel)")
    #expect(abs(Int(pixel.green) - 128) <= 3, "\(pixel)")
    #expect(abs(Int(pixel.blue) - 192) <= 3, "\(pixel)")
    #expect(pixel.alpha == 255)
  }

  @Test(
    "rotation metadata turns the picture upright like ffmpeg's autorotate",
    arguments: [
      (270, 90), (180, 180),
    ])
  func rotation(_ rotateTag: Int, _ clockwise: Int) throws {
    let directory = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let plain = directory.appendingPathComponent("plain.mp4").path
    let rotated = directory.appendingPathComponent("rotated.mp4").path
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=s=160x120:r=30:d=0.3", "-c:v", "libx264", "-pix_fmt",
      "yuv420p", plain,
    ])
    try TestSupport.ffmpeg([
      "-i", plain, "-c", "copy", "-metadata:s:v:0", "rotate=\(rotateTag)", rotated,
    ])
    let asset = try Asset(path: rotated)
    #expect(try asset.firstVideoTrack().rotation == clockwise)

    let reader = try VideoReader(asset: asset)
    let swapped = clockwise == 90 || clockwise == 270
    #expect(reader.outputWidth == (swapped ? 120 : 160))
    #expect(reader.outputHeight == (swapped ? 160 : 120))
    let expected = try VideoOracle.frames(
      rotated, width: reader.outputWidth, height: reader.outputHeight)
    var index = 0
    while let frame = try reader.nextFrame() {
      let (mean, _) = VideoOracle.difference(frame.image, expected[index])
      #expect(mean <= 2, "frame \(index): mean difference \(mean)")
      index += 1
    }
    #expect(index == expected.count && index > 0)

    let coded = try VideoReader(asset: asset, applyRotation: false)
    #expect(coded.outputWidth == 160 && coded.outputHeight == 120)
    let codedExpected = try VideoOracle.frames(
      rotated, width: 160, height: 120, arguments: ["-noautorotate"])
    let first = try #require(try coded.nextFrame())
    #expect(VideoOracle.difference(first.image, codedExpected[0]).mean <= 2)
  }
}
