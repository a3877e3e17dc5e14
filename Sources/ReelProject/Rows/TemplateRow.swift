/// One row of a data file: the values of a template's variables for one movie.
public struct TemplateRow: Sendable, Hashable {
  /// The row's number, from 1 (the CSV header is not a row).
  public var number: Int
  /// The 1-based line of the file where the row starts.
  public var line: Int
  /// The values by variable name: a CSV row has every column of the header; a JSON object
  /// only the keys it has (a variable it leaves out takes the template's default).
  public var values: [String: String]

  /// Makes a row.
  public init(number: Int, line: Int, values: [String: String]) {
    self.number = number
    self.line = line
    self.values = values
  }
}

/// The formats of a data file of rows.
public enum TemplateDataFormat: String, Sendable, CaseIterable {
  /// Comma-separated values (RFC 4180): a header line of variable names, then one record
  /// per row; fields may be quoted (`"a, b"`, `""` for a quote inside); CRLF or LF line
  /// ends; UTF-8, with or without a byte-order mark.
  case csv
  /// One JSON array of objects, each object a row (`[{"name": "Ada"}, …]`).
  case jsonArray = "json"
  /// JSON Lines: one JSON object per line (blank lines are skipped).
  case jsonLines = "jsonl"

  /// The format a file's extension names: `.csv`, `.json`, `.jsonl` or `.ndjson`
  /// (case-insensitive); nil for any other.
  public init?(fileExtension: String) {
    switch fileExtension.lowercased() {
    case "csv": self = .csv
    case "json": self = .jsonArray
    case "jsonl", "ndjson": self = .jsonLines
    default: return nil
    }
  }
}
