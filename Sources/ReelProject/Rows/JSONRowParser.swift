/// Reads the objects of a JSON array (`[{…}, {…}]`) or of JSON Lines (one object per line)
/// from a ``DataByteStream``, one object at a time: the bytes of one object are found by
/// scanning (strings and nesting followed), then parsed by ``TemplateJSONReader``, so only
/// one row is ever held.
///
/// Not Sendable: one reader owns one parser.
struct JSONRowParser {
  /// One object: its text and the line where it starts.
  struct Object {
    var line: Int
    var value: TemplateJSON
  }

  private let stream: DataByteStream
  private let file: String
  private let maximumBytes: Int
  private let lines: Bool
  private var started = false
  private var finished = false

  /// - Parameter lines: JSON Lines (one object per line) rather than one array.
  init(stream: DataByteStream, file: String, maximumBytes: Int, lines: Bool) {
    self.stream = stream
    self.file = file
    self.maximumBytes = maximumBytes
    self.lines = lines
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// The next object, or nil after the last.
  ///
  /// - Parameter row: The row number the object will be (for messages).
  /// - Throws: ``TemplateDataError`` for anything that is not an array of objects (or one
  ///   object per line), a syntax error inside an object, an object longer than the budget.
  mutating func nextObject(row: Int) throws(TemplateDataError) -> Object? {
    if finished { return nil }
    if !lines, !started {
      started = true
      try skipSpace()
      guard let first = try peek() else {
        throw error("the file is empty: write a JSON array of objects, [{\"name\": \"Ada\"}, …]")
      }
      guard first == UInt8(ascii: "[") else {
        throw error(
          "expected a JSON array of objects ([{\"name\": \"Ada\"}, …]), found \(describe(first)); for one object per line, name the file .jsonl"
        )
      }
      _ = try next()
      try skipSpace()
      if try peek() == UInt8(ascii: "]") {
        _ = try next()
        try expectEnd()
        return nil
      }
    } else if !lines {
      // After an object: `,` then the next, or `]`.
      try skipSpace()
      switch try next() {
      case UInt8(ascii: ",")?:
        try skipSpace()
      case UInt8(ascii: "]")?:
        try expectEnd()
        return nil
      case nil:
        throw error("the array never ends: close it with ]")
      case let other?:
        throw error("expected , or ] after row \(row - 1), found \(describe(other))")
      }
    } else {
      try skipSpace()
      if try peek() == nil {
        finished = true
        return nil
      }
    }
    let line = stream.line
    let column = stream.column
    guard let open = try peek() else { throw error("the array never ends: close it with ]") }
    guard open == UInt8(ascii: "{") else {
      throw TemplateDataError(
        file: file, line: line, row: row,
        message: "expected an object ({\"name\": \"Ada\"}) for the row, found \(describe(open))")
    }
    let bytes = try objectBytes(row: row, line: line)
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw TemplateDataError(
        file: file, line: line, row: row,
        message: "the row is not UTF-8 text: save the file as UTF-8"
      )
    }
    let value: TemplateJSON
    do throws(TemplateJSONSyntaxError) {
      value = try TemplateJSONReader.parse(text)
    } catch {
      let errorLine = line + error.line - 1
      let errorColumn = error.line == 1 ? column + error.column - 1 : error.column
      throw TemplateDataError(
        file: file, line: errorLine, row: row,
        message: "\(error.message) (column \(errorColumn))")
    }
    if lines { try expectLineEnd(row: row) }
    return Object(line: line, value: value)
  }

  /// The bytes of the object that starts here, through its closing brace.
  private mutating func objectBytes(row: Int, line: Int) throws(TemplateDataError) -> [UInt8] {
    var bytes: [UInt8] = []
    var depth = 0
    var inString = false
    var escaped = false
    while let byte = try next() {
      bytes.append(byte)
      if bytes.count > maximumBytes {
        throw TemplateDataError(
          file: file, line: line, row: row,
          message:
            "the row is longer than \(TemplateRowReader.describeBytes(maximumBytes)) (a variable's value is text for one movie): put large content in a file and name the file in the row"
        )
      }
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        } else if lines, byte == 0x0A {
          break
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        if depth == 0 { return bytes }
      case 0x0A where lines:
        // A line ends inside the object: the parser below names what is missing.
        return bytes
      default: break
      }
    }
    // The file ended inside the object: the parser names what is missing.
    return bytes
  }

  private mutating func expectLineEnd(row: Int) throws(TemplateDataError) {
    while let byte = try peek(), byte != 0x0A {
      guard Self.isSpace(byte) else {
        throw TemplateDataError(
          file: file, line: stream.line, row: row,
          message:
            "more text after the row's object at column \(stream.column): JSON Lines has one object per line"
        )
      }
      _ = try next()
    }
  }

  private mutating func expectEnd() throws(TemplateDataError) {
    finished = true
    try skipSpace()
    if let extra = try peek() {
      throw error("\(describe(extra)) after the array's closing ]: the file is one array")
    }
  }

  private func skipSpace() throws(TemplateDataError) {
    while let byte = try peek(), Self.isSpace(byte) { _ = try next() }
  }

  private func describe(_ byte: UInt8) -> String {
    if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x\(String(byte, radix: 16, uppercase: true))"
  }

  private func error(_ message: String) -> TemplateDataError {
    TemplateDataError(file: file, line: stream.line, message: message)
  }

  private func peek() throws(TemplateDataError) -> UInt8? {
    do { return try stream.peek() } catch { throw readError(error) }
  }

  private func next() throws(TemplateDataError) -> UInt8? {
    do { return try stream.next() } catch { throw readError(error) }
  }

  private func readError(_ error: any Error) -> TemplateDataError {
    TemplateDataError(
      file: file, line: stream.line, message: "cannot be read: \(error.localizedDescription)")
  }
}
