import Foundation
import ReelProject
import TestSupport
import Testing

/// A subtitle file is text parsed whole and each of its cues becomes a layer, so the same
/// budgets as for the template hold for it, and no cue costs work proportional to the others.
@Suite("Trust: subtitle files within the budgets")
struct TrustSubtitleLimitTests {
  /// An SRT file of `count` cues, one every 0.1 s from `start` seconds on.
  static func srt(cues count: Int, from start: Double = 0) -> String {
    func stamp(_ seconds: Double) -> String {
      let millis = Int((seconds * 1000).rounded())
      return String(
        format: "%02d:%02d:%02d,%03d", millis / 3_600_000, millis / 60_000 % 60,
        millis / 1000 % 60, millis % 1000)
    }
    return (0..<count).map { index in
      let begin = start + Double(index) / 10
      return "\(index + 1)\n\(stamp(begin)) --> \(stamp(begin + 0.05))\ncue \(index + 1)\n"
    }.joined(separator: "\n")
  }

  /// The problems and warnings of a template showing `subtitles` for `duration` seconds.
  static func load(_ subtitles: String, duration: Double, limits: ResourceLimits = .default)
    throws -> (problems: [String], warnings: [String])
  {
    let folder = try TestSupport.makeTemporaryDirectory("reel-subtitle-limits")
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(subtitles.utf8).write(to: folder.appendingPathComponent("cues.srt"))
    let template = folder.appendingPathComponent("template.json")
    try Data(
      #"{"version":1,"size":[64,64],"duration":\#(duration),"subtitles":[{"file":"cues.srt"}]}"#
        .utf8
    ).write(to: template)
    do {
      let loaded = try Template.load(path: template.path, limits: limits)
      return ([], loaded.warnings.map(\.description))
    } catch {
      return (error.problems.map(\.description), [])
    }
  }

  @Test func moreCuesThanTheLayerLimitAreOneProblemNamingTheFlag() throws {
    var limits = ResourceLimits.default
    limits.maximumLayerCount = 50
    let (problems, _) = try Self.load(Self.srt(cues: 80), duration: 60, limits: limits)
    #expect(problems.count == 1, "\(problems)")
    #expect(problems.first?.contains("has 80 cues") == true, "\(problems)")
    #expect(problems.first?.contains("ResourceLimits.maximumLayerCount") == true, "\(problems)")
    // Cues after the movie's end are not shown, so they do not count.
    let (shownOnly, _) = try Self.load(Self.srt(cues: 80), duration: 4, limits: limits)
    #expect(shownOnly.isEmpty, "\(shownOnly)")
  }

  @Test func aSubtitleFileAboveTheTemplateSizeLimitIsRefusedBeforeItIsParsed() throws {
    var limits = ResourceLimits.default
    limits.maximumTemplateBytes = 1024
    let text = Self.srt(cues: 100)
    #expect(text.utf8.count > 1024)
    let (problems, _) = try Self.load(text, duration: 60, limits: limits)
    #expect(problems.count == 1, "\(problems)")
    #expect(problems.first?.contains("ResourceLimits.maximumTemplateBytes") == true, "\(problems)")
    #expect(problems.first?.contains("the subtitle file") == true, "\(problems)")
  }

  /// Each late cue is a warning; checking a new warning against the earlier ones one by one
  /// made 100,000 of them take hours. (Alone it takes about 14 s in a debug build; the limit
  /// leaves room for the whole suite running beside it, which once took it past 60 s.)
  @Test(.timeLimit(.minutes(3)))
  func a100000LateCuesAreWarnedInLinearTime() throws {
    let (problems, warnings) = try Self.load(Self.srt(cues: 100_000, from: 10), duration: 5)
    #expect(problems.isEmpty, "\(problems.prefix(3))")
    #expect(warnings.count == 100_000)
    #expect(warnings.first?.contains("cue 1 starts at 10 s, after the movie ends") == true)
  }
}
