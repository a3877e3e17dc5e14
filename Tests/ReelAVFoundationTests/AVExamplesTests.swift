import Foundation
import TestSupport
import Testing

/// The writer and reader examples in Examples/AVFoundation/ (ImagesToVideo, ReverseClip,
/// Reencode), run as the programs they are on generated media, their output checked with
/// ffmpeg / ffprobe.
@Suite("AVFoundation writer and reader examples", .serialized)
struct AVExamplesTests {
  static func run(
    _ program: String, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
  )
    throws
  {
    let result = try TestSupport.run(
      TestSupport.builtExecutable(program).path, arguments, timeout: 600)
    #expect(result.status == 0, "\(result.stdout) \(result.stderr)", sourceLocation: sourceLocation)
  }

  /// Mean |Δ| over every channel of two frames of one size.
  static func meanDifference(_ a: MediaOracle.RGBFrame, _ b: MediaOracle.RGBFrame) -> Double {
    var total = 0
    for (x, y) in zip(a.bytes, b.bytes) { total += abs(Int(x) - Int(y)) }
    return Double(total) / Double(a.bytes.count)
  }

  @Test("ImagesToVideo: each image aspect-fit on black, held for its own duration")
  func imagesToVideo() throws {
    let folder = try MediaOracle.folder()
    var images: [String] = []
    for (name, color, size) in [
      ("a.png", "0xC83228", "320x240"), ("b.png", "0x2850DC", "160x240"),
      ("c.png", "0x3CB45A", "640x480"),
    ] {
      let path = folder.appendingPathComponent(name).path
      try TestSupport.ffmpeg([
        "-f", "lavfi", "-i", "color=c=\(color):size=\(size)", "-frames:v", "1", path,
      ])
      images.append(path)
    }
    let output = folder.appendingPathComponent("slides.mp4")
    try Self.run("ImagesToVideo", [output.path, "320", "240", "1,0.5,1.5"] + images)
    #expect(try AVAssetWriterTests.frameTimes(output) == [0, 1, 1.5])
    // endSession at 3 s: the last image is held for its 1.5 s.
    #expect(abs(try MediaOracle.duration(output) - 3) < 0.01)
    let frames = try MediaOracle.frames(output)
    try #require(frames.count == 3)
    // Each image's own colour, as ffmpeg decodes the PNG; Reel's BGRA → 4:2:0 conversion
    // and x264 at CRF 18 keep flat colours within 2 levels (measured: 2 darker).
    let colours = try images.map { path in
      let image = try #require(try MediaOracle.frames(URL(fileURLWithPath: path)).first)
      return image.mean(x: 0, y: 0, width: image.width, height: image.height)
    }
    func close(_ a: (r: Double, g: Double, b: Double), _ b: (r: Double, g: Double, b: Double))
      -> Bool
    { abs(a.r - b.r) <= 2.5 && abs(a.g - b.g) <= 2.5 && abs(a.b - b.b) <= 2.5 }
    let first = frames[0].mean(x: 0, y: 0, width: 320, height: 240)
    #expect(close(first, colours[0]), "\(first) vs \(colours[0])")
    // 160×240 fits 160×240 in the middle: black bars of 80 pixels either side.
    let bar = frames[1].mean(x: 0, y: 0, width: 72, height: 240)
    let middle = frames[1].mean(x: 88, y: 0, width: 144, height: 240)
    #expect(close(bar, (0, 0, 0)), "\(bar)")
    #expect(close(middle, colours[1]), "\(middle) vs \(colours[1])")
    let third = frames[2].mean(x: 0, y: 0, width: 320, height: 240)
    #expect(close(third, colours[2]), "\(third) vs \(colours[2])")
  }

  @Test("ReverseClip: the reversed copy's first frame is the source's last, every frame kept")
  func reverseClip() throws {
    let folder = try MediaOracle.folder()
    let source = try AVTestMedia.clip(
      "source.mp4", in: folder, video: "testsrc2=size=320x240:rate=30:duration=1")
    let output = folder.appendingPathComponent("reversed.mov")
    try Self.run("ReverseClip", [source.path, output.path])
    let forward = try MediaOracle.frames(source)
    let backward = try MediaOracle.frames(output)
    #expect(backward.count == forward.count)
    #expect(forward.count == 30)
    let times = try AVAssetWriterTests.frameTimes(output)
    #expect(times.count == 30)
    for (index, time) in times.enumerated() { #expect(abs(time - Double(index) / 30) < 1e-6) }
    // Frame k of the copy is frame 29 − k of the source (re-encoded: within a few levels;
    // neighbouring frames of the moving pattern differ by far more).
    for k in [0, 7, 15, 29] where k < backward.count {
      let same = Self.meanDifference(backward[k], forward[29 - k])
      #expect(same < 3, "frame \(k): mean |Δ| \(same)")
      if k < 29 {
        #expect(Self.meanDifference(backward[k], forward[28 - k]) > same)
      }
    }
  }

  @Test("Reencode: a read → write round trip keeps the frame count and times (variable rate too)")
  func reencodeRoundTrip() throws {
    let folder = try MediaOracle.folder()
    // 20 frames at 30 fps with a 1/3 s hole after the tenth: variable frame rate.
    let source = folder.appendingPathComponent("vfr.mp4")
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30:duration=0.6667",
      "-f", "lavfi", "-i", "sine=frequency=1000:sample_rate=48000:duration=1",
      "-vf", "setpts='if(lt(N,10),N,N+10)/(30*TB)'", "-fps_mode", "vfr", "-frames:v", "20",
      "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", source.path,
    ])
    let sourceTimes = try AVAssetWriterTests.frameTimes(source)
    #expect(sourceTimes.count == 20)
    let output = folder.appendingPathComponent("reencoded.mp4")
    try Self.run("Reencode", [source.path, output.path, "3000000"])
    let times = try AVAssetWriterTests.frameTimes(output)
    #expect(times.count == sourceTimes.count)
    for (a, b) in zip(times, sourceTimes) { #expect(abs(a - b) < 1e-6, "\(a) vs \(b)") }
    let streams = try MediaOracle.streams(output)
    #expect(streams.contains { ($0["codec_name"] as? String) == "h264" })
    #expect(
      streams.contains {
        ($0["codec_name"] as? String) == "aac" && ($0["sample_rate"] as? String) == "44100"
          && ($0["channels"] as? Int) == 2
      })
    let before = try MediaOracle.frames(source)
    let after = try MediaOracle.frames(output)
    #expect(after.count == before.count)
    for (a, b) in zip(after, before) { #expect(Self.meanDifference(a, b) < 3) }
  }
}

extension AVExamplesTests {
  @Test("FilteredLook: a sepia look through applyingCIFiltersWithHandler, every frame")
  func filteredLook() throws {
    let folder = try MediaOracle.folder()
    let source = try MediaOracle.makeClip(
      "flat.mp4", in: folder, video: "color=c=0x4080C0:size=320x240:rate=10:duration=0.5")
    let output = folder.appendingPathComponent("look.mp4")
    try Self.run("FilteredLook", [source.path, output.path, "0.8"])
    let frames = try MediaOracle.frames(output)
    #expect(frames.count == 5)
    let want = CoreImageTests.sepia(0x40, 0x80, 0xC0, intensity: 0.8)
    for frame in frames {
      let (r, g, b) = frame[160, 120]
      #expect(
        abs(r - want[0]) <= 4 && abs(g - want[1]) <= 4 && abs(b - want[2]) <= 4,
        "\(r) \(g) \(b) for \(want)")
    }
  }
}

extension AVExamplesTests {
  @Test("CustomDissolve: a hand-written cross-dissolve on pixel buffers, weights by time")
  func customDissolve() throws {
    let folder = try MediaOracle.folder()
    let first = try MediaOracle.makeClip(
      "first.mp4", in: folder, video: "color=c=0xC83228:size=320x240:rate=30:duration=1")
    let second = try MediaOracle.makeClip(
      "second.mp4", in: folder, video: "color=c=0x2850DC:size=320x240:rate=30:duration=1")
    let output = folder.appendingPathComponent("dissolve.mp4")
    try Self.run("CustomDissolve", [first.path, second.path, output.path, "0.5"])
    // The sources as ffmpeg decodes them: the mix is made of these.
    let a = try #require(try MediaOracle.frames(first).first).mean(
      x: 150, y: 110, width: 20, height: 20)
    let b = try #require(try MediaOracle.frames(second).first).mean(
      x: 150, y: 110, width: 20, height: 20)
    let frames = try MediaOracle.frames(output)
    // 1 s + 1 s overlapping by 0.5 s: 1.5 s at 30 fps.
    #expect(frames.count == 45)
    for (index, frame) in frames.enumerated() {
      // Frame n at n/30 s; the dissolve runs over [0.5, 1) s with weight (t − 0.5) / 0.5
      // (the example rounds it to 1/256), A alone before, B alone after.
      let t = Double(index) / 30
      let weight = min(1, max(0, (t - 0.5) / 0.5))
      let want = (
        r: a.r * (1 - weight) + b.r * weight, g: a.g * (1 - weight) + b.g * weight,
        b: a.b * (1 - weight) + b.b * weight
      )
      let got = frame.mean(x: 150, y: 110, width: 20, height: 20)
      // Mixed in 8-bit BGRA, then 4:2:0 again: within 3 levels (measured: at most 4 on G).
      #expect(
        abs(got.r - want.r) <= 5 && abs(got.g - want.g) <= 5 && abs(got.b - want.b) <= 5,
        "frame \(index) (weight \(weight)): \(got) for \(want)")
    }
  }
}

extension AVExamplesTests {
  @Test("GreenScreen: a CIColorCube hue-band key over a background clip, and ffmpeg's chromakey")
  func greenScreen() throws {
    let folder = try MediaOracle.folder()
    // A red subject in front of a green screen, and a flat blue background: 5 frames each.
    let subject = try MediaOracle.makeClip(
      "subject.mp4", in: folder,
      video:
        "color=c=0x00FF00:size=320x240:rate=10:duration=0.5,drawbox=x=110:y=70:w=100:h=100:color=0xC83228:t=fill"
    )
    let scenery = try MediaOracle.makeClip(
      "scenery.mp4", in: folder, video: "color=c=0x2850DC:size=320x240:rate=10:duration=0.5")
    let output = folder.appendingPathComponent("keyed.mp4")
    try Self.run("GreenScreen", [subject.path, scenery.path, output.path])
    let frames = try MediaOracle.frames(output)
    #expect(frames.count == 5)
    let background = try #require(try MediaOracle.frames(scenery).first)
    let foreground = try #require(try MediaOracle.frames(subject).first)
    // ffmpeg's own key of the same frame (UV distance 0.2 from pure green, no blend), over the
    // same background: the oracle for the whole picture.
    let ffmpegKeyed = folder.appendingPathComponent("ffmpeg-keyed.png")
    try TestSupport.ffmpeg([
      "-i", subject.path, "-i", scenery.path, "-filter_complex",
      "[0:v]chromakey=color=0x00FF00:similarity=0.2:blend=0[k];[1:v][k]overlay=format=auto",
      "-frames:v", "1", ffmpegKeyed.path,
    ])
    let oracle = try #require(try MediaOracle.frames(ffmpegKeyed).first)
    for (index, frame) in frames.enumerated() {
      var worstKeyed = 0
      var worstSubject = 0
      for y in stride(from: 0, to: 240, by: 2) {
        for x in stride(from: 0, to: 320, by: 2) {
          let got = frame[x, y]
          // 8 pixels clear of the subject's edge (4:2:0 chroma mixes the edge pixels).
          let outside = x < 102 || x >= 218 || y < 62 || y >= 178
          let inside = x >= 118 && x < 202 && y >= 78 && y < 162
          let want = outside ? background[x, y] : inside ? foreground[x, y] : nil
          guard let want else { continue }
          let difference = max(
            abs(got.r - want.r), abs(got.g - want.g), abs(got.b - want.b))
          if outside {
            worstKeyed = max(worstKeyed, difference)
          } else {
            worstSubject = max(worstSubject, difference)
          }
        }
      }
      // Keyed pixels are the background's, the subject's are kept: within 4 levels (the
      // export's 4:2:0 round trip; measured 2 and 3).
      #expect(worstKeyed <= 4, "frame \(index): keyed pixels off by up to \(worstKeyed)")
      #expect(worstSubject <= 4, "frame \(index): subject pixels off by up to \(worstSubject)")
      // Against ffmpeg's chromakey over the whole frame, edges included: mean |Δ| 2.02
      // measured (the export's 2-level offset; a few edge pixels one keys and the other
      // keeps), see docs/filters.md.
      let mean = Self.meanDifference(frame, oracle)
      #expect(mean < 3, "frame \(index): mean |Δ| \(mean) against ffmpeg's chromakey")
    }
  }
}
