/// Reads RFC 4180 records from a ``DataByteStream``: fields separated by commas, records by
/// LF or CRLF; a field that starts with `"` is quoted and may hold commas, line breaks and
/// `""` (one quote). Blank lines are skipped. Every field must be UTF-8.
///
/// Not Sendable: one reader owns one parser.
struct CSVRecordParser {
  /// One record: its fields and where it starts.
  struct Record {
    var line: Int
    var fields: [String]
  }

  private let stream: DataByteStream
  private let file: String
  /// The most bytes one record may hold (see ``TemplateRowReader/defaultMaximumRowBytes``).
  private let maximumBytes: Int

  init(stream: DataByteStream, file: String, maximumBytes: Int) {
    self.stream = stream
    self.file = file
    self.maximumBytes = maximumBytes
  }

  private static let comma = UInt8(ascii: ",")
  private static let quote = UInt8(ascii: "\"")
  private static let newline = UInt8(ascii: "\n")
  private static let carriageReturn = UInt8(ascii: "\r")

  /// The next record, or nil at the end of the file.
  ///
  /// - Parameter row: The row number the record will be (for messages; nil for the header).
  /// - Throws: ``TemplateDataError`` for a malformed quote, text that is not UTF-8, a record
  ///   longer than the budget, or a file that cannot be read.
  mutating func nextRecord(row: Int?) throws(TemplateDataError) -> Record? {
    // Blank lines (LF or CRLF alone) are skipped.
    while true {
      let byte = try read { try stream.peek() }
      if byte == Self.newline {
        _ = try read { try stream.next() }
      } else if byte == Self.carriageReturn {
        _ = try read { try stream.next() }
        if try read({ try stream.peek() }) == Self.newline { _ = try read { try stream.next() } }
      } else if byte == nil {
        return nil
      } else {
        break
      }
    }
    let start = stream.line
    var fields: [String] = []
    var bytes = 0
    while true {
      let (field, ended) = try nextField(recordLine: start, row: row, bytes: &bytes)
      fields.append(try text(field, line: start, row: row, field: fields.count + 1))
      if ended { return Record(line: start, fields: fields) }
    }
  }

  /// One field's bytes, and whether the record ends after it.
  private mutating func nextField(recordLine: Int, row: Int?, bytes: inout Int)
    throws(TemplateDataError) -> ([UInt8], Bool)
  {
    var field: [UInt8] = []
    func count() throws(TemplateDataError) {
      bytes += 1
      if bytes > maximumBytes {
        throw TemplateDataError(
          file: file, line: recordLine, row: row,
          message:
            "the \(row == nil ? "header" : "row") is longer than \(TemplateRowReader.describeBytes(maximumBytes)) (a variable's value is text for one movie): put large content in a file and name the file in the cell"
        )
      }
    }
    if try read({ try stream.peek() }) == Self.quote {
      let openLine = stream.line
      let openColumn = stream.column
      _ = try read { try stream.next() }
      while true {
        guard let byte = try read({ try stream.next() }) else {
          throw TemplateDataError(
            file: file, line: openLine, row: row,
            message:
              "the quoted field that starts at column \(openColumn) never ends: close it with \" (a quote inside a quoted field is written \"\")"
          )
        }
        if byte == Self.quote {
          if try read({ try stream.peek() }) == Self.quote {
            _ = try read { try stream.next() }
            try count()
            field.append(Self.quote)
            continue
          }
          break
        }
        try count()
        field.append(byte)
      }
      // After the closing quote: a comma, a line end or the end of the file.
      let after = try read { try stream.peek() }
      switch after {
      case nil: return (field, true)
      case Self.comma?:
        _ = try read { try stream.next() }
        return (field, false)
      case Self.newline?, Self.carriageReturn?:
        try endLine()
        return (field, true)
      default:
        throw TemplateDataError(
          file: file, line: stream.line, row: row,
          message:
            "a quoted field ends at column \(stream.column - 1) but is followed by more text: quote the whole field and write a quote inside it as \"\""
        )
      }
    }
    while true {
      guard let byte = try read({ try stream.peek() }) else { return (field, true) }
      switch byte {
      case Self.comma:
        _ = try read { try stream.next() }
        return (field, false)
      case Self.newline, Self.carriageReturn:
        try endLine()
        return (field, true)
      case Self.quote:
        throw TemplateDataError(
          file: file, line: stream.line, row: row,
          message:
            "a quote at column \(stream.column) inside a field that is not quoted: quote the whole field (\"…\") and write the quote as \"\""
        )
      default:
        _ = try read { try stream.next() }
        try count()
        field.append(byte)
      }
    }
  }

  /// Consumes LF, CRLF or a lone CR (old Mac line ends).
  private func endLine() throws(TemplateDataError) {
    if try read({ try stream.next() }) == Self.carriageReturn,
      try read({ try stream.peek() }) == Self.newline
    {
      _ = try read { try stream.next() }
    }
  }

  private func text(_ bytes: [UInt8], line: Int, row: Int?, field: Int)
    throws(TemplateDataError) -> String
  {
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw TemplateDataError(
        file: file, line: line, row: row, column: "field \(field)",
        message: "the field is not UTF-8 text: save the file as UTF-8")
    }
    return text
  }

  /// Runs a read of the stream, turning the file's error into a data error.
  private func read(_ body: () throws -> UInt8?) throws(TemplateDataError) -> UInt8? {
    do {
      return try body()
    } catch {
      throw TemplateDataError(
        file: file, line: stream.line, message: "cannot be read: \(error.localizedDescription)")
    }
  }
}
