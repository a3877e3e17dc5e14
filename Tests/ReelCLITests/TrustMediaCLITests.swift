import Foundation
import TestSupport
import Testing

/// The media trust boundary seen from templates (issue 10): a playlist, a concat list, a
/// device or a FIFO under any key that names a file (clip media, image layer, soundtrack,
/// subtitles) is a problem `validate` reports (exit 3), `render` refuses the same way, and
/// nothing is read from the files the list names.
@Suite("Trust: media files in templates")
struct TrustMediaCLITests {
  /// A template of 1 s at 64×48 that uses `file` under `key`.
  static func template(_ key: String, _ file: String) -> String {
    let escaped = file.replacingOccurrences(of: "\"", with: "\\\"")
    let base = "\"version\": 1, \"size\": [64, 48], \"duration\": 1, \"frameRate\": 10"
    switch key {
    case "media":
      return
        "{ \(base), \"clips\": [ { \"media\": \"\(escaped)\" } ], \"layers\": [ { \"type\": \"video\" } ] }"
    case "image":
      return
        "{ \(base), \"layers\": [ { \"type\": \"image\", \"image\": \"\(escaped)\" } ] }"
    case "soundtrack":
      return
        "{ \(base), \"layers\": [ { \"type\": \"color\", \"color\": \"blue\" } ], \"audio\": { \"soundtrack\": { \"file\": \"\(escaped)\" } } }"
    default:
      return
        "{ \(base), \"layers\": [ { \"type\": \"color\", \"color\": \"blue\" } ], \"subtitles\": [ { \"file\": \"\(escaped)\" } ] }"
    }
  }

  static let keys = ["media", "image", "soundtrack", "subtitles"]

  /// Writes the red target files and the lists naming them into a fresh folder.
  static func makeLists() throws -> (folder: URL, lists: [(name: String, kind: String)]) {
    let folder = try TestSupport.makeTemporaryDirectory("reel-trust-cli")
    let red = ["-f", "lavfi", "-i", "color=red:size=64x48:rate=10:duration=1"]
    let tone = ["-f", "lavfi", "-i", "sine=frequency=440:duration=1"]
    let x264 = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"]
    let segment = folder.appendingPathComponent("segment.ts").path
    let other = folder.appendingPathComponent("other.mp4").path
    try TestSupport.ffmpeg(red + tone + x264 + ["-c:a", "aac", "-f", "mpegts", segment])
    try TestSupport.ffmpeg(red + tone + x264 + ["-c:a", "aac", other])
    var lists: [(String, String)] = []
    let entries = ["segment.ts", segment, "file://" + segment, "http://127.0.0.1:9/segment.ts"]
    for (index, entry) in entries.enumerated() {
      let hls = "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n\(entry)\n#EXT-X-ENDLIST\n"
      let concat =
        "ffconcat version 1.0\nfile '\(entry.replacingOccurrences(of: "segment.ts", with: "other.mp4"))'\n"
      for (name, text, kind) in [
        ("holiday-\(index).mp4", hls, "an HLS playlist"),
        ("list-\(index).m3u8", hls, "an HLS playlist"),
        ("concat-\(index).mp4", concat, "an ffconcat list"),
      ] {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        lists.append((name, kind))
      }
    }
    return (folder, lists)
  }

  @Test func listsUnderEveryFileKeyAreProblems() throws {
    let (folder, lists) = try Self.makeLists()
    defer { try? FileManager.default.removeItem(at: folder) }
    for list in lists {
      for key in Self.keys {
        let template = folder.appendingPathComponent("t.json")
        try Data(Self.template(key, list.name).utf8).write(to: template)
        let result = try TestSupport.reel(["validate", template.path])
        #expect(result.status == 3, "\(list.name) as \(key): \(result.stderr)")
        let resolved = folder.appendingPathComponent(list.name).path
        if key == "subtitles" {
          // Subtitles are text: a playlist is not one, and is never followed.
          #expect(result.stderr.contains("\(resolved): no subtitle cues found"), "\(result.stderr)")
        } else {
          #expect(
            result.stderr.contains(
              "\(resolved): \(list.kind); Reel reads single media files only"),
            "\(list.name) as \(key): \(result.stderr)")
        }
      }
    }
    // Render refuses the same template the same way, and writes nothing.
    let template = folder.appendingPathComponent("render.json")
    try Data(Self.template("media", "holiday-0.mp4").utf8).write(to: template)
    let output = folder.appendingPathComponent("out.mp4").path
    let result = try TestSupport.reel(["render", template.path, "-o", output])
    #expect(result.status == 3)
    #expect(
      result.stderr.contains(
        "holiday-0.mp4: an HLS playlist; Reel reads single media files only"))
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test func devicesAndFIFOsUnderEveryFileKeyAreRefusedAtOnce() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-trust-cli")
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("pipe.mp4").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let cases = [
      ("/dev/zero", "a character device"), ("/dev/urandom", "a character device"),
      (fifo, "a FIFO"),
    ]
    for (file, kind) in cases {
      for key in Self.keys {
        let template = folder.appendingPathComponent("t.json")
        try Data(Self.template(key, file).utf8).write(to: template)
        let started = Date()
        let result = try TestSupport.reel(["validate", template.path])
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(result.status == 3, "\(file) as \(key): \(result.stderr)")
        #expect(
          result.stderr.contains("\(file): not a regular file (\(kind))"),
          "\(file) as \(key): \(result.stderr)")
      }
    }
  }

  @Test func undecodableTracksAreFoundByValidate() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-trust-cli")
    defer { try? FileManager.default.removeItem(at: folder) }
    var bytes = try Data(contentsOf: MediaFixtures.url(for: .webm))
    let range = try #require(bytes.range(of: Data("A_OPUS".utf8)))
    bytes.replaceSubrange(range, with: Data("A_OPUX".utf8))
    try bytes.write(to: folder.appendingPathComponent("unknown.webm"))
    let template = folder.appendingPathComponent("t.json")
    try Data(Self.template("media", "unknown.webm").utf8).write(to: template)
    let result = try TestSupport.reel(["validate", template.path])
    #expect(result.status == 3, "\(result.stderr)")
    #expect(result.stderr.contains("unknown.webm: a track's codec is unknown to FFmpeg"))
  }

  @Test func anUndecodableTrackNamedByASegmentIsFoundByValidate() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-trust-cli")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("two.mkv").path
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=size=64x48:rate=10:duration=1", "-f", "lavfi", "-i",
      "sine=duration=1", "-f", "lavfi", "-i", "sine=frequency=880:duration=1", "-map", "0",
      "-map", "1", "-map", "2", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
      "-c:a:0", "aac", "-c:a:1", "libopus", file,
    ])
    // The second audio track (stream 2) gets a codec ID FFmpeg does not know.
    var bytes = try Data(contentsOf: URL(fileURLWithPath: file))
    let range = try #require(bytes.range(of: Data("A_OPUS".utf8)))
    bytes.replaceSubrange(range, with: Data("A_OPUX".utf8))
    try bytes.write(to: URL(fileURLWithPath: file))
    let template = folder.appendingPathComponent("t.json")
    try Data(
      """
      { "version": 1, "size": [64, 48], "composition": { "tracks": [ { "id": 1, "kind": "audio",
        "segments": [ { "media": "two.mkv", "track": 2, "source": [0, 1] } ] } ] },
        "layers": [ { "type": "color", "color": "red" } ] }
      """.utf8
    ).write(to: template)
    let result = try TestSupport.reel(["validate", template.path])
    #expect(result.status == 3, "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "composition.tracks[0].segments[0].track: \(file): a track's codec is unknown to FFmpeg"),
      "\(result.stderr)")
  }

  @Test func aStillImageAsClipMediaIsNamed() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-trust-cli")
    defer { try? FileManager.default.removeItem(at: folder) }
    let png = folder.appendingPathComponent("still.png").path
    try TestSupport.ffmpeg(["-f", "lavfi", "-i", "color=red:size=64x48", "-frames:v", "1", png])
    let template = folder.appendingPathComponent("t.json")
    try Data(Self.template("media", "still.png").utf8).write(to: template)
    let result = try TestSupport.reel(["validate", template.path])
    #expect(result.status == 3)
    #expect(
      result.stderr.contains(
        "clips[0].media: \(png) is a still image (png_pipe), not a movie: use \"image\""),
      "\(result.stderr)")
  }

  // MARK: - Damaged media

  /// A 4 s 320×240 H.264 + AAC clip (a keyframe every second) in `folder`, damaged by `damage`.
  static func damagedClip(
    _ name: String, in folder: URL, _ damage: (inout Data) -> Void
  ) throws -> String {
    let path = folder.appendingPathComponent(name).path
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30:duration=4", "-f", "lavfi", "-i",
      "sine=frequency=440:duration=4", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt",
      "yuv420p", "-g", "30", "-c:a", "aac", "-movflags", "+faststart", "-shortest", path,
    ])
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    damage(&bytes)
    try bytes.write(to: URL(fileURLWithPath: path))
    return path
  }

  func renderClip(_ path: String, in folder: URL) throws -> (TestSupport.ToolOutput, String) {
    let template = folder.appendingPathComponent("damaged.json")
    let name = URL(fileURLWithPath: path).lastPathComponent
    try Data(
      "{ \"version\": 1, \"size\": [320, 240], \"clips\": [ { \"media\": \"\(name)\" } ] }".utf8
    ).write(to: template)
    let output = folder.appendingPathComponent("out-\(name).mp4").path
    return (try TestSupport.reel(["render", template.path, "-o", output]), output)
  }

  @Test func aCutFileIsAProblemForRenderAndValidate() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-trust-cli")
    defer { try? FileManager.default.removeItem(at: folder) }
    let cut = try Self.damagedClip("cut.mp4", in: folder) { $0 = $0.prefix($0.count / 10) }
    let (result, output) = try renderClip(cut, in: folder)
    #expect(result.status == 3, "\(result.stderr)")
    #expect(result.stderr.contains("\(cut): damaged or cut short: the file declares 4"))
    #expect(result.stderr.contains("but its data ends "), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test func theIntactPartOfACutFileValidatesAndRenders() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-trust-cli")
    defer { try? FileManager.default.removeItem(at: folder) }
    // Half of the bytes: about the first 2 s of the 4 s are there.
    let cut = try Self.damagedClip("half.mp4", in: folder) { $0 = $0.prefix($0.count / 2) }
    let template = folder.appendingPathComponent("intact.json")
    try Data(
      "{ \"version\": 1, \"size\": [320, 240], \"clips\": [ { \"media\": \"half.mp4\", \"duration\": 1 } ] }"
        .utf8
    ).write(to: template)
    let validated = try TestSupport.reel(["validate", template.path])
    #expect(validated.status == 0, "\(validated.stderr)")
    let output = folder.appendingPathComponent("intact.mp4").path
    let rendered = try TestSupport.reel(["render", template.path, "-o", output])
    #expect(rendered.status == 0, "\(rendered.stderr)")
    #expect(!rendered.stderr.contains("damaged"), "\(rendered.stderr)")
    #expect(FileManager.default.fileExists(atPath: output))
    // The whole of the same file is refused, naming where its data ends.
    let (whole, _) = try renderClip(cut, in: folder)
    #expect(whole.status == 3, "\(whole.stderr)")
    #expect(whole.stderr.contains("but its data ends "), "\(whole.stderr)")
  }

  @Test func aHoleInTheMiddleFailsTheRenderWithExit4() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-trust-cli")
    defer { try? FileManager.default.removeItem(at: folder) }
    // Zeros over the middle 40 % of the bytes: the demuxer skips them without an error.
    let holed = try Self.damagedClip("hole.mkv", in: folder) { bytes in
      for index in (bytes.count * 3 / 10)..<(bytes.count * 7 / 10) { bytes[index] = 0 }
    }
    let (result, output) = try renderClip(holed, in: folder)
    #expect(result.status == 4, "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "reel: \(holed): damaged or cut short: no video frame can be decoded from "),
      "\(result.stderr)")
    #expect(result.stderr.contains("the usable video data ends at"))
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test func aFewDamagedBytesRenderWithOneWarning() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-trust-cli")
    defer { try? FileManager.default.removeItem(at: folder) }
    let flipped = try Self.damagedClip("flipped.mkv", in: folder) { bytes in
      for fraction in [0.4, 0.45, 0.5] {
        let offset = Int(Double(bytes.count) * fraction)
        for index in offset..<(offset + 8) { bytes[index] ^= 0x55 }
      }
    }
    let (result, output) = try renderClip(flipped, in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("reel: warning: ") }
    #expect(warnings.count == 1, "\(result.stderr)")
    #expect(
      warnings.first?.hasPrefix(
        "reel: warning: \(flipped): damaged media, rendered with concealment: video: ") == true)
    #expect(FileManager.default.fileExists(atPath: output))
  }
}
