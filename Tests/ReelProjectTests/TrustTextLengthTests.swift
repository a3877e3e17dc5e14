import Foundation
import ReelProject
import TestSupport
import Testing

/// One text layer lays out at most `TextRenderer.maximumCharacterCount` characters: a 16 MB
/// template of one text would otherwise take gigabytes and minutes to lay out.
@Suite("Trust: text length")
struct TrustTextLengthTests {
  static func problems(_ json: String) throws -> [String] {
    do {
      _ = try Template.load(data: Data(json.utf8), path: "/tmp/reel-text-length.json")
      return []
    } catch {
      return error.problems.map(\.description)
    }
  }

  static func textLayer(_ text: String) -> String {
    #"{"version":1,"size":[64,64],"duration":1,"layers":[{"type":"text","text":"\#(text)"}]}"#
  }

  @Test func aTextLongerThanALayerHoldsIsAProblemAtItsPath() throws {
    let limit = TextRenderer.maximumCharacterCount
    let problems = try Self.problems(Self.textLayer(String(repeating: "a", count: limit + 1)))
    #expect(problems.count == 1, "\(problems)")
    #expect(
      problems.first?.hasPrefix(
        "layers[0].text: is \(limit + 1) characters long; a text layer holds at most \(limit)")
        == true, "\(problems)")
    // Runs count together.
    let half = String(repeating: "b", count: limit / 2 + 1)
    let runs =
      #"{"version":1,"size":[64,64],"duration":1,"layers":[{"type":"text","runs":[{"text":"\#(half)"},{"text":"\#(half)"}]}]}"#
    #expect(try Self.problems(runs).first?.hasPrefix("layers[0].runs: is ") == true)
  }

  @Test func theRendererRefusesItTooForSwiftCallers() throws {
    let text = StyledText(String(repeating: "x", count: TextRenderer.maximumCharacterCount + 1))
    #expect(throws: GraphicsError.self) {
      _ = try TextRenderer.render(text, style: TextStyle(), width: 100)
    }
  }
}
