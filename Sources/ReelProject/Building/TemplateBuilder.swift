import Foundation
import Reel

/// The last loading stage: makes the ``Movie``, its ``ExportSettings`` and the
/// ``LoadedTemplate`` from a ``ResolvedTemplate`` and the timeline. What the layers and the
/// export range are checked against (the render size, the movie's length) is computed
/// first, from the timeline, and passed on as values. Then the budgets are checked and the
/// export settings validated against the movie (validate ⇒ render): whatever an export
/// would refuse before writing is a problem here.
struct TemplateBuilder: TemplateChecking {
  let report: TemplateProblemCollector
  /// The files the resolution stage opened (for the list of them).
  let files: TemplateFiles
  /// The budgets the template must fit in; they become the export settings' limits.
  let limits: ResourceLimits

  /// The loaded template made from `resolved` (its description and files); nil when a
  /// stage found a problem (see ``report``).
  ///
  /// When the timeline has a problem, the rest is still checked, against the requested size
  /// (or a nominal 1280×720) and duration.
  func build(_ resolved: ResolvedTemplate) -> LoadedTemplate? {
    let description = resolved.description
    let output = description.output
    let timeline = buildTimeline(resolved)
    let frame = TemplateFrame(
      renderSize: timeline?.videoComposition.renderSize ?? output.size
        ?? Size(width: 1280, height: 720),
      movieDuration: timeline?.composition.duration ?? output.duration)

    let audioMix = buildAudio(resolved, timeline: timeline)
    let tree = buildLayerTree(description, files: resolved.layerFiles, frame: frame)
    var settings = exportSettings(description.export, movieDuration: frame.movieDuration)
    settings.limits = limits
    guard var timeline, problemCount == 0 else { return nil }
    timeline.audioMix = audioMix
    let movie = Movie(
      composition: timeline.composition, videoComposition: timeline.videoComposition,
      audioMix: timeline.audioMix, layers: tree)
    // What render refuses by budget (layers with subtitle cues, the export's work), found
    // here so that a valid template renders.
    do {
      try limits.check(movie, exporting: settings)
    } catch {
      problem(
        error.limit == .layerCount ? TemplateKey.layers.rawValue : "", error.description, at: nil)
      return nil
    }
    // validate ⇒ render: whatever the export would refuse before writing is a problem here,
    // found by the export's own checks.
    do {
      try settings.validate(movie)
    } catch {
      report.problem(
        "cannot be exported: \(error)", at: description.exportLocation ?? TemplateLocation("", nil))
      return nil
    }
    return LoadedTemplate(
      movie: movie, exportSettings: settings, warnings: report.warnings,
      variables: description.variables, mediaFiles: files.mediaFiles,
      outline: outline(
        description, timeline: timeline, files: resolved.layerFiles, layerTree: tree,
        movieDuration: movie.duration))
  }

  /// The export settings, with the time range when it lies inside the movie.
  private func exportSettings(_ export: ExportDescription?, movieDuration: Time?)
    -> ExportSettings
  {
    guard let export else { return ExportSettings() }
    var settings = export.settings
    if let range = export.range {
      let start = range.value.start
      let end = range.value.end
      if let movieDuration, start >= movieDuration || end > movieDuration {
        report.problem(
          "[\(seconds(start)), \(seconds(end))] is outside the movie [0, \(seconds(movieDuration))]: choose a range inside it",
          at: range.location)
      } else {
        settings.timeRange = range.value
      }
    }
    return settings
  }

  /// The audio mix: the timeline's own (the clips' sound and cross-fades) with the
  /// soundtrack and the track volumes; nil when there is nothing to mix.
  private func buildAudio(_ resolved: ResolvedTemplate, timeline: TemplateTimeline?) -> AudioMix? {
    guard let audio = resolved.description.audio else { return timeline?.audioMix }
    var mix = timeline?.audioMix ?? AudioMix()
    if audio.soundtrack != nil { mix.soundtrack = resolved.soundtrack }
    mix.loudness = audio.loudness
    for track in audio.tracks {
      guard let timeline, !timeline.trackIDs.isEmpty else { continue }
      let id = track.track.value
      guard let trackID = timeline.trackIDs[id],
        timeline.composition.track(trackID)?.mediaType == .audio
      else {
        let audioIDs = timeline.trackIDs.filter {
          timeline.composition.track($0.value)?.mediaType == .audio
        }.keys.sorted()
        report.problem(
          "no audio track has the id \(id) (audio track ids: \(audioIDs.map(String.init).joined(separator: ", ")))",
          at: track.track.location)
        continue
      }
      report.report(track.volumeProblems)
      var parameters = AudioMixInputParameters(trackID: trackID)
      for change in track.volume {
        switch change {
        case .step(let volume, let time): parameters.setVolume(volume, at: time)
        case .ramp(let from, let to, let range):
          parameters.setVolumeRamp(from: from, to: to, timeRange: range)
        }
      }
      mix.inputParameters.removeAll { $0.trackID == trackID }
      mix.inputParameters.append(parameters)
    }
    return mix.inputParameters.isEmpty && mix.soundtrack == nil ? nil : mix
  }
}
