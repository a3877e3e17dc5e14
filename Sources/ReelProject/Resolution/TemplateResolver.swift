import Foundation
import Reel

/// A template's description with the files it names opened: the third loading stage's
/// result, what the building stage (``TemplateBuilder``) makes the model from.
struct ResolvedTemplate: Sendable {
  /// The description the files were resolved for.
  var description: TemplateDescription
  /// The timeline's files (nil when the description has no timeline).
  var timeline: ResolvedTimeline?
  /// The soundtrack, made from its probed file and checked against it (nil when there is
  /// none or it has a problem).
  var soundtrack: Soundtrack?
  /// The layers' and subtitles' images, fonts and cues.
  var layerFiles: ResolvedLayerFiles
}

/// Opens, probes and decodes the files a ``TemplateDescription`` names, each once (through
/// ``files``, ``TemplateFiles``), and checks what needs them — a trim against the media's
/// length, the media's data, its tracks — reporting each file's problems at the place it is
/// named. A value whose description has a problem was left out of the description, so no
/// problem here follows from another one already reported.
struct TemplateResolver {
  let report: TemplateProblemCollector
  /// Every file the template names is opened there, once.
  let files: TemplateFiles

  /// The files of `description`, resolved.
  func resolve(_ description: TemplateDescription) -> ResolvedTemplate {
    // In the order the template names them (``TemplateFiles/mediaFiles`` keeps it).
    let timeline = description.timeline.map(resolveTimeline)
    let soundtrack = description.audio?.soundtrack.flatMap(resolveSoundtrack)
    let layerFiles = resolveLayerFiles(
      description.layers, subtitles: description.subtitles, captions: description.captions,
      filters: description.filters)
    return ResolvedTemplate(
      description: description, timeline: timeline, soundtrack: soundtrack,
      layerFiles: layerFiles)
  }

  /// The soundtrack's file, probed, with the part it plays checked against the audio track.
  private func resolveSoundtrack(_ soundtrack: SoundtrackDescription) -> Soundtrack? {
    guard let file = soundtrack.file, let asset = asset(file) else { return nil }
    guard !asset.audioTracks.isEmpty else {
      report.problem("\(asset.path) has no audio track", at: file.location)
      return nil
    }
    let start = soundtrack.start
    let available = asset.audioTracks.first?.duration ?? asset.duration
    if start >= available {
      report.problem(
        "is at or after the end of \(asset.path) (\(seconds(available)) s)",
        at: soundtrack.startLocation)
      return nil
    }
    let used = soundtrack.duration ?? (available - start)
    if start + used > available {
      report.problem(
        "the soundtrack would end at \(seconds(start + used)) s, after the end of \(asset.path) (\(seconds(available)) s)",
        at: soundtrack.durationLocation)
      return nil
    }
    let trim = TimeRange(start: start, duration: used)
    guard checkData(asset, covers: trim, at: file.location) else { return nil }
    // Made from the asset, so the mixer reads the file without probing it again.
    return Soundtrack(
      asset: asset, trimRange: trim, loops: soundtrack.loops,
      fadeInDuration: soundtrack.fadeIn, fadeOutDuration: soundtrack.fadeOut,
      volume: soundtrack.volume, ducking: soundtrack.ducking)
  }
}
