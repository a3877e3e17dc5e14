import Foundation
import Reel
import ReelProject
import Testing

@testable import ReelCLI

/// The CLI owns the budget options' names: it adds them to the library's limit messages
/// (which name only the `ResourceLimits` property) and writes the docs' CLI column.
@Suite("LimitOptions")
struct LimitOptionsTests {
  /// The repository's root folder.
  private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  @Test func theBudgetsTableOfTheDocsIsCurrent() {
    // docs/security.md's budgets table, CLI column included, as `make schema` writes it.
    #expect(
      Template.staleGeneratedFiles(
        inRepository: Self.root.path, limitOptions: LimitOptions.documentation) == [])
  }

  @Test func aLimitMessageGetsTheOptionThatRaisesIt() throws {
    for limit in ResourceLimits.Limit.allCases {
      let error = ResourceLimitError(limit: limit, requested: 2, maximum: 1, what: "asked 2")
      #expect(!error.description.contains("--"))
      let line = LimitOptions.naming("t.json: \(error)")
      #expect(line.hasPrefix("t.json: \(error)"))
      #expect(
        line.hasSuffix("(reel: \(LimitOptions.flag(limit)) \(limit.isBytes ? "BYTES" : "N"))"))
    }
    // A line that names no limit is left as it is.
    #expect(
      LimitOptions.naming("t.json: layers[0]: unknown key") == "t.json: layers[0]: unknown key")
  }

  @Test func eachLimitHasItsOwnOptionAndEveryCommandParsesIt() throws {
    let flags = ResourceLimits.Limit.allCases.map(LimitOptions.flag)
    #expect(Set(flags).count == flags.count)
    for command in ["render", "frame", "validate"] {
      for limit in LimitOptions.budgets(for: command) {
        let parsed = try Arguments(
          [LimitOptions.flag(limit), "2K"], command: command, flags: [],
          options: LimitOptions.options(for: command, adding: []))
        #expect(try LimitOptions.parse(parsed, command: command)[limit] == 2048)
      }
    }
    // The raster cache is a bound, not a refusal: validate does not take it.
    #expect(!LimitOptions.budgets(for: "validate").contains(.rasterCache))
    #expect(LimitOptions.budgets(for: "render") == ResourceLimits.Limit.allCases)
  }
}
