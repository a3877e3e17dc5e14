import Foundation
import ReelProject

/// One problem or warning of the template, as `reel validate` reports it.
public struct PreviewProblem: Sendable, Hashable {
  /// `error` (the template cannot be rendered) or `warning`.
  public var severity: String
  /// The JSON path (`layers[2].text`; `""` for the file itself).
  public var path: String
  /// The 1-based line in the template file, when known.
  public var line: Int?
  /// The 1-based column, when known.
  public var column: Int?
  /// What is wrong and what to do.
  public var message: String
}

/// The movie's numbers the page needs (from the export's own plan: the same frame count
/// and frame duration `reel render` uses).
public struct PreviewMovie: Sendable {
  /// The render size, pixels.
  public var width: Int
  public var height: Int
  /// One frame's duration, exactly (seconds).
  public var frameDuration: Time
  /// The frames of the whole movie.
  public var frameCount: Int
  /// The movie's length, seconds.
  public var duration: Time
  /// Whether the movie has sound (its audio mix is served).
  public var hasAudio: Bool

  /// Frames per second.
  public var frameRate: Double { frameDuration.seconds > 0 ? 1 / frameDuration.seconds : 0 }

  /// The composition time of frame `index` (0-based), seconds.
  public func time(ofFrame index: Int) -> Time { frameDuration.multiplied(by: index) }
}

/// One load of the template: its number, and either the loaded template or its problems.
/// A new revision is made every time the template or a file it uses changes.
public struct PreviewRevision: Sendable {
  /// 1 for the first load, then one more per reload.
  public var number: Int
  /// The loaded template; nil when it has errors.
  public var template: LoadedTemplate?
  /// The movie's numbers; nil when the template has errors.
  public var movie: PreviewMovie?
  /// The errors (when ``template`` is nil) or the warnings.
  public var problems: [PreviewProblem]

  /// Whether the template loaded (it has no errors).
  public var isValid: Bool { template != nil }

  /// Loads the template at `path` as `reel validate`, `frame` and `render` do.
  static func load(number: Int, path: String, variables: [String: String]) -> PreviewRevision {
    let loaded: LoadedTemplate
    do {
      loaded = try Template.load(path: path, variables: variables)
    } catch {
      return PreviewRevision(
        number: number, template: nil, movie: nil,
        problems: error.problems.map {
          PreviewProblem(
            severity: "error", path: $0.path, line: $0.line, column: $0.column,
            message: $0.message)
        })
    }
    let warnings = loaded.warnings.map {
      PreviewProblem(
        severity: "warning", path: $0.path, line: nil, column: nil, message: $0.message)
    }
    // The whole movie, whatever range the template's export names.
    var settings = loaded.exportSettings
    settings.timeRange = nil
    let plan: ExportPlan
    do {
      plan = try ExportPlan(
        movie: loaded.movie, settings: settings,
        outputURL: URL(fileURLWithPath: "preview." + settings.impliedFileExtension))
    } catch {
      return PreviewRevision(
        number: number, template: nil, movie: nil,
        problems: [
          PreviewProblem(
            severity: "error", path: "", line: nil, column: nil,
            message: "cannot be exported: \(error)")
        ] + warnings)
    }
    let movie = PreviewMovie(
      width: plan.drawWidth, height: plan.drawHeight, frameDuration: plan.frameDuration,
      frameCount: plan.frameCount, duration: loaded.movie.duration, hasAudio: plan.hasAudio)
    return PreviewRevision(number: number, template: loaded, movie: movie, problems: warnings)
  }
}
