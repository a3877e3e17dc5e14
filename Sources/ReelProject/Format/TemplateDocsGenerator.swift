import Foundation
import Reel
import ReelFilters

/// Writes the generated parts of the documentation from the format description
/// (``TemplateFormat``): the key tables of `docs/template-format.md` and the ranges and budgets tables
/// of `docs/security.md`. Each part sits between marked lines,
///
///     <!-- BEGIN GENERATED: layer keys -->
///     …
///     <!-- END GENERATED -->
///
/// and the prose around them is written by hand.
enum TemplateDocsGenerator {
  /// One generated part: which file, its marker name and its text.
  struct Part: Sendable {
    /// The file, relative to the repository's root.
    var file: String
    /// The name after `BEGIN GENERATED:`.
    var name: String
    /// The lines between the markers (ending with a newline).
    var text: String
  }

  /// Every generated part: the table of layer types (``TemplateLayerType``), the key table
  /// of each object kind that has one (``TemplateObjectFormat/docsTable``), then the tables
  /// of `docs/security.md`.
  ///
  /// - Parameter limitOptions: How the command line sets each budget, the budgets table's
  ///   CLI column (the library spells no option: the `reel` tool passes its own mapping);
  ///   nil leaves the budgets table out.
  static func parts(limitOptions: ((ResourceLimits.Limit) -> String)?) -> [Part] {
    let keyTables = TemplateObjectKind.allCases.compactMap { kind -> Part? in
      kind.format.docsTable.map {
        Part(file: "docs/template-format.md", name: $0, text: table(kind.format.keys))
      }
    }
    let layerTypes = Part(
      file: "docs/template-format.md", name: "layer types", text: layerTypesTable)
    var parts =
      [layerTypes] + keyTables + [
        Part(file: "docs/security.md", name: "picture limits", text: pictureLimitsTable),
        Part(file: "docs/security.md", name: "pixel ranges", text: rangesTable),
        Part(file: "docs/filters.md", name: "filter maths", text: filterMathsTable),
        Part(file: "docs/filters.md", name: "template filters", text: templateFiltersTable),
      ]
    if let limitOptions {
      parts.append(
        Part(file: "docs/security.md", name: "budgets", text: budgetsTable(limitOptions)))
    }
    return parts
  }

  static func beginMarker(_ name: String) -> String { "<!-- BEGIN GENERATED: \(name) -->" }
  static let endMarker = "<!-- END GENERATED -->"

  /// `document` with the text between the markers of `part` replaced.
  ///
  /// - Throws: ``TemplateDocsError`` when the markers are missing.
  static func replacing(_ part: Part, in document: String) throws(TemplateDocsError) -> String {
    guard let begin = document.range(of: beginMarker(part.name) + "\n"),
      let end = document.range(of: endMarker, range: begin.upperBound..<document.endIndex)
    else { throw TemplateDocsError(file: part.file, marker: beginMarker(part.name)) }
    return document.replacingCharacters(in: begin.upperBound..<end.lowerBound, with: part.text)
  }

  /// The text between the markers of `part` in `document`, nil without markers.
  static func current(_ part: Part, in document: String) -> String? {
    guard let begin = document.range(of: beginMarker(part.name) + "\n"),
      let end = document.range(of: endMarker, range: begin.upperBound..<document.endIndex)
    else { return nil }
    return String(document[begin.upperBound..<end.lowerBound])
  }

  /// Writes the schema file and every generated part under `root` (a repository folder).
  ///
  /// - Parameters:
  ///   - root: The repository folder.
  ///   - limitOptions: The budgets table's CLI column (see ``parts(limitOptions:)``).
  /// - Returns: The files written, relative to `root`.
  /// - Throws: The file system's errors, or ``TemplateDocsError`` for missing markers.
  static func write(
    toRepository root: URL, limitOptions: @escaping (ResourceLimits.Limit) -> String
  ) throws -> [String] {
    let parts: [Part] = Self.parts(limitOptions: limitOptions)
    var written = [schemaFile]
    try Data(TemplateSchemaGenerator.text.utf8).write(
      to: root.appendingPathComponent(schemaFile), options: .atomic)
    for file in Set(parts.map(\.file)).sorted() {
      let url = root.appendingPathComponent(file)
      var document = try String(contentsOf: url, encoding: .utf8)
      for part in parts where part.file == file { document = try replacing(part, in: document) }
      try Data(document.utf8).write(to: url, options: .atomic)
      written.append(file)
    }
    return written
  }

  /// Where the schema is checked in, relative to the repository's root.
  static let schemaFile = "schema/reel-template.schema.json"

  // MARK: Pictures

  /// The limits every decoded picture is held to (``ImageDecoder``), checked from its header
  /// before it is decoded.
  static var pictureLimitsTable: String {
    let side = ImageDecoder.maximumSide
    let megapixels = ImageDecoder.maximumPixelCount >> 20
    let megabytes = (ImageDecoder.maximumPixelCount * 4) >> 20
    return """
      | limit | default | override |
      |---|---|---|
      | picture side (PNG, JPEG, WebP, GIF, APNG) | \(side) px | none (`ImageDecoder.maximumSide`) |
      | picture size | \(megapixels) Mpx (\(megabytes) MB as BGRA) | none (`ImageDecoder.maximumPixelCount`) |
      | video frames (every video track a render decodes) | the same: \(side) px a side, \(megapixels) Mpx | none; checked by `validate` and by `VideoReader` before decoding |

      """
  }

  // MARK: Budgets

  /// The memory and work budgets (``ResourceLimits/Limit``): what each limits, its default,
  /// the `reel` option and commands (`limitOptions`, the CLI's own mapping), the Swift
  /// property and what happens beyond it.
  static func budgetsTable(_ limitOptions: (ResourceLimits.Limit) -> String) -> String {
    var lines = [
      "| limit | default | CLI flag (commands) | Swift API (`ResourceLimits`) | what happens beyond it |",
      "|---|---|---|---|---|",
    ]
    for limit in ResourceLimits.Limit.allCases {
      let cells = [
        limit.summary, limit.defaultDescription, limitOptions(limit), "`\(limit.property)`",
        limit.consequence,
      ]
      lines.append("| " + cells.map(cell).joined(separator: " | ") + " |")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  // MARK: Key tables

  /// A `type | its own keys | what it draws` table of the layer types, in their order.
  static var layerTypesTable: String {
    var lines = ["| type | its own keys | what it draws |", "|---|---|---|"]
    for type in TemplateLayerType.allCases {
      let keys = type.keys.map { "`\($0.key.rawValue)`" }.joined(separator: ", ")
      let cells = ["`\(type.rawValue)`", keys.isEmpty ? "—" : keys, type.kind.summary]
      lines.append("| " + cells.map(cell).joined(separator: " | ") + " |")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A `key | type | default | meaning` table; keys that share a row are listed together.
  static func table(_ keys: [TemplateKeyFormat]) -> String {
    var rows: [[TemplateKeyFormat]] = []
    for key in keys {
      if key.joinsPreviousRow, !rows.isEmpty {
        rows[rows.count - 1].append(key)
      } else {
        rows.append([key])
      }
    }
    var lines = ["| key | type | default | meaning |", "|---|---|---|---|"]
    for row in rows {
      let names = row.map { "`\($0.key.rawValue)`" }.joined(separator: ", ")
      let types = unique(row.map { $0.docType ?? docName($0.value) })
      let defaults =
        row.contains(where: \.isRequired)
        ? "required"
        : row.allSatisfy { $0.defaultText == nil } ? "—" : unique(row.map { $0.defaultText ?? "—" })
      let cells = [names, types, defaults, row[0].doc ?? ""].map(cell)
      lines.append("| " + cells.joined(separator: " | ") + " |")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The texts joined by commas, each once.
  private static func unique(_ texts: [String]) -> String {
    var seen: [String] = []
    for text in texts where !seen.contains(text) { seen.append(text) }
    return seen.joined(separator: ", ")
  }

  /// A table cell: pipes escaped.
  private static func cell(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|")
  }

  /// How the docs name a value's type.
  static func docName(_ value: TemplateValue) -> String {
    switch value {
    case .string, .nonEmptyString: "string"
    case .boolean: "bool"
    case .constant(let number): "`\(number)`"
    case .constantString(let text): "`\"\(text)\"`"
    case .number(let bounds):
      switch (bounds.minimum, bounds.maximum) {
      case (let low?, let high?): "\(format(low))…\(format(high))"
      case (let low?, nil):
        bounds.excludesMinimum ? "number > \(format(low))" : "number ≥ \(format(low))"
      default: "number"
      }
    case .integer: "integer"
    case .pixels, .wholePixels: "pixels"
    case .choice(let names): names.map { "`\($0)`" }.joined(separator: " ")
    case .pattern(_, let words): words
    case .svgPath: "SVG path data"
    case .named(let named): named.docName
    case .object, .map: "object"
    case .filterStep: "filter step"
    case .array, .tuple, .steps: "array"
    case .oneOf(let forms): forms.map(docName).joined(separator: " or ")
    case .described(let described, _): docName(described)
    }
  }

  // MARK: Filters

  /// Every filter of the catalog: Core Image's name, the template's, what it does and its
  /// maths (``FilterDescriptor/summary`` and ``FilterDescriptor/maths``).
  static var filterMathsTable: String {
    var lines = ["| Core Image | template | what it does | maths |", "|---|---|---|---|"]
    for descriptor in FilterCatalog.all {
      let template = TemplateFilterFormat.isStep(descriptor) ? "`\(descriptor.name)`" : "—"
      let cells = [
        "`\(descriptor.coreImageName)`", template, descriptor.summary, descriptor.maths,
      ].map(cell)
      lines.append("| " + cells.joined(separator: " | ") + " |")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The filter steps a template may write: each `type`, its parameters with defaults and
  /// ranges (from the catalog), then `lut`.
  static var templateFiltersTable: String {
    var lines = ["| `type` | parameters (default, range) |", "|---|---|"]
    for descriptor in TemplateFilterFormat.filters {
      let parameters = TemplateFilterFormat.parameters(of: descriptor).map { parameter in
        "`\(parameter.name)` (\(parameterDefault(parameter.kind)))"
      }
      let cells = [
        "`\(descriptor.name)`", parameters.isEmpty ? "—" : parameters.joined(separator: ", "),
      ].map(cell)
      lines.append("| " + cells.joined(separator: " | ") + " |")
    }
    let range = TemplateFilterFormat.lutIntensityRange
    lines.append(
      "| `\(TemplateFilterFormat.lutType)` | `\(TemplateKey.file.rawValue)` (required: a `.cube` file), `\(TemplateKey.intensity.rawValue)` (1, \(format(range.lowerBound))…\(format(range.upperBound))) |"
    )
    return lines.joined(separator: "\n") + "\n"
  }

  private static func parameterDefault(_ kind: FilterValueKind) -> String {
    switch kind {
    case .number(let value, let range):
      "\(format(value)), \(format(range.lowerBound))…\(format(range.upperBound))"
    case .vector(let values): "`[" + values.map { format($0) }.joined(separator: ", ") + "]`"
    case .point(let point): "`[\(format(point.x)), \(format(point.y))]`"
    case .rectangle(let rect):
      "`[\(format(rect.minX)), \(format(rect.minY)), \(format(rect.width)), \(format(rect.height))]`"
    case .color(let color): "`\(color.encoded.hexString)`"
    case .choice(let value, let choices):
      "`\(value)`; " + choices.map { "`\($0)`" }.joined(separator: ", ")
    case .image, .transform, .data, .floatData, .colorSpace: "—"
    }
  }

  // MARK: Ranges

  /// The `range | allowed | unit | applies to` table of ``PixelLimits/all``, each range with
  /// the keys and animated properties whose values it bounds.
  static var rangesTable: String {
    let places = TemplateRangeUse.places
    var lines = ["| range | allowed | unit | applies to |", "|---|---|---|---|"]
    for range in PixelLimits.all {
      var uses = places.filter { $0.range == range }.map(\.text)
      let animated = TemplateAnimatedProperty.names.filter { name in
        TemplateRangeUse.ranges(ofAnimated: name).contains { $0.range == range }
      }
      var text = uses.joined(separator: ", ")
      if !animated.isEmpty {
        text += "; the " + animated.map { "`\($0)`" }.joined(separator: ", ") + " animation values"
      }
      if let note = TemplateRangeUse.note(range) { text += " (\(note))" }
      uses.removeAll()
      let cells = [range.name, range.description, TemplateRangeUse.unit(range), text].map(cell)
      lines.append("| " + cells.joined(separator: " | ") + " |")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

/// The markers of a generated part are missing from its file.
struct TemplateDocsError: Error, CustomStringConvertible {
  var file: String
  var marker: String
  var description: String { "\(file): the line '\(marker)' is missing: put it back" }
}
