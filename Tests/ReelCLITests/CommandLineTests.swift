import Foundation
import TestSupport
import Testing

/// Help, version, `schema`, `validate` and `frame`.
@Suite("reel commands")
struct CommandLineTests {
  @Test(arguments: ["render", "frame", "validate", "preview", "schema", "probe", "demo"])
  func everyCommandHasHelp(command: String) throws {
    for flag in ["--help", "-h"] {
      let result = try TestSupport.reel([command, flag])
      #expect(result.status == 0)
      #expect(result.stdoutText.hasPrefix("Usage: reel \(command)"))
      #expect(result.stdoutText.contains("-h, --help"))
      #expect(result.stderr.isEmpty)
    }
    // The tool's own help lists the command.
    #expect(try TestSupport.reel(["--help"]).stdoutText.contains("\n  \(command) "))
  }

  @Test func versionAndMissingCommand() throws {
    let version = try TestSupport.reel(["--version"])
    #expect(version.status == 0)
    #expect(version.stdoutText == "reel 0.1.0\n")
    let none = try TestSupport.reel([])
    #expect(none.status == 2)
    #expect(none.stderr == "reel: missing command; run 'reel --help' for the list of commands\n")
  }

  /// libavfilter (and the 32 libraries it pulls in) is loaded only when audio is
  /// time-stretched, not at every start: the dynamic loader's own list of what `reel` loads
  /// (`LD_TRACE_LOADED_OBJECTS`, as `ldd` asks for it) names FFmpeg's other libraries only.
  @Test func startsWithoutLoadingLibavfilter() throws {
    // Set by `env` for `reel` alone: the test helper starts tools through `env` itself.
    let trace = try TestSupport.run(
      "env", ["LD_TRACE_LOADED_OBJECTS=1", TestSupport.reelExecutable().path])
    #expect(trace.status == 0)
    #expect(trace.stdoutText.contains("libavformat.so"))
    #expect(trace.stdoutText.contains("libavcodec.so"))
    #expect(!trace.stdoutText.contains("libavfilter"))
  }

  @Test func schemaIsAJSONSchema() throws {
    let result = try TestSupport.reel(["schema"])
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    #expect((object["$schema"] as? String)?.contains("json-schema.org") == true)
    #expect(object["properties"] is [String: Any])
    let stray = try TestSupport.reel(["schema", "extra"])
    #expect(stray.status == 2)
    #expect(stray.stderr == "reel: schema: unexpected argument 'extra'; usage: reel schema\n")
  }

  @Test func validateReportsValidTemplatesAndWarnings() throws {
    let template = try CLITestSupport.writeTemplate(CLITestSupport.smallTemplate())
    let valid = try TestSupport.reel(["validate", template.path])
    #expect(valid.status == 0)
    #expect(valid.stdoutText == "\(template.path): valid\n")
    #expect(valid.stderr.isEmpty)

    let fallback = try CLITestSupport.writeTemplate(
      """
      { "version": 1, "size": [320, 240], "duration": 1,
        "layers": [ { "type": "text", "text": "hi", "font": { "file": "fonts/none.ttf" } } ] }
      """)
    let warned = try TestSupport.reel(["validate", fallback.path])
    #expect(warned.status == 0)
    #expect(warned.stdoutText == "\(fallback.path): valid\n")
    let lines = warned.stderr.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(
      lines.first?.hasPrefix("reel: warning: \(fallback.path): layers[0].font.file: ") == true)
    #expect(warned.stderr.contains("fonts/none.ttf"))
  }

  @Test func validateListsProblemsWithExitThree() throws {
    let template = try CLITestSupport.writeTemplate(
      #"{ "version": 1, "size": [320, 240], "duration": 1, "background": "{{colour}}" }"#)
    let bad = try TestSupport.reel(["validate", template.path, "--set", "colour=notacolour"])
    #expect(bad.status == 3)
    #expect(bad.stdout.isEmpty)
    #expect(bad.stderr.hasPrefix("reel: \(template.path):1:"))
    #expect(bad.stderr.contains("background: "))
    let good = try TestSupport.reel(["validate", template.path, "--set", "colour=teal"])
    #expect(good.status == 0, "\(good.stderr)")
  }

  @Test func validateSaysHowToGiveAnUndefinedVariableAValue() throws {
    let template = try CLITestSupport.writeTemplate(
      #"{ "version": 1, "size": [320, 240], "duration": 1, "background": "{{colour}}" }"#)
    let result = try TestSupport.reel(["validate", template.path])
    #expect(result.status == 3)
    #expect(
      result.stderr.contains(
        "background: undefined variable 'colour' (declare it under \"variables\" or give it a value) (reel: --set colour=…)"
      ), "\(result.stderr)")
  }

  @Test func frameWritesAPNGOfTheRenderSize() throws {
    let template = try CLITestSupport.writeTemplate(CLITestSupport.smallTemplate())
    let folder = template.deletingLastPathComponent()
    let still = folder.appendingPathComponent("still.png").path
    let result = try TestSupport.reel([
      "frame", template.path, "--time", "0.5", "-o", still, "--set", "colour=lime",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdoutText == "wrote \(still): 320×240 at 0.5 s\n")
    let probe = try TestSupport.ffprobeJSON(["-show_streams", still])
    let stream = try #require((probe["streams"] as? [[String: Any]])?.first)
    #expect(stream["codec_name"] as? String == "png")
    #expect(stream["width"] as? Int == 320 && stream["height"] as? Int == 240)
    let pixels = try CLITestSupport.frame(still, index: 0, width: 320, height: 240)
    #expect(CLITestSupport.distance(pixels.pixel(5, 5), (0, 255, 0)) < 2)
    #expect(CLITestSupport.distance(pixels.pixel(160, 120), (255, 255, 255)) < 2)

    let small = folder.appendingPathComponent("small.png").path
    let scaled = try TestSupport.reel([
      "frame", template.path, "--time", "0", "-o", small, "--size", "160x160",
    ])
    #expect(scaled.status == 0, "\(scaled.stderr)")
    #expect(scaled.stdoutText == "wrote \(small): 160×120 at 0 s\n")

    let again = try TestSupport.reel(["frame", template.path, "--time", "0", "-o", small])
    #expect(again.status == 2)
    #expect(
      again.stderr == "reel: frame: \(small) already exists; pass --overwrite to replace it\n")
    let late = try TestSupport.reel(["frame", template.path, "--time", "1", "-o", still + "2.png"])
    #expect(late.status == 2)
    #expect(late.stderr == "reel: frame: --time 1 s is not in the movie [0, 1 s)\n")
    let notPNG = try TestSupport.reel(["frame", template.path, "--time", "0", "-o", "x.jpg"])
    #expect(notPNG.status == 2)
    #expect(notPNG.stderr == "reel: frame: x.jpg: the still is a PNG; name it OUT.png\n")
  }
}
