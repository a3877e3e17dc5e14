import Foundation
import ReelProject
import TestSupport
import Testing

/// The data files of a batch: CSV (RFC 4180), JSON arrays and JSON Lines, read a row at a
/// time, and every malformed file a clear error naming the line, row and column.
@Suite("Template rows")
struct TemplateRowReaderTests {
  /// Writes `bytes` as `name` in a new folder and returns its path.
  func file(_ name: String, _ bytes: [UInt8]) throws -> String {
    let url = try TestSupport.makeTemporaryDirectory("reel-rows").appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
  }

  func file(_ name: String, _ text: String) throws -> String {
    try file(name, Array(text.utf8))
  }

  func rows(_ path: String) throws -> [TemplateRow] {
    let reader = try TemplateRowReader(path: path)
    var rows: [TemplateRow] = []
    while let row = try reader.next() { rows.append(row) }
    return rows
  }

  /// The error reading every row of `path` throws.
  func failure(_ path: String) throws -> TemplateDataError {
    do {
      _ = try rows(path)
    } catch let error as TemplateDataError {
      return error
    }
    throw TemplateTestFailure("\(path) was read without an error")
  }

  @Test func csvQuotingLineEndsAndByteOrderMark() throws {
    let text =
      "name,greeting\r\n\"Ada, Countess\",\"She said \"\"hi\"\"\"\r\n\r\nGrace,\"two\nlines\"\nÉmile,\n"
    let path = try file("friends.csv", [0xEF, 0xBB, 0xBF] + Array(text.utf8))
    let reader = try TemplateRowReader(path: path)
    #expect(reader.header == ["name", "greeting"])
    let all = try rows(path)
    #expect(all.map(\.number) == [1, 2, 3])
    #expect(all.map(\.line) == [2, 4, 6])
    #expect(all[0].values == ["name": "Ada, Countess", "greeting": "She said \"hi\""])
    #expect(all[1].values == ["name": "Grace", "greeting": "two\nlines"])
    #expect(all[2].values == ["name": "Émile", "greeting": ""])
  }

  @Test func jsonArrayAndJSONLines() throws {
    let array = try file(
      "rows.json",
      "[\n  {\"name\": \"Ada\", \"age\": 36, \"vip\": true},\n  {\"name\": \"Grace\"}\n]\n")
    let fromArray = try rows(array)
    #expect(
      fromArray.map(\.values) == [["name": "Ada", "age": "36", "vip": "true"], ["name": "Grace"]])
    #expect(fromArray.map(\.line) == [2, 3])
    let lines = try file(
      "rows.jsonl", "{\"name\": \"Ada\"}\n\n{\"name\": \"Grace\", \"n\": 1.50}\n")
    let fromLines = try rows(lines)
    #expect(fromLines.map(\.values) == [["name": "Ada"], ["name": "Grace", "n": "1.50"]])
    #expect(fromLines.map(\.line) == [1, 3])
    #expect(try rows(try file("empty.json", "[ ]")).isEmpty)
  }

  @Test func csvErrorsNameTheLineRowAndColumn() throws {
    let missing = try failure(try file("a.csv", "name,city\nAda,London\nGrace\n"))
    #expect(missing.line == 3 && missing.row == 2 && missing.column == "city")
    #expect(missing.description.contains("a.csv line 3 (row 2), column 'city'"))
    #expect(missing.message.contains("add 'city'"))

    let extra = try failure(try file("b.csv", "name\nAda,London\n"))
    #expect(extra.row == 1 && extra.column == "field 2")
    #expect(extra.message.contains("remove the extra field"))

    let stray = try failure(try file("c.csv", "name\nAd\"a\n"))
    #expect(stray.line == 2 && stray.message.contains("quote the whole field"))

    let trailing = try failure(try file("d.csv", "name\n\"Ada\"x\n"))
    #expect(trailing.line == 2 && trailing.message.contains("followed by more text"))

    let unterminated = try failure(try file("e.csv", "name\nAda\n\"Grace\n"))
    #expect(unterminated.line == 3 && unterminated.message.contains("never ends"))

    let notUTF8 = try failure(try file("f.csv", Array("name\n".utf8) + [0xFF, 0x0A]))
    #expect(notUTF8.line == 2 && notUTF8.message.contains("not UTF-8"))

    #expect(throws: TemplateDataError.self) { try TemplateRowReader(path: try file("g.csv", "")) }
    let badName = #expect(throws: TemplateDataError.self) {
      try TemplateRowReader(path: try file("h.csv", "name,first name\n"))
    }
    #expect(badName?.column == "first name")
    let twice = #expect(throws: TemplateDataError.self) {
      try TemplateRowReader(path: try file("i.csv", "name,name\n"))
    }
    #expect(twice?.message.contains("twice") == true)
    let unknownFormat = #expect(throws: TemplateDataError.self) {
      try TemplateRowReader(path: try file("rows.txt", "name\n"))
    }
    #expect(unknownFormat?.message.contains(".csv") == true)
  }

  @Test func jsonErrorsNameTheLineAndRow() throws {
    let notArray = try failure(try file("a.json", "{\"name\": \"Ada\"}"))
    #expect(notArray.message.contains(".jsonl"))
    let nested = try failure(try file("b.json", "[{\"name\": \"Ada\"},\n {\"name\": [1]}]"))
    #expect(nested.row == 2 && nested.line == 2 && nested.column == "name")
    let null = try failure(try file("c.jsonl", "{\"name\": null}\n"))
    #expect(null.column == "name" && null.message.contains("leave the key out"))
    let syntax = try failure(try file("d.jsonl", "{\"name\": \"Ada\"}\n{\"name\" \"Grace\"}\n"))
    #expect(syntax.row == 2 && syntax.line == 2)
    let twoOnALine = try failure(try file("e.jsonl", "{\"a\": \"1\"} {\"a\": \"2\"}\n"))
    #expect(twoOnALine.message.contains("one object per line"))
    let unclosed = try failure(try file("f.json", "[{\"name\": \"Ada\"}"))
    #expect(unclosed.message.contains("never ends"))
    let after = try failure(try file("g.json", "[{\"name\": \"Ada\"}] x"))
    #expect(after.message.contains("after the array"))
  }

  /// A 100 MB cell is refused once the row's budget is read, not loaded: the file is sparse
  /// (its 100 MB are a hole), and the error names the row.
  @Test func aHundredMegabyteCellIsAClearError() throws {
    let path = try file("huge.csv", "name\n\"")
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.truncate(atOffset: 100 << 20)
    try handle.close()
    let error = try failure(path)
    #expect(error.row == 1 && error.line == 2)
    #expect(error.message.contains("longer than 1 MiB"))

    let json = try file("huge.jsonl", "{\"name\": \"")
    let jsonHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: json))
    try jsonHandle.truncate(atOffset: 100 << 20)
    try jsonHandle.close()
    #expect(try failure(json).message.contains("longer than 1 MiB"))
  }

  /// A million rows stream through (the reader holds one block and one row): each is read,
  /// numbered, and `skip(to:)` reaches the last.
  @Test func aMillionRowsStream() throws {
    let text = "name\n" + String(repeating: "r\n", count: 1_000_000)
    let path = try file("million.csv", text)
    let reader = try TemplateRowReader(path: path)
    try reader.skip(to: 999_999)
    let row = try #require(try reader.next())
    #expect(row.number == 999_999 && row.line == 1_000_000 && row.values == ["name": "r"])
    #expect(try reader.next()?.line == 1_000_001)
    #expect(try reader.next() == nil)
  }
}

/// A failure of a template test's own set-up.
struct TemplateTestFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
