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

  @Test func generatedFilesAreCurrent() {
    // The schema file and the marked tables of docs/ are generated from the format's
    // description (`make schema`); a stale one is named here. The budgets table's CLI column
    // comes from the tool's own option names, so ReelCLITests compares that table.
    #expect(Template.staleGeneratedFiles(inRepository: Self.root.path, limitOptions: nil) == [])
  }

  @Test func staleGeneratedFilesAreFound() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "reel-schema-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("docs"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("schema"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for file in ["docs/template-format.md", "docs/security.md", "docs/filters.md"] {
      try FileManager.default.copyItem(
        at: Self.root.appendingPathComponent(file), to: folder.appendingPathComponent(file))
    }
    #expect(
      Template.staleGeneratedFiles(inRepository: folder.path, limitOptions: nil).first
        == "schema/reel-template.schema.json")
    let written = try Template.writeGeneratedFiles(
      toRepository: folder.path, limitOptions: { "`\($0.property)`" })
    #expect(written.contains("schema/reel-template.schema.json"))
    #expect(Template.staleGeneratedFiles(inRepository: folder.path, limitOptions: nil) == [])
    // A table edited by hand is stale again; regenerating keeps the prose around it.
    let url = folder.appendingPathComponent("docs/template-format.md")
    let edited = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(
      of: "| `hidden` | bool | false |", with: "| `hidden` | bool | true |")
    try Data(edited.utf8).write(to: url)
    #expect(
      Template.staleGeneratedFiles(inRepository: folder.path, limitOptions: nil) == [
        "docs/template-format.md (layer keys)"
      ])
    _ = try Template.writeGeneratedFiles(
      toRepository: folder.path, limitOptions: { "`\($0.property)`" })
    let restored = try String(contentsOf: url, encoding: .utf8)
    #expect(
      restored
        == String(
          decoding: try Data(
            contentsOf: Self.root.appendingPathComponent("docs/template-format.md")), as: UTF8.self)
    )
  }

  @Test func theSchemaIsTheCheckedInFile() throws {
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
