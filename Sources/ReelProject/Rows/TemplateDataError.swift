/// Why a data file of rows (``TemplateRowReader``) cannot be read: the file, where in it and
/// what to do.
///
///     cards.csv line 7 (row 6), column 'city': the row has 2 fields, the header 3: add the missing field (an empty one is written ,,)
public struct TemplateDataError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The data file's path as given.
  public var file: String
  /// The 1-based line in the file where the problem is, when known.
  public var line: Int?
  /// The 1-based data row (the CSV header is not a row), when the problem is in one.
  public var row: Int?
  /// The column (a variable name, or `field 4` when the header has none for it), when known.
  public var column: String?
  /// What is wrong and what to do.
  public var message: String

  /// Makes an error.
  public init(
    file: String, line: Int? = nil, row: Int? = nil, column: String? = nil, message: String
  ) {
    self.file = file
    self.line = line
    self.row = row
    self.column = column
    self.message = message
  }

  /// `FILE line L (row R), column 'C': message`, with the parts that are known.
  public var description: String {
    var place = file
    if let line { place += " line \(line)" }
    if let row { place += line == nil ? " row \(row)" : " (row \(row))" }
    if let column { place += ", column '\(column)'" }
    return "\(place): \(message)"
  }
}
