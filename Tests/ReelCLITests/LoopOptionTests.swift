import Foundation
import TestSupport
import Testing

/// `reel render --loop N` (issue 30): the play count of an animated image, read back by
/// Pillow (Debian's `python3-pil`), the independent reader.
@Suite("render --loop")
struct LoopOptionTests {
  /// Prints each file's format and its loop field as Pillow reads it (`loop` absent: -1).
  static let script = """
    import sys
    from PIL import Image
    for path in sys.argv[1:]:
        with Image.open(path) as image:
            print(image.format, image.info.get("loop", -1))
    """

  /// A Python with Pillow that reads animated WebP and APNG, or nil.
  static let python: String? = ["/usr/bin/python3", "python3"].first { python in
    let probe = try? TestSupport.run(
      python, ["-c", "from PIL import Image, WebPImagePlugin, PngImagePlugin"], timeout: 60)
    return probe?.status == 0
  }

  /// `--loop` replaces the template's loop count in each animated format, in each one's own
  /// field: GIF's NETSCAPE block counts repeats after the first play (absent: play once),
  /// WebP's ANIM chunk and APNG's `acTL` count plays.
  @Test(.enabled(if: python != nil, "needs Pillow (Debian's python3-pil)"))
  func loopSetsEachFormatsPlayCount() throws {
    let python = try #require(Self.python)
    // A turning square: libwebp writes frames that do not change as one still, without the
    // animation chunk that holds the loop count.
    let template = try CLITestSupport.writeTemplate(
      """
      { "version": 1, "size": [320, 240], "duration": 1, "frameRate": 30, "background": "blue",
        "layers": [ { "type": "color", "color": "white", "frame": [140, 100, 40, 40],
          "animations": [ { "property": "rotation", "from": 0, "to": 90, "duration": 1 } ] } ] }
      """)
    let folder = template.deletingLastPathComponent()
    let cases: [(name: String, loop: Int, read: String)] = [
      ("three.gif", 3, "GIF 2"), ("once.gif", 1, "GIF -1"), ("ever.gif", 0, "GIF 0"),
      ("two.webp", 2, "WEBP 2"), ("four.apng", 4, "PNG 4"),
    ]
    var outputs: [String] = []
    for item in cases {
      let output = folder.appendingPathComponent(item.name).path
      let result = try TestSupport.reel([
        "render", template.path, "-o", output, "--frame-rate", "5", "--width", "64",
        "--loop", String(item.loop), "--quiet",
      ])
      #expect(result.status == 0, "\(item.name): \(result.stderr)")
      outputs.append(output)
    }
    let scriptFile = folder.appendingPathComponent("loops.py")
    try Data(Self.script.utf8).write(to: scriptFile)
    let read = try TestSupport.run(python, [scriptFile.path] + outputs, timeout: 60)
    #expect(read.status == 0, "\(read.stderr)")
    let lines = read.stdoutText.split(separator: "\n").map(String.init)
    try #require(lines.count == cases.count, "\(read.stdoutText)")
    for (item, line) in zip(cases, lines) {
      #expect(line == item.read, "\(item.name) (--loop \(item.loop))")
    }
  }

  /// Counts out of range, and a video output, are usage errors that write nothing.
  @Test func badLoopsAreUsageErrors() throws {
    let template = try CLITestSupport.writeTemplate(CLITestSupport.smallTemplate())
    let folder = template.deletingLastPathComponent()
    let gif = folder.appendingPathComponent("x.gif").path
    let mp4 = folder.appendingPathComponent("x.mp4").path
    let cases: [([String], String)] = [
      (
        ["-o", gif, "--loop", "-1"],
        "render: --loop needs a whole number of plays 0…65535, 0 for ever (got '-1')"
      ),
      (
        ["-o", gif, "--loop", "65536"],
        "render: --loop needs a whole number of plays 0…65535, 0 for ever (got '65536')"
      ),
      (
        ["-o", mp4, "--loop", "2"],
        "render: --loop goes with an animated image (.gif, .webp, .apng), not .mp4"
      ),
      (
        ["-o", gif, "--jobs", "2", "--loop", "2"],
        "render: --loop goes with a whole render, not --plan or --jobs (chunks are H.264 at the plan's rate and size)"
      ),
    ]
    for (arguments, message) in cases {
      let result = try TestSupport.reel(["render", template.path] + arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.stderr == "reel: \(message)\n")
    }
    #expect(!FileManager.default.fileExists(atPath: gif))
    #expect(!FileManager.default.fileExists(atPath: mp4))
  }
}
