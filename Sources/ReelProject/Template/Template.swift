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
  /// - Returns: The movie, export settings, warnings, resolved variables and media files.
  /// - Throws: ``TemplateError`` with every problem found (a missing or unreadable file is
  ///   one problem); nothing is rendered.
  public static func load(path: String, variables: [String: String] = [:]) throws(TemplateError)
    -> LoadedTemplate
  {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      let resolved = URL(fileURLWithPath: path).path
      let message =
        FileManager.default.fileExists(atPath: resolved)
        ? "cannot read the template file: \(resolved)" : "file not found: \(resolved)"
      throw TemplateError(file: path, problems: [TemplateProblem(path: "", message: message)])
    }
    return try load(data: data, path: path, variables: variables)
  }

  /// Reads a template from bytes, substitutes variables, validates and builds the model.
  ///
  /// - Parameters:
  ///   - data: The template's UTF-8 JSON text.
  ///   - path: The template's path, for messages; relative paths inside the template resolve
  ///     against its folder (the current directory's, when `path` is relative).
  ///   - variables: Values for `{{name}}` placeholders; they override the defaults.
  /// - Returns: The loaded template.
  /// - Throws: ``TemplateError`` with every problem found.
  public static func load(
    data: Data, path: String, variables: [String: String] = [:]
  ) throws(TemplateError) -> LoadedTemplate {
    guard let text = String(data: data, encoding: .utf8) else {
      throw TemplateError(
        file: path,
        problems: [
          TemplateProblem(path: "", message: "the file is not UTF-8 text: save it as UTF-8")
        ])
    }
    let root: TemplateJSON
    do {
      root = try TemplateJSONReader.parse(text)
    } catch {
      throw TemplateError(
        file: path,
        problems: [
          TemplateProblem(path: "", message: error.message, line: error.line, column: error.column)
        ])
    }
    let decoder = TemplateDecoder(file: path)
    let loaded = decoder.decodeTemplate(root, overrides: variables)
    let problems = decoder.problems.enumerated().sorted { lhs, rhs in
      let left = (lhs.element.line ?? Int.max, lhs.element.column ?? Int.max, lhs.offset)
      let right = (rhs.element.line ?? Int.max, rhs.element.column ?? Int.max, rhs.offset)
      return left < right
    }.map(\.element)
    guard problems.isEmpty, let loaded else {
      throw TemplateError(file: path, problems: problems)
    }
    return loaded
  }

  /// The JSON Schema (draft 2020-12) of the format; the same text as
  /// `schema/reel-template.schema.json`.
  public static var schema: String { TemplateSchema.text }
}
