import Foundation
import TestSupport
import Testing

/// `reel render TEMPLATE --data ROWS -o PATTERN`: the issue's proof scaled down to keep CI
/// cheap — 20 rows of a birthday card at 160×120, 0.5 s at 10 fps (not 200 rows at 720p,
/// 4 s) — checked with ffmpeg: every row's movie right, a failing row reported and skipped,
/// a stopped batch resumed, bad data refused with nothing written.
@Suite("reel render --data")
struct BatchRenderTests {
  /// A small birthday card: a video clip, an image, a greeting with `{{name}}`. Written as
  /// APNG (lossless RGB), so frames can be compared bit for bit.
  static let card = """
    { "version": 1, "size": [160, 120], "frameRate": 10,
      "variables": { "name": "Friend", "colour": "white" },
      "clips": [{ "media": "clip.mp4" }],
      "layers": [
        { "type": "color", "color": "#3D1A6E" },
        { "type": "video", "frame": [20, 4, 120, 68], "border": { "width": 2, "color": "white" } },
        { "type": "image", "image": "star.png", "frame": [136, 2, 20, 20] },
        { "type": "text", "frame": [0, 80, 160, 36], "text": "Hi {{name}}",
          "font": { "family": "DejaVu Sans", "size": 18, "weight": 700 },
          "color": "{{colour}}", "align": "center" } ] }
    """

  /// A folder with the card, its media and `rows` as `friends.csv`.
  static func cardFolder(rows: String, dataName: String = "friends.csv") throws -> URL {
    let folder = try TestSupport.makeTemporaryDirectory("reel-batch-cli")
    _ = try MediaOracle.makeClip(
      "clip.mp4", in: folder, video: "testsrc2=size=160x90:rate=10:duration=0.5")
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "color=c=yellow:size=20x20", "-frames:v", "1",
      folder.appendingPathComponent("star.png").path,
    ])
    try Data(card.utf8).write(to: folder.appendingPathComponent("card.json"))
    try Data(rows.utf8).write(to: folder.appendingPathComponent(dataName))
    return folder
  }

  static let names = (1...20).map { "Friend\($0)" }

  /// The last frame (index 4) of an APNG as RGB bytes.
  static func lastFrame(_ path: String) throws -> CLITestSupport.Frame {
    try CLITestSupport.frame(path, index: 4, width: 160, height: 120)
  }

  @Test func twentyRowsEachRightOneFailingTheRestIdentical() throws {
    var rows = "name,colour\n"
    for (index, name) in Self.names.enumerated() {
      // Row 10 has a colour that is not one: it fails alone.
      rows += "\(name),\(index == 9 ? "not-a-colour" : "white")\n"
    }
    let folder = try Self.cardFolder(rows: rows)
    let report = folder.appendingPathComponent("report.json").path
    let result = try TestSupport.reel([
      "render", folder.appendingPathComponent("card.json").path,
      "--data", folder.appendingPathComponent("friends.csv").path,
      "-o", folder.path + "/cards/{{name}}.apng", "--jobs", "2", "--report", report,
    ])
    #expect(result.status == 5, "\(result.stderr)")
    // The failed row: its number and line, and what reel validate says of the value.
    let validate = try TestSupport.reel([
      "validate", folder.appendingPathComponent("card.json").path, "--set",
      "colour=not-a-colour",
    ])
    let problem = try #require(validate.stderr.split(separator: "\n").first)
      .replacingOccurrences(of: "reel: ", with: "")
    let failedLines = result.stderr.split(separator: "\n").filter { $0.contains("row 10 ") }
    #expect(failedLines == ["reel: row 10 (\(folder.path)/friends.csv line 11): \(problem)"])
    #expect(
      result.stdoutText.hasPrefix(
        "rendered 19 of 20 rows into \(folder.path)/cards (1 failed, 0 skipped)"))

    let written = try CLITestSupport.contents(of: folder.appendingPathComponent("cards"))
    #expect(written == Self.names.filter { $0 != "Friend10" }.map { "\($0).apng" }.sorted())
    // Each movie: the greeting's rows differ from the first row's, every other pixel is the
    // same, bit for bit.
    let first = try Self.lastFrame(folder.path + "/cards/Friend1.apng")
    let textRows = 80..<116
    for name in Self.names.dropFirst() where name != "Friend10" {
      let frame = try Self.lastFrame(folder.path + "/cards/\(name).apng")
      var outside = 0
      var inside = 0
      for y in 0..<120 {
        for x in 0..<160 {
          let offset = (y * 160 + x) * 3
          let same = frame.bytes[offset..<offset + 3] == first.bytes[offset..<offset + 3]
          if textRows.contains(y) { inside += same ? 0 : 1 } else { outside += same ? 0 : 1 }
        }
      }
      #expect(outside == 0, "\(name): \(outside) pixels outside the greeting differ")
      #expect(inside > 20, "\(name): the greeting is the same as the first row's")
    }

    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report)))
        as? [String: Any])
    let summary = try #require(json["summary"] as? [String: Any])
    #expect(summary["rendered"] as? Int == 19 && summary["failed"] as? Int == 1)
    let entries = try #require(json["rows"] as? [[String: Any]])
    #expect(entries.map { $0["row"] as? Int } == (1...20).map { $0 })
    #expect(entries[9]["status"] as? String == "failed")
    #expect((entries[9]["error"] as? String)?.contains(problem) == true)
    #expect(entries[0]["output"] as? String == folder.path + "/cards/Friend1.apng")
  }

  @Test func aStoppedBatchResumesWithSkipExisting() throws {
    let folder = try Self.cardFolder(rows: "name\n" + Self.names.prefix(5).joined(separator: "\n"))
    let arguments = [
      "render", folder.appendingPathComponent("card.json").path,
      "--data", folder.appendingPathComponent("friends.csv").path,
      "-o", folder.path + "/cards/{{name}}.mp4", "--quiet",
    ]
    // The first run stops after two rows (as a batch stopped part way leaves it).
    let first = try TestSupport.reel(arguments + ["--rows", "1-2"])
    #expect(first.status == 0, "\(first.stderr)")
    let done = folder.path + "/cards/Friend1.mp4"
    let before = try FileManager.default.attributesOfItem(atPath: done)[.modificationDate] as? Date
    // Without --skip-existing a row whose output exists fails (it is kept).
    let clash = try TestSupport.reel(arguments + ["--rows", "2"])
    #expect(clash.status == 5 && clash.stderr.contains("already exists"))

    let resumed = try TestSupport.reel(arguments + ["--skip-existing", "--progress", "json"])
    #expect(resumed.status == 0, "\(resumed.stderr)")
    let events = resumed.stdoutText.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    let ended = events.filter { $0["event"] as? String != "started" }
    #expect(
      ended.map { $0["event"] as? String } == [
        "skipped", "skipped", "rendered", "rendered", "rendered",
      ])
    #expect(ended.map { $0["row"] as? Int } == [1, 2, 3, 4, 5])
    #expect(ended.last?["rendered"] as? Int == 3 && ended.last?["total"] as? Int == 5)
    let after = try FileManager.default.attributesOfItem(atPath: done)[.modificationDate] as? Date
    #expect(before == after)
    #expect(try CLITestSupport.contents(of: folder.appendingPathComponent("cards")).count == 5)
  }

  /// A real stop: a `reel render --data` process gets SIGINT after its second movie. It exits
  /// 130, leaves only finished movies (no temporary file of the row in progress), and the same
  /// command with `--skip-existing` renders exactly the rows that were not written, leaving
  /// the finished ones untouched.
  @Test func aBatchStoppedBySIGINTResumesWithOnlyTheRest() throws {
    let folder = try Self.cardFolder(rows: "name\n" + Self.names.prefix(6).joined(separator: "\n"))
    let cards = folder.appendingPathComponent("cards")
    let arguments = [
      "render", folder.appendingPathComponent("card.json").path,
      "--data", folder.appendingPathComponent("friends.csv").path,
      "-o", cards.path + "/{{name}}.mp4", "--progress", "json",
    ]
    let process = Process()
    process.executableURL = try TestSupport.reelExecutable()
    process.arguments = arguments
    let progress = Pipe()
    let errors = Pipe()
    process.standardOutput = progress
    process.standardError = errors
    try process.run()
    // Reads events until the second movie is written, then stops the process.
    var received = Data()
    var signalled = false
    while true {
      let chunk = progress.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      received.append(chunk)
      let renderedSoFar = Self.events(received).filter { $0["event"] as? String == "rendered" }
      if !signalled && renderedSoFar.count >= 2 {
        kill(process.processIdentifier, SIGINT)
        signalled = true
      }
    }
    process.waitUntilExit()
    let message = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(signalled, "the batch ended before its second movie: \(message)")
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 130, "\(message)")
    #expect(message.contains("reel: interrupted; the rest of the batch was not written"))
    let written = Self.events(received).filter { $0["event"] as? String == "rendered" }
      .compactMap { ($0["output"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } }
    // Only the movies reported written are there: nothing partial, no hidden temporary.
    #expect(written.count >= 2 && written.count < 6, "\(written)")
    #expect(try CLITestSupport.contents(of: cards) == written.sorted())
    func identity(_ name: String) throws -> [String] {
      let attributes = try FileManager.default.attributesOfItem(
        atPath: cards.appendingPathComponent(name).path)
      return ["\(attributes[.systemFileNumber] ?? "")", "\(attributes[.modificationDate] ?? "")"]
    }
    let before = try written.map(identity)

    let resumed = try TestSupport.reel(arguments + ["--skip-existing"])
    #expect(resumed.status == 0, "\(resumed.stderr)")
    let ended = Self.events(Data(resumed.stdoutText.utf8))
      .filter { $0["event"] as? String != "started" }
    let skipped = ended.filter { $0["event"] as? String == "skipped" }.compactMap {
      ($0["output"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent }
    }
    let rendered = ended.filter { $0["event"] as? String == "rendered" }.compactMap {
      ($0["output"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent }
    }
    #expect(skipped.sorted() == written.sorted(), "\(ended)")
    #expect(Set(rendered).isDisjoint(with: written) && rendered.count == 6 - written.count)
    #expect(try written.map(identity) == before, "a finished movie was written again")
    #expect(
      try CLITestSupport.contents(of: cards) == Self.names.prefix(6).map { "\($0).mp4" }.sorted())
    let last = cards.appendingPathComponent("Friend6.mp4").path
    let probe = try TestSupport.ffprobeJSON(["-show_streams", last])
    #expect((probe["streams"] as? [[String: Any]])?.first?["codec_name"] as? String == "h264")
  }

  /// The JSON objects of `--progress json` lines.
  static func events(_ data: Data) -> [[String: Any]] {
    String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  @Test func badDataIsRefusedWithNothingWritten() throws {
    for (rows, words) in [
      ("name,colour\nAda\n", "line 2 (row 1), column 'colour': the row has 1 field"),
      ("name\nAda,white\n", "line 2 (row 1), column 'field 2'"),
      ("name\n\"Ada\n", "never ends"),
      ("name\nAd\"a\n", "quote the whole field"),
      ("name\n../escape\n", "cannot make folders"),
      ("name\n/etc/passwd\n", "cannot make folders"),
      ("name\nAda\nBob\nAda\n", "line 4 (row 3), column 'name': the output name"),
      ("nmae\nAda\n", "did you mean 'name'?"),
    ] {
      let folder = try Self.cardFolder(rows: rows)
      let result = try TestSupport.reel([
        "render", folder.appendingPathComponent("card.json").path,
        "--data", folder.appendingPathComponent("friends.csv").path,
        "-o", folder.path + "/cards/{{name}}.mp4",
      ])
      #expect(result.status == 3, "\(rows): \(result.stderr)")
      #expect(result.stderr.contains(words), "\(rows): \(result.stderr)")
      // Nothing written: not the output folder, not a file beside the data or above it.
      #expect(
        try CLITestSupport.contents(of: folder) == [
          "card.json", "clip.mp4", "friends.csv", "star.png",
        ])
      #expect(
        !FileManager.default.fileExists(
          atPath: folder.deletingLastPathComponent().path + "/escape.mp4"))
    }
  }

  @Test func validateChecksEveryRow() throws {
    let folder = try Self.cardFolder(
      rows: "{\"name\": \"Ada\"}\n{\"name\": \"Bob\", \"colour\": \"nope\"}\n", dataName: "f.jsonl")
    let arguments = [
      "validate", folder.appendingPathComponent("card.json").path,
      "--data", folder.appendingPathComponent("f.jsonl").path, "-o", "cards/{{name}}.mp4",
    ]
    let result = try TestSupport.reel(arguments)
    #expect(result.status == 3)
    #expect(result.stderr.contains("row 2 (\(folder.path)/f.jsonl line 2): "))
    #expect(result.stderr.contains("1 of 2 rows"))
    try Data("{\"name\": \"Ada\"}\n".utf8).write(to: folder.appendingPathComponent("f.jsonl"))
    let valid = try TestSupport.reel(arguments)
    #expect(valid.status == 0, "\(valid.stderr)")
    #expect(valid.stdoutText.contains("valid with all 1 row"))
  }
}
