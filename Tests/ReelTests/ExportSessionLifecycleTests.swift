import Foundation
import Reel
import TestSupport
import Testing

/// The session's life: progress, completion once, one run per session, cancellation,
/// passthrough, and the bounded pipeline.
@Suite("Export session life")
struct ExportSessionLifecycleTests {
  typealias O = ExportOracle

  /// A 320×240 30 fps test pattern with a tone, `seconds` long.
  static func longClip(seconds: Int, in folder: URL) throws -> URL {
    try O.makeClip(
      "long\(seconds).mp4", in: folder,
      video: "testsrc2=size=320x240:rate=30:duration=\(seconds)",
      audio: "sine=frequency=440:sample_rate=48000:duration=\(seconds)")
  }

  @Test func progressRisesToOneWithRatesAndCompletesOnce() async throws {
    let folder = try O.folder()
    let movie = try O.movie(of: MediaFixtures.url(for: .basic))
    let session = ExportSession(
      movie: movie, outputURL: folder.appendingPathComponent("out.mp4"))
    #expect(session.status == .waiting)
    let watcher = Task {
      var seen: [ExportProgress] = []
      for await step in session.progress { seen.append(step) }
      return seen
    }
    let result = try await session.export()
    let seen = await watcher.value  // the stream finishes when the export ends
    #expect(session.status == .completed)
    #expect(result.frameCount == 30)
    let fractions = seen.map(\.fraction)
    #expect(!fractions.isEmpty)
    #expect(zip(fractions, fractions.dropFirst()).allSatisfy { $0 <= $1 }, "\(fractions)")
    #expect(fractions.last == 1)
    let last = try #require(seen.last)
    #expect(last.framesDone == 30 && last.totalFrames == 30)
    #expect(last.framesPerSecond > 0)
    #expect(last.secondsRemaining == 0)
    #expect(last.secondsElapsed > 0)
    #expect(seen.allSatisfy { $0.fraction >= 0 && $0.fraction <= 1 })

    // A session runs once; the second call fails without touching the file.
    do {
      _ = try await session.export()
      Issue.record("a session exported twice")
    } catch {
      #expect(error.description == "an export session runs once; make a new one to export again")
    }
    #expect(session.status == .completed)
  }

  @Test func cancellingMidExportLeavesNothingAndKeepsAnExistingFile() async throws {
    let folder = try O.folder()
    let source = try Self.longClip(seconds: 6, in: folder)
    // 300 s (the clip fifty times), cancelled at 2 %, so the cancel lands mid-export even on
    // a busy machine, where the task reading progress can run long after the event was sent
    // (a clip nothing is drawn on exports at hundreds of frames per second).
    var composition = Composition()
    for _ in 0..<50 { try composition.addClip(asset: Asset(url: source)) }
    let movie = Movie(composition: composition)
    for existing in [false, true] {
      let output = folder.appendingPathComponent("out-\(existing).mp4")
      let original = Data("an earlier export".utf8)
      if existing { try original.write(to: output) }
      let session = ExportSession(
        movie: movie, outputURL: output, settings: ExportSettings(overwrite: true))
      let task = Task { try await session.export() }
      // Cancel once 2 % is done.
      for await step in session.progress where step.fraction >= 0.02 {
        task.cancel()
        break
      }
      do {
        _ = try await task.value
        Issue.record("a cancelled export completed")
      } catch let error as ExportError {
        guard case .cancelled(let path) = error else {
          Issue.record("expected cancelled, got \(error)")
          continue
        }
        #expect(path == output.path)
      }
      #expect(session.status == .cancelled)
      if existing {
        #expect(try Data(contentsOf: output) == original)
      } else {
        #expect(!FileManager.default.fileExists(atPath: output.path))
      }
      // No temporary file is left beside it.
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
      #expect(names == (existing ? ["long6.mp4", output.lastPathComponent] : ["long6.mp4"]))
    }
  }

  @Test func cancellingBeforeStartingWritesNothing() async throws {
    let folder = try O.folder()
    let output = folder.appendingPathComponent("never.mp4")
    let session = ExportSession(
      movie: try O.movie(of: MediaFixtures.url(for: .basic)), outputURL: output)
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await session.export()
    }
    await #expect(throws: ExportError.self) { try await task.value }
    #expect(session.status == .cancelled)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test func passthroughCopiesTheVideoPacketsUnchanged() async throws {
    let folder = try O.folder()
    let source = try MediaFixtures.url(for: .basic)
    let output = folder.appendingPathComponent("copy.mp4")
    let result = try await O.export(
      O.movie(of: source), to: output, settings: ExportSettings(preset: .passthrough))
    #expect(result.frameCount == 30)
    func hashes(_ url: URL) throws -> [String] {
      let probe = try TestSupport.ffprobeJSON([
        "-select_streams", "v:0", "-show_entries", "packet=data_hash", "-show_data_hash", "md5",
        "-show_packets", url.path,
      ])
      let packets = try #require(probe["packets"] as? [[String: Any]])
      return packets.compactMap { $0["data_hash"] as? String }
    }
    let copied = try hashes(output)
    #expect(copied.count == 30)
    #expect(copied == (try hashes(source)))
    #expect(try O.streams(output).count == 2)
    let boxes = try O.topLevelBoxes(output)
    #expect(
      try #require(boxes.firstIndex(of: "moov")) < (try #require(boxes.firstIndex(of: "mdat"))))
  }

  @Test func passthroughRefusesAMovieItCannotCopy() async throws {
    let folder = try O.folder()
    let clip = try MediaFixtures.url(for: .basic)
    var composition = Composition()
    try composition.addClip(asset: Asset(url: clip))
    try composition.addClip(asset: Asset(url: clip))
    let session = ExportSession(
      movie: Movie(composition: composition),
      outputURL: folder.appendingPathComponent("copy.mp4"),
      settings: ExportSettings(preset: .passthrough))
    do {
      _ = try await session.export()
      Issue.record("passthrough of two clips succeeded")
    } catch {
      #expect(
        error.description
          == "passthrough needs a single clip at normal speed starting at 0 (the movie's video track has 2 segments or a speed change): choose an encoding preset"
      )
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  /// Queues stay within their capacity for a 10 s and a 30 s movie (memory does not grow
  /// with length); stage busy times are printed (not asserted).
  @Test func queuesStayBoundedHoweverLongTheMovie() async throws {
    let folder = try O.folder()
    var results: [ExportResult] = []
    for seconds in [10, 30] {
      let source = try Self.longClip(seconds: seconds, in: folder)
      let output = folder.appendingPathComponent("out\(seconds).mp4")
      let result = try await O.export(O.movie(of: source), to: output)
      #expect(result.frameCount == seconds * 30)
      #expect(abs(try O.duration(output) - Double(seconds)) <= 1.0 / 30)
      results.append(result)
    }
    for result in results {
      let queues = try #require(result.statistics.queueHighWater)
      #expect(queues.decoded >= 1 && queues.decoded <= 2, "\(queues)")
      #expect(queues.composited >= 1 && queues.composited <= 2, "\(queues)")
      let busy = try #require(result.statistics.busySeconds)
      let sum = busy.decode + busy.composite + busy.encode
      let line = String(
        format:
          "export %d frames 320x240: wall %.2f s, busy decode %.2f composite %.2f encode %.2f (sum %.2f), %.0f fps, queues %@\n",
        result.frameCount, result.wallSeconds, busy.decode, busy.composite, busy.encode, sum,
        Double(result.frameCount) / result.wallSeconds, "\(queues.byName)")
      FileHandle.standardError.write(Data(line.utf8))
    }
  }
}
