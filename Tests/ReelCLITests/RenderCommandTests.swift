import Foundation
import TestSupport
import Testing

/// `reel render`, run as a user would run it, checked with ffprobe/ffmpeg.
@Suite("reel render")
struct RenderCommandTests {
  @Test func writesTheVideoAndOneSummaryLine() throws {
    let template = try CLITestSupport.writeTemplate(CLITestSupport.smallTemplate())
    let output = template.deletingLastPathComponent().appendingPathComponent("out.mp4").path
    let result = try TestSupport.reel(["render", template.path, "-o", output])
    #expect(result.status == 0, "\(result.stderr)")
    // Not a terminal: no progress, only the summary.
    #expect(result.stderr.isEmpty)
    let summary = result.stdoutText
    #expect(summary.hasPrefix("wrote \(output): 1.0 s, 320×240, 30 frames in "))
    #expect(summary.hasSuffix(" fps)\n") && summary.split(separator: "\n").count == 1)

    let probe = try TestSupport.ffprobeJSON(["-show_streams", "-count_frames", output])
    let video = try #require((probe["streams"] as? [[String: Any]])?.first)
    #expect(video["codec_name"] as? String == "h264")
    #expect(video["width"] as? Int == 320 && video["height"] as? Int == 240)
    #expect(video["nb_read_frames"] as? String == "30")
    // The template's default colour: blue.
    let frame = try CLITestSupport.frame(output, index: 0, width: 320, height: 240)
    #expect(CLITestSupport.distance(frame.mean(10, 10, size: 8), (0, 0, 255)) < 12)
    #expect(CLITestSupport.distance(frame.mean(156, 116, size: 8), (255, 255, 255)) < 12)
  }

  @Test func setFillsTemplateVariables() throws {
    let template = try CLITestSupport.writeTemplate(CLITestSupport.smallTemplate())
    let output = template.deletingLastPathComponent().appendingPathComponent("red.mp4").path
    let result = try TestSupport.reel([
      "render", template.path, "-o", output, "--set", "colour=#FF0000", "--quiet",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.isEmpty && result.stderr.isEmpty)
    let frame = try CLITestSupport.frame(output, index: 0, width: 320, height: 240)
    #expect(CLITestSupport.distance(frame.mean(10, 10, size: 8), (255, 0, 0)) < 12)
  }

  @Test func rangeAndPresetOverrideTheTemplate() throws {
    let template = try CLITestSupport.writeTemplate(CLITestSupport.smallTemplate(seconds: 2))
    let output = template.deletingLastPathComponent().appendingPathComponent("part.mp4").path
    let result = try TestSupport.reel([
      "render", template.path, "-o", output, "--from", "0.5", "--to", "1.1", "--preset", "low",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let probe = try TestSupport.ffprobeJSON(["-show_streams", "-count_frames", output])
    let video = try #require((probe["streams"] as? [[String: Any]])?.first)
    // 0.6 s at 30 fps.
    #expect(video["nb_read_frames"] as? String == "18")
    // The low preset fits the picture inside 224×128.
    let width = try #require(video["width"] as? Int)
    let height = try #require(video["height"] as? Int)
    #expect(width <= 224 && height <= 128 && (width >= 216 || height >= 120))
  }

  /// `--frame-rate` and `--width` replace the template's export rate and size: a GIF at 5
  /// fps, 160 px wide, from the 1 s 30 fps 320×240 template.
  @Test func frameRateAndWidthOverrideTheTemplate() throws {
    let template = try CLITestSupport.writeTemplate(CLITestSupport.smallTemplate())
    let output = template.deletingLastPathComponent().appendingPathComponent("small.gif").path
    let result = try TestSupport.reel([
      "render", template.path, "-o", output, "--frame-rate", "5", "--width", "160", "--quiet",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let probe = try TestSupport.ffprobeJSON(["-show_streams", "-count_frames", output])
    let video = try #require((probe["streams"] as? [[String: Any]])?.first)
    #expect(video["codec_name"] as? String == "gif")
    #expect(video["nb_read_frames"] as? String == "5")
    #expect(video["width"] as? Int == 160 && video["height"] as? Int == 120)
  }

  @Test func existingOutputIsKeptWithoutOverwrite() throws {
    let template = try CLITestSupport.writeTemplate(CLITestSupport.smallTemplate())
    let output = template.deletingLastPathComponent().appendingPathComponent("keep.mp4")
    try Data("precious".utf8).write(to: output)
    let refused = try TestSupport.reel(["render", template.path, "-o", output.path])
    #expect(refused.status == 2)
    #expect(
      refused.stderr
        == "reel: render: \(output.path) already exists; pass --overwrite to replace it\n")
    #expect(try Data(contentsOf: output) == Data("precious".utf8))

    let replaced = try TestSupport.reel([
      "render", template.path, "-o", output.path, "--overwrite", "--quiet",
    ])
    #expect(replaced.status == 0, "\(replaced.stderr)")
    let probe = try TestSupport.ffprobeJSON(["-show_streams", output.path])
    #expect((probe["streams"] as? [[String: Any]])?.first?["codec_name"] as? String == "h264")
  }

  @Test func jsonProgressLinesParseAndEndAtOne() throws {
    let template = try CLITestSupport.writeTemplate(CLITestSupport.smallTemplate())
    let output = template.deletingLastPathComponent().appendingPathComponent("p.mp4").path
    let result = try TestSupport.reel(["render", template.path, "-o", output, "--progress", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdoutText.split(separator: "\n")
    #expect(!lines.isEmpty)
    var fractions: [Double] = []
    for line in lines {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      #expect(Set(object.keys) == ["fraction", "frame", "frames", "fps", "eta"])
      #expect(object["frames"] as? Int == 30)
      let fraction = try #require(object["fraction"] as? Double)
      let frame = try #require(object["frame"] as? Int)
      #expect(abs(fraction - Double(frame) / 30) < 0.001)
      fractions.append(fraction)
    }
    #expect(fractions == fractions.sorted())
    #expect(fractions.last == 1)
    // The summary moves to stderr, so stdout stays pure JSON lines.
    #expect(result.stderr.hasPrefix("wrote \(output): 1.0 s, 320×240, 30 frames in "))
  }

  /// On a terminal (made with util-linux `script`), a bar redrawn in place with a carriage
  /// return: percent, frames per second, time left; then the summary on a clean line.
  @Test func terminalShowsAProgressBar() throws {
    let template = try CLITestSupport.writeTemplate(CLITestSupport.smallTemplate(seconds: 2))
    let output = template.deletingLastPathComponent().appendingPathComponent("tty.mp4").path
    let reel = try TestSupport.reelExecutable().path
    let result = try TestSupport.run(
      "script", ["-qec", "\(reel) render \(template.path) -o \(output)", "/dev/null"])
    #expect(result.status == 0, "\(result.stderr)")
    let text = result.stdoutText
    let redraws = text.components(separatedBy: "\r[").count - 1
    #expect(redraws >= 1)
    #expect(text.contains("] 100%") && text.contains(" fps ") && text.contains(" left"))
    #expect(text.contains("\r\u{1B}[Kwrote \(output): 2.0 s, 320×240, 60 frames in "))
  }

  /// SIGINT, SIGTERM, SIGHUP or SIGQUIT after the first progress line: the export is
  /// cancelled, the exit status is 128 + the signal, and nothing is left in the folder (no
  /// output, no temporary).
  @Test(arguments: [
    (SIGINT, Int32(130), "interrupted"), (SIGTERM, Int32(143), "terminated"),
    (SIGHUP, Int32(129), "hung up"), (SIGQUIT, Int32(131), "quit"),
  ])
  func signalCancelsAndLeavesNothingBehind(signal: Int32, status: Int32, word: String) throws {
    let template = try CLITestSupport.writeTemplate(CLITestSupport.smallTemplate(seconds: 120))
    let folder = template.deletingLastPathComponent()
    let output = folder.appendingPathComponent("long.mp4").path
    let process = Process()
    process.executableURL = try TestSupport.reelExecutable()
    process.arguments = ["render", template.path, "-o", output, "--progress", "json"]
    let progress = Pipe()
    let errors = Pipe()
    process.standardOutput = progress
    process.standardError = errors
    try process.run()
    // Wait for the first complete progress line.
    var received = Data()
    while !received.contains(UInt8(ascii: "\n")) {
      let chunk = progress.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      received.append(chunk)
    }
    #expect(received.contains(UInt8(ascii: "\n")), "no progress line before the end")
    kill(process.processIdentifier, signal)
    _ = progress.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let message = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == status, "\(message)")
    #expect(message == "reel: \(word); \(output) was not written\n")
    #expect(try CLITestSupport.contents(of: folder) == ["template.json"])
  }

  @Test func usageErrorsExitWithTwo() throws {
    let template = try CLITestSupport.writeTemplate(CLITestSupport.smallTemplate())
    let path = template.path
    let out = template.deletingLastPathComponent().appendingPathComponent("x.mp4").path
    let usage =
      "reel render TEMPLATE -o OUT [--preset P] [--frame-rate FPS] [--width W] [--loop N] [--from S] [--to S] [--set K=V]... [--overwrite] [--quiet] [--progress json]"
    let cases: [([String], String)] = [
      (["render", "-o", out], "render: missing TEMPLATE; usage: \(usage)"),
      (["render", path], "render: missing -o OUT; usage: \(usage)"),
      (
        ["render", path, "-o", out, "--set", "colour"],
        "render: --set needs NAME=VALUE (got 'colour')"
      ),
      (
        ["render", path, "-o", out, "--progress", "xml"],
        "render: --progress takes 'json' (got 'xml')"
      ),
      (
        ["render", path, "-o", out, "--from", "soon"],
        "render: --from needs seconds ≥ 0, such as 1.5 (got 'soon')"
      ),
      (
        ["render", path, "-o", out, "--from", "0.8", "--to", "0.5"],
        "render: --from 0.8 s must be before --to 0.5 s"
      ),
      (
        ["render", path, "-o", out, "--to", "3"],
        "render: --to 3 s is past the end of the movie (1 s)"
      ),
      (
        ["render", path, "-o", out, "--fast"],
        "render: unknown option '--fast'; run 'reel render --help'"
      ),
      (
        ["render", path, "-o", out, "--preset", "640x48"],
        "render: unknown export preset '640x48': did you mean '640x480'? (known: low, medium, highest, 640x480, 960x540, 1280x720, 1920x1080, 3840x2160, hevc-1920x1080, hevc-3840x2160, hevc-highest, prores4444, vp9alpha, m4a, passthrough)"
      ),
      (
        ["render", path, "-o", out, "--frame-rate", "0"],
        "render: --frame-rate needs frames per second 1…240, such as 15 or 29.97 (got '0')"
      ),
      (
        ["render", path, "-o", out, "--width", "161"],
        "render: --width needs an even whole number of pixels, such as 480 (got '161')"
      ),
      (
        ["render", path, "-o", out, "--jobs", "2", "--width", "160"],
        "render: --width goes with a whole render, not --plan or --jobs (chunks are H.264 at the plan's rate and size)"
      ),
    ]
    for (arguments, message) in cases {
      let result = try TestSupport.reel(arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.stderr == "reel: \(message)\n")
      #expect(!FileManager.default.fileExists(atPath: out))
    }
  }

  @Test func invalidTemplatesExitWithThreeAndListEveryProblem() throws {
    let broken = try CLITestSupport.writeTemplate(
      """
      { "version": 1, "size": [320, 240], "duration": -1,
        "layerz": [] }
      """, name: "broken.json")
    let out = broken.deletingLastPathComponent().appendingPathComponent("x.mp4").path
    let result = try TestSupport.reel(["render", broken.path, "-o", out])
    #expect(result.status == 3)
    #expect(
      result.stderr == """
        reel: \(broken.path):1:49: duration: must be greater than 0 (got -1)
        reel: \(broken.path):2:3: layerz: unknown key; did you mean 'layers'?

        """)
    #expect(!FileManager.default.fileExists(atPath: out))

    let missing = try CLITestSupport.writeTemplate(
      #"{ "version": 1, "clips": [{ "media": "media/gone.mp4" }] }"#, name: "missing.json")
    let folder = missing.deletingLastPathComponent().path
    let missingResult = try TestSupport.reel(["render", missing.path, "-o", out])
    #expect(missingResult.status == 3)
    #expect(
      missingResult.stderr
        == "reel: \(missing.path):1:38: clips[0].media: file not found: \(folder)/media/gone.mp4\n")
  }

  @Test func outputFailuresExitWithFour() throws {
    let template = try CLITestSupport.writeTemplate(CLITestSupport.smallTemplate())
    let folder = template.deletingLastPathComponent()
    let result = try TestSupport.reel(["render", template.path, "-o", "/nonexistent/out.mp4"])
    #expect(result.status == 4)
    #expect(
      result.stderr
        == "reel: /nonexistent/out.mp4: cannot write output (No such file or directory); check that the folder exists and is writable\n"
    )
    #expect(try CLITestSupport.contents(of: folder) == ["template.json"])
  }

  /// An output Reel cannot write by its name is a usage error (2) that lists the
  /// extensions it writes: `-` (standard output), an unknown extension, none.
  @Test func outputNamesReelCannotWriteExitWithTwo() throws {
    let template = try CLITestSupport.writeTemplate(CLITestSupport.smallTemplate())
    let folder = template.deletingLastPathComponent()
    let known = ".mp4, .mov, .m4v, .mkv, .webm, .m4a, .gif, .webp, .apng"
    let unknown = folder.appendingPathComponent("out.xyz").path
    let bare = folder.appendingPathComponent("out").path
    let cases: [(String, String)] = [
      (
        "-",
        "render: cannot write to standard output (-o -); Reel writes files: end OUT with one of \(known)"
      ),
      (
        unknown,
        "render: cannot write \(unknown): '.xyz' is not a format Reel writes; end OUT with one of \(known)"
      ),
      (
        bare,
        "render: cannot write \(bare): the name has no extension; end OUT with one of \(known)"
      ),
    ]
    for (output, message) in cases {
      let result = try TestSupport.reel(["render", template.path, "-o", output])
      #expect(result.status == 2, "\(output)")
      #expect(result.stderr == "reel: \(message)\n")
    }
    #expect(try CLITestSupport.contents(of: folder) == ["template.json"])
  }
}
