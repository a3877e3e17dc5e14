import Foundation
import Reel
import ReelMedia
import TestSupport
import Testing

/// Rendering a movie in chunks from Swift: ``RenderPlan``, ``ExportSession`` for one chunk
/// and ``ChunkJoiner``. The command-line tests (ReelCLITests/ChunkCommandTests) compare the
/// joined movie with a single render frame by frame.
@Suite struct ChunkRenderTests {
  /// A plan for `movie` beside `folder`/plan.json, with no template inputs.
  static func plan(
    _ movie: Movie, settings: ExportSettings = ExportSettings(), chunks: Int, in folder: URL,
    lossless: Bool = false
  ) throws -> RenderPlan {
    try RenderPlan(
      movie: movie, settings: settings, chunking: .count(chunks),
      pinned: PinnedVideoEncoding(lossless: lossless),
      source: RenderPlan.Source(
        template: folder.appendingPathComponent("movie").path,
        variables: [:], inputs: []),
      planFile: folder.appendingPathComponent("plan.json"), output: "out.mp4")
  }

  /// Renders every chunk (and the audio) of `plan` into `folder`.
  static func renderAll(_ plan: RenderPlan, movie: Movie, in folder: URL) async throws {
    let joiner = ChunkJoiner(plan: plan, planFolder: folder)
    try FileManager.default.createDirectory(
      at: joiner.url(ofChunk: 0).deletingLastPathComponent(), withIntermediateDirectories: true)
    for chunk in plan.chunks {
      let session = try ExportSession(
        movie: movie, plan: plan, chunk: chunk.index, outputURL: joiner.url(ofChunk: chunk.index),
        base: ExportSettings())
      let result = try await session.export()
      #expect(result.frameCount == chunk.frameCount)
    }
    if let audio = joiner.audioURL {
      _ = try await ExportSession(movie: movie, plan: plan, audioTo: audio, base: ExportSettings())
        .export()
    }
  }

  @Test func framesAreDividedIntoWholeRangesThatCoverTheMovie() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-chunks")
    let clip = try MediaOracle.makeClip(
      "a.mp4", in: folder, video: "testsrc2=size=320x180:rate=30:duration=2.3")
    let plan = try Self.plan(MediaOracle.movie(of: clip), chunks: 4, in: folder)
    #expect(plan.frameCount == 69)
    #expect(plan.chunks.map(\.frameCount) == [18, 17, 17, 17])
    #expect(plan.chunks.map(\.firstFrame) == [0, 18, 35, 52])
    #expect(plan.chunks[2].file == "plan.chunks/chunk-0002.mp4")
    #expect(plan.encoder.profile == "high" && plan.encoder.level == 30)
    #expect(plan.resources.cpusPerTask == plan.encoder.pinned.threadCount)
    #expect(plan.compositionTime(ofFrame: 35) == Time(value: 35, timescale: 30))
  }

  @Test func aBitRateTargetIsRefused() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-chunks")
    let clip = try MediaOracle.makeClip(
      "a.mp4", in: folder, video: "testsrc2=size=320x180:rate=30:duration=1")
    var settings = ExportSettings()
    settings.bitRate = 1_000_000
    #expect {
      try Self.plan(MediaOracle.movie(of: clip), settings: settings, chunks: 2, in: folder)
    } throws: { error in
      guard case .cannotSplit(let reason) = error as? RenderPlanError else { return false }
      return reason.contains("bit-rate target") && reason.contains("crf")
    }
  }

  /// A chunk late in a long clip seeks to the keyframe before it instead of decoding the
  /// clip from its start; a whole render reads the clip in order and never seeks.
  @Test func aChunkSeeksToTheKeyframeBeforeItsFirstFrame() async throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-chunks")
    let clip = try MediaOracle.makeClip(
      "long.mp4", in: folder, video: "testsrc2=size=320x180:rate=30:duration=20",
      extra: ["-g", "30"])
    let movie = try MediaOracle.movie(of: clip)
    let plan = try Self.plan(movie, chunks: 10, in: folder)
    let counter = MediaAccessCounter(watching: folder.path)
    defer { counter.stop() }
    let output = folder.appendingPathComponent("chunk-9.mp4")
    let result = try await ExportSession(
      movie: movie, plan: plan, chunk: 9, outputURL: output, base: ExportSettings()
    ).export()
    #expect(result.frameCount == 60)
    #expect(counter.count(.keyframeSeek, path: clip.path) == 1)

    let whole = MediaAccessCounter(watching: folder.path)
    defer { whole.stop() }
    try await MediaOracle.export(movie, to: folder.appendingPathComponent("whole.mp4"))
    #expect(whole.count(.keyframeSeek, path: clip.path) == 0)
  }

  /// A chunk that ends before the movie does is encoded with the frames after it in x264's
  /// lookahead (the macroblock tree weighs its last frames as a single render does) and
  /// keeps only its own; drawing those frames stops once its last frame is out, long before
  /// the 255 the lookahead allows. The last chunk has nothing after it to draw.
  @Test func aChunkShowsTheEncoderTheFramesAfterItAndKeepsItsOwn() async throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-chunks")
    let clip = try MediaOracle.makeClip(
      "a.mp4", in: folder, video: "testsrc2=size=320x180:rate=30:duration=6")
    let movie = try MediaOracle.movie(of: clip)
    let plan = try Self.plan(movie, chunks: 3, in: folder)
    #expect(plan.encoder.pinned.macroblockTree)
    func render(_ index: Int) async throws -> (ExportResult, URL) {
      let output = folder.appendingPathComponent("chunk-\(index).mp4")
      let result = try await ExportSession(
        movie: movie, plan: plan, chunk: index, outputURL: output, base: ExportSettings()
      ).export()
      return (result, output)
    }
    let (middle, middleURL) = try await render(1)
    #expect(middle.frameCount == 60)
    #expect(try MediaOracle.frames(middleURL).count == 60)
    // It draws the frames x264 needs to see after its own (its delay: 11 at veryfast with two
    // threads) and no more — before the limit the queues and stages drew 6 more.
    #expect(middle.statistics.yuvFrameCount > 60 && middle.statistics.yuvFrameCount <= 60 + 12)
    let (last, lastURL) = try await render(2)
    #expect(try MediaOracle.frames(lastURL).count == 60)
    #expect(last.statistics.yuvFrameCount == 60)
  }

  @Test func chunksJoinIntoTheMovieAndAMissingOneIsNamed() async throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-chunks")
    let movie = try MediaOracle.crossFade(in: folder).movie
    let plan = try Self.plan(movie, chunks: 3, in: folder, lossless: true)
    try await Self.renderAll(plan, movie: movie, in: folder)
    let joiner = ChunkJoiner(plan: plan, planFolder: folder)
    #expect(joiner.problems().isEmpty)
    let summary = try joiner.join()
    #expect(summary.frameCount == plan.frameCount)
    let output = folder.appendingPathComponent("out.mp4")
    #expect(try MediaOracle.frames(output).count == plan.frameCount)

    try FileManager.default.removeItem(at: joiner.url(ofChunk: 1))
    #expect {
      try joiner.join(to: folder.appendingPathComponent("again.mp4"))
    } throws: { error in
      guard case .joinRefused(let problems) = error as? RenderPlanError else { return false }
      return problems.map(\.index) == [1] && problems[0].reason == "is missing"
    }
    #expect(
      !FileManager.default.fileExists(atPath: folder.appendingPathComponent("again.mp4").path))
  }

  @Test func aPlanWrittenAndReadBackIsTheSamePlanWithTheSameIdentity() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-plan-json")
    defer { try? FileManager.default.removeItem(at: folder) }
    let clip = try MediaOracle.makeClip(
      "a.mp4", in: folder, video: "testsrc2=size=320x180:rate=30:duration=1")
    // An input with its identity (an inode and nanosecond times, integers a Double would
    // round) and variables whose names need escaping and sort by their bytes.
    let input = try RenderPlan.Input.read(path: clip.path, now: .distantFuture)
    #expect(input.identity != nil)
    let plan = try RenderPlan(
      movie: MediaOracle.movie(of: clip), settings: ExportSettings(), chunking: .count(2),
      pinned: PinnedVideoEncoding(),
      source: RenderPlan.Source(
        template: clip.path,
        variables: ["name": "Ada \"Lovelace\"\n/é", "Zed": "1", "émoji": "😀", "a/b": ""],
        inputs: [input]),
      planFile: folder.appendingPathComponent("plan.json"), output: "out.mp4")
    let url = folder.appendingPathComponent("plan.json")
    try plan.write(to: url)
    let read = try RenderPlan.read(from: url)
    #expect(read == plan)
    #expect(read.identity == plan.identity)
    try read.write(to: folder.appendingPathComponent("again.json"))
    #expect(
      try Data(contentsOf: url) == Data(contentsOf: folder.appendingPathComponent("again.json")))
    // The identity is the SHA-256 of the plan's canonical JSON: compact, keys sorted, as an
    // independent writer (Python's json) writes the file's content.
    let digest = try TestSupport.run(
      "python3",
      [
        "-c",
        "import hashlib,json,sys; text = json.dumps(json.load(open(sys.argv[1], encoding='utf-8')), sort_keys=True, separators=(',', ':'), ensure_ascii=False); print(hashlib.sha256(text.encode('utf-8')).hexdigest())",
        url.path,
      ])
    #expect(digest.status == 0, "\(digest.stderr)")
    #expect(String(decoding: digest.stdout, as: UTF8.self) == plan.identity + "\n")
  }

  @Test func aPlanPathThatIsNotAPlanFileIsRefusedAtOnce() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-plan-read")
    defer { try? FileManager.default.removeItem(at: folder) }
    /// The reason `RenderPlan.read(from:)` gives for `url`, or nil when it reads a plan.
    func refusal(_ url: URL) -> String? {
      do {
        _ = try RenderPlan.read(from: url)
        return nil
      } catch {
        guard case .unreadablePlan(let path, let reason) = error, path == url.path else {
          return "another error: \(error)"
        }
        return reason
      }
    }
    let fifo = folder.appendingPathComponent("plan.json")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    // Reading a FIFO would wait for a writer for ever.
    #expect(refusal(fifo) == "it is a FIFO, not a file")
    #expect(refusal(folder) == "it is a folder")
    #expect(refusal(folder.appendingPathComponent("none.json")) == "there is no file there")
    let huge = folder.appendingPathComponent("huge.json")
    #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
    let handle = try FileHandle(forWritingTo: huge)
    try handle.truncate(atOffset: UInt64(RenderPlan.maximumPlanBytes + 1))
    try handle.close()
    #expect(refusal(huge)?.hasPrefix("it is over 64 MiB") == true)
  }

  @Test func aChunkOutOfThePlanIsRefused() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-chunks")
    let clip = try MediaOracle.makeClip(
      "a.mp4", in: folder, video: "testsrc2=size=320x180:rate=30:duration=1")
    let movie = try MediaOracle.movie(of: clip)
    let plan = try Self.plan(movie, chunks: 2, in: folder)
    #expect {
      try ExportSession(
        movie: movie, plan: plan, chunk: 2, outputURL: folder.appendingPathComponent("c.mp4"),
        base: ExportSettings())
    } throws: { error in
      guard case .noSuchChunk(2, 2) = error as? RenderPlanError else { return false }
      return true
    }
  }
}
