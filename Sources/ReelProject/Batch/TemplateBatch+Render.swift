import Foundation
import Reel

extension TemplateBatch {
  /// Something that happened to one row while rendering (``render(rows:jobs:skipExisting:adjust:onEvent:)``).
  public struct RowEvent: Sendable {
    /// What happened.
    public enum Outcome: Sendable {
      /// The row's movie began (its template is loaded next).
      case started
      /// The movie was written.
      case rendered(ExportResult)
      /// The output was there already and `skipExisting` was set: nothing was done.
      case skipped
      /// The row failed; the batch goes on with the others.
      case failed(TemplateBatchRowFailure)
    }

    /// The row's number (from 1).
    public var row: Int
    /// The line of the data file where the row starts.
    public var line: Int
    /// The row's output path.
    public var output: String
    /// What happened.
    public var outcome: Outcome
    /// Wall-clock seconds from the row's start to this event (0 for `started` and `skipped`).
    public var seconds: Double
    /// How many rows the batch renders in all (its selection).
    public var selected = 0
    /// The row's warnings (fonts that fell back, …), each once.
    public var warnings: [String] = []
  }

  /// How a batch went.
  public struct Summary: Sendable, Equatable {
    /// The rows selected.
    public var selected: Int = 0
    /// Rows whose movie was written.
    public var rendered = 0
    /// Rows skipped because their output was there.
    public var skipped = 0
    /// Rows that failed.
    public var failed = 0
    /// Wall-clock seconds of the whole batch.
    public var seconds = 0.0

    /// Makes a summary (all zero; for collecting several).
    public init() {}

    /// Whether every row selected was rendered or skipped (none failed, none left undone).
    public var allSucceeded: Bool { failed == 0 && rendered + skipped == selected }
  }

  /// Renders the selected rows, `jobs` movies at a time.
  ///
  /// The data is checked first (``check(rows:)``), then read again row by row: each row is
  /// loaded (sharing the parsed template and its files), exported atomically to its output
  /// (its folder made when missing) and reported to `onEvent`, which is called from one task
  /// at a time, in the order things happen. A row that fails is reported and the others go
  /// on. Cancelling the task stops starting rows and cancels the exports in progress (their
  /// files are not written); the summary then counts fewer rows than it selected.
  ///
  /// - Parameters:
  ///   - selection: The rows to render (1-based, inclusive); nil for all.
  ///   - jobs: How many movies to render at once (≥ 1).
  ///   - skipExisting: Skip a row whose output file exists (a batch resumed after a stop:
  ///     outputs are written atomically, so a file there is a finished movie).
  ///   - adjust: Changes each row's export settings (a preset, `overwrite`).
  ///   - onEvent: Called for every row event.
  /// - Returns: The counts.
  /// - Throws: ``TemplateBatchDataError`` when the data has problems (nothing is rendered),
  ///   or when the data file changes while the batch reads it; and when the batch has no
  ///   ``output`` pattern.
  public func render(
    rows selection: ClosedRange<Int>? = nil, jobs: Int = 1, skipExisting: Bool = false,
    adjust: @escaping @Sendable (inout ExportSettings) -> Void = { _ in },
    onEvent: (RowEvent) -> Void
  ) async throws(TemplateBatchDataError) -> Summary {
    let started = ContinuousClock.now
    guard let output else {
      throw TemplateBatchDataError(
        problems: [
          TemplateDataError(
            file: dataPath, message: "no output name was given: say where each row's movie goes")
        ], more: 0)
    }
    let check = try check(rows: selection)
    var summary = Summary()
    guard let selected = check.selected else { return summary }
    summary.selected = selected.count
    let reader: TemplateRowReader
    do {
      reader = try openRows()
      try reader.skip(to: selected.lowerBound)
    } catch {
      throw TemplateBatchDataError(problems: [error], more: 0)
    }
    var readFailure: TemplateDataError?
    func count(_ given: RowEvent) {
      var event = given
      event.selected = summary.selected
      switch event.outcome {
      case .started: break
      case .rendered: summary.rendered += 1
      case .skipped: summary.skipped += 1
      case .failed: summary.failed += 1
      }
      onEvent(event)
    }
    await withTaskGroup(of: RowEvent.self) { group in
      var running = 0
      while !Task.isCancelled {
        let row: TemplateRow
        let path: String
        do throws(TemplateDataError) {
          guard let next = try reader.next(), next.number <= selected.upperBound else { break }
          row = next
          path = try output.path(for: row, values: values(for: row), dataFile: dataPath)
        } catch {
          readFailure = error
          break
        }
        if skipExisting, FileManager.default.fileExists(atPath: path) {
          count(
            RowEvent(row: row.number, line: row.line, output: path, outcome: .skipped, seconds: 0))
          continue
        }
        if running >= max(jobs, 1), let event = await group.next() {
          running -= 1
          count(event)
        }
        count(
          RowEvent(row: row.number, line: row.line, output: path, outcome: .started, seconds: 0))
        group.addTask { await self.renderRow(row, to: path, adjust: adjust) }
        running += 1
      }
      for await event in group { count(event) }
    }
    summary.seconds = (ContinuousClock.now - started).seconds
    if let readFailure { throw TemplateBatchDataError(problems: [readFailure], more: 0) }
    return summary
  }

  /// Loads and exports one row.
  private func renderRow(
    _ row: TemplateRow, to path: String, adjust: @Sendable (inout ExportSettings) -> Void
  ) async -> RowEvent {
    let started = ContinuousClock.now
    func event(_ outcome: RowEvent.Outcome, warnings: [String] = []) -> RowEvent {
      RowEvent(
        row: row.number, line: row.line, output: path, outcome: outcome,
        seconds: (ContinuousClock.now - started).seconds, warnings: warnings)
    }
    let loaded: LoadedTemplate
    do {
      loaded = try load(row)
    } catch {
      return event(.failed(.template(error)))
    }
    var settings = loaded.exportSettings
    settings.sharedRasters = rasters
    adjust(&settings)
    let url = URL(fileURLWithPath: path)
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    } catch {
      return event(
        .failed(
          .folder(
            "cannot make the folder \(url.deletingLastPathComponent().path): \(error.localizedDescription)"
          )))
    }
    let session = ExportSession(movie: loaded.movie, outputURL: url, settings: settings)
    do {
      let result = try await session.export()
      return event(
        .rendered(result), warnings: loaded.warnings.map(\.description) + result.warnings)
    } catch {
      return event(.failed(.export(error)))
    }
  }
}

/// Why one row of a batch failed.
public enum TemplateBatchRowFailure: Error, Sendable, CustomStringConvertible {
  /// The row's template has problems (as ``Template/load(path:variables:limits:)`` reports).
  case template(TemplateError)
  /// The export failed (a media error, an output that appeared meanwhile, cancelled).
  case export(ExportError)
  /// The output's folder could not be made.
  case folder(String)

  public var description: String {
    switch self {
    case .template(let error): error.lines.joined(separator: "\n")
    case .export(let error): error.description
    case .folder(let message): message
    }
  }
}

extension Duration {
  /// The duration in seconds.
  var seconds: Double {
    let (whole, fraction) = components
    return Double(whole) + Double(fraction) / 1e18
  }
}
