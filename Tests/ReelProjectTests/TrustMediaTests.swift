import Foundation
import ReelProject
import TestSupport
import Testing

/// Subtitle files are regular files (issue 10): a device or a FIFO is refused at once, by
/// what it is, without being opened or read.
@Suite("Trust: subtitle files")
struct TrustSubtitleTests {
  @Test func devicesAreNotRegularFiles() {
    for device in ["/dev/zero", "/dev/urandom"] {
      #expect(
        throws: SubtitleError(path: device, reason: .notRegularFile("a character device"))
      ) { try SubtitleFile.load(path: device) }
    }
    #expect(
      SubtitleError(path: "/dev/zero", reason: .notRegularFile("a character device")).description
        == "/dev/zero: not a regular file (a character device); give the path of an .srt or .vtt file"
    )
  }

  @Test func aFIFOIsRefusedWithoutBlocking() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-trust-subtitles")
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("captions.srt").path
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(throws: SubtitleError(path: fifo, reason: .notRegularFile("a FIFO"))) {
      try SubtitleFile.load(path: fifo)
    }
  }
}

/// Damaged media in an export (issue 10): a cut file fails where its data is missing (the
/// export's `.media(.damaged)`, exit 4 in `reel`), a few damaged packets render with one
/// warning on the result, and whole files give none.
@Suite("Trust: damaged media in exports")
struct TrustDamagedExportTests {
  let folder: URL

  init() throws {
    folder = try TestSupport.makeTemporaryDirectory("reel-trust-export")
  }

  /// A 4 s H.264 + AAC Matroska clip, a keyframe every second.
  func clip() throws -> String {
    let path = folder.appendingPathComponent("clip.mkv").path
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30:duration=4", "-f", "lavfi", "-i",
      "sine=frequency=440:duration=4", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt",
      "yuv420p", "-g", "30", "-c:a", "aac", "-shortest", path,
    ])
    return path
  }

  func write(_ bytes: Data, _ name: String) throws -> String {
    let path = folder.appendingPathComponent(name).path
    try bytes.write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Exports `range` (seconds) of the file at `path` as a clip.
  func export(_ path: String, from start: Double, duration: Double?) async throws(ExportError)
    -> ExportResult
  {
    var composition = Composition()
    do {
      try composition.addClip(
        asset: Asset(path: path),
        timeRange: duration.map {
          TimeRange(
            start: Time(seconds: start, preferredTimescale: 600),
            duration: Time(seconds: $0, preferredTimescale: 600))
        })
    } catch {
      throw .invalidMovie("\(error)")
    }
    let output = folder.appendingPathComponent("out-\(UUID().uuidString).mp4")
    let session = ExportSession(movie: Movie(composition: composition), outputURL: output)
    return try await session.export()
  }

  /// The reason of the `.damaged` error an export of `path` failed with.
  func damageReason(_ path: String, from start: Double, duration: Double) async -> String? {
    do {
      _ = try await export(path, from: start, duration: duration)
      return nil
    } catch {
      guard case .media(.damaged(let reported, let reason)) = error, reported == path else {
        Issue.record("unexpected error: \(error)")
        return nil
      }
      return reason
    }
  }

  @Test func aRangeInTheMissingPartFails() async throws {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: clip()))
    for percent in [10, 50] {
      let cut = try write(bytes.prefix(bytes.count * percent / 100), "cut\(percent).mkv")
      let reason = await damageReason(cut, from: 2, duration: 2)
      #expect(reason?.contains("data ends at") == true, "\(percent) %: \(reason ?? "no error")")
    }
  }

  @Test func aShortRangeMostlyMissingFailsByTheShare() async throws {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: clip()))
    let cut = try write(bytes.prefix(bytes.count / 2), "cut-half.mkv")
    // The data ends near 2 s: 0.6 s from 2.3 s is never a full second without frames, but
    // all of it is missing.
    let reason = await damageReason(cut, from: 2.3, duration: 0.6)
    #expect(reason?.contains("more than 10 %") == true, "\(reason ?? "no error")")
  }

  @Test func aFewDamagedPacketsRenderWithOneWarning() async throws {
    var bytes = try Data(contentsOf: URL(fileURLWithPath: clip()))
    for fraction in [0.4, 0.45, 0.5] {
      let offset = Int(Double(bytes.count) * fraction)
      for index in offset..<(offset + 8) { bytes[index] ^= 0x55 }
    }
    let damaged = try write(bytes, "flipped.mkv")
    let result = try await export(damaged, from: 0, duration: 4)
    #expect(result.warnings.count == 1, "\(result.warnings)")
    let warning = try #require(result.warnings.first)
    #expect(warning.hasPrefix("\(damaged): damaged media, rendered with concealment: video: "))
    #expect(warning.contains("concealed"))
  }

  @Test func wholeFilesGiveNoWarnings() async throws {
    let result = try await export(clip(), from: 0.5, duration: 3)
    #expect(result.warnings.isEmpty, "\(result.warnings)")
    // Variable frame rate, edit lists, rotation, VP9/Opus, audio shorter than the container:
    // none of them is damage.
    for fixture: MediaFixtures.Fixture in [
      .basic, .variableFrameRate, .movEditList, .portraitRotated, .webm, .noAudio,
    ] {
      let path = try MediaFixtures.url(for: fixture).path
      let whole = try await export(path, from: 0, duration: nil)
      #expect(whole.warnings.isEmpty, "\(fixture): \(whole.warnings)")
    }
  }
}
