import Foundation
import ReelProject
import TestSupport
import Testing

/// Output names over rows, and a batch's checks and sharing (the Swift API; rendering is
/// tested through `reel render --data` in ReelCLITests).
@Suite("Template batches")
struct TemplateBatchTests {
  let row = TemplateRow(number: 4, line: 5, values: [:])

  func name(_ pattern: String, _ values: [String: String]) throws -> String {
    try TemplateOutputPattern(pattern).path(for: row, values: values, dataFile: "rows.csv")
  }

  func nameError(_ pattern: String, _ values: [String: String]) throws -> TemplateDataError {
    do {
      let path = try name(pattern, values)
      throw TemplateTestFailure("\(pattern) gave \(path) for \(values)")
    } catch let error as TemplateDataError {
      return error
    }
  }

  @Test func outputNamesAreTemplatesOverTheRow() throws {
    let pattern = try TemplateOutputPattern("out/cards/{{name}}-{{ id }}.mp4")
    #expect(pattern.folder == "out/cards")
    #expect(pattern.variableNames == ["name", "id"])
    #expect(
      try name("out/cards/{{name}}-{{ id }}.mp4", ["name": "Ada", "id": "7"])
        == "out/cards/Ada-7.mp4")
    #expect(try name("{{name}}.mov", ["name": "Émile Zola"]) == "Émile Zola.mov")
    #expect(try name("/tmp/x/{{name}}/card.mp4", ["name": "a"]) == "/tmp/x/a/card.mp4")
    #expect(try name("cards/{{name}}.{{ext}}", ["name": "a", "ext": "webm"]) == "cards/a.webm")
  }

  @Test func dataCannotLeaveTheFolder() throws {
    for (value, words) in [
      ("..", "not a file name"), ("", "not a file name"), ("a/b", "cannot make folders"),
      ("/etc/passwd", "cannot make folders"), ("../../etc/x", "cannot make folders"),
      ("line\nbreak", "control character"),
      (String(repeating: "é", count: 200), "more than the 255"),
    ] {
      let error = try nameError("cards/{{name}}/card.mp4", ["name": value])
      #expect(error.message.contains(words), "\(value): \(error.message)")
      #expect(error.row == 4 && error.line == 5 && error.column == "name")
    }
    // Only the file name comes from the data: `{{name}}.mp4` with `..` as the whole name.
    #expect(
      try nameError("cards/{{name}}/card.mp4", ["name": ".."]).description.hasPrefix(
        "rows.csv line 5 (row 4)"))
    #expect(
      try nameError("cards/{{name}}.{{ext}}", ["name": "a", "ext": "txt"]).message.contains(".mp4"))
    #expect(try nameError("cards/{{name}}.mp4", [:]).message.contains("does not give"))
  }

  @Test func patternsThatCannotWork() {
    for (pattern, words) in [
      ("cards/card.mp4", "no {{placeholder}}"), ("cards/{{name}}.txt", "not a format"),
      ("cards/{{name}}", "no extension"), ("cards/{{na me}}.mp4", "not a valid placeholder"),
      ("{{name}}/", "ends with /"),
    ] {
      let error = #expect(throws: TemplateOutputPatternError.self) {
        try TemplateOutputPattern(pattern)
      }
      #expect(error?.message.contains(words) == true, "\(pattern): \(String(describing: error))")
    }
  }

  /// A folder with `card.json` ({{name}} in a text layer, an image) and `rows` as `rows.csv`.
  func batchFolder(rows: String, dataName: String = "rows.csv") throws -> URL {
    let folder = try TestSupport.makeTemporaryDirectory("reel-batch")
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "color=c=red:size=16x16", "-frames:v", "1",
      folder.appendingPathComponent("dot.png").path,
    ])
    let template = """
      { "version": 1, "size": [160, 120], "duration": 0.2, "frameRate": 10,
        "variables": { "name": "Friend", "city": { "description": "where" } },
        "layers": [
          { "type": "image", "image": "dot.png", "frame": [4, 4, 16, 16] },
          { "type": "text", "text": "{{name}} of {{city}}", "frame": [0, 60, 160, 40] } ] }
      """
    try Data(template.utf8).write(to: folder.appendingPathComponent("card.json"))
    try Data(rows.utf8).write(to: folder.appendingPathComponent(dataName))
    return folder
  }

  func batch(_ folder: URL, data: String = "rows.csv", output: String? = "out/{{name}}.mp4")
    throws -> TemplateBatch
  {
    try TemplateBatch(
      template: folder.appendingPathComponent("card.json").path,
      data: folder.appendingPathComponent(data).path,
      output: try output.map { try TemplateOutputPattern(folder.path + "/" + $0) })
  }

  func checkProblems(_ batch: TemplateBatch, rows: ClosedRange<Int>? = nil) -> [TemplateDataError] {
    do {
      _ = try batch.check(rows: rows)
      return []
    } catch {
      return error.problems
    }
  }

  @Test func theDataIsCheckedAgainstTheTemplate() throws {
    let good = try batch(try batchFolder(rows: "name,city\nAda,London\nGrace,Arlington\n"))
    #expect(good.declaredVariables == ["name", "city"])
    #expect(good.defaults == ["name": "Friend"])
    let check = try good.check(rows: 2...10)
    #expect(check.rowCount == 2 && check.selected == 2...2)
    #expect(checkProblems(good, rows: 3...4).first?.message.contains("no row 3") == true)

    // A column that is not a variable: did-you-mean, at the header.
    let typo = checkProblems(try batch(try batchFolder(rows: "nmae,city\nAda,London\n")))
    #expect(typo.count == 1 && typo[0].line == 1 && typo[0].column == "nmae")
    #expect(typo[0].message.contains("did you mean 'name'?"))
    // A variable without a default and no column for it.
    let missing = checkProblems(try batch(try batchFolder(rows: "name\nAda\n")))
    #expect(
      missing.first?.column == "city"
        && missing.first?.message.contains("add a 'city' column") == true)
    // Two rows, one name: both rows named.
    let same = checkProblems(try batch(try batchFolder(rows: "name,city\nAda,A\nBob,B\nAda,C\n")))
    #expect(same.count == 1 && same[0].row == 3)
    #expect(same[0].message.contains("as row 1 does"))
    // Every bad row is listed, not only the first.
    let escapes = checkProblems(
      try batch(try batchFolder(rows: "name,city\n../x,A\nok,B\na/b,C\n")))
    #expect(escapes.map(\.row) == [1, 3])
    // JSON keys are checked row by row.
    let json = checkProblems(
      try batch(
        try batchFolder(
          rows: "[{\"name\": \"a\", \"city\": \"b\"}, {\"nam\": \"c\"}]", dataName: "rows.json"),
        data: "rows.json"))
    #expect(json.count == 1 && json[0].row == 2 && json[0].column == "nam")
  }

  /// Rows share the template's files: the image is decoded once for every row, and each row
  /// gets its own values.
  @Test func rowsShareTheDecodedFiles() throws {
    let folder = try batchFolder(rows: "name,city\nAda,London\nGrace,Arlington\nAlan,Wilmslow\n")
    let batch = try batch(folder, output: nil)
    let reader = try batch.openRows()
    var texts: [String] = []
    while let row = try reader.next() {
      let loaded = try batch.load(row)
      texts.append(
        loaded.variables["name"].map { "\($0) of \(loaded.variables["city"] ?? "")" } ?? "")
    }
    #expect(texts == ["Ada of London", "Grace of Arlington", "Alan of Wilmslow"])
    #expect(batch.files.count.images == 1)
  }
}
