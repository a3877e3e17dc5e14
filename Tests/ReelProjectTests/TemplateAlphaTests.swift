import Foundation
import Reel
import ReelCore
import ReelProject
import TestSupport
import Testing

/// Transparency in and out (issue 30): clips whose video carries alpha (ProRes 4444, VP9
/// with alpha in WebM) composite over what is under them by their alpha, and a template with
/// a clear background written with `"alpha": true` reads back (ffmpeg) with that alpha.
@Suite(.serialized) struct TemplateAlphaTests {
  /// The clips' colour where they are opaque, and the background under them.
  static let source = (r: 200, g: 40, b: 120)
  static let background = (r: 32, g: 64, b: 96)
  static let width = 128
  static let height = 64

  /// A 128×64, 0.5 s clip of one colour whose alpha rises by 2 levels a column (column x
  /// has alpha 2x), encoded with `codec` arguments.
  static func rampClip(_ name: String, codec: [String], in folder: URL) throws -> URL {
    let url = folder.appendingPathComponent(name)
    let (r, g, b) = source
    try TestSupport.ffmpeg(
      [
        "-f", "lavfi", "-i",
        "color=black:s=\(width)x\(height):r=10:d=0.5,format=rgba,geq=r=\(r):g=\(g):b=\(b):a='2*X'",
      ] + codec + [url.path])
    return url
  }

  /// The clip's first frame as ffmpeg decodes it (libvpx's decoder for WebM): straight
  /// RGBA, the oracle for the source colour and alpha of every pixel.
  static func decodedSource(_ clip: URL) throws -> [UInt8] {
    var arguments = ["-v", "error"]
    if clip.pathExtension == "webm" { arguments += ["-c:v", "libvpx-vp9"] }
    arguments += ["-i", clip.path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", "-"]
    let output = try TestSupport.run("ffmpeg", arguments)
    try #require(output.status == 0, "\(output.stderr)")
    let bytes = [UInt8](output.stdout)
    try #require(bytes.count == width * height * 4)
    return bytes
  }

  /// The largest difference, in 8-bit levels, between `image` and a·src + (1 − a)·bg over
  /// every pixel, with src and a each pixel's decoded colour and alpha (`source`, straight
  /// RGBA); and the alpha ramp itself checked against the one encoded (2x at column x).
  static func worstRampError(_ image: Image, source: [UInt8]) -> Double {
    var worst = 0.0
    let bg = [background.r, background.g, background.b]
    for y in 0..<image.height {
      for x in 0..<image.width {
        let pixel = image[x: x, y: y]
        let offset = (y * width + x) * 4
        let alpha = Double(source[offset + 3]) / 255
        worst = max(worst, abs(Double(source[offset + 3]) - Double(2 * x)))
        let got = [pixel.red, pixel.green, pixel.blue]
        for channel in 0..<3 {
          let want = alpha * Double(source[offset + channel]) + (1 - alpha) * Double(bg[channel])
          worst = max(worst, abs(Double(got[channel]) - want))
        }
        worst = max(worst, abs(Double(pixel.alpha) - 255))
      }
    }
    return worst
  }

  /// A template showing `clip` over the background colour.
  static func clipTemplate(_ clip: URL, layers: String? = nil) -> String {
    let (r, g, b) = background
    let colour = String(format: "#%02x%02x%02x", r, g, b)
    var text = """
      {"version": 1, "size": [\(width), \(height)], "background": "\(colour)",
       "clips": [{"media": "\(clip.path)"}]
      """
    if let layers { text += ", \"layers\": \(layers)" }
    return text + "}"
  }

  /// The frame at 0.2 s of a template, drawn in-process.
  static func frame(of template: String, in folder: URL) throws -> Image {
    let path = folder.appendingPathComponent("template-\(UUID().uuidString).json")
    try Data(template.utf8).write(to: path)
    let loaded = try Template.load(path: path.path)
    return try MovieRenderer(movie: loaded.movie).frame(at: Time(value: 1, timescale: 5))
  }

  @Test func proRes4444ClipCompositesByItsAlpha() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let clip = try Self.rampClip(
      "ramp.mov", codec: ["-c:v", "prores_ks", "-profile:v", "4444", "-pix_fmt", "yuva444p10le"],
      in: folder)
    let image = try Self.frame(of: Self.clipTemplate(clip), in: folder)
    #expect(Self.worstRampError(image, source: try Self.decodedSource(clip)) <= 2)
  }

  @Test func vp9AlphaClipCompositesByItsAlpha() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let clip = try Self.rampClip(
      "ramp.webm",
      codec: ["-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p", "-lossless", "1"], in: folder)
    let image = try Self.frame(of: Self.clipTemplate(clip), in: folder)
    #expect(Self.worstRampError(image, source: try Self.decodedSource(clip)) <= 2)
  }

  @Test func videoLayerOfAnAlphaClipCompositesByItsAlpha() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let clip = try Self.rampClip(
      "ramp.mov", codec: ["-c:v", "prores_ks", "-profile:v", "4444", "-pix_fmt", "yuva444p10le"],
      in: folder)
    // The video layer shows the composited video, which is the clip over the background.
    let layers = #"[{"type": "color", "color": "white"}, {"type": "video"}]"#
    let image = try Self.frame(of: Self.clipTemplate(clip, layers: layers), in: folder)
    #expect(Self.worstRampError(image, source: try Self.decodedSource(clip)) <= 2)
  }

  /// A hard edge in the alpha, with a colour under the clear side that must never show: a
  /// straight colour averaged across the edge, or alpha applied twice, would leave a fringe.
  @Test func alphaEdgeLeavesNoFringe() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let clip = folder.appendingPathComponent("edge.mov")
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i",
      "color=black:s=\(Self.width)x\(Self.height):r=10:d=0.5,format=rgba,geq=r='if(lt(X,64),0,255)':g='if(lt(X,64),255,0)':b=0:a='if(lt(X,64),0,255)'",
      "-c:v", "prores_ks", "-profile:v", "4444", "-pix_fmt", "yuva444p10le", clip.path,
    ])
    let image = try Self.frame(of: Self.clipTemplate(clip), in: folder)
    let bg = Self.background
    var worst = 0
    for y in 0..<image.height {
      for x in 0..<image.width {
        let pixel = image[x: x, y: y]
        let want = x < 64 ? (bg.r, bg.g, bg.b) : (255, 0, 0)
        worst = max(
          worst, abs(Int(pixel.red) - want.0), abs(Int(pixel.green) - want.1),
          abs(Int(pixel.blue) - want.2))
      }
    }
    #expect(worst <= 2)
  }

  /// A clear-background template with a half-transparent square written with alpha.
  static let clearTemplate = """
    {"version": 1, "size": [\(width), \(height)], "duration": 0.5, "frameRate": 10,
     "background": "clear",
     "layers": [{"type": "color", "color": "#c82878", "frame": [0, 0, 64, 64], "opacity": 0.5},
                {"type": "color", "color": "#20c040", "frame": [96, 16, 32, 32]}],
     "export": {"alpha": true}}
    """

  /// The expected straight RGBA at column x, row y of the clear template.
  static func clearExpected(x: Int, y: Int) -> (r: Int, g: Int, b: Int, a: Double)? {
    if x < 64 { return (0xc8, 0x28, 0x78, 127.5) }
    if x >= 96, y >= 16, y < 48 { return (0x20, 0xc0, 0x40, 255) }
    if x >= 64, x < 96 { return (0, 0, 0, 0) }
    return nil
  }

  /// Decodes every frame of `url` to straight RGBA with ffmpeg (with libvpx's decoder for
  /// WebM, which reads the alpha).
  static func rgbaFrames(_ url: URL) throws -> [[UInt8]] {
    var arguments = ["-v", "error"]
    if url.pathExtension == "webm" { arguments += ["-c:v", "libvpx-vp9"] }
    arguments += ["-i", url.path, "-f", "rawvideo", "-pix_fmt", "rgba", "-"]
    let output = try TestSupport.run("ffmpeg", arguments)
    try #require(output.status == 0, "ffmpeg decode failed: \(output.stderr)")
    let size = width * height * 4
    let data = [UInt8](output.stdout)
    return stride(from: 0, to: data.count - size + 1, by: size).map {
      Array(data[$0..<($0 + size)])
    }
  }

  /// Exports the clear template to `name` and checks the alpha and colour ffmpeg reads back.
  func checkClearExport(
    _ name: String, codec: String, pixelFormat: String, template: String = clearTemplate
  ) async throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("clear.json")
    try Data(template.utf8).write(to: path)
    let loaded = try Template.load(path: path.path)
    let output = folder.appendingPathComponent(name)
    let session = ExportSession(
      movie: loaded.movie, outputURL: output, settings: loaded.exportSettings)
    _ = try await session.export()
    let probe = try TestSupport.ffprobeJSON(["-show_streams", output.path])
    let stream = try #require((probe["streams"] as? [[String: Any]])?.first)
    #expect(stream["codec_name"] as? String == codec)
    if pixelFormat == "yuva420p" {
      // VP9 keeps its alpha beside the picture: the track is marked, the picture is 4:2:0.
      let tags = stream["tags"] as? [String: Any]
      #expect((tags?["alpha_mode"] ?? tags?["ALPHA_MODE"]) as? String == "1")
    } else {
      #expect(stream["pix_fmt"] as? String == pixelFormat)
    }
    let frames = try Self.rgbaFrames(output)
    #expect(frames.count == 5)
    var worstAlpha = 0.0
    var worstColour = 0
    for frame in frames {
      for y in 0..<Self.height {
        for x in 0..<Self.width {
          guard let want = Self.clearExpected(x: x, y: y) else { continue }
          // Away from the edges, where 4:2:0 chroma and the encoder smooth across them.
          let nearEdge =
            [64, 96].contains { abs(x - $0) <= 2 }
            || [16, 48].contains {
              abs(y - $0) <= 2 && x >= 94
            }
          if nearEdge { continue }
          let offset = (y * Self.width + x) * 4
          worstAlpha = max(worstAlpha, abs(Double(frame[offset + 3]) - want.a))
          if want.a > 0 {
            worstColour = max(
              worstColour, abs(Int(frame[offset]) - want.r), abs(Int(frame[offset + 1]) - want.g),
              abs(Int(frame[offset + 2]) - want.b))
          }
        }
      }
    }
    #expect(worstAlpha <= 2)
    // The half-opaque colour is drawn premultiplied in 8 bits: straight, it moves in steps
    // of 2 levels there, before the encoder's own error.
    #expect(worstColour <= 4)
  }

  @Test func clearTemplateWritesProRes4444WithAlpha() async throws {
    try await checkClearExport("clear.mov", codec: "prores", pixelFormat: "yuva444p12le")
  }

  @Test func clearTemplateWritesVP9WithAlpha() async throws {
    try await checkClearExport("clear.webm", codec: "vp9", pixelFormat: "yuva420p")
  }

  /// The `prores4444` preset keeps alpha without `"alpha": true`: the same file.
  @Test func proRes4444PresetKeepsAlpha() async throws {
    try await checkClearExport(
      "clear.mov", codec: "prores", pixelFormat: "yuva444p12le",
      template: Self.clearTemplate.replacingOccurrences(
        of: #""alpha": true"#, with: #""preset": "prores4444""#))
  }

  @Test func alphaWithACodecThatCannotCarryItIsRefused() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("clear.json")
    let text = Self.clearTemplate.replacingOccurrences(
      of: #""alpha": true"#, with: #""alpha": true, "codec": "h264""#)
    try Data(text.utf8).write(to: path)
    // The template's checks build the export plan, so loading already refuses it.
    #expect {
      try Template.load(path: path.path)
    } throws: { error in
      "\(error)".contains("prores4444") && "\(error)".contains("h264")
    }
  }
}
