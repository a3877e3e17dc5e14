import CFFmpeg
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
      // A keyframe every 12 frames, so seeks land mid-clip.
      try TestSupport.ffmpeg(
        source + x264 + ["-g", "12", "-pix_fmt", "yuv420p", clips.path("h264.mp4")])
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
      // 8 s with one keyframe and B-frames (x264's and x265's pyramids leave some
      // unreferenced), so a seek far in decodes forward a long way.
      let long = ["-f", "lavfi", "-i", "testsrc2=s=160x120:r=30:d=8"]
      try TestSupport.ffmpeg(
        long + x264 + [
          "-g", "240", "-bf", "3", "-pix_fmt", "yuv420p", clips.path("long-gop.mp4"),
        ])
      // 60 s at 30 fps with one keyframe, every B-frame unreferenced, and 3 frames dropped
      // before each of five times (still constant-rate on average: 15 of 1800 missing).
      let dropped = (1...5).map { "between(n,\($0 * 300 - 3),\($0 * 300 - 1))" }
      try TestSupport.ffmpeg(
        [
          "-f", "lavfi", "-i", "testsrc2=s=64x48:r=30:d=60", "-vf",
          "select='not(\(dropped.joined(separator: "+")))'", "-fps_mode", "passthrough",
          "-c:v", "libx264", "-preset", "ultrafast", "-g", "1800", "-bf", "3",
          "-x264-params", "b-pyramid=none:b-adapt=0", "-pix_fmt", "yuv420p",
          clips.path("dropped-frames.mp4"),
        ])
      try TestSupport.ffmpeg(
        long + [
          "-c:v", "libx265", "-preset", "ultrafast",
          "-x265-params", "log-level=error:keyint=240:bframes=3:b-pyramid=1",
          "-pix_fmt", "yuv420p", clips.path("long-gop-hevc.mp4"),
        ])
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
  /// `inputMatrix` names the YUV matrix to read untagged input with (`bt709`, `bt601`);
  /// nil leaves swscale's default (BT.601 for untagged input).
  static func frames(
    _ path: String, width: Int, height: Int, arguments: [String] = [], accurate: Bool = true,
    inputMatrix: String? = nil
  )
    throws -> [[UInt8]]
  {
    let matrix = inputMatrix.map { "in_color_matrix=\($0):" } ?? ""
    let output = try TestSupport.run(
      "ffmpeg",
      ["-hide_banner", "-loglevel", "error"] + arguments + ["-i", path, "-fps_mode", "passthrough"]
        + (accurate
          ? ["-vf", "scale=\(matrix)flags=bilinear+full_chroma_int,format=bgra"] : [])
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

@Suite("VideoReader random access")
struct VideoReaderRandomAccessTests {
  /// Every frame of the 2 s, 30 fps H.264 clip decoded sequentially.
  static func sequentialFrames(_ path: String) throws -> [VideoFrame] {
    let reader = try VideoReader(asset: try Asset(path: path))
    var frames: [VideoFrame] = []
    while let frame = try reader.nextFrame() { frames.append(frame) }
    return frames
  }

  @Test("sequential frame(at:) makes no seeks and returns frame i")
  func sequentialAccess() throws {
    let path = try VideoClips.get().path("h264.mp4")
    let reference = try Self.sequentialFrames(path)
    try #require(reference.count == 60)
    let reader = try VideoReader(asset: try Asset(path: path))
    for index in 0..<60 {
      let frame = try #require(try reader.frame(at: Time(value: Int64(index), timescale: 30)))
      #expect(frame.time == reference[index].time)
      #expect(frame.image == reference[index].image, "frame \(index)")
    }
    #expect(reader.seekCount == 0)
  }

  @Test("backward and forward jumps return the frame shown at each time")
  func jumps() throws {
    let path = try VideoClips.get().path("h264.mp4")
    let reference = try Self.sequentialFrames(path)
    let reader = try VideoReader(asset: try Asset(path: path))
    // (time in 60ths of a second, expected frame index at 30 fps)
    let requests: [(Int64, Int)] = [(90, 45), (12, 6), (114, 57), (0, 0), (21, 10), (119, 59)]
    for (sixtieths, index) in requests {
      let frame = try #require(try reader.frame(at: Time(value: sixtieths, timescale: 60)))
      #expect(frame.time == reference[index].time, "at \(sixtieths)/60")
      #expect(frame.image == reference[index].image, "at \(sixtieths)/60")
    }
    #expect(reader.seekCount >= 2)
    // nextFrame continues after the frame just returned.
    let afterLast = try reader.nextFrame()
    #expect(afterLast == nil)
    let back = try #require(try reader.frame(at: Time(value: 1, timescale: 2)))
    #expect(back.image == reference[15].image)
    let following = try #require(try reader.nextFrame())
    #expect(following.time == reference[16].time)
    #expect(following.image == reference[16].image)
  }

  @Test(
    "jumps agree with the sequential decode in other containers",
    arguments: ["edit.mov", "h264.mkv", "vp9.webm", "hevc10.mp4", "vfr.mp4"])
  func jumpsInContainers(_ name: String) throws {
    let path = try VideoClips.get().path(name)
    let reference = try Self.sequentialFrames(path)
    try #require(reference.count > 20)
    let seconds = reference.map { Double($0.time.value) / Double($0.time.timescale) }
    let reader = try VideoReader(asset: try Asset(path: path))
    // Times in 60ths of a second, half-way between 30 fps frames, in a jumpy order.
    let last = Int64(seconds[seconds.count - 1] * 60)
    for sixtieths in [last * 3 / 4 | 1, last / 5 | 1, last - 1, 1, last / 2 | 1, last + 30] {
      let t = Double(sixtieths) / 60
      let expected = try #require(seconds.lastIndex { $0 <= t })
      let frame = try #require(try reader.frame(at: Time(value: sixtieths, timescale: 60)))
      #expect(frame.time == reference[expected].time, "\(name) at \(sixtieths)/60")
      #expect(frame.image == reference[expected].image, "\(name) at \(sixtieths)/60")
    }
  }

  @Test(
    "a seek far into a long GOP skips the unreferenced pictures before the time and returns the same frames",
    arguments: ["long-gop.mp4", "long-gop-hevc.mp4"])
  func prerollSkipsUnreferencedPictures(_ name: String) throws {
    let path = try VideoClips.get().path(name)
    let reference = try Self.sequentialFrames(path)
    try #require(reference.count == 240)
    // Frame indices at 30 fps (every request more than 2 s in, so each fresh reader seeks),
    // and half-way between frames.
    for (sixtieths, index) in [(478, 239), (240, 120), (401, 200), (302, 151), (303, 151)] {
      let reader = try VideoReader(asset: try Asset(path: path))
      let frame = try #require(try reader.frame(at: Time(value: Int64(sixtieths), timescale: 60)))
      #expect(reader.seekCount == 1)
      #expect(frame.time == reference[index].time, "\(name) at \(sixtieths)/60")
      #expect(frame.image == reference[index].image, "\(name) at \(sixtieths)/60")
      // The pictures before the time that nothing refers to were not decoded (a pyramid
      // of 3 B-frames leaves about half unreferenced); the frames after it all are.
      #expect(
        reader.decodedPictureCount < index * 4 / 5,
        "\(name): \(reader.decodedPictureCount) pictures decoded to reach frame \(index)")
      for next in index + 1..<min(index + 8, 240) {
        let following = try #require(try reader.nextFrame())
        #expect(following.time == reference[next].time, "\(name) frame \(next)")
        #expect(following.image == reference[next].image, "\(name) frame \(next)")
      }
    }
  }

  /// A clip with a keyframe a second, three B-frames nothing refers to between P-frames,
  /// and 48 bytes of the P-frame shown at 2.4 s overwritten, in `folder`.
  static func clipWithDamagedPFrame(in folder: URL) throws -> String {
    let path = folder.appendingPathComponent("damaged-p.mp4").path
    let made = try TestSupport.run(
      "ffmpeg",
      [
        "-v", "error", "-f", "lavfi", "-i", "testsrc2=s=320x240:r=30", "-t", "4", "-c:v",
        "libx264", "-g", "30", "-keyint_min", "30", "-sc_threshold", "0", "-bf", "3",
        "-x264-params", "b-pyramid=none", "-pix_fmt", "yuv420p", path,
      ])
    try #require(made.status == 0, "\(made.stderr)")
    let json = try TestSupport.ffprobeJSON([
      "-select_streams", "v:0", "-show_entries", "packet=pts_time,pos,size,flags", path,
    ])
    let packets = try #require(json["packets"] as? [[String: Any]])
    let damaged = try #require(packets.first { ($0["pts_time"] as? String) == "2.400000" })
    try #require((damaged["flags"] as? String)?.hasPrefix("K") == false)
    let position = try #require(Int(damaged["pos"] as? String ?? ""))
    let size = try #require(Int(damaged["size"] as? String ?? ""))
    try #require(size > 200)
    let file = try FileHandle(forUpdating: URL(fileURLWithPath: path))
    defer { try? file.close() }
    try file.seek(toOffset: UInt64(position + size / 3))
    try file.write(contentsOf: Data((0..<48).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }))
    return path
  }

  /// FFmpeg conceals a damaged picture with what it decoded before, back across the
  /// keyframe before it; a seek past the damage must still return the frames decoding the
  /// file from its start returns (one decoder thread, as an export decodes: frame threads
  /// conceal differently with every thread count), or a render chunk after damage would
  /// differ from the single render. Each fresh reader seeks.
  @Test func aSeekPastDamageReturnsTheSequentialDecodesFrames() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try Self.clipWithDamagedPFrame(in: folder)
    func reader() throws -> VideoReader {
      try VideoReader(
        asset: try Asset(path: path), track: nil, applyRotation: true, decoderThreadCount: 1,
        damageLog: nil)
    }
    let sequential = try reader()
    var reference: [VideoFrame] = []
    while let frame = try sequential.nextFrame() { reference.append(frame) }
    try #require(reference.count == 120)
    for index in [80, 85, 89, 100] {
      let reader = try reader()
      let frame = try #require(try reader.frame(at: Time(value: Int64(index), timescale: 30)))
      #expect(reader.seekCount >= 1)
      #expect(frame.time == reference[index].time, "frame \(index)")
      #expect(frame.image == reference[index].image, "frame \(index)")
      for next in index + 1..<min(index + 10, 120) {
        let following = try #require(try reader.nextFrame())
        #expect(following.image == reference[next].image, "frame \(next) after a seek to \(index)")
      }
    }
  }

  @Test(
    "seeks into real-world clips return the sequential decode's frames",
    .needsRealWorldMedia, arguments: RealWorldMedia.names)
  func realWorldSeeks(_ name: String) throws {
    let url = try #require(RealWorldMedia.file(named: name))
    let reference = try Self.sequentialFrames(url.path)
    try #require(reference.count > 90)
    let seconds = reference.map { Double($0.time.value) / Double($0.time.timescale) }
    // Every request more than 2 s in (so a fresh reader seeks), on frames and between them.
    let last = seconds[seconds.count - 1]
    for fraction in [0.99, 0.93, 0.8, 0.71, 0.62, 0.55] {
      let t = 2.05 + (last - 2.05) * fraction
      let request = Time(seconds: t, preferredTimescale: 90_000)
      let expected = try #require(
        seconds.lastIndex { $0 <= Double(request.value) / Double(request.timescale) })
      let reader = try VideoReader(asset: try Asset(url: url))
      let frame = try #require(try reader.frame(at: request))
      #expect(frame.time == reference[expected].time, "\(name) at \(t) s")
      #expect(frame.image == reference[expected].image, "\(name) at \(t) s")
      if let following = try reader.nextFrame(), expected + 1 < reference.count {
        #expect(following.image == reference[expected + 1].image, "\(name) after \(t) s")
      }
    }
  }

  @Test("a seek just after frames a camera dropped shows the frame before the gap")
  func prerollAfterDroppedFrames() throws {
    let path = try VideoClips.get().path("dropped-frames.mp4")
    let reference = try Self.sequentialFrames(path)
    try #require(reference.count == 1785)
    let seconds = reference.map { Double($0.time.value) / Double($0.time.timescale) }
    for gap in 1...5 {
      // Just before the gap's end, more than two frames after the frame before it: the
      // frame shown is that one (frame 300·gap − 4), decoded even when it is an
      // unreferenced B-frame.
      let request = Time(value: Int64(gap * 600 - 1), timescale: 60)
      let t = Double(request.value) / 60
      let expected = try #require(seconds.lastIndex { $0 <= t })
      #expect(abs(seconds[expected] - Double(gap * 300 - 4) / 30) < 0.001)
      let reader = try VideoReader(asset: try Asset(path: path))
      let frame = try #require(try reader.frame(at: request))
      #expect(reader.seekCount == 1)
      #expect(frame.time == reference[expected].time, "gap \(gap)")
      #expect(frame.image == reference[expected].image, "gap \(gap)")
    }
  }

  @Test("before the first frame is nil; past the end is the last frame")
  func outOfRange() throws {
    let path = try VideoClips.get().path("h264.mp4")
    let reference = try Self.sequentialFrames(path)
    let reader = try VideoReader(asset: try Asset(path: path))
    #expect(try reader.frame(at: Time(value: -1, timescale: 30)) == nil)
    #expect(reader.seekCount == 0)
    let last = try #require(try reader.frame(at: Time(value: 10, timescale: 1)))
    #expect(last.time == reference[59].time)
    #expect(last.image == reference[59].image)
    #expect(try reader.frame(at: Time(value: -1, timescale: 1000)) == nil)
    let first = try #require(try reader.frame(at: Time(value: 0, timescale: 1)))
    #expect(first.image == reference[0].image)
  }
}

@Suite("VideoReader inputs")
struct VideoReaderInputTests {
  @Test("a video stream that starts after the audio keeps its offset")
  func offsetAgainstAudio() throws {
    let directory = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let video = directory.appendingPathComponent("video.mp4").path
    let audio = directory.appendingPathComponent("audio.m4a").path
    let path = directory.appendingPathComponent("offset.mov").path
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=s=96x64:r=10:d=0.5", "-c:v", "libx264", video,
    ])
    try TestSupport.ffmpeg(["-f", "lavfi", "-i", "sine=d=1", "-c:a", "aac", audio])
    // Audio from 0, video from 0.3 s.
    try TestSupport.ffmpeg(["-i", audio, "-itsoffset", "0.3", "-i", video, "-c", "copy", path])
    let json = try TestSupport.ffprobeJSON([
      "-select_streams", "v:0", "-show_entries",
      "frame=best_effort_timestamp_time:format=start_time",
      path,
    ])
    let startText = try #require((json["format"] as? [String: Any])?["start_time"] as? String)
    let formatStart = try #require(Double(startText))
    let expected = try #require(json["frames"] as? [[String: Any]]).map {
      Double($0["best_effort_timestamp_time"] as? String ?? "") ?? .nan
    }
    let reader = try VideoReader(asset: try Asset(path: path))
    var times: [Double] = []
    while let frame = try reader.nextFrame() {
      times.append(Double(frame.time.value) / Double(frame.time.timescale))
    }
    #expect(times.count == expected.count && times.count == 5)
    for (time, probe) in zip(times, expected) {
      #expect(abs(time - (probe - formatStart)) < 2e-6, "\(time) vs \(probe) − \(formatStart)")
    }
    #expect(abs((times.first ?? 0) - 0.3) < 0.03)
  }

  @Test("alpha is kept and premultiplied")
  func alpha() throws {
    let directory = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("alpha.mov").path
    // Straight colour (R 200, G 100, B 40) at alpha 0x80 = 128.
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "color=c=0xC86428@0x80:s=32x32:r=10:d=0.2,format=rgba", "-c:v", "png",
      path,
    ])
    let reader = try VideoReader(asset: try Asset(path: path))
    let pixel = try #require(try reader.nextFrame()).image[x: 5, y: 5]
    #expect(pixel.alpha == 128)
    // Premultiplied: c · 128 / 255.
    #expect(abs(Int(pixel.red) - 100) <= 1, "\(pixel)")
    #expect(abs(Int(pixel.green) - 50) <= 1, "\(pixel)")
    #expect(abs(Int(pixel.blue) - 20) <= 1, "\(pixel)")
  }

  @Test("an audio-only file has no video track")
  func audioOnly() throws {
    let directory = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("tone.m4a").path
    try TestSupport.ffmpeg(["-f", "lavfi", "-i", "sine=d=0.3", "-c:a", "aac", path])
    let asset = try Asset(path: path)
    #expect(throws: MediaError.noVideoTrack(path: path)) { try VideoReader(asset: asset) }
    #expect(MediaError.noVideoTrack(path: path).description == "\(path): has no video track")
  }

  @Test("a codec FFmpeg cannot decode is reported as unsupported")
  func unknownCodec() throws {
    let directory = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let source = try VideoClips.get().path("h264.mkv")
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: source)))
    let original = Array("V_MPEG4/ISO/AVC".utf8)
    let unknown = Array("V_REELUNKNOWN00".utf8)
    let start = try #require(
      (0...(bytes.count - original.count)).first {
        Array(bytes[$0..<$0 + original.count]) == original
      })
    bytes.replaceSubrange(start..<start + original.count, with: unknown)
    let path = directory.appendingPathComponent("unknown.mkv").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let probe = try TestSupport.ffprobeJSON(["-show_streams", path])
    let stream = try #require((probe["streams"] as? [[String: Any]])?.first)
    #expect(stream["codec_name"] == nil || stream["codec_name"] as? String == "none")

    let asset = try Asset(path: path)
    #expect(throws: MediaError.unsupportedCodec(path: path, codec: "none")) {
      try VideoReader(asset: asset)
    }
  }

  @Test("a file cut in the middle of its media data returns what it can")
  func truncated() throws {
    let directory = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let whole = directory.appendingPathComponent("whole.mp4").path
    // The index first (faststart), so a file cut in the media data still opens.
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=s=160x120:r=30:d=2", "-c:v", "libx264", "-preset", "veryfast",
      "-movflags", "+faststart", whole,
    ])
    let data = try Data(contentsOf: URL(fileURLWithPath: whole))
    let path = directory.appendingPathComponent("cut.mp4").path
    try data.prefix(data.count * 6 / 10).write(to: URL(fileURLWithPath: path))

    let reader = try VideoReader(asset: try Asset(path: path))
    var count = 0
    var ended = false
    do {
      while try reader.nextFrame() != nil {
        count += 1
        try #require(count <= 60)
      }
      ended = true
    } catch let error as MediaError {
      guard case .corrupt(let errorPath, _) = error else {
        Issue.record("unexpected error \(error)")
        return
      }
      #expect(errorPath == path)
      ended = true
    }
    #expect(ended)
    #expect(count > 5 && count < 60, "decoded \(count) frames")
    // Random access on the damaged file neither crashes nor hangs.
    _ = try? reader.frame(at: Time(value: 1, timescale: 10))
    _ = try? reader.frame(at: Time(value: 3, timescale: 2))

    // Cut without the index in front: the file is recognised but corrupt.
    let plain = directory.appendingPathComponent("plain.mp4").path
    try TestSupport.ffmpeg(["-i", whole, "-c", "copy", plain])
    let plainData = try Data(contentsOf: URL(fileURLWithPath: plain))
    let plainCut = directory.appendingPathComponent("plaincut.mp4").path
    try plainData.prefix(plainData.count / 2).write(to: URL(fileURLWithPath: plainCut))
    #expect {
      try VideoReader(asset: try Asset(path: plainCut))
    } throws: { error in
      if case .corrupt(let errorPath, _) = error as? MediaError { return errorPath == plainCut }
      return false
    }
  }

  @Test("a picture size change mid-stream is scaled to the track's size")
  func sizeChange() throws {
    let directory = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var joined = Data()
    for size in ["160x120", "96x64"] {
      let part = directory.appendingPathComponent("\(size).ts").path
      try TestSupport.ffmpeg([
        "-f", "lavfi", "-i", "testsrc2=s=\(size):r=30:d=0.3", "-c:v", "libx264", part,
      ])
      joined.append(try Data(contentsOf: URL(fileURLWithPath: part)))
    }
    let path = directory.appendingPathComponent("joined.ts").path
    try joined.write(to: URL(fileURLWithPath: path))
    let probe = try TestSupport.ffprobeJSON([
      "-select_streams", "v:0", "-show_entries", "frame=width", path,
    ])
    let widths = try #require(probe["frames"] as? [[String: Any]]).compactMap {
      ($0["width"] as? NSNumber)?.intValue
    }
    #expect(Set(widths) == [160, 96])

    let reader = try VideoReader(asset: try Asset(path: path))
    #expect(reader.outputWidth == 160 && reader.outputHeight == 120)
    var count = 0
    while let frame = try reader.nextFrame() {
      #expect(frame.image.width == 160 && frame.image.height == 120)
      count += 1
    }
    #expect(count == widths.count)
  }

  @Test("damaged packets are skipped without crashing")
  func damagedPackets() throws {
    let directory = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let whole = directory.appendingPathComponent("whole.mp4").path
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=s=160x120:r=30:d=1", "-c:v", "libx264", "-preset",
      "veryfast", "-movflags", "+faststart", whole,
    ])
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: whole)))
    // Scribble over a stretch of the media data (the index is at the front).
    var state: UInt32 = 12345
    for offset in (bytes.count / 2)..<(bytes.count / 2 + 3000) {
      state = state &* 1_664_525 &+ 1_013_904_223
      bytes[offset] = UInt8(truncatingIfNeeded: state >> 24)
    }
    let path = directory.appendingPathComponent("damaged.mp4").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))

    let reader = try VideoReader(asset: try Asset(path: path))
    var count = 0
    do {
      while try reader.nextFrame() != nil { count += 1 }
    } catch {
      switch error {
      case .corrupt(let errorPath, _), .decodeFailed(let errorPath, _):
        #expect(errorPath == path)
      default: Issue.record("unexpected error \(error)")
      }
    }
    #expect(count > 0 && count <= 30, "decoded \(count) frames")
  }
}

@Suite("VideoReader internals")
struct VideoReaderInternalsTests {
  @Test("untagged frames use BT.709 for HD and BT.601 otherwise; tags win")
  func matrixChoice() throws {
    let frame = try #require(FFFrame())
    let pointer = frame.pointer
    pointer.pointee.format = AV_PIX_FMT_YUV420P.rawValue
    pointer.pointee.colorspace = AVCOL_SPC_UNSPECIFIED
    pointer.pointee.color_range = AVCOL_RANGE_UNSPECIFIED
    (pointer.pointee.width, pointer.pointee.height) = (1280, 720)
    #expect(FrameConverter.colorMatrix(of: pointer) == (SWS_CS_ITU709, false))
    (pointer.pointee.width, pointer.pointee.height) = (720, 576)
    #expect(FrameConverter.colorMatrix(of: pointer) == (SWS_CS_ITU601, false))
    (pointer.pointee.width, pointer.pointee.height) = (1025, 576)
    #expect(FrameConverter.colorMatrix(of: pointer) == (SWS_CS_ITU709, false))
    pointer.pointee.colorspace = AVCOL_SPC_BT470BG
    #expect(FrameConverter.colorMatrix(of: pointer) == (SWS_CS_ITU601, false))
    (pointer.pointee.width, pointer.pointee.height) = (320, 240)
    pointer.pointee.colorspace = AVCOL_SPC_BT709
    pointer.pointee.color_range = AVCOL_RANGE_JPEG
    #expect(FrameConverter.colorMatrix(of: pointer) == (SWS_CS_ITU709, true))
    pointer.pointee.colorspace = AVCOL_SPC_BT2020_NCL
    #expect(FrameConverter.colorMatrix(of: pointer) == (SWS_CS_BT2020, true))
    pointer.pointee.format = AV_PIX_FMT_YUVJ420P.rawValue
    pointer.pointee.color_range = AVCOL_RANGE_UNSPECIFIED
    #expect(FrameConverter.colorMatrix(of: pointer).1 == true)
  }

  /// A mid-stream change to a format swscale cannot read fails the frame, and the converter
  /// is still usable and freed once. (sws_getCachedContext frees the old context before it
  /// fails; the converter used to keep the freed pointer and free it again in deinit.)
  @Test func unconvertibleFormatAfterAGoodFrame() throws {
    let frame = try #require(FFFrame())
    let pointer = frame.pointer
    pointer.pointee.format = AV_PIX_FMT_YUV420P.rawValue
    (pointer.pointee.width, pointer.pointee.height) = (16, 16)
    #expect(av_frame_get_buffer(pointer, 0) >= 0)
    do {
      let converter = FrameConverter(codedWidth: 16, codedHeight: 16, rotation: 0)
      #expect(try converter.convert(pointer).width == 16)
      // A hardware surface format: swscale has no input path for it.
      pointer.pointee.format = AV_PIX_FMT_VAAPI.rawValue
      #expect(throws: FrameConverter.Failure.self) { try converter.convert(pointer) }
      pointer.pointee.format = AV_PIX_FMT_YUV420P.rawValue
      #expect(try converter.convert(pointer).height == 16)
      pointer.pointee.format = AV_PIX_FMT_VAAPI.rawValue
      #expect(throws: FrameConverter.Failure.self) { try converter.convert(pointer) }
    }
    pointer.pointee.format = AV_PIX_FMT_YUV420P.rawValue
  }

  @Test("rotation moves the top-left pixel to the right corner")
  func rotationCorners() throws {
    var image = Image(width: 3, height: 2)
    let marker = BGRA(blue: 1, green: 2, red: 3, alpha: 255)
    image[x: 0, y: 0] = marker
    let quarter = try FrameConverter.rotate(image, clockwise: 90)
    #expect(quarter.width == 2 && quarter.height == 3)
    #expect(quarter[x: 1, y: 0] == marker)  // top-left → top-right when turned clockwise
    let half = try FrameConverter.rotate(image, clockwise: 180)
    #expect(half[x: 2, y: 1] == marker)
    let threeQuarters = try FrameConverter.rotate(image, clockwise: 270)
    #expect(threeQuarters.width == 2 && threeQuarters.height == 3)
    #expect(threeQuarters[x: 0, y: 2] == marker)  // top-left → bottom-left
  }

  @Test("premultiplication rounds c·a/255 to nearest")
  func premultiply() {
    var image = Image(width: 256, height: 1)
    for alpha in 0..<256 {
      image[x: alpha, y: 0] = BGRA(blue: 255, green: 200, red: 1, alpha: UInt8(alpha))
    }
    FrameConverter.premultiply(&image)
    for alpha in 0..<256 {
      let pixel = image[x: alpha, y: 0]
      #expect(Int(pixel.blue) == Int((Double(255 * alpha) / 255).rounded()))
      #expect(Int(pixel.green) == Int((Double(200 * alpha) / 255).rounded()))
      #expect(Int(pixel.red) == Int((Double(1 * alpha) / 255).rounded()))
      #expect(Int(pixel.alpha) == alpha)
    }
  }

  @Test("exact time maths")
  func exactTime() {
    let a = Time(value: 1, timescale: 3)
    let b = Time(value: 1, timescale: 4)
    let difference = ExactTime.difference(a, b)  // 1/12
    #expect(Int128(difference.value) * 12 == Int128(difference.timescale))
    #expect(ExactTime.compare(a, b) == 1)
    #expect(ExactTime.compare(b, a) == -1)
    #expect(ExactTime.compare(Time(value: 2, timescale: 6), a) == 0)
    let timeBase = AVRational(num: 1, den: 15360)
    // 1/3 s + 1/4 s = 7/12 s = 8960 ticks exactly.
    #expect(ExactTime.ticks(a, plus: b, in: timeBase) == 8960)
    // −1/30 s is −512 ticks; −1/31 s rounds down to −496 (−495.48…).
    #expect(
      ExactTime.ticks(
        Time(value: -1, timescale: 30), plus: .init(value: 0, timescale: 1), in: timeBase) == -512)
    #expect(
      ExactTime.ticks(
        Time(value: -1, timescale: 31), plus: .init(value: 0, timescale: 1), in: timeBase) == -496)
  }
}
