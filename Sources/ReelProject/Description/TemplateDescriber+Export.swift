import Foundation
import Reel

extension TemplateDescriber {
  /// `export`: the settings, and the time range (checked against the movie when it is
  /// built).
  func describeExport(_ node: TemplateJSON, _ path: String) -> ExportDescription? {
    guard
      let reader = object(node, path, .export)
    else { return nil }
    var settings = ExportSettings()
    if let presetNode = reader[.preset], let name = string(presetNode, reader.path(.preset)) {
      do {
        settings.preset = try ExportPreset(name: name)
      } catch {
        problem(
          reader.path(.preset),
          "\(error.description) (one of: \(TemplateFormat.presetNames.joined(separator: ", ")))",
          at: presetNode)
      }
    }
    if let codec = choice(reader, .codec) { settings.videoCodec = VideoCodec(rawValue: codec) }
    if let crf = integer(reader, .crf) { settings.crf = crf }
    if let rate = integer(reader, .bitRate) { settings.bitRate = rate }
    if let speed = reader.get(.speed, { self.choice($0, $1, TemplateFormat.speedNames) }) {
      settings.speed = EncoderSpeed(rawValue: speed) ?? .veryfast
    }
    if let size = wholePixelSize(reader, .size, even: true) {
      settings.outputSize = (PixelLimits.integer(size.width), PixelLimits.integer(size.height))
    }
    let range = describeExportRange(reader).map {
      Located(value: $0, location: reader.location(.range))
    }
    if let rate = integer(reader, .audioBitRate) { settings.audioBitRate = rate }
    if let audio = reader.get(.audio, bool) { settings.excludesAudio = !audio }
    if let alpha = reader.get(.alpha, bool) { settings.keepsAlpha = alpha }
    if let duration = number(reader, .frameRate).flatMap({ _ in
      reader.get(.frameRate, frameDurationFromRate)
    }) {
      settings.frameDuration = duration
    }
    if let width = integer(reader, .width) { settings.outputWidth = width }
    if let plays = integer(reader, .loop) { settings.loopCount = plays }
    return ExportDescription(settings: settings, range: range)
  }

  /// `range`: `[start, end]`, the end after the start.
  private func describeExportRange(_ reader: ObjectReader) -> TimeRange? {
    guard let (start, end) = timePair(reader, .range, shape: "[start, end]") else { return nil }
    guard end > start else {
      problem(
        reader.path(.range),
        "the end (\(seconds(end)) s) must be after the start (\(seconds(start)) s)",
        at: reader[.range])
      return nil
    }
    return TimeRange(start: start, end: end)
  }
}
