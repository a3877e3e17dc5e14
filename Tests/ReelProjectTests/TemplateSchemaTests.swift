import Foundation
import ReelProject
import TestSupport
import Testing

@Suite("TemplateSchema")
struct TemplateSchemaTests {
  /// The repository's root folder.
  private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  private static func files(_ folder: String) -> [URL] {
    let url = fixtures.appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map { url.appendingPathComponent($0) }
  }

  @Test func schemaFileIsTheEmbeddedSchema() throws {
    let file = try Data(
      contentsOf: Self.root.appendingPathComponent("schema/reel-template.schema.json"))
    #expect(file == Data(Template.schema.utf8))
  }

  @Test func schemaIsStrictJSON() throws {
    let object = try JSONSerialization.jsonObject(with: Data(Template.schema.utf8))
    let schema = try #require(object as? [String: Any])
    #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    #expect(schema["additionalProperties"] as? Bool == false)
  }

  @Test func everyValidFixtureLoads() throws {
    let valid = Self.files("valid")
    #expect(valid.count >= 5)
    let folder = try mediaFolder()
    for fixture in valid {
      let copy = folder.appendingPathComponent(fixture.lastPathComponent)
      try? FileManager.default.removeItem(at: copy)
      try FileManager.default.copyItem(at: fixture, to: copy)
      do {
        let loaded = try Template.load(path: copy.path)
        #expect(loaded.warnings.isEmpty, "\(fixture.lastPathComponent): \(loaded.warnings)")
      } catch {
        Issue.record("\(fixture.lastPathComponent): \(error)")
      }
    }
  }

  @Test func everyInvalidFixtureFails() throws {
    let invalid = Self.files("invalid")
    #expect(invalid.count >= 5)
    for fixture in invalid {
      #expect(throws: TemplateError.self, "\(fixture.lastPathComponent)") {
        try Template.load(path: fixture.path)
      }
    }
  }
}
