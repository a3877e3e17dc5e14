import Foundation
import Reel

/// Many movies from one template: a data file's rows (``TemplateRowReader``) each fill the
/// template's variables, and each row's movie goes to its own file (``TemplateOutputPattern``).
///
/// A batch shares what does not change between rows: the template is read and parsed once,
/// and its media probes, decoded images and `.cube` tables once (``TemplateFileCache``);
/// the rasters of layers that draw the same in every row are drawn once
/// (``SharedRasterCache``, keyed by content, within the raster budget); fonts are the
/// process's (`FontLibrary.shared`). Each row is then described, resolved and
/// built on its own, so a row that fails (a missing image its data names, a value out of
/// range) fails alone, with the problems ``Template/load(path:variables:limits:)`` reports.
///
///     let batch = try TemplateBatch(
///       template: "card.json", data: "friends.csv",
///       output: try TemplateOutputPattern("cards/{{name}}.mp4"))
///     let summary = try await batch.render(jobs: 2) { event in print(event) }
///
/// The data is checked first (``check(rows:)``): every row must be readable, name only
/// variables the template declares, and give a distinct, valid output name.
public struct TemplateBatch: Sendable {
  /// The template's path as given.
  public let templatePath: String
  /// The data file's path as given.
  public let dataPath: String
  /// The data file's format (nil: from its extension).
  public let dataFormat: TemplateDataFormat?
  /// Where each row's movie goes (nil: the batch is only checked and loaded, not rendered;
  /// ``check(rows:)`` then checks no names).
  public let output: TemplateOutputPattern?
  /// The budgets every row's template must fit in.
  public let limits: ResourceLimits
  /// The most bytes one row of the data may hold.
  public let maximumRowBytes: Int
  /// The variables the template declares, in the order written.
  public let declaredVariables: [String]
  /// The values of the declared variables that have a default.
  public let defaults: [String: String]
  /// The probes and decoded files the rows share.
  public let files: TemplateFileCache
  /// The layer rasters the rows' exports share, within the raster budget
  /// (``ResourceLimits/rasterCacheBytes``).
  public let rasters: SharedRasterCache
  private let root: TemplateJSON

  /// Reads and parses the template once.
  ///
  /// - Parameters:
  ///   - template: The template file.
  ///   - data: The data file (CSV, a JSON array of objects or JSON Lines).
  ///   - dataFormat: The data's format; nil takes it from the extension.
  ///   - output: Where each row's movie goes; nil for a batch that is only checked.
  ///   - limits: The budgets (as for one template).
  ///   - maximumRowBytes: The most bytes one row may hold.
  /// - Throws: ``TemplateError`` when the template cannot be read or is not JSON.
  public init(
    template: String, data: String, dataFormat: TemplateDataFormat? = nil,
    output: TemplateOutputPattern?, limits: ResourceLimits = .default,
    maximumRowBytes: Int = TemplateRowReader.defaultMaximumRowBytes
  ) throws(TemplateError) {
    let bytes: Data
    do {
      bytes = try Template.readBounded(path: template, limit: limits.maximumTemplateBytes)
    } catch let error as ResourceLimitError {
      throw TemplateError(
        file: template, problems: [TemplateProblem(path: "", message: error.description)])
    } catch {
      let resolved = URL(fileURLWithPath: template).path
      let message =
        FileManager.default.fileExists(atPath: resolved)
        ? "cannot read the template file: \(resolved)" : "file not found: \(resolved)"
      throw TemplateError(file: template, problems: [TemplateProblem(path: "", message: message)])
    }
    root = try Template.parse(data: bytes, path: template, limits: limits)
    templatePath = template
    dataPath = data
    self.dataFormat = dataFormat
    self.output = output
    self.limits = limits
    self.maximumRowBytes = maximumRowBytes
    declaredVariables = TemplateDescriber.declaredVariableNames(root)
    defaults = TemplateDescriber(report: TemplateProblemCollector(), limits: limits).variables(
      root, overrides: [:])
    files = TemplateFileCache()
    rasters = SharedRasterCache(budget: limits.rasterCacheBytes)
  }

  /// Opens the data file; a CSV header is checked against the template's variables now.
  ///
  /// - Throws: ``TemplateDataError`` when the file cannot be read, or the header names a
  ///   column that is not a variable, or leaves out a variable without a default.
  public func openRows() throws(TemplateDataError) -> TemplateRowReader {
    let reader = try TemplateRowReader(
      path: dataPath, format: dataFormat, maximumRowBytes: maximumRowBytes)
    if reader.format == .csv {
      if let unknown = unknownVariable(in: reader.header, line: 1, row: nil) { throw unknown }
      let columns = Set(reader.header)
      if let missing = declaredVariables.first(where: {
        !columns.contains($0) && defaults[$0] == nil
      }) {
        throw TemplateDataError(
          file: dataPath, line: 1, column: missing,
          message:
            "the template's variable '\(missing)' has no default and the header has no column for it: add a '\(missing)' column"
        )
      }
    }
    return reader
  }

  /// The variables' values for `row`: the row's over the template's defaults.
  public func values(for row: TemplateRow) -> [String: String] {
    defaults.merging(row.values) { _, given in given }
  }

  /// Loads the template with `row`'s values, sharing the parsed template and files.
  ///
  /// - Throws: ``TemplateError`` with every problem of the row's template (the same as
  ///   ``Template/load(path:variables:limits:)`` reports).
  public func load(_ row: TemplateRow) throws(TemplateError) -> LoadedTemplate {
    try Template.load(
      root: root, path: templatePath, variables: row.values, limits: limits, shared: files)
  }

  // MARK: Checking

  /// What ``check(rows:)`` found.
  public struct Check: Sendable {
    /// How many rows the data file has.
    public var rowCount: Int
    /// The numbers of the rows selected, as a range (empty when the selection is past the
    /// end).
    public var selected: ClosedRange<Int>?
  }

  /// The most problems ``check(rows:)`` collects before it stops.
  public static let maximumReportedProblems = 100

  /// Reads every row once (streamed): each must name only declared variables and give a
  /// distinct, valid output name (with an ``output`` pattern). Every row is checked, whatever the selection, so blocks of
  /// one batch rendered apart (a cluster's tasks) cannot collide either.
  ///
  /// - Parameter selection: The rows to render (1-based, inclusive; an upper bound past the
  ///   end stops at the last row); nil for all.
  /// - Returns: The number of rows and the selection within them.
  /// - Throws: ``TemplateBatchDataError`` with the problems (up to
  ///   ``maximumReportedProblems``), or the first that stops the reading (a malformed file).
  public func check(rows selection: ClosedRange<Int>? = nil) throws(TemplateBatchDataError)
    -> Check
  {
    var problems: [TemplateDataError] = []
    var more = 0
    func add(_ problem: TemplateDataError) {
      if problems.count < Self.maximumReportedProblems {
        problems.append(problem)
      } else {
        more += 1
      }
    }
    var names: [String: Int] = [:]
    var count = 0
    do throws(TemplateDataError) {
      let reader = try openRows()
      while let row = try reader.next() {
        count = row.number
        if reader.format != .csv,
          let unknown = unknownVariable(
            in: row.values.keys.sorted(), line: row.line, row: row.number)
        {
          add(unknown)
          continue
        }
        guard let output else { continue }
        do throws(TemplateDataError) {
          let path = try output.path(for: row, values: values(for: row), dataFile: dataPath)
          if let first = names[path] {
            add(
              TemplateDataError(
                file: dataPath, line: row.line, row: row.number,
                column: output.variableNames.first,
                message:
                  "the output name \(output.pattern) gives \(path), as row \(first) does: make the names distinct (add a column that tells the rows apart, such as {{id}}, to the name)"
              ))
          } else {
            names[path] = row.number
          }
        } catch {
          add(error)
        }
      }
    } catch {
      add(error)
      throw TemplateBatchDataError(problems: problems, more: more)
    }
    guard problems.isEmpty else { throw TemplateBatchDataError(problems: problems, more: more) }
    if let selection, selection.lowerBound > count {
      throw TemplateBatchDataError(
        problems: [
          TemplateDataError(
            file: dataPath,
            message:
              "has \(count) row\(count == 1 ? "" : "s"), so there is no row \(selection.lowerBound) to start at: pick rows 1-\(count)"
          )
        ], more: 0)
    }
    let selected: ClosedRange<Int>? =
      count == 0 ? nil : (selection ?? 1...count).clamped(to: 1...count)
    return Check(rowCount: count, selected: selected)
  }

  /// The error for the first name in `names` that the template does not declare, or nil.
  private func unknownVariable(in names: [String], line: Int, row: Int?) -> TemplateDataError? {
    guard let unknown = names.first(where: { !declaredVariables.contains($0) }) else { return nil }
    var message =
      "'\(unknown)' is not a variable of the template (it declares \(declaredVariables.isEmpty ? "none" : declaredVariables.joined(separator: ", ")))"
    if let suggestion = Suggestion.nearest(to: unknown, among: declaredVariables) {
      message += "; did you mean '\(suggestion)'?"
    }
    message += " Rename the \(row == nil ? "column" : "key"), or declare it under \"variables\""
    return TemplateDataError(
      file: dataPath, line: line, row: row, column: unknown, message: message)
  }
}

/// The problems found in a batch's data before anything is rendered (``TemplateBatch/check(rows:)``).
public struct TemplateBatchDataError: Error, Sendable, CustomStringConvertible {
  /// The problems, in the order of the rows (at most ``TemplateBatch/maximumReportedProblems``).
  public var problems: [TemplateDataError]
  /// How many more were found and not kept.
  public var more: Int

  /// One line per problem, and `… and N more` when some were not kept.
  public var lines: [String] {
    problems.map(\.description) + (more > 0 ? ["… and \(more) more problems like these"] : [])
  }

  public var description: String { lines.joined(separator: "\n") }
}
