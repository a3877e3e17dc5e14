import Foundation
import ReelCore
import Testing

/// The one JSON writer: its escaping, numbers and the two layouts, read back by Foundation's
/// parser as the independent oracle.
@Suite("JSON writer")
struct JSONValueTests {
  /// Parses `text` with Foundation's JSON parser.
  private func parsed(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
  }

  @Test func stringsEscapeQuotesBackslashesAndControlCharacters() throws {
    let text = "a\"b\\c\nd\re\tf\u{1}g\u{7F}h\u{85}i\u{2028}j\u{2029}k/é😀"
    var written = ""
    JSONValue.write(string: text, to: &written)
    #expect(
      written
        == #""a\"b\\c\nd\re\tf\u0001g\u007fh\u0085i\u2028j\u2029k/é😀""#)
    #expect(try parsed(written) as? String == text)
    // No raw control character or line separator is left in the text.
    #expect(
      !written.unicodeScalars.contains {
        $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || (0x2028...0x2029).contains($0.value)
      })
  }

  @Test func numbersAreShortAndNonFiniteOnesAreNull() throws {
    let value = JSONValue.array([
      .number(30), .number(0.1), .number(-2.5), .number(.nan), .number(.infinity),
    ])
    #expect(value.serialized() == "[30,0.1,-2.5,null,null]")
    let numbers = try #require(try parsed(value.serialized()) as? [Any])
    #expect(numbers.count == 5)
  }

  @Test func objectsKeepTheirOrderInBothLayouts() throws {
    let value = JSONValue.object([
      ("z", .bool(true)), ("a", .null), ("m", .array([])), ("e", .object([])),
      ("n", .object([("k", .array([.string("x"), .integer(2)]))])),
    ])
    #expect(value.serialized() == #"{"z":true,"a":null,"m":[],"e":{},"n":{"k":["x",2]}}"#)
    #expect(
      value.prettyText == """
        {
          "z": true,
          "a": null,
          "m": [],
          "e": {},
          "n": {
            "k": [
              "x",
              2
            ]
          }
        }

        """)
    let object = try #require(try parsed(value.prettyText) as? [String: Any])
    #expect(object.keys.sorted() == ["a", "e", "m", "n", "z"])
  }

  @Test func nilsAreLeftOutOrWrittenAsNull() {
    let value = JSONValue.object(omittingNils: [
      ("a", Int?.none.json), ("b", Optional(1.5).json), ("c", String?.none.json),
    ])
    #expect(value.serialized() == #"{"b":1.5}"#)
    #expect(JSONValue.string(orNull: nil).serialized() == "null")
    #expect(JSONValue.integer(orNull: 3).serialized() == "3")
  }

  /// A value shaped like a render plan: nested objects, arrays, optionals, a dictionary and
  /// integers a `Double` cannot hold.
  struct Sample: Codable, Equatable {
    struct Inner: Codable, Equatable {
      var inode: UInt64
      var nanoseconds: Int64
    }
    var zebra: String
    var alpha: Double
    var missing: Int?
    var inner: Inner
    var list: [Inner?]
    var names: [String: String]
  }

  @Test func encodableValuesAreWrittenExactlyAndReadBackByFoundation() throws {
    let sample = Sample(
      zebra: "z/\"q\"", alpha: 1_733_571_234.567_891, missing: nil,
      inner: Sample.Inner(inode: .max, nanoseconds: 1_733_571_234_123_456_789),
      list: [Sample.Inner(inode: 1, nanoseconds: -2), nil], names: ["é": "1", "Z": "2", "a": "3"])
    let json = try JSONValueEncoder().encode(sample).sortingKeys()
    #expect(
      json.serialized()
        == #"{"alpha":1733571234.567891,"inner":{"inode":18446744073709551615,"nanoseconds":1733571234123456789},"list":[{"inode":1,"nanoseconds":-2},null],"names":{"Z":"2","a":"3","é":"1"},"zebra":"z/\"q\""}"#
    )
    // Foundation's decoder, the independent reader, gets the same value back from both forms.
    #expect(try JSONDecoder().decode(Sample.self, from: Data(json.serialized().utf8)) == sample)
    #expect(try JSONDecoder().decode(Sample.self, from: Data(json.prettyText.utf8)) == sample)
  }

  @Test func aNumberJSONCannotHoldIsRefused() {
    #expect(throws: EncodingError.self) { try JSONValueEncoder().encode([Double.nan]) }
    #expect(throws: EncodingError.self) { try JSONValueEncoder().encode(["a": Double.infinity]) }
  }

  @Test func keysSortByTheirBytesAtEveryDepth() {
    let value = JSONValue.object([
      ("b", .array([.object([("y", .null), ("x", .null)])])), ("a", .null), ("B", .null),
      ("ä", .null),
    ])
    #expect(
      value.sortingKeys().serialized() == #"{"B":null,"a":null,"b":[{"x":null,"y":null}],"ä":null}"#
    )
  }
}
