import Foundation
import Reel
import ReelProject
import TestSupport
import Testing

/// The property "validate says valid ⇒ render succeeds" over a fixed-seed mutated corpus of
/// the examples: numbers, strings and keys are changed, pixel-heavy keys inserted, each
/// mutant validated in-process (`Template.load`, what `reel validate` runs) and every valid
/// one rendered short (its first frames, and a still) through the export and the frame
/// grabber; a few also through the real `reel` binary, for the exit codes.
///
/// The mutants are split into shards that run in parallel (the property test used to be the
/// suite's longest single test, and so its critical path); mutant `i` comes from a generator
/// seeded by the seed and `i` alone, so any case reproduces without the others.
@Suite("Trust: validate ⇒ render over mutated examples")
struct ValidateRenderPropertyTests {
  /// How many mutants are made (fixed, like the seed, so the corpus is the same each run).
  static let caseCount = 320
  /// How many parallel test cases share them (each takes whole rounds of the examples).
  static let shardCount = 4
  static let seed: UInt64 = 0x5EED_0010

  /// A JSON value that keeps numbers, booleans and strings apart.
  enum JSON: Codable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if container.decodeNil() {
        self = .null
      } else if let value = try? container.decode(Bool.self) {
        self = .bool(value)
      } else if let value = try? container.decode(Double.self) {
        self = .number(value)
      } else if let value = try? container.decode(String.self) {
        self = .string(value)
      } else if let value = try? container.decode([JSON].self) {
        self = .array(value)
      } else {
        self = .object(try container.decode([String: JSON].self))
      }
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      switch self {
      case .null: try container.encodeNil()
      case .bool(let value): try container.encode(value)
      case .number(let value): try container.encode(value)
      case .string(let value): try container.encode(value)
      case .array(let value): try container.encode(value)
      case .object(let value): try container.encode(value)
      }
    }
  }

  /// What one mutation does to the node it picks.
  enum Mutation: CaseIterable {
    case number, string, deleteKey, insertKey, duplicateElement
  }

  static let numbers: [Double] = [
    0, -1, 1, 0.5, 2, 3, 1e308, -1e308, 9.3e18, 32768, 32769, 16384, 16385, 8192, 4096, 4097,
    1024, 1e6, 1e-7, 0.001, 100_000, 360, 89.9, 1_048_576, 1_048_577,
  ]
  static let strings = [
    "", "x", "white", "#00000000", "media/clip-b.mp4", "media/star.png", "media/overlay.png",
    "media/captions.srt", "fit", "fill", "left", "forever", "crossFade", "wipe", "{{name}}",
    "hevc", "vp9", "low", "640x480", "position", "size.width", "bounds", "lineWidth",
    "M 0 0 L 100000 0 L 0 50 Z", "10",
  ]
  static let insertions: [(String, JSON)] = [
    ("frame", .array([-100, -100, 40000, 300].map(JSON.number))),
    ("frame", .array([0, 0, 32768, 32768].map(JSON.number))),
    ("frame", .array([-1_048_576, 0, 32768, 10].map(JSON.number))),
    ("size", .array([2, 2].map(JSON.number))), ("scale", .number(100)),
    ("scale", .number(10000)), ("cornerRadius", .number(16384)),
    ("borderWidth", .number(4096)), ("perspective", .number(1)), ("rotationY", .number(89)),
    ("translation", .array([1_048_576, 0].map(JSON.number))),
    ("anchor", .array([1024, -1024].map(JSON.number))),
    ("shadow", .object(["radius": .number(256), "offset": .array([5, 5].map(JSON.number))])),
    ("outline", .object(["width": .number(512)])), ("font", .object(["size": .number(1024)])),
    ("box", .object(["padding": .number(1024)])), ("duration", .number(1000)),
    ("speed", .number(0.001)), ("repeat", .string("forever")), ("codec", .string("hevc")),
    ("codec", .string("vp9")), ("crf", .number(0)), ("preset", .string("3840x2160")),
    ("export", .object(["size": .array([16384, 16384].map(JSON.number))])),
    ("export", .object(["preset": .string("low"), "codec": .string("vp9")])),
    (
      "animations",
      .array([
        .object([
          "property": .string("size.width"), "from": .number(0), "to": .number(32768),
          "duration": .number(0.1),
        ])
      ])
    ),
    (
      "animations",
      .array([
        .object([
          "property": .string("scale"), "from": .number(10000), "to": .number(-10000),
          "duration": .number(0.05),
        ])
      ])
    ),
  ]

  /// How many nodes of the tree satisfy `matches`.
  static func count(_ node: JSON, _ matches: (JSON) -> Bool) -> Int {
    var total = matches(node) ? 1 : 0
    switch node {
    case .array(let elements): total += elements.reduce(0) { $0 + count($1, matches) }
    case .object(let members):
      total += members.keys.sorted().reduce(0) { $0 + count(members[$1]!, matches) }
    default: break
    }
    return total
  }

  /// The tree with the `target`-th node (pre-order, keys sorted) that `matches` replaced by
  /// `change(node)`.
  static func replacing(
    _ node: JSON, target: Int, counter: inout Int, _ matches: (JSON) -> Bool,
    _ change: (JSON) -> JSON
  ) -> JSON {
    if matches(node) {
      if counter == target {
        counter += 1
        return change(node)
      }
      counter += 1
    }
    switch node {
    case .array(let elements):
      return .array(
        elements.map { replacing($0, target: target, counter: &counter, matches, change) })
    case .object(let members):
      var result: [String: JSON] = [:]
      for key in members.keys.sorted() {
        result[key] = replacing(
          members[key]!, target: target, counter: &counter, matches, change)
      }
      return .object(result)
    default: return node
    }
  }

  /// One mutation of `tree`, chosen by `generator`.
  static func mutate(_ tree: JSON, _ generator: inout SeededGenerator) -> JSON {
    let mutation = Mutation.allCases.randomElement(using: &generator)!
    let matches: (JSON) -> Bool
    let change: (JSON) -> JSON
    switch mutation {
    case .number:
      matches = { if case .number = $0 { return true } else { return false } }
      let pick = Int.random(in: 0..<(numbers.count + 4), using: &generator)
      change = { node in
        guard case .number(let value) = node else { return node }
        switch pick - numbers.count {
        case 0: return .number(value * 1000)
        case 1: return .number(-value)
        case 2: return .number(value / 1000)
        case 3: return .number(value + 0.5)
        default: return .number(numbers[pick])
        }
      }
    case .string:
      matches = { if case .string = $0 { return true } else { return false } }
      let replacement = strings.randomElement(using: &generator)!
      change = { _ in .string(replacement) }
    case .deleteKey:
      matches = { if case .object(let m) = $0 { return !m.isEmpty } else { return false } }
      let index = Int.random(in: 0..<64, using: &generator)
      change = { node in
        guard case .object(var members) = node else { return node }
        let keys = members.keys.sorted()
        members[keys[index % keys.count]] = nil
        return .object(members)
      }
    case .insertKey:
      // Into layers (objects with a "type") mostly: elsewhere most keys are unknown.
      let anywhere = Int.random(in: 0..<4, using: &generator) == 0
      matches = {
        if case .object(let m) = $0 { return anywhere || m["type"] != nil } else { return false }
      }
      let (key, value) = insertions.randomElement(using: &generator)!
      change = { node in
        guard case .object(var members) = node else { return node }
        members[key] = value
        return .object(members)
      }
    case .duplicateElement:
      matches = { if case .array(let a) = $0 { return !a.isEmpty } else { return false } }
      let index = Int.random(in: 0..<64, using: &generator)
      change = { node in
        guard case .array(var elements) = node else { return node }
        elements.append(elements[index % elements.count])
        return .array(elements)
      }
    }
    let total = count(tree, matches)
    guard total > 0 else { return tree }
    var counter = 0
    return replacing(
      tree, target: Int.random(in: 0..<total, using: &generator), counter: &counter, matches,
      change)
  }

  /// The examples and their media, made once for every shard.
  static let sharedExamples = Result { try examplesFolder() }

  /// The examples copied beside the demo media (`reel demo --media-only`).
  static func examplesFolder() throws -> (URL, [(String, JSON)]) {
    let folder = try TestSupport.makeTemporaryDirectory("reel-property")
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples")
    let names = try FileManager.default.contentsOfDirectory(atPath: source.path)
      .filter { $0.hasSuffix(".json") }.sorted()
    let demo = try TestSupport.reel([
      "demo", "-o", folder.appendingPathComponent("media").path, "--media-only",
    ])
    try #require(demo.status == 0, "reel demo failed: \(demo.stderr)")
    for name in TestSupport.exampleDataFolders {
      try FileManager.default.copyItem(
        at: source.appendingPathComponent(name), to: folder.appendingPathComponent(name))
    }
    let trees = try names.map { name in
      let data = try Data(contentsOf: source.appendingPathComponent(name))
      return (name, try JSONDecoder().decode(JSON.self, from: data))
    }
    return (folder, trees)
  }

  /// Renders the first frame of `loaded` (at the start of its export range) and, when the
  /// render size is small (the debug build is slow), a still.
  static func renderShort(_ loaded: LoadedTemplate, to output: URL) async throws {
    var settings = loaded.exportSettings
    let duration = loaded.movie.duration
    let start = settings.timeRange?.start ?? .zero
    let frame = loaded.movie.resolvedVideoComposition.frameDuration
    let end = min(settings.timeRange?.end ?? duration, start + frame)
    settings.timeRange = TimeRange(start: start, end: end)
    settings.overwrite = true
    let session = ExportSession(movie: loaded.movie, outputURL: output, settings: settings)
    _ = try await session.export()
    let size = loaded.movie.resolvedVideoComposition.renderSize
    guard size.width * size.height <= 1_048_576 else { return }
    let grabber = FrameGrabber(movie: loaded.movie)
    grabber.maximumSize = (160, 160)
    _ = try grabber.frame(at: start)
  }

  /// Runs `reel validate` and `reel render` (the first 50 ms) on a valid template; the
  /// failure's description, or nil.
  static func renderWithTheTool(_ url: URL, _ loaded: LoadedTemplate, to output: URL) throws
    -> String?
  {
    let validate = try TestSupport.reel(["validate", url.path])
    guard validate.status == 0 else {
      return "validate exit \(validate.status): \(validate.stderr)"
    }
    let start = loaded.exportSettings.timeRange?.start ?? .zero
    let end = min(
      loaded.exportSettings.timeRange?.end ?? loaded.movie.duration,
      start + Time(value: 1, timescale: 20))
    func text(_ time: Time) -> String {
      String(format: "%.6f", (time.seconds * 1e6).rounded(.down) / 1e6)
    }
    let render = try TestSupport.reel([
      "render", url.path, "-o", output.path, "--overwrite", "--quiet", "--from", text(start),
      "--to", text(end),
    ])
    guard render.status == 0 else { return "render exit \(render.status): \(render.stderr)" }
    return nil
  }

  @Test(arguments: 0..<shardCount) func validTemplatesRender(shard: Int) async throws {
    let (folder, examples) = try Self.sharedExamples.get()
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    var valid = 0
    var failures: [String] = []
    var refusedByRange = 0
    var refusedByExport = 0
    let clock = ContinuousClock()
    let started = clock.now
    // Whole rounds of the examples per shard, so that every shard mutates every example
    // (some examples render far slower than others).
    let indices = (0..<Self.caseCount).filter { ($0 / examples.count) % Self.shardCount == shard }
    for index in indices {
      let (name, tree) = examples[index % examples.count]
      var generator = SeededGenerator(state: Self.seed &+ UInt64(index) &* 0xD1B5_4A32_D192_ED03)
      var mutant = tree
      for _ in 0..<Int.random(in: 1...2, using: &generator) {
        mutant = Self.mutate(mutant, &generator)
      }
      let url = folder.appendingPathComponent("case-\(index).json")
      try encoder.encode(mutant).write(to: url)
      let loaded: LoadedTemplate
      do {
        loaded = try Template.load(path: url.path)
      } catch {
        // Mutants the checks of issue 10 refuse (they used to pass validation and then
        // crash or fail to render).
        let messages = error.problems.map(\.message)
        if messages.contains(where: { $0.contains(" must be from ") || $0.contains(" at most ") }) {
          refusedByRange += 1
        }
        if messages.contains(where: { $0.hasPrefix("cannot be exported") }) { refusedByExport += 1 }
        continue
      }
      valid += 1
      let output = folder.appendingPathComponent("case-\(index)")
        .appendingPathExtension(loaded.exportSettings.impliedFileExtension)
      do {
        try await Self.renderShort(loaded, to: output)
      } catch {
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        failures.append("case \(index) (\(name)): \(error)\n  \(text.prefix(600))")
      }
      try? FileManager.default.removeItem(at: output)
      if valid % 20 == 1 {
        // The real tool: validate exits 0, and so does a render of the first 50 ms.
        if let failure = try Self.renderWithTheTool(url, loaded, to: output) {
          failures.append("case \(index) (\(name)), reel: \(failure)")
        }
        try? FileManager.default.removeItem(at: output)
      }
    }
    let seconds = (clock.now - started) / .seconds(1)
    print(
      "validate ⇒ render, shard \(shard): \(indices.count) mutants, \(valid) valid, \(failures.count) failed, \(seconds) s; refused by a pixel range: \(refusedByRange), by the export's checks: \(refusedByExport)"
    )
    #expect(valid >= indices.count / 5, "too few valid mutants (\(valid)) to test the property")
    #expect(
      failures.isEmpty,
      "\(failures.count) valid templates failed to render:\n\(failures.prefix(8).joined(separator: "\n"))"
    )
  }
}
