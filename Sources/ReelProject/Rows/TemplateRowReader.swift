import Foundation

/// Reads the rows of a data file — CSV, a JSON array of objects or JSON Lines
/// (``TemplateDataFormat``) — one at a time, for a batch of movies from one template.
///
/// The file is streamed: a block of ``DataByteStream/blockSize`` bytes and one row are held
/// at a time, so a file of a million rows reads in constant memory. One row may hold at most
/// `maximumRowBytes` bytes (``defaultMaximumRowBytes``, 1 MiB): a longer one (a 100 MB cell)
/// is an error naming the row, found before more than the budget is read.
///
/// Names are checked as they are read: a CSV header's names must be distinct variable names
/// (`[A-Za-z_][A-Za-z0-9_.-]*`, as `{{name}}`), every CSV record must have exactly one field
/// per header name, and a JSON row must be an object whose values are strings, numbers
/// (their text as written) or booleans. Whether the names are variables of a template is
/// ``TemplateBatch``'s check.
///
///     let reader = try TemplateRowReader(path: "friends.csv")
///     while let row = try reader.next() { print(row.number, row.values["name"] ?? "") }
///
/// Not Sendable: one reader is read from one thread.
public final class TemplateRowReader {
  /// The most bytes one row may hold unless a reader is given another budget: 1 MiB.
  public static let defaultMaximumRowBytes = 1 << 20

  /// The data file's path as given.
  public let path: String
  /// The file's format.
  public let format: TemplateDataFormat
  /// The CSV header's names, in order (empty for JSON, whose rows name their own keys).
  public private(set) var header: [String] = []
  /// The number of the last row read (0 before the first).
  public private(set) var rowsRead = 0

  private let stream: DataByteStream
  private var csv: CSVRecordParser?
  private var json: JSONRowParser?

  /// Opens a data file; a CSV file's header is read now.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - format: Its format; nil takes it from the extension (`.csv`, `.json`, `.jsonl`,
  ///     `.ndjson`).
  ///   - maximumRowBytes: The most bytes one row (and the CSV header) may hold.
  /// - Throws: ``TemplateDataError`` when the file cannot be opened, its format is not
  ///   known, or its CSV header is missing or wrong.
  public init(
    path: String, format: TemplateDataFormat? = nil,
    maximumRowBytes: Int = TemplateRowReader.defaultMaximumRowBytes
  ) throws(TemplateDataError) {
    self.path = path
    guard
      let format = format
        ?? TemplateDataFormat(fileExtension: URL(fileURLWithPath: path).pathExtension)
    else {
      throw TemplateDataError(
        file: path,
        message:
          "cannot tell the data format from the name: end it with .csv, .json (an array of objects) or .jsonl (one object per line)"
      )
    }
    self.format = format
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw TemplateDataError(file: path, message: "file not found")
    }
    guard !isDirectory.boolValue else {
      throw TemplateDataError(file: path, message: "is a folder, not a data file")
    }
    do {
      stream = try DataByteStream(path: path)
      try stream.skipByteOrderMark()
    } catch {
      throw TemplateDataError(file: path, message: "cannot be read: \(error.localizedDescription)")
    }
    let budget = max(maximumRowBytes, 1)
    switch format {
    case .csv:
      var parser = CSVRecordParser(stream: stream, file: path, maximumBytes: budget)
      guard let names = try parser.nextRecord(row: nil) else {
        throw TemplateDataError(
          file: path,
          message: "the file is empty: its first line names the variables (name,city)")
      }
      try Self.checkHeader(names.fields, file: path, line: names.line)
      header = names.fields
      csv = parser
    case .jsonArray, .jsonLines:
      json = JSONRowParser(
        stream: stream, file: path, maximumBytes: budget, lines: format == .jsonLines)
    }
  }

  /// The next row, or nil after the last.
  ///
  /// - Throws: ``TemplateDataError`` naming the line, the row and, when it is about one, the
  ///   column.
  public func next() throws(TemplateDataError) -> TemplateRow? {
    let number = rowsRead + 1
    if var parser = csv {
      defer { csv = parser }
      guard let record = try parser.nextRecord(row: number) else { return nil }
      rowsRead = number
      return try row(number: number, record: record)
    }
    if var parser = json {
      defer { json = parser }
      guard let object = try parser.nextObject(row: number) else { return nil }
      rowsRead = number
      return try row(number: number, object: object)
    }
    return nil
  }

  /// Skips rows until the one numbered `number` is next (rows before it are still read, and
  /// must be well formed).
  public func skip(to number: Int) throws(TemplateDataError) {
    while rowsRead + 1 < number, try next() != nil {}
  }

  private func row(number: Int, record: CSVRecordParser.Record) throws(TemplateDataError)
    -> TemplateRow
  {
    let fields = record.fields
    if fields.count < header.count {
      let missing = header[fields.count...]
      throw TemplateDataError(
        file: path, line: record.line, row: number, column: missing.first,
        message:
          "the row has \(fields.count) field\(fields.count == 1 ? "" : "s"), the header \(header.count): add \(missing.map { "'\($0)'" }.joined(separator: ", ")) (an empty field is written ,,)"
      )
    }
    if fields.count > header.count {
      throw TemplateDataError(
        file: path, line: record.line, row: number, column: "field \(header.count + 1)",
        message:
          "the row has \(fields.count) fields, the header \(header.count): remove the extra field\(fields.count - header.count == 1 ? "" : "s"), or quote a value that holds a comma (\"a, b\")"
      )
    }
    var values: [String: String] = [:]
    for (name, value) in zip(header, fields) { values[name] = value }
    return TemplateRow(number: number, line: record.line, values: values)
  }

  private func row(number: Int, object: JSONRowParser.Object) throws(TemplateDataError)
    -> TemplateRow
  {
    guard let members = object.value.members else {
      throw TemplateDataError(
        file: path, line: object.line, row: number,
        message: "expected an object for the row, got \(object.value.typeDescription)")
    }
    var values: [String: String] = [:]
    for member in members {
      func failure(_ message: String) -> TemplateDataError {
        TemplateDataError(
          file: path, line: member.keyLine + object.line - 1, row: number, column: member.key,
          message: message)
      }
      guard TemplateVariables.isValidName(member.key) else {
        throw failure(
          "'\(member.key)' is not a variable name: use letters, digits, '_', '.' or '-', starting with a letter or '_'"
        )
      }
      guard values[member.key] == nil else {
        throw failure("the key is given twice in the row: keep one")
      }
      switch member.value.kind {
      case .string(let text): values[member.key] = text
      case .number(let text): values[member.key] = text
      case .bool(let flag): values[member.key] = flag ? "true" : "false"
      case .null:
        throw failure(
          "the value is null: give a string, or leave the key out to take the template's default")
      default:
        throw failure(
          "expected a string, number or boolean, got \(member.value.typeDescription): a variable's value is text"
        )
      }
    }
    return TemplateRow(number: number, line: object.line, values: values)
  }

  private static func checkHeader(_ names: [String], file: String, line: Int)
    throws(TemplateDataError)
  {
    var seen: Set<String> = []
    for (index, name) in names.enumerated() {
      let column = name.isEmpty ? "field \(index + 1)" : name
      guard TemplateVariables.isValidName(name) else {
        throw TemplateDataError(
          file: file, line: line, column: column,
          message:
            name.isEmpty
            ? "the header has an empty name: the first line names the variables (name,city)"
            : "'\(name)' is not a variable name: use letters, digits, '_', '.' or '-', starting with a letter or '_'"
        )
      }
      guard seen.insert(name).inserted else {
        throw TemplateDataError(
          file: file, line: line, column: name,
          message: "the header names '\(name)' twice: each column is one variable")
      }
    }
  }

  /// `1 MiB`, `512 KiB`, `300 bytes`.
  static func describeBytes(_ count: Int) -> String {
    if count >= 1 << 20, count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
    if count >= 1 << 10, count % (1 << 10) == 0 { return "\(count >> 10) KiB" }
    return "\(count) bytes"
  }
}
