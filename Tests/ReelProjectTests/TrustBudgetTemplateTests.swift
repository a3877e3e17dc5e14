import Foundation
import ReelProject
import TestSupport
import Testing

/// The budgets a template is checked against when it is loaded (so `validate` refuses
/// what `render` would): file size, layer count, decoded image pixels, work.
@Suite("Trust: template budgets")
struct TrustBudgetTemplateTests {
  /// The problems of loading `json` with `limits` (empty when it loads).
  static func problems(_ json: String, limits: ResourceLimits, folder: URL? = nil) throws
    -> [String]
  {
    let directory = try folder ?? TestSupport.makeTemporaryDirectory("reel-budget")
    let url = directory.appendingPathComponent("template.json")
    try Data(json.utf8).write(to: url)
    do {
      _ = try Template.load(path: url.path, limits: limits)
      return []
    } catch {
      return error.problems.map(\.description)
    }
  }

  static func layers(_ count: Int) -> String {
    let layer = #"{"type":"color","color":"red","frame":[0,0,8,8]}"#
    return #"{"version":1,"size":[64,64],"duration":1,"layers":["#
      + Array(repeating: layer, count: count).joined(separator: ",") + "]}"
  }

  @Test func aTemplateFileAboveTheSizeLimitIsRefusedNamingTheFlag() throws {
    let json = Self.layers(40)  // about 2 KB
    var limits = ResourceLimits()
    limits.maximumTemplateBytes = 1000
    let problems = try Self.problems(json, limits: limits)
    #expect(problems.count == 1)
    #expect(problems.first?.contains("the template file is \(json.utf8.count) bytes") == true)
    #expect(problems.first?.contains("ResourceLimits.maximumTemplateBytes") == true)
    limits.maximumTemplateBytes = json.utf8.count
    #expect(try Self.problems(json, limits: limits).isEmpty)
    // Bytes handed in directly are held to the same limit.
    limits.maximumTemplateBytes = 1000
    #expect(throws: TemplateError.self) {
      _ = try Template.load(data: Data(json.utf8), path: "t.json", limits: limits)
    }
    #expect(ResourceLimits.default.maximumTemplateBytes == 16 << 20)
  }

  @Test func layersAboveTheLimitAreOneProblemAtLayers() throws {
    var limits = ResourceLimits()
    limits.maximumLayerCount = 10
    #expect(try Self.problems(Self.layers(10), limits: limits).isEmpty)
    let problems = try Self.problems(Self.layers(11), limits: limits)
    #expect(problems.count == 1)
    #expect(problems.first?.hasPrefix("layers: the movie has 11 layers") == true)
    #expect(problems.first?.contains("ResourceLimits.maximumLayerCount") == true)
    // Sublayers and masks count too.
    let nested = """
      {"version":1,"size":[64,64],"duration":1,"layers":[
        {"layers":[{"type":"color","color":"red"},{"type":"color","color":"blue"}],
         "mask":{"type":"color","color":"white"}}]}
      """
    limits.maximumLayerCount = 3
    #expect(try Self.problems(nested, limits: limits).count == 1)
    limits.maximumLayerCount = 4
    #expect(try Self.problems(nested, limits: limits).isEmpty)
  }

  @Test func tenThousandLayersLoadWithTheDefaults() throws {
    #expect(try Self.problems(Self.layers(10_000), limits: .default).isEmpty)
    let over = try Self.problems(Self.layers(10_001), limits: .default)
    #expect(over.count == 1 && over[0].contains("above the layer limit of 10000"))
  }

  @Test func workAboveTheBudgetIsAProblemNamingTheFlag() throws {
    // Ten hours of 1280×720 at 30 fps: 9.95e11 output pixels, above the default.
    let long =
      #"{"version":1,"size":[1280,720],"duration":36000,"frameRate":30,"layers":[{"type":"color","color":"red"}]}"#
    let problems = try Self.problems(long, limits: .default)
    #expect(problems.count == 1)
    #expect(problems.first?.contains("1080000 frames of 1280×720") == true)
    #expect(problems.first?.contains("ResourceLimits.maximumOutputPixels") == true)
    var limits = ResourceLimits()
    limits.maximumOutputPixels = 1_080_000 * 1280 * 720
    #expect(try Self.problems(long, limits: limits).isEmpty)
  }

  @Test func anExportAboveItsWorkBudgetIsRefusedBeforeWriting() async throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-budget-export")
    let url = folder.appendingPathComponent("t.json")
    try Data(Self.layers(1).utf8).write(to: url)
    var limits = ResourceLimits()
    limits.maximumLayerCount = 7
    let loaded = try Template.load(path: url.path, limits: limits)
    #expect(loaded.exportSettings.limits == limits)
    // 30 frames of 64×64 = 122,880 output pixels; the export checks its own settings.
    var settings = loaded.exportSettings
    settings.limits.maximumOutputPixels = 122_879
    let output = folder.appendingPathComponent("out.mp4")
    let session = ExportSession(movie: loaded.movie, outputURL: output, settings: settings)
    do {
      _ = try await session.export()
      Issue.record("an export above its work budget was written")
    } catch {
      #expect(error.description.contains("30 frames of 64×64"))
      #expect(error.description.contains("ResourceLimits.maximumOutputPixels"))
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["t.json"])
    settings.limits.maximumOutputPixels = 122_880
    let result = try await ExportSession(movie: loaded.movie, outputURL: output, settings: settings)
      .export()
    #expect(result.frameCount == 30)
  }

  @Test func decodedImageFramesAboveTheBudgetAreAProblemNamingTheFlag() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-budget-gif")
    // 10 frames of 64×64: 40,960 decoded pixels.
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "testsrc=size=64x64:rate=10:duration=1", "-loop", "0",
      folder.appendingPathComponent("anim.gif").path,
    ])
    let json =
      #"{"version":1,"size":[64,64],"duration":1,"layers":[{"type":"image","image":"anim.gif"}]}"#
    var limits = ResourceLimits()
    limits.maximumImagePixels = 40_960
    #expect(try Self.problems(json, limits: limits, folder: folder).isEmpty)
    limits.maximumImagePixels = 40_959
    let problems = try Self.problems(json, limits: limits, folder: folder)
    #expect(problems.count == 1)
    #expect(problems.first?.hasPrefix("layers[0].image:") == true)
    #expect(problems.first?.contains("anim.gif") == true)
    #expect(problems.first?.contains("ResourceLimits.maximumImagePixels") == true)
  }

  @Test func variablesAreStillSubstitutedInsideLargeTrees() throws {
    // Substitution shares unchanged subtrees; changed values deep inside still change.
    let json = """
      {"version":1,"size":[64,64],"duration":1,"variables":{"c":"blue"},
       "layers":[{"type":"color","color":"red"},{"layers":[{"type":"text","text":"hi {{who}}",
       "color":"{{c}}"}]}]}
      """
    let problems = try Self.problems(json, limits: .default)
    #expect(
      problems == [
        "layers[1].layers[0].text: undefined variable 'who' (declare it under \"variables\" or give it a value)"
      ])
  }
}
