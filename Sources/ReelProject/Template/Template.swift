import Foundation
import Reel

/// The JSON template format (version 1): read a template file, fill its `{{variables}}`,
/// check it and build the Reel model. See `docs/template-format.md`.
///
///     let loaded = try Template.load(path: "card.json", variables: ["name": "Ada"])
///     let session = ExportSession(movie: loaded.movie, settings: loaded.exportSettings, …)
public enum Template {
  /// The format version this library reads.
  public static let formatVersion = 1

  /// Reads a template file, substitutes variables, validates and builds the model.
  ///
  /// Relative media, image, font and subtitle paths resolve against the file's folder.
  ///
  /// - Parameters:
  ///   - path: The template file.
  ///   - variables: Values for `{{name}}` placeholders (as `reel render --set name=value`);
  ///     they override the template's defaults.
  ///   - limits: The budgets the template must fit in: the file's size (checked before it
  ///     is read whole), its layers, its decoded images and its export's work
  ///     (``ResourceLimits``); they also become the loaded export settings' limits.
  /// - Returns: The movie, export settings, warnings, resolved variables and media files.
  /// - Throws: ``TemplateError`` with every problem found (a missing or unreadable file is
  ///   one problem, and so is a file above the size limit); nothing is rendered.
  public static func load(
    path: String, variables: [String: String] = [:], limits: ResourceLimits = .default
  ) throws(TemplateError) -> LoadedTemplate {
    let data: Data
    do {
      data = try readBounded(path: path, limit: limits.maximumTemplateBytes)
    } catch let error as ResourceLimitError {
      throw TemplateError(
        file: path, problems: [TemplateProblem(path: "", message: error.description)])
    } catch {
      let resolved = URL(fileURLWithPath: path).path
      let message =
        FileManager.default.fileExists(atPath: resolved)
        ? "cannot read the template file: \(resolved)" : "file not found: \(resolved)"
      throw TemplateError(file: path, problems: [TemplateProblem(path: "", message: message)])
    }
    return try load(data: data, path: path, variables: variables, limits: limits)
  }

  /// The bytes of the file at `path`, refusing it when it holds more than `limit` bytes:
  /// its size is checked first, and at most `limit + 1` bytes are ever read (a file that
  /// grows, or reports no size, cannot make it read more).
  ///
  /// - Throws: ``ResourceLimitError`` above the limit; the file's own errors otherwise.
  static func readBounded(path: String, limit: Int) throws -> Data {
    let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    // A regular file's size is known before it is read; a pipe (`<(…)`, /dev/stdin) has
    // none and cannot seek, and is only read up to the limit.
    if let size = try? handle.seekToEnd() {
      if size > UInt64(max(limit, 0)) {
        try ResourceLimits(maximumTemplateBytes: limit).checkTemplateSize(
          size > UInt64(Int.max) ? Int.max : Int(size))
      }
      try handle.seek(toOffset: 0)
    }
    let data = try handle.read(upToCount: limit < Int.max ? limit + 1 : limit) ?? Data()
    try ResourceLimits(maximumTemplateBytes: limit).checkTemplateSize(data.count)
    return data
  }

  /// Reads a template from bytes, substitutes variables, validates and builds the model.
  ///
  /// - Parameters:
  ///   - data: The template's UTF-8 JSON text.
  ///   - path: The template's path, for messages; relative paths inside the template resolve
  ///     against its folder (the current directory's, when `path` is relative).
  ///   - variables: Values for `{{name}}` placeholders; they override the defaults.
  ///   - limits: The budgets the template must fit in (``ResourceLimits``): `data`'s size,
  ///     its layers, its decoded images and its export's work.
  /// - Returns: The loaded template.
  /// - Throws: ``TemplateError`` with every problem found.
  public static func load(
    data: Data, path: String, variables: [String: String] = [:],
    limits: ResourceLimits = .default
  ) throws(TemplateError) -> LoadedTemplate {
    let root = try parse(data: data, path: path, limits: limits)
    return try load(root: root, path: path, variables: variables, limits: limits, shared: nil)
  }

  /// The template's JSON, checked against the size budget and parsed: the stage a batch
  /// runs once for all its rows.
  ///
  /// - Throws: ``TemplateError`` for a template above the size limit, text that is not
  ///   UTF-8 or a JSON syntax error.
  static func parse(data: Data, path: String, limits: ResourceLimits) throws(TemplateError)
    -> TemplateJSON
  {
    do {
      try limits.checkTemplateSize(data.count)
    } catch {
      throw TemplateError(
        file: path, problems: [TemplateProblem(path: "", message: error.description)])
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw TemplateError(
        file: path,
        problems: [
          TemplateProblem(path: "", message: "the file is not UTF-8 text: save it as UTF-8")
        ])
    }
    do {
      return try TemplateJSONReader.parse(text)
    } catch {
      throw TemplateError(
        file: path,
        problems: [
          TemplateProblem(path: "", message: error.message, line: error.line, column: error.column)
        ])
    }
  }

  /// Loads a parsed template: the stages after the JSON reader, each reporting to one
  /// collector.
  ///
  /// - Parameters:
  ///   - root: The parsed template.
  ///   - path: The template's path (messages; relative paths inside resolve against it).
  ///   - variables: Values for its placeholders.
  ///   - limits: The budgets.
  ///   - shared: Probes and decoded files shared with other loads (a batch), or nil.
  /// - Throws: ``TemplateError`` with every problem found, sorted by line and column.
  static func load(
    root: TemplateJSON, path: String, variables: [String: String], limits: ResourceLimits,
    shared: TemplateFileCache?
  ) throws(TemplateError) -> LoadedTemplate {
    // The stages: JSON with positions → a description (checked, no file opened) →
    // resolution (each file opened once) → the model; each reports its problems to one
    // collector.
    let report = TemplateProblemCollector()
    let files = TemplateFiles(templateFile: path, limits: limits, shared: shared)
    var loaded: LoadedTemplate?
    if let description = TemplateDescriber(report: report, limits: limits).describe(
      root, overrides: variables)
    {
      let resolved = TemplateResolver(report: report, files: files).resolve(description)
      loaded = TemplateBuilder(report: report, files: files, limits: limits).build(resolved)
    }
    let problems = report.problems.enumerated().sorted { lhs, rhs in
      let left = (lhs.element.line ?? Int.max, lhs.element.column ?? Int.max, lhs.offset)
      let right = (rhs.element.line ?? Int.max, rhs.element.column ?? Int.max, rhs.offset)
      return left < right
    }.map(\.element)
    guard problems.isEmpty, let loaded else {
      throw TemplateError(file: path, problems: problems)
    }
    return loaded
  }

  /// The JSON Schema (draft 2020-12) of the format, generated from the format's description;
  /// `schema/reel-template.schema.json` holds the same text (`make schema` writes it).
  public static var schema: String { TemplateSchemaGenerator.text }

  /// Writes the files generated from the format's description into a repository folder:
  /// `schema/reel-template.schema.json` and the marked tables of `docs/template-format.md`
  /// and `docs/security.md` (the prose around them is kept).
  ///
  /// - Parameters:
  ///   - folder: The repository's root folder.
  ///   - limitOptions: The budgets table's CLI column for each limit: the `reel` tool's
  ///     option and commands, from its own mapping (the library spells no option).
  /// - Returns: The files written, relative to `folder`.
  /// - Throws: The file system's errors, or an error naming a file whose markers are missing.
  package static func writeGeneratedFiles(
    toRepository folder: String, limitOptions: @escaping (ResourceLimits.Limit) -> String
  ) throws -> [String] {
    try TemplateDocsGenerator.write(
      toRepository: URL(fileURLWithPath: folder), limitOptions: limitOptions)
  }

  /// Each generated part of the documentation that differs from what `folder` (a repository)
  /// holds, by file and part name; empty when everything is current.
  ///
  /// - Parameters:
  ///   - folder: The repository's root folder.
  ///   - limitOptions: The budgets table's CLI column (see
  ///     ``writeGeneratedFiles(toRepository:limitOptions:)``); nil skips that table, which
  ///     only the tool's tests can then compare.
  package static func staleGeneratedFiles(
    inRepository folder: String, limitOptions: ((ResourceLimits.Limit) -> String)?
  ) -> [String] {
    let root = URL(fileURLWithPath: folder)
    var stale: [String] = []
    let schema = try? String(
      contentsOf: root.appendingPathComponent(TemplateDocsGenerator.schemaFile), encoding: .utf8)
    if schema != TemplateSchemaGenerator.text { stale.append(TemplateDocsGenerator.schemaFile) }
    for part in TemplateDocsGenerator.parts(limitOptions: limitOptions) {
      let document = try? String(
        contentsOf: root.appendingPathComponent(part.file), encoding: .utf8)
      if document.flatMap({ TemplateDocsGenerator.current(part, in: $0) }) != part.text {
        stale.append("\(part.file) (\(part.name))")
      }
    }
    return stale
  }
}
