import Foundation
import TestSupport
import Testing

/// What the tool prints (issue 10): one line per message whatever the values in it,
/// repeated warnings summarised, FFmpeg's own log only with `--verbose`, paths as given,
/// and JSON-style times on the command line.
@Suite("reel messages")
struct MessageTrustTests {
  /// Runs `reel` with extra environment variables.
  static func reel(_ arguments: [String], environment: [String: String]) throws
    -> (status: Int32, stdout: String, stderr: String)
  {
    let output = try TestSupport.reel(arguments, environment: environment)
    return (output.status, String(decoding: output.stdout, as: UTF8.self), output.stderr)
  }

  /// A PNG whose header says 30000×30000 (a 16×16 PNG made by ffmpeg with its IHDR
  /// rewritten and its checksum fixed).
  static func hugePNG(in folder: URL) throws -> URL {
    let small = folder.appendingPathComponent("small.png")
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "color=red:s=16x16", "-frames:v", "1", small.path,
    ])
    var bytes = [UInt8](try Data(contentsOf: small))
    // Signature (8), chunk length (4), "IHDR" (4): width and height follow.
    let header = 12
    #expect(Array(bytes[header..<(header + 4)]) == Array("IHDR".utf8))
    for (offset, value) in [(16, UInt32(30000)), (20, UInt32(30000))] {
      withUnsafeBytes(of: value.bigEndian) {
        bytes.replaceSubrange(offset..<(offset + 4), with: $0)
      }
    }
    let crc = crc32(bytes[header..<(header + 17)])
    withUnsafeBytes(of: crc.bigEndian) { bytes.replaceSubrange(29..<33, with: $0) }
    let url = folder.appendingPathComponent("huge.png")
    try Data(bytes).write(to: url)
    return url
  }

  /// CRC-32 (ISO 3309), as PNG chunks use.
  static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  // MARK: Control characters

  /// A value with a newline is one line, escaped: errors, usage errors and warnings.
  @Test func controlCharactersInValuesAreEscaped() throws {
    let template = try CLITestSupport.writeTemplate(
      #"""
      { "version": 1, "size": [64, 64], "duration": 1, "background": "re\nd\u001b[31m",
        "layers": [ { "type": "text", "text": "hi", "font": { "file": "no\tne\n.ttf" } } ] }
      """#)
    let invalid = try TestSupport.reel(["validate", template.path])
    #expect(invalid.status == 3)
    let lines = invalid.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 2, "\(invalid.stderr)")
    #expect(
      lines[0].hasPrefix("reel: \(template.path):1:") && lines[0].contains(#"re\nd\u{1B}[31m"#))
    #expect(!invalid.stderr.contains("\u{1B}"))

    let fixed = try CLITestSupport.writeTemplate(
      #"""
      { "version": 1, "size": [64, 64], "duration": 1,
        "layers": [ { "type": "text", "text": "hi", "font": { "file": "no\tne\n.ttf" } } ] }
      """#)
    let warned = try TestSupport.reel(["validate", fixed.path])
    #expect(warned.status == 0)
    #expect(warned.stderr.split(separator: "\n").count == 1, "\(warned.stderr)")
    #expect(warned.stderr.contains(#"no\tne\n.ttf"#))

    let usage = try TestSupport.reel(["validate", fixed.path, "--set", "a\nb"])
    #expect(usage.status == 2)
    #expect(usage.stderr == "reel: validate: --set needs NAME=VALUE (got 'a\\nb')\n")
  }

  // MARK: Warnings

  /// 60 cues after the movie's end: one line with the first and the count.
  @Test func repeatedWarningsAreSummarisedInOneLine() throws {
    let template = try CLITestSupport.writeTemplate(
      """
      { "version": 1, "size": [64, 64], "duration": 1, "frameRate": 10,
        "subtitles": [ { "file": "late.srt" } ] }
      """)
    let folder = template.deletingLastPathComponent()
    var srt = ""
    func clock(_ seconds: Int) -> String {
      String(format: "00:%02d:%02d,000", seconds / 60, seconds % 60)
    }
    for index in 1...60 {
      srt += "\(index)\n\(clock(10 + index)) --> \(clock(11 + index))\nlate \(index)\n\n"
    }
    try Data(srt.utf8).write(to: folder.appendingPathComponent("late.srt"))

    let validate = try TestSupport.reel(["validate", template.path])
    #expect(validate.status == 0, "\(validate.stderr)")
    let expected =
      "reel: warning: \(template.path): subtitles[0].file: cue 1 starts at 11 s, after the movie ends (1 s); it is not shown (and 59 more like this)\n"
    #expect(validate.stderr == expected)

    let out = folder.appendingPathComponent("late.mp4").path
    let render = try TestSupport.reel(["render", template.path, "-o", out, "--quiet"])
    #expect(render.status == 0, "\(render.stderr)")
    #expect(render.stderr == expected)
  }

  // MARK: FFmpeg's log

  /// FFmpeg's `[IMGUTILS @ 0x…] Picture size 30000x30000 is invalid` is never printed by
  /// default (nor with the old environment variable), and is with `--verbose`.
  @Test func ffmpegLogOnlyWithVerbose() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-log")
    let image = try Self.hugePNG(in: folder)
    let template = folder.appendingPathComponent("t.json")
    try Data(
      """
      { "version": 1, "size": [64, 64], "duration": 1,
        "layers": [ { "type": "image", "image": "huge.png" } ] }
      """.utf8
    ).write(to: template)

    for arguments in [["validate", template.path], ["probe", image.path]] {
      let quiet = try Self.reel(arguments, environment: ["REEL_FFMPEG_LOG": "debug"])
      #expect(!quiet.stderr.contains("@ 0x") && !quiet.stderr.contains("ffmpeg"), "\(quiet.stderr)")
      let verbose = try Self.reel(arguments + ["--verbose"], environment: [:])
      #expect(verbose.status == quiet.status)
      let lines = verbose.stderr.split(separator: "\n")
      #expect(
        lines.contains {
          $0.hasPrefix("reel: ffmpeg: [") && $0.contains("Picture size 30000x30000 is invalid")
        },
        "\(verbose.stderr)")
      // Reel's own message is still there, once.
      #expect(
        lines.filter { !$0.hasPrefix("reel: ffmpeg: ") } == quiet.stderr.split(separator: "\n"))
    }
  }

  @Test func verboseMayComeBeforeTheCommand() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-log")
    let image = try Self.hugePNG(in: folder)
    let result = try TestSupport.reel(["--verbose", "probe", image.path])
    #expect(result.stderr.contains("reel: ffmpeg: "), "\(result.stderr)")
  }

  @Test(arguments: ["render", "frame", "validate", "schema", "probe", "demo"])
  func everyCommandDocumentsAndTakesVerbose(command: String) throws {
    let help = try TestSupport.reel([command, "--help", "--verbose"])
    #expect(help.status == 0)
    #expect(help.stdoutText.contains("--verbose"))
  }

  // MARK: Paths

  /// A URL-like media path is printed as written (`http://x`, not `http:/x`).
  @Test func urlLikePathsArePrintedAsGiven() throws {
    let template = try CLITestSupport.writeTemplate(
      #"{ "version": 1, "clips": [{ "media": "http://example.invalid/a.mp4" }] }"#)
    let folder = template.deletingLastPathComponent().path
    let result = try TestSupport.reel(["validate", template.path])
    #expect(result.status == 3)
    #expect(
      result.stderr
        == "reel: \(template.path):1:38: clips[0].media: file not found: \(folder)/http://example.invalid/a.mp4\n"
    )
  }

  // MARK: Times

  /// A 30 fps clip that is red up to frame 22 and blue from frame 23 (23/30 s ≈ 0.7667 s).
  static func switchingClipTemplate() throws -> URL {
    let template = try CLITestSupport.writeTemplate(
      #"{ "version": 1, "frameRate": 30, "clips": [{ "media": "switch.mp4" }] }"#)
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i",
      "color=red:s=64x48:r=30:d=2,drawbox=c=blue:t=fill:enable='gte(n,23)'",
      "-pix_fmt", "yuv420p", "-c:v", "libx264", "-g", "1",
      template.deletingLastPathComponent().appendingPathComponent("switch.mp4").path,
    ])
    return template
  }

  /// The colour of the still at `time`: "red", "blue" or a description.
  static func stillColour(_ template: URL, time: String) throws -> String {
    let still = template.deletingLastPathComponent().appendingPathComponent("still.png").path
    let result = try TestSupport.reel([
      "frame", template.path, "--time", time, "-o", still, "--overwrite",
    ])
    guard result.status == 0 else { return "exit \(result.status): \(result.stderr)" }
    let frame = try CLITestSupport.frame(still, index: 0, width: 64, height: 48)
    let colour = frame.mean(28, 20, size: 8)
    if CLITestSupport.distance(colour, (255, 0, 0)) < 40 { return "red" }
    if CLITestSupport.distance(colour, (0, 0, 255)) < 40 { return "blue" }
    return "\(colour)"
  }

  /// Any JSON-style number is a time: the still is the frame at that time.
  @Test func timesAreAnyJSONNumber() throws {
    let template = try Self.switchingClipTemplate()
    #expect(try Self.stillColour(template, time: "0.7666666666666667") == "blue")
    #expect(try Self.stillColour(template, time: "0.7666666") == "red")
    #expect(try Self.stillColour(template, time: "1.5e0") == "blue")
    #expect(try Self.stillColour(template, time: "0.123456789012") == "red")
    #expect(try Self.stillColour(template, time: "7.6666666666666667E-1") == "blue")

    let out = template.deletingLastPathComponent().appendingPathComponent("part.mp4").path
    let render = try TestSupport.reel([
      "render", template.path, "-o", out, "--from", "0.7666666666666667", "--to", "1.5e0",
      "--quiet",
    ])
    #expect(render.status == 0, "\(render.stderr)")
    let probe = try TestSupport.ffprobeJSON(["-show_streams", "-count_frames", out])
    let video = try #require((probe["streams"] as? [[String: Any]])?.first)
    // Frames 23…44 (0.767 s to 1.5 s at 30 fps).
    #expect(video["nb_read_frames"] as? String == "22")

    let refused = try TestSupport.reel(["frame", template.path, "--time", "1e30", "-o", "x.png"])
    #expect(refused.status == 2)
    #expect(refused.stderr == "reel: frame: --time 1e30 is too large to be a time in seconds\n")
  }
}
