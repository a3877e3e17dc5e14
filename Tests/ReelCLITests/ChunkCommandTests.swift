import Foundation
import TestSupport
import Testing

/// `reel plan`, `reel render --plan --chunk/--audio`, `reel join` and `reel render --jobs`,
/// checked against a single render of the same ~6 s template (two clips with sound, a
/// cross-fade, animated overlays) with ffmpeg and ffprobe as the oracle.
@Suite struct ChunkCommandTests {
  /// A project folder: two 3.5 s 320×180 clips with tones, and `movie.json` cross-fading
  /// them over 1 s under two animated overlays (6 s, 180 frames).
  static func makeProject() throws -> URL {
    let folder = try TestSupport.makeTemporaryDirectory("reel-chunks")
    let media = folder.appendingPathComponent("media")
    try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
    for (name, video, tone) in [
      ("a.mp4", "testsrc2=size=320x180:rate=30:duration=3.5", 440),
      ("b.mp4", "smptebars=size=320x180:rate=30:duration=3.5", 660),
    ] {
      try TestSupport.ffmpeg([
        "-f", "lavfi", "-i", video, "-f", "lavfi", "-i",
        "sine=frequency=\(tone):duration=3.5:sample_rate=48000", "-c:v", "libx264", "-g", "30",
        "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", media.appendingPathComponent(name).path,
      ])
    }
    let template = """
      { "version": 1, "size": [320, 180], "frameRate": 30,
        "variables": { "tint": "red" },
        "clips": [
          { "media": "media/a.mp4" },
          { "media": "media/b.mp4", "transition": { "type": "crossFade", "duration": 1 } } ],
        "layers": [
          { "type": "video" },
          { "type": "color", "color": "{{tint}}", "frame": [20, 20, 60, 40],
            "animations": [ { "property": "opacity", "from": 0, "to": 1, "duration": 2,
                              "autoreverse": true, "repeat": "forever" } ] },
          { "type": "color", "color": "white", "frame": [240, 120, 40, 40],
            "animations": [ { "property": "rotation", "from": 0, "to": 360, "duration": 3,
                              "repeat": "forever" } ] } ] }
      """
    try Data(template.utf8).write(to: folder.appendingPathComponent("movie.json"))
    return folder
  }

  /// Runs `reel` and throws with its messages unless it exits 0.
  @discardableResult
  static func reel(_ arguments: [String]) throws -> TestSupport.ToolOutput {
    let output = try TestSupport.reel(arguments)
    guard output.status == 0 else {
      throw CLITestFailure(
        "reel \(arguments.joined(separator: " ")) exited \(output.status): \(output.stderr)")
    }
    return output
  }

  /// Renders every task of `plan` one by one, then joins to `output`.
  static func runTasksOneByOne(plan: URL, template: URL, chunks: Int, output: URL) throws {
    for index in 0..<chunks {
      try reel(["render", template.path, "--plan", plan.path, "--chunk", String(index), "--quiet"])
    }
    try reel(["render", template.path, "--plan", plan.path, "--audio", "--quiet"])
    try reel(["join", plan.path, "-o", output.path, "--quiet"])
  }

  /// The renders the comparisons share, made once.
  struct Renders {
    let folder: URL
    /// `reel render` as usual.
    let single: URL
    /// One lossless chunk: the single lossless render.
    let losslessSingle: URL
    /// Three lossless chunks, joined.
    let losslessJoined: URL
    /// Three chunks at the default quality, rendered one by one and joined.
    let joined: URL
    /// The plan of `joined` (its chunks kept).
    let plan: URL
    /// The same plan run with `--jobs 3`.
    let jobs: URL
  }

  static let renders: Result<Renders, CLITestFailure> = {
    do {
      let folder = try makeProject()
      let template = folder.appendingPathComponent("movie.json")
      func file(_ name: String) -> URL { folder.appendingPathComponent(name) }
      try reel(["render", template.path, "-o", file("single.mp4").path, "--quiet"])
      try reel(["plan", template.path, "--chunks", "1", "--lossless", "-o", file("l1.json").path])
      try runTasksOneByOne(
        plan: file("l1.json"), template: template, chunks: 1, output: file("lossless-1.mp4"))
      try reel(["plan", template.path, "--chunks", "3", "--lossless", "-o", file("l3.json").path])
      try runTasksOneByOne(
        plan: file("l3.json"), template: template, chunks: 3, output: file("lossless-3.mp4"))
      try reel(["plan", template.path, "--chunks", "3", "-o", file("d3.json").path])
      try runTasksOneByOne(
        plan: file("d3.json"), template: template, chunks: 3, output: file("joined.mp4"))
      try reel([
        "render", template.path, "--jobs", "3", "--plan", file("d3.json").path, "-o",
        file("jobs.mp4").path, "--quiet",
      ])
      return .success(
        Renders(
          folder: folder, single: file("single.mp4"), losslessSingle: file("lossless-1.mp4"),
          losslessJoined: file("lossless-3.mp4"), joined: file("joined.mp4"),
          plan: file("d3.json"), jobs: file("jobs.mp4")))
    } catch let failure as CLITestFailure {
      return .failure(failure)
    } catch {
      return .failure(CLITestFailure("making the renders: \(error)"))
    }
  }()

  // MARK: - Oracle helpers

  /// ffprobe's value of `entry` for the first stream of `kind` (`v`, `a`).
  static func stream(_ url: URL, _ kind: String, _ entries: String) throws -> [String: Any] {
    let json = try TestSupport.ffprobeJSON([
      "-select_streams", "\(kind):0", "-count_frames", "-show_entries", "stream=\(entries)",
      url.path,
    ])
    return ((json["streams"] as? [[String: Any]])?.first) ?? [:]
  }

  /// The MD5 of every decoded video frame (ffmpeg's framemd5).
  static func frameDigests(_ url: URL) throws -> [String] {
    let output = try TestSupport.run(
      "ffmpeg", ["-v", "error", "-i", url.path, "-map", "0:v", "-f", "framemd5", "-"])
    return output.stdoutText.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
      String($0.split(separator: ",").last ?? "").trimmingCharacters(in: .whitespaces)
    }
  }

  /// Per-frame PSNR (average over the planes, dB; `inf` as 1000) of `url` against
  /// `reference`, from ffmpeg's psnr filter's stats file.
  static func psnr(_ url: URL, against reference: URL) throws -> [Double] {
    let stats = url.deletingPathExtension().appendingPathExtension("psnr.txt")
    let output = try TestSupport.run(
      "ffmpeg",
      [
        "-v", "error", "-i", url.path, "-i", reference.path, "-lavfi",
        "[0:v][1:v]psnr=stats_file=\(stats.path)", "-f", "null", "-",
      ])
    guard output.status == 0 else { throw CLITestFailure("psnr: \(output.stderr)") }
    let text = try String(contentsOf: stats, encoding: .utf8)
    return text.split(separator: "\n").map { line in
      let field = line.split(separator: " ").first { $0.hasPrefix("psnr_avg:") } ?? ""
      let value = field.dropFirst("psnr_avg:".count)
      return value == "inf" ? 1000 : Double(value) ?? -1
    }
  }

  /// The decoded audio as 32-bit float PCM bytes.
  static func pcm(_ url: URL) throws -> Data {
    try TestSupport.run(
      "ffmpeg", ["-v", "error", "-i", url.path, "-map", "0:a", "-f", "f32le", "-"]
    ).stdout
  }

  // MARK: - The joined movie against a single render

  @Test func theJoinedMovieHasTheSingleRendersFramesAndDuration() throws {
    let renders = try Self.renders.get()
    let single = try Self.stream(renders.single, "v", "nb_read_frames,duration")
    let joined = try Self.stream(renders.joined, "v", "nb_read_frames,duration")
    #expect(single["nb_read_frames"] as? String == "180")
    #expect(joined["nb_read_frames"] as? String == single["nb_read_frames"] as? String)
    #expect(joined["duration"] as? String == single["duration"] as? String)
  }

  @Test func aLosslessJoinDecodesToTheSingleLosslessRenderBitForBit() throws {
    let renders = try Self.renders.get()
    let single = try Self.frameDigests(renders.losslessSingle)
    let joined = try Self.frameDigests(renders.losslessJoined)
    #expect(single.count == 180)
    #expect(joined == single)
  }

  /// Every frame — those on both sides of each joint included — is within 0.5 dB of the
  /// single render's quality (PSNR against the lossless render), or better.
  @Test func everyFramesQualityIsWithinHalfADecibelOfTheSingleRender() throws {
    let renders = try Self.renders.get()
    let single = try Self.psnr(renders.single, against: renders.losslessSingle)
    let joined = try Self.psnr(renders.joined, against: renders.losslessSingle)
    #expect(single.count == 180 && joined.count == 180)
    let worse = zip(single, joined).enumerated().filter { $0.element.1 < $0.element.0 - 0.5 }
    #expect(worse.isEmpty, "frames more than 0.5 dB worse: \(worse.map(\.offset))")
    for joint in [59, 60, 119, 120] { #expect(joined[joint] >= single[joint] - 0.5) }
  }

  @Test func theAudioSamplesAreTheSingleRenders() throws {
    let renders = try Self.renders.get()
    let single = try Self.pcm(renders.single)
    #expect(single.count > 48_000 * 2 * 4 * 5)
    #expect(try Self.pcm(renders.joined) == single)
  }

  @Test func bothStreamsStartAtZero() throws {
    let renders = try Self.renders.get()
    for movie in [renders.joined, renders.losslessJoined] {
      for kind in ["v", "a"] {
        let start = try Self.stream(movie, kind, "start_time")["start_time"] as? String
        #expect(start == "0.000000", "\(movie.lastPathComponent) \(kind)")
      }
    }
  }

  @Test func eachChunkStartsWithAKeyframeAndHoldsExactlyItsFrames() throws {
    let renders = try Self.renders.get()
    let chunks = renders.folder.appendingPathComponent("d3.chunks")
    for (index, frames) in [60, 60, 60].enumerated() {
      let chunk = chunks.appendingPathComponent("chunk-000\(index).mp4")
      #expect(
        try Self.stream(chunk, "v", "nb_read_frames")["nb_read_frames"] as? String == "\(frames)")
      let json = try TestSupport.ffprobeJSON([
        "-select_streams", "v:0", "-read_intervals", "%+#1", "-show_entries",
        "frame=key_frame,pict_type", chunk.path,
      ])
      let first = (json["frames"] as? [[String: Any]])?.first
      #expect(first?["key_frame"] as? Int == 1)
      #expect(first?["pict_type"] as? String == "I")
    }
  }

  @Test func jobsThreeIsByteIdenticalToTheTasksRunOneByOne() throws {
    let renders = try Self.renders.get()
    #expect(try Data(contentsOf: renders.jobs) == Data(contentsOf: renders.joined))
  }

  // MARK: - Tasks and refusals

  @Test func reRunningAChunkReplacesItAtomically() throws {
    let folder = try Self.makeProject()
    let template = folder.appendingPathComponent("movie.json")
    let plan = folder.appendingPathComponent("movie.plan.json")
    try Self.reel(["plan", template.path, "--chunks", "2"])
    #expect(FileManager.default.fileExists(atPath: plan.path))
    let chunk = folder.appendingPathComponent("movie.plan.chunks/chunk-0001.mp4")
    try Self.reel(["render", template.path, "--plan", plan.path, "--chunk", "1", "--quiet"])
    let first = try Data(contentsOf: chunk)
    try Data("half-written".utf8).write(to: chunk)
    try Self.reel(["render", template.path, "--plan", plan.path, "--chunk", "1", "--quiet"])
    #expect(try Data(contentsOf: chunk) == first)
    #expect(
      try CLITestSupport.contents(of: chunk.deletingLastPathComponent()) == ["chunk-0001.mp4"])

    // The rest of the tasks, then a join that removes the pieces.
    try Self.reel(["render", template.path, "--plan", plan.path, "--chunk", "0", "--quiet"])
    try Self.reel(["render", template.path, "--plan", plan.path, "--audio", "--quiet"])
    try Self.reel(["join", plan.path, "--remove-chunks", "--quiet"])
    let movie = folder.appendingPathComponent("movie.mp4")
    #expect(try Self.stream(movie, "v", "nb_read_frames")["nb_read_frames"] as? String == "180")
    #expect(!FileManager.default.fileExists(atPath: chunk.deletingLastPathComponent().path))
  }

  @Test func joinListsEveryMissingOrWrongChunkAndWritesNothing() throws {
    let folder = try Self.makeProject()
    let template = folder.appendingPathComponent("movie.json")
    let plan = folder.appendingPathComponent("p.json")
    try Self.reel(["plan", template.path, "--chunks", "4", "-o", plan.path])
    let chunks = folder.appendingPathComponent("p.chunks")
    func chunk(_ index: Int) -> URL { chunks.appendingPathComponent("chunk-000\(index).mp4") }
    for index in 1..<4 {
      try Self.reel([
        "render", template.path, "--plan", plan.path, "--chunk", "\(index)", "--quiet",
      ])
    }
    try Self.reel(["render", template.path, "--plan", plan.path, "--audio", "--quiet"])
    // Chunk 0 is missing; chunk 1 loses frames (its tag kept); chunk 3 is re-encoded with
    // other codec parameters (its tag kept); chunk 2 is right.
    let short = folder.appendingPathComponent("short.mp4")
    try TestSupport.ffmpeg(["-i", chunk(1).path, "-frames:v", "20", "-c", "copy", short.path])
    try FileManager.default.removeItem(at: chunk(1))
    try FileManager.default.moveItem(at: short, to: chunk(1))
    let other = folder.appendingPathComponent("other.mp4")
    try TestSupport.ffmpeg([
      "-i", chunk(3).path, "-c:v", "libx264", "-profile:v", "main", "-preset", "ultrafast",
      other.path,
    ])
    try FileManager.default.removeItem(at: chunk(3))
    try FileManager.default.moveItem(at: other, to: chunk(3))

    // And a clip the template reads changes.
    let clip = folder.appendingPathComponent("media/a.mp4")
    let handle = try FileHandle(forWritingTo: clip)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data([0]))
    try handle.close()

    let output = folder.appendingPathComponent("out.mp4")
    let result = try TestSupport.reel(["join", plan.path, "-o", output.path])
    // A changed input among them: exit 3, make a new plan.
    #expect(result.status == 3)
    #expect(result.stderr.contains("cannot join: 4 problems (files the plan was made from changed"))
    #expect(result.stderr.contains("input \(clip.path): changed since the plan was made"))
    #expect(result.stderr.contains("chunk 0 (\(chunk(0).path)): is missing"))
    #expect(result.stderr.contains("chunk 1 (\(chunk(1).path)): has 20 frames, the plan says 45"))
    #expect(
      result.stderr.contains(
        "chunk 3 (\(chunk(3).path)): has H.264 profile Constrained Baseline (578), the plan says high (100)"
      ))
    #expect(!result.stderr.contains("chunk 2 ("))
    #expect(!FileManager.default.fileExists(atPath: output.path))
    #expect(try CLITestSupport.contents(of: folder).filter { $0.hasPrefix(".") }.isEmpty)
  }

  @Test func aChangedInputIsRefusedNamingTheFile() throws {
    let folder = try Self.makeProject()
    let template = folder.appendingPathComponent("movie.json")
    let plan = folder.appendingPathComponent("p.json")
    try Self.reel(["plan", template.path, "--chunks", "2", "-o", plan.path])
    try Self.runTasksOneByOne(
      plan: plan, template: template, chunks: 2, output: folder.appendingPathComponent("ok.mp4"))
    let clip = folder.appendingPathComponent("media/b.mp4")
    let handle = try FileHandle(forWritingTo: clip)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data([0]))
    try handle.close()

    let join = try TestSupport.reel([
      "join", plan.path, "-o", folder.appendingPathComponent("x.mp4").path,
    ])
    // Rendering the chunks again would be refused: the join says to make a new plan.
    #expect(join.status == 3)
    #expect(join.stderr.contains("input \(clip.path): changed since the plan was made"))
    #expect(join.stderr.contains("make a new plan and render it) (reel plan makes one)"))
    #expect(!join.stderr.contains("render those chunks again"))
    let render = try TestSupport.reel([
      "render", template.path, "--plan", plan.path, "--chunk", "0", "--quiet",
    ])
    #expect(render.status == 3)
    #expect(render.stderr.contains("\(clip.path): changed since the plan was made"))

    // Every task of --jobs fails the same way: nothing is joined.
    let jobs = folder.appendingPathComponent("jobs.mp4")
    let run = try TestSupport.reel([
      "render", template.path, "--jobs", "2", "--plan", plan.path, "-o", jobs.path,
    ])
    #expect(run.status == 1)
    #expect(run.stderr.contains("tasks failed; nothing was joined"))
    #expect(!FileManager.default.fileExists(atPath: jobs.path))
  }

  @Test func aBitRateTargetIsRefused() throws {
    let template = try CLITestSupport.writeTemplate(
      """
      { "version": 1, "size": [320, 180], "duration": 1, "frameRate": 30, "background": "blue",
        "export": { "bitRate": 2000000 } }
      """)
    let result = try TestSupport.reel(["plan", template.path, "--chunks", "2"])
    #expect(result.status == 3)
    #expect(result.stderr.contains("bit-rate target"))
    #expect(result.stderr.contains("constant quality"))
  }

  /// A plan fixes the options that shape it: `--jobs` given a plan refuses them as a task
  /// does, rather than rendering the plan without them.
  @Test func aGivenPlanRefusesTheOptionsThatWouldChangeIt() throws {
    let template = try CLITestSupport.writeTemplate(CLITestSupport.smallTemplate())
    let folder = template.deletingLastPathComponent()
    let plan = folder.appendingPathComponent("p.json")
    try Self.reel(["plan", template.path, "--chunks", "2", "-o", plan.path])
    let output = folder.appendingPathComponent("out.mp4").path
    for (extra, message) in [
      (["--from", "0.5"], "--from is fixed by the plan"),
      (["--threads", "1"], "--threads is fixed by the plan"),
      (["--lossless"], "--lossless is fixed by the plan"),
      (["--preset", "720p"], "--preset is fixed by the plan"),
      (["--set", "colour=red"], "--set colour=red disagrees with the plan (colour='blue')"),
    ] {
      for task in [["--jobs", "2"], ["--chunk", "0"]] {
        let result = try TestSupport.reel(
          ["render", template.path, "--plan", plan.path] + task + extra + ["-o", output])
        #expect(result.status == 2, "\(task) \(extra)")
        #expect(result.stderr.contains(message), "\(task) \(extra): \(result.stderr)")
      }
    }
    #expect(!FileManager.default.fileExists(atPath: output))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("p.chunks").path))
  }

  /// What a single render to the output would refuse, a plan refuses before any task runs;
  /// and chunks are H.264 only, so a movie that encodes anything else, or an audio-only
  /// output, is not split.
  @Test func outputsAChunkedRenderCannotMakeAreRefusedBeforeAnyTask() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-chunk-outputs")
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "sine=frequency=440:duration=1:sample_rate=48000", "-c:a", "aac",
      folder.appendingPathComponent("tone.m4a").path,
    ])
    func template(_ name: String, export: String) throws -> URL {
      let url = folder.appendingPathComponent(name)
      try Data(
        """
        { "version": 1, "size": [320, 240], "duration": 1, "frameRate": 30, "background": "blue",
          "audio": { "soundtrack": { "file": "tone.m4a" } }, "export": { \(export) } }
        """.utf8
      ).write(to: url)
      return url
    }
    let h264 = try template("h264.json", export: "\"codec\": \"h264\"")
    let vp9 = try template("vp9.json", export: "\"codec\": \"vp9\"")
    let hevc = try template("hevc.json", export: "\"codec\": \"hevc\"")
    let cases: [(URL, String, String)] = [
      (h264, "out.m4a", "holds audio only"),
      (h264, "out.webm", "codec 'h264' cannot be written in a .webm file"),
      (vp9, "out.webm", "chunks are encoded with H.264 only, and this export encodes vp9"),
      (hevc, "out.mp4", "chunks are encoded with H.264 only, and this export encodes hevc"),
    ]
    for (movie, name, message) in cases {
      let output = folder.appendingPathComponent(name).path
      for command in [
        ["render", movie.path, "--jobs", "2", "-o", output],
        ["plan", movie.path, "--chunks", "2", "--output", output],
      ] {
        let result = try TestSupport.reel(command)
        #expect(result.status == 3, "\(command)")
        #expect(result.stderr.contains(message), "\(command): \(result.stderr)")
      }
      #expect(!FileManager.default.fileExists(atPath: output))
    }
    // A folder that is not there fails at once, as a single render does.
    let missing = folder.appendingPathComponent("missing/out.mp4")
    let result = try TestSupport.reel(["render", h264.path, "--jobs", "2", "-o", missing.path])
    #expect(result.status == 4)
    #expect(result.stderr.contains("does not exist"))
    #expect(!FileManager.default.fileExists(atPath: missing.deletingLastPathComponent().path))
  }

  /// x264's fastest speed turns off the 8×8 transform, and with it the High profile the
  /// plan pins; the pinned encoder keeps it on, so the chunks join.
  @Test func theFastestSpeedJoins() throws {
    let template = try CLITestSupport.writeTemplate(
      """
      { "version": 1, "size": [320, 240], "duration": 1, "frameRate": 30, "background": "blue",
        "layers": [ { "type": "color", "color": "white", "frame": [140, 100, 40, 40],
                      "animations": [ { "property": "rotation", "from": 0, "to": 90,
                                        "duration": 1 } ] } ],
        "export": { "speed": "ultrafast" } }
      """)
    let output = template.deletingLastPathComponent().appendingPathComponent("fast.mp4")
    try Self.reel(["render", template.path, "--jobs", "2", "-o", output.path, "--quiet"])
    let video = try Self.stream(output, "v", "profile,nb_read_frames")
    #expect(video["profile"] as? String == "High")
    #expect(video["nb_read_frames"] as? String == "30")
  }

  @Test func aPlanNeedsAChunkingAndAChunkInsideIt() throws {
    let template = try CLITestSupport.writeTemplate(CLITestSupport.smallTemplate())
    let none = try TestSupport.reel(["plan", template.path])
    #expect(none.status == 2)
    #expect(none.stderr.contains("--chunks N or --chunk-seconds S"))
    try Self.reel(["plan", template.path, "--chunk-seconds", "0.4"])
    let plan = template.deletingLastPathComponent().appendingPathComponent("template.plan.json")
    let text = try String(contentsOf: plan, encoding: .utf8)
    #expect(text.contains("\"frameCount\": 12,"))
    let outside = try TestSupport.reel([
      "render", template.path, "--plan", plan.path, "--chunk", "3",
    ])
    #expect(outside.status == 2)
    #expect(outside.stderr.contains("there is no chunk 3: the plan has chunks 0…2"))
    #expect(
      !FileManager.default.fileExists(
        atPath: template.deletingLastPathComponent().appendingPathComponent("template.plan.chunks")
          .path))
  }

  /// A task of a plan writes the file its plan names, where `reel join` reads it: `-o` with
  /// `--chunk` or `--audio` is refused before anything is rendered or written.
  @Test func aPlansTaskRefusesAnOutputOfItsOwn() throws {
    let template = try CLITestSupport.writeTemplate(CLITestSupport.smallTemplate())
    let folder = template.deletingLastPathComponent()
    let plan = folder.appendingPathComponent("card.plan.json")
    try Self.reel(["plan", template.path, "--chunks", "2", "-o", plan.path])
    let elsewhere = folder.appendingPathComponent("elsewhere.mp4")
    let chunk = try TestSupport.reel([
      "render", template.path, "--plan", plan.path, "--chunk", "1", "-o", elsewhere.path,
    ])
    #expect(chunk.status == 2)
    #expect(chunk.stderr.contains("-o does not go with --chunk 1"), "\(chunk.stderr)")
    #expect(chunk.stderr.contains("card.plan.chunks/"), "names the plan's file: \(chunk.stderr)")
    let audio = try TestSupport.reel([
      "render", template.path, "--plan", plan.path, "--audio", "-o", elsewhere.path,
    ])
    #expect(audio.status == 2)
    #expect(audio.stderr.contains("-o does not go with --audio"), "\(audio.stderr)")
    #expect(!FileManager.default.fileExists(atPath: elsewhere.path))
    #expect(try CLITestSupport.contents(of: folder) == ["card.plan.json", "template.json"])
    let help = try Self.reel(["render", "--help"])
    #expect(help.stdoutText.contains("-o is refused"))
  }

  @Test func theNewCommandsHaveHelp() throws {
    let plan = try Self.reel(["plan", "--help"])
    #expect(plan.stdoutText.contains("--chunk-seconds S"))
    let join = try Self.reel(["join", "--help"])
    #expect(join.stdoutText.contains("--remove-chunks"))
    let render = try Self.reel(["render", "--help"])
    #expect(render.stdoutText.contains("--jobs J"))
    let tool = try Self.reel(["--help"])
    #expect(tool.stdoutText.contains("join PLAN.json"))
  }
}
