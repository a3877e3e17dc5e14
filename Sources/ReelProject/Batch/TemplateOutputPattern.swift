import Foundation
import Reel

/// The output name of a batch: a file name that is itself a template over each row,
/// `cards/{{name}}.mp4`.
///
/// The folders before the first component with a placeholder are the output folder, as
/// written. What a row puts in a name is checked, so data can never write outside that
/// folder: each component a value is substituted into must stay one file-name component —
/// not empty, `.` or `..`, no `/`, NUL or control character, at most 255 bytes — and the
/// name must end with an extension Reel writes (`.mp4`, `.mov`, …).
/// Whether two rows give the same name is the batch's check (``TemplateBatch/check(rows:)``).
public struct TemplateOutputPattern: Sendable, Hashable, CustomStringConvertible {
  /// The pattern as given.
  public let pattern: String
  /// The folder every output is in (the pattern's leading components without a
  /// placeholder, joined as written; `.` when there are none).
  public let folder: String
  /// The components after the folder, each a template over the row.
  private let components: [String]

  /// The most bytes one component of a file name may hold (Linux's `NAME_MAX`).
  public static let maximumComponentBytes = 255

  /// Makes a pattern.
  ///
  /// - Throws: ``TemplateOutputPatternError`` for a pattern without a placeholder (every row
  ///   would write the same file), a malformed placeholder, or a fixed extension Reel does
  ///   not write.
  public init(_ pattern: String) throws(TemplateOutputPatternError) {
    self.pattern = pattern
    let parts = pattern.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard let first = parts.firstIndex(where: { $0.contains("{{") }) else {
      throw TemplateOutputPatternError(
        pattern: pattern,
        message:
          "the name has no {{placeholder}}, so every row would write the same file: name each file from the row, such as 'cards/{{name}}.mp4'"
      )
    }
    for part in parts[first...] {
      let result = TemplateVariables.substitute(part, values: [:])
      if let malformed = result.malformed.first {
        throw TemplateOutputPatternError(pattern: pattern, message: malformed)
      }
    }
    guard let last = parts.last, !last.isEmpty else {
      throw TemplateOutputPatternError(
        pattern: pattern,
        message: "the name ends with /: end it with a file name, such as {{name}}.mp4")
    }
    let fixedExtension = URL(fileURLWithPath: last).pathExtension
    if !fixedExtension.contains("}}") {
      guard MediaWriter.supportsFileExtension(fixedExtension) else {
        throw TemplateOutputPatternError(
          pattern: pattern,
          message:
            "\(fixedExtension.isEmpty ? "the name has no extension" : "'.\(fixedExtension)' is not a format Reel writes"): end it with one of \(Self.knownExtensions)"
        )
      }
    }
    let folderParts = parts[..<first]
    folder =
      folderParts.isEmpty
      ? "."
      : (folderParts.count == 1 && folderParts[0].isEmpty
        ? "/" : folderParts.joined(separator: "/"))
    components = Array(parts[first...])
  }

  /// The variables the pattern names, in order.
  public var variableNames: [String] {
    var names: [String] = []
    for component in components {
      for name in TemplateVariables.substitute(component, values: [:]).undefined
      where !names.contains(name) {
        names.append(name)
      }
    }
    return names
  }

  /// The output path for one row.
  ///
  /// - Parameters:
  ///   - row: The row (for messages).
  ///   - values: The variables' values for the row: the row's over the template's defaults.
  ///   - dataFile: The data file's path, for messages.
  /// - Returns: `folder/…` with the row's values in place.
  /// - Throws: ``TemplateDataError`` naming the row and the variable whose value does not make
  ///   a valid name, or a variable the row does not give.
  public func path(for row: TemplateRow, values: [String: String], dataFile: String)
    throws(TemplateDataError) -> String
  {
    var names: [String] = []
    for component in components {
      let result = TemplateVariables.substitute(component, values: values)
      let used = TemplateVariables.substitute(component, values: [:]).undefined
      func failure(_ message: String) -> TemplateDataError {
        TemplateDataError(
          file: dataFile, line: row.line, row: row.number, column: used.first, message: message)
      }
      if let missing = result.undefined.first {
        throw TemplateDataError(
          file: dataFile, line: row.line, row: row.number, column: missing,
          message:
            "the output name \(pattern) uses {{\(missing)}}, which the row does not give and the template has no default for: add the column"
        )
      }
      let name = result.text
      let shown = Self.shown(name)
      if name.isEmpty || name == "." || name == ".." {
        throw failure(
          "the output name \(pattern) gives '\(shown)' here, which is not a file name: give the row a value that names a file"
        )
      }
      if name.contains("/") {
        throw failure(
          "the output name \(pattern) gives '\(shown)', with a /: a value from the data cannot make folders; remove the / from the value"
        )
      }
      if name.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
      ) {
        throw failure(
          "the output name \(pattern) gives '\(shown)', with a control character (a line break, a tab): remove it from the value"
        )
      }
      if name.utf8.count > Self.maximumComponentBytes {
        throw failure(
          "the output name \(pattern) gives a file name of \(name.utf8.count) bytes, more than the \(Self.maximumComponentBytes) a file name may have: shorten the value"
        )
      }
      names.append(name)
    }
    let file = names.last ?? ""
    let fileExtension = URL(fileURLWithPath: file).pathExtension
    guard MediaWriter.supportsFileExtension(fileExtension) else {
      throw TemplateDataError(
        file: dataFile, line: row.line, row: row.number, column: variableNames.last,
        message:
          "the output name \(pattern) gives '\(Self.shown(file))', which does not end with one of \(Self.knownExtensions)"
      )
    }
    return (folder == "." ? "" : folder == "/" ? "/" : folder + "/") + names.joined(separator: "/")
  }

  public var description: String { pattern }

  static var knownExtensions: String {
    MediaWriter.supportedFileExtensions.map { ".\($0)" }.joined(separator: ", ")
  }

  /// A name for a message: control characters escaped, at most 80 characters.
  private static func shown(_ name: String) -> String {
    var text = ""
    for scalar in name.unicodeScalars.prefix(80) {
      if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
        text += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      } else {
        text.unicodeScalars.append(scalar)
      }
    }
    return name.unicodeScalars.count > 80 ? text + "…" : text
  }
}

/// Why an output pattern cannot be used (``TemplateOutputPattern``).
public struct TemplateOutputPatternError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The pattern as given.
  public var pattern: String
  /// What is wrong and what to do.
  public var message: String

  public var description: String { "the output name \(pattern): \(message)" }
}
