import Foundation
import Testing

@testable import Reel
@testable import ReelProject

/// The layer types are one list (``TemplateLayerType``) and each type's template side one
/// file (``TemplateLayerKind``): what is made from the list is checked here.
@Suite("TemplateLayerKind")
struct TemplateLayerKindTests {
  private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  @Test func theTypeKeyOffersEveryTypeInOrder() throws {
    let row = try #require(TemplateObjectKind.layer.format.keys.first { $0.key == .type })
    guard case .choice(let names) = row.value else {
      Issue.record("`type` is not a choice: \(row.value)")
      return
    }
    #expect(names == TemplateLayerType.allCases.map(\.rawValue))
  }

  @Test func theDocsTableOfTypesHasARowPerType() {
    let table = TemplateDocsGenerator.layerTypesTable
    for type in TemplateLayerType.allCases {
      #expect(table.contains("| `\(type.rawValue)` |"), "no row for \(type.rawValue)")
      #expect(!type.kind.summary.isEmpty, "\(type.rawValue) has no summary")
    }
  }

  @Test func theDocsProseDescribesEveryType() throws {
    // The generated table lists the types; each also needs its paragraph under "Per type:".
    let docs = try String(
      contentsOf: Self.root.appendingPathComponent("docs/template-format.md"), encoding: .utf8)
    let perType = try #require(docs.range(of: "Per type:\n"))
    let prose = "\n" + docs[perType.upperBound...]
    for type in TemplateLayerType.allCases {
      #expect(
        prose.contains("\n- `\(type.rawValue)`"),
        "docs/template-format.md: no `- \(type.rawValue)` paragraph under \"Per type:\"")
    }
  }

  @Test func everyRegisteredContentKindIsDrawn() {
    // A kind outside LayerContent's cases is found by a cast: a missing DrawingKind
    // conformance is named here, not by the compiler.
    func isDrawn<Kind: LayerContentKind>(_ kind: Kind.Type) -> Bool {
      Drawing.isRasterized(Kind.Drawn.self)
    }
    for type in TemplateLayerType.allCases {
      guard let content = type.kind.contentKind else { continue }
      let drawn = isDrawn(content)
      #expect(
        drawn,
        "\(type.rawValue): \(content)'s drawing has no DrawingKind conformance (Sources/Reel/Rendering/Kinds/)"
      )
    }
  }

  @Test func aTypeIsNamedAfterItsKind() {
    #expect(TemplateLayerType.name(of: TemplateEmitterLayer.self) == "emitter")
    #expect(TemplateLayerType(rawValue: "emitter")?.kind == TemplateEmitterLayer.self)
    #expect(TemplateLayerType(rawValue: "Emitter") == nil)
    #expect(
      Set(TemplateLayerType.allCases.map(\.rawValue)).count == TemplateLayerType.allCases.count)
  }
}
