import Testing

@testable import ReelCore

/// `JSONValue(parsing:)`: members in the order written, strict about what readers disagree on.
@Suite("JSONValue parsing")
struct JSONValueParsingTests {
  static func parse(_ text: String, depth: Int = 512) throws(JSONParseError) -> JSONValue {
    try JSONValue(parsing: Array(text.utf8), maximumDepth: depth)
  }

  @Test("Objects keep their members in the order written; the text reads back the same")
  func order() throws {
    let text = #"{"z":1,"ty":"gr","a":[true,false,null,-0.5,1e-05,"\u00e9\n\ud83d\ude00"],"b":{}}"#
    let value = try Self.parse(text)
    #expect(value.members.map(\.0) == ["z", "ty", "a", "b"])
    #expect(value["a"]?.elements?[5].stringValue == "é\n😀")
    #expect(value["a"]?.elements?[3].numberValue == -0.5)
    #expect(
      value.serialized() == #"{"z":1,"ty":"gr","a":[true,false,null,-0.5,1e-05,"é\n😀"],"b":{}}"#)
    #expect(try Self.parse("\u{FEFF} [ 1 , 2 ] \n") == .array([.number(1), .number(2)]))
  }

  @Test("Refused: keys written twice, bad numbers, bad strings, deep nesting, trailing text")
  func refused() {
    let cases: [(String, String)] = [
      (#"{"a":1,"a":2}"#, "written twice"),
      ("[01]", "leading zero"),
      ("[1.]", "after its point"),
      ("[1e999]", "too large"),
      ("[-]", "without digits"),
      ("[\"\u{1}\"]", "control character"),
      (#"["\ud800"]"#, "lone surrogate"),
      (#"["\x"]"#, "unknown escape"),
      ("[1] 2", "text after"),
      ("[1,]", "expected a value"),
      ("{\"a\" 1}", "':'"),
      ("[[[[1]]]]", "deeper than 3"),
      ("", "end of the text"),
    ]
    for (text, reason) in cases {
      #expect(throws: JSONParseError.self, "\(text)") { try Self.parse(text, depth: 3) }
      do {
        _ = try Self.parse(text, depth: 3)
      } catch {
        #expect(error.reason.contains(reason), "\(text): \(error)")
      }
    }
    // Invalid UTF-8 inside a string.
    #expect(throws: JSONParseError.self) {
      try JSONValue(parsing: [0x22, 0xC3, 0x28, 0x22], maximumDepth: 4)
    }
  }
}
