import Foundation
import Reel
import ReelCore
import ReelProject
import TestSupport
import Testing

/// GIF, animated WebP and APNG outputs (issue 30): the extension chooses, the export's
/// `frameRate`, `width` and `loop` are honoured, the frames stay close to the RGB render, and
/// a GIF is no larger than ffmpeg's own two-pass palette GIF of the same frames × 1.1.
///
/// Frame counts, delays and loop counts are read from the files' own structures (GIF's
/// graphic control extensions and NETSCAPE2.0 block, WebP's ANIM/ANMF chunks, APNG's acTL
/// and fcTL chunks): FFmpeg 5.1 cannot read animated WebP, and ffprobe does not report loop
/// counts, so the formats' specifications are the oracle there; ffprobe counts GIF and APNG
/// frames too.
@Suite(.serialized) struct TemplateAnimatedImageTests {
  /// A 320×180, 2 s, 30 fps moving test pattern.
  static func sourceClip(in folder: URL) throws -> URL {
    let url = folder.appendingPathComponent("source.mp4")
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=s=320x180:r=30:d=2", "-c:v", "libx264", "-preset",
      "ultrafast", "-crf", "10", "-pix_fmt", "yuv420p", url.path,
    ])
    return url
  }

  static func template(clip: URL, export: String, background: String = "black") -> String {
    """
    {"version": 1, "background": "\(background)", "clips": [{"media": "\(clip.path)"}],
     "export": \(export)}
    """
  }

  /// Loads `text`, exports it to `name` and returns the output and the movie.
  static func export(_ text: String, to name: String, in folder: URL) async throws -> (
    URL, LoadedTemplate
  ) {
    let path = folder.appendingPathComponent("t-\(UUID().uuidString).json")
    try Data(text.utf8).write(to: path)
    let loaded = try Template.load(path: path.path)
    let output = folder.appendingPathComponent(name)
    _ = try await ExportSession(
      movie: loaded.movie, outputURL: output, settings: loaded.exportSettings
    ).export()
    return (output, loaded)
  }

  // MARK: File structures

  /// GIF: each frame's delay in centiseconds (graphic control extensions) and the
  /// NETSCAPE2.0 repeat count (nil when absent: played once).
  static func gifTiming(_ data: [UInt8]) -> (delays: [Int], repeats: Int?) {
    var delays: [Int] = []
    var repeats: Int?
    var index = 0
    while index + 8 < data.count {
      if data[index] == 0x21, data[index + 1] == 0xF9, data[index + 2] == 4 {
        delays.append(Int(data[index + 4]) | Int(data[index + 5]) << 8)
        index += 8
        continue
      }
      if data[index] == 0x21, data[index + 1] == 0xFF, data[index + 2] == 11,
        index + 18 < data.count,
        String(decoding: data[(index + 3)..<(index + 14)], as: UTF8.self) == "NETSCAPE2.0"
      {
        repeats = Int(data[index + 16]) | Int(data[index + 17]) << 8
        index += 19
        continue
      }
      index += 1
    }
    return (delays, repeats)
  }

  /// WebP: the ANIM loop count and each ANMF frame's duration in milliseconds.
  static func webpTiming(_ data: [UInt8]) -> (loops: Int?, durations: [Int]) {
    var loops: Int?
    var durations: [Int] = []
    var index = 12
    while index + 8 <= data.count {
      let tag = String(decoding: data[index..<(index + 4)], as: UTF8.self)
      let size =
        Int(data[index + 4]) | Int(data[index + 5]) << 8 | Int(data[index + 6]) << 16
        | Int(data[index + 7]) << 24
      let body = index + 8
      if tag == "ANIM", body + 6 <= data.count {
        loops = Int(data[body + 4]) | Int(data[body + 5]) << 8
      } else if tag == "ANMF", body + 15 <= data.count {
        durations.append(
          Int(data[body + 12]) | Int(data[body + 13]) << 8 | Int(data[body + 14]) << 16)
      }
      index = body + size + (size & 1)
    }
    return (loops, durations)
  }

  /// APNG: the acTL frame count and plays, and each fcTL delay in seconds.
  static func apngTiming(_ data: [UInt8]) -> (frames: Int?, plays: Int?, delays: [Double]) {
    func big32(_ at: Int) -> Int {
      Int(data[at]) << 24 | Int(data[at + 1]) << 16 | Int(data[at + 2]) << 8 | Int(data[at + 3])
    }
    var frames: Int?
    var plays: Int?
    var delays: [Double] = []
    var index = 8
    while index + 8 <= data.count {
      let size = big32(index)
      let tag = String(decoding: data[(index + 4)..<(index + 8)], as: UTF8.self)
      let body = index + 8
      if tag == "acTL" {
        frames = big32(body)
        plays = big32(body + 4)
      } else if tag == "fcTL", body + 24 <= data.count {
        let numerator = Int(data[body + 20]) << 8 | Int(data[body + 21])
        var denominator = Int(data[body + 22]) << 8 | Int(data[body + 23])
        if denominator == 0 { denominator = 100 }
        delays.append(Double(numerator) / Double(denominator))
      }
      index = body + size + 4
    }
    return (frames, plays, delays)
  }

  /// How many frames ffprobe decodes.
  static func probedFrameCount(_ url: URL) throws -> Int? {
    let probe = try TestSupport.ffprobeJSON([
      "-count_frames", "-select_streams", "v:0", "-show_streams", url.path,
    ])
    let stream = (probe["streams"] as? [[String: Any]])?.first
    return (stream?["nb_read_frames"] as? String).flatMap { Int($0) }
  }

  /// PSNR in dB between an RGB24 frame and a premultiplied opaque image of the same size.
  static func psnr(_ frame: MediaOracle.RGBFrame, _ image: Image) -> Double {
    var squared = 0.0
    for y in 0..<frame.height {
      for x in 0..<frame.width {
        let got = frame[x, y]
        let want = image[x: x, y: y]
        for (a, b) in [(got.r, want.red), (got.g, want.green), (got.b, want.blue)] {
          let difference = Double(a) - Double(b)
          squared += difference * difference
        }
      }
    }
    let mean = squared / Double(frame.width * frame.height * 3)
    return mean == 0 ? 99 : 10 * log10(255 * 255 / mean)
  }

  // MARK: Tests

  @Test func gifHasTheAskedRateSizeAndLoopCount() async throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let clip = try Self.sourceClip(in: folder)
    let (gif, _) = try await Self.export(
      Self.template(clip: clip, export: #"{"frameRate": 15, "width": 160, "loop": 3}"#),
      to: "out.gif", in: folder)
    #expect(try MediaOracle.videoSize(gif) == (160, 90))
    #expect(try Self.probedFrameCount(gif) == 30)
    let timing = Self.gifTiming([UInt8](try Data(contentsOf: gif)))
    #expect(timing.delays.count == 30)
    // 1/15 s is 6⅔ centiseconds: delays of 6 and 7 that add up to the movie's 2 s.
    #expect(timing.delays.allSatisfy { $0 == 6 || $0 == 7 })
    #expect(abs(timing.delays.reduce(0, +) - 200) <= 1)
    // Three plays: the first and two repeats.
    #expect(timing.repeats == 2)
  }

  @Test func gifPlaysForEverByDefaultAndOnceWhenAsked() async throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let clip = try Self.sourceClip(in: folder)
    let (forever, _) = try await Self.export(
      Self.template(clip: clip, export: #"{"frameRate": 5, "width": 64}"#), to: "a.gif",
      in: folder)
    #expect(Self.gifTiming([UInt8](try Data(contentsOf: forever))).repeats == 0)
    let (once, _) = try await Self.export(
      Self.template(clip: clip, export: #"{"frameRate": 5, "width": 64, "loop": 1}"#),
      to: "b.gif", in: folder)
    #expect(Self.gifTiming([UInt8](try Data(contentsOf: once))).repeats == nil)
  }

  /// Every dithered GIF frame within 30 dB PSNR of the RGB render, and the file no larger
  /// than ffmpeg's two-pass palette GIF of the same frames (taken losslessly from Reel's
  /// APNG of the template) × 1.1.
  @Test func gifFramesAreCloseToTheRenderAndNoLargerThanFFmpegs() async throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let clip = try Self.sourceClip(in: folder)
    let text = Self.template(clip: clip, export: #"{"frameRate": 15}"#)
    let (gif, loaded) = try await Self.export(text, to: "out.gif", in: folder)
    let frames = try MediaOracle.frames(gif)
    try #require(frames.count == 30)
    let renderer = try MovieRenderer(movie: loaded.movie)
    var worst = 99.0
    for (index, frame) in frames.enumerated() {
      let image = try renderer.frame(at: Time(value: Int64(index), timescale: 15))
      worst = min(worst, Self.psnr(frame, image))
    }
    #expect(worst >= 30, "worst frame \(worst) dB")

    let (apng, _) = try await Self.export(text, to: "same.apng", in: folder)
    let palette = folder.appendingPathComponent("palette.png")
    let reference = folder.appendingPathComponent("ffmpeg.gif")
    try TestSupport.ffmpeg(["-i", apng.path, "-vf", "palettegen", palette.path])
    try TestSupport.ffmpeg([
      "-i", apng.path, "-i", palette.path, "-lavfi", "[0][1]paletteuse", reference.path,
    ])
    let ours = try FileManager.default.attributesOfItem(atPath: gif.path)[.size] as? Int ?? 0
    let theirs =
      try FileManager.default.attributesOfItem(atPath: reference.path)[.size] as? Int ?? 0
    #expect(ours > 0 && Double(ours) <= Double(theirs) * 1.1, "\(ours) vs \(theirs) bytes")
  }

  @Test func apngIsLosslessWithItsTimingAndPlays() async throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let clip = try Self.sourceClip(in: folder)
    let (apng, loaded) = try await Self.export(
      Self.template(clip: clip, export: #"{"frameRate": 10, "loop": 2}"#), to: "out.apng",
      in: folder)
    let timing = Self.apngTiming([UInt8](try Data(contentsOf: apng)))
    #expect(timing.frames == 20)
    #expect(timing.plays == 2)
    #expect(timing.delays.count == 20)
    #expect(timing.delays.allSatisfy { abs($0 - 0.1) < 0.001 })
    #expect(try Self.probedFrameCount(apng) == 20)
    let frames = try MediaOracle.frames(apng)
    let renderer = try MovieRenderer(movie: loaded.movie)
    for index in [0, 7, 19] {
      let image = try renderer.frame(at: Time(value: Int64(index), timescale: 10))
      #expect(Self.psnr(frames[index], image) >= 60, "frame \(index)")
    }
  }

  @Test func webpHasItsFramesDurationsAndLoopCount() async throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let clip = try Self.sourceClip(in: folder)
    let (webp, _) = try await Self.export(
      Self.template(clip: clip, export: #"{"frameRate": 10, "width": 160, "loop": 0}"#),
      to: "out.webp", in: folder)
    let timing = Self.webpTiming([UInt8](try Data(contentsOf: webp)))
    #expect(timing.loops == 0)
    #expect(timing.durations.count == 20)
    #expect(timing.durations.allSatisfy { $0 == 100 })
  }

  @Test func clearBackgroundGIFIsTransparentWhereNothingIs() async throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = """
      {"version": 1, "size": [64, 32], "duration": 0.4, "frameRate": 10, "background": "clear",
       "layers": [{"type": "color", "color": "#ff0000", "frame": [0, 0, 32, 32]}],
       "export": {"alpha": true}}
      """
    let path = folder.appendingPathComponent("clear.json")
    try Data(text.utf8).write(to: path)
    let loaded = try Template.load(path: path.path)
    let gif = folder.appendingPathComponent("clear.gif")
    _ = try await ExportSession(
      movie: loaded.movie, outputURL: gif, settings: loaded.exportSettings
    ).export()
    let output = try TestSupport.run(
      "ffmpeg",
      ["-v", "error", "-i", gif.path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
    let bytes = [UInt8](output.stdout)
    try #require(bytes.count == 64 * 32 * 4)
    // Left half opaque red, right half clear.
    #expect(bytes[3] == 255 && bytes[0] >= 250 && bytes[1] <= 5)
    #expect(bytes[(10 * 64 + 50) * 4 + 3] == 0)
  }

  @Test func animatedImagesRefuseACRF() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let clip = try Self.sourceClip(in: folder)
    let path = folder.appendingPathComponent("crf.json")
    try Data(Self.template(clip: clip, export: #"{"crf": 20}"#).utf8).write(to: path)
    let loaded = try Template.load(path: path.path)
    #expect {
      try loaded.exportSettings.validate(loaded.movie, fileExtension: "gif")
    } throws: { error in
      "\(error)".contains("GIF has no constant rate factor")
    }
  }
}
