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
    if let codec = reader.get(.codec, { self.choice($0, $1, TemplateFormat.codecNames) }) {
      settings.videoCodec = VideoCodec(rawValue: codec)
    }
    if reader.has(.crf), reader.has(.bitRate) {
      problem(path, "give either \"crf\" or \"bitRate\", not both", at: node)
    }
    if let crfNode = reader[.crf], let crf = integer(crfNode, reader.path(.crf)) {
      if TemplateFormat.crfRange.contains(crf) {
        settings.crf = crf
      } else {
        problem(
          reader.path(.crf),
          "must be between \(TemplateFormat.crfRange.lowerBound) and \(TemplateFormat.crfRange.upperBound) (got \(crf))",
          at: crfNode)
      }
    }
    if let rate = reader.get(.bitRate, { self.integer($0, $1, minimum: 1) }) {
      settings.bitRate = rate
    }
    if let speed = reader.get(.speed, { self.choice($0, $1, TemplateFormat.speedNames) }) {
      settings.speed = EncoderSpeed(rawValue: speed) ?? .veryfast
    }
    if let sizeNode = reader[.size], let size = size(sizeNode, reader.path(.size)) {
      let side = PixelLimits.renderSide
      let width = PixelLimits.integer(size.width)
      let height = PixelLimits.integer(size.height)
      if !side.contains(size.width) || !side.contains(size.height)
        || Double(width) != size.width || Double(height) != size.height || width % 2 != 0
        || height % 2 != 0
      {
        problem(
          reader.path(.size),
          "must be even whole numbers of pixels \(side.description) (got \(format(size.width))×\(format(size.height)))",
          at: sizeNode)
      } else {
        settings.outputSize = (width, height)
      }
    }
    let range = reader.get(.range, describeExportRange).map {
      Located(value: $0, location: reader.location(.range))
    }
    if let rate = reader.get(.audioBitRate, { self.integer($0, $1, minimum: 1) }) {
      settings.audioBitRate = rate
    }
    if let audio = reader.get(.audio, bool) { settings.excludesAudio = !audio }
    return ExportDescription(settings: settings, range: range)
  }

  private func describeExportRange(_ node: TemplateJSON, _ path: String) -> TimeRange? {
    guard let pair = array(node, path) else { return nil }
    guard pair.count == 2 else {
      problem(path, "expected [start, end] in seconds, got \(pair.count) numbers", at: node)
      return nil
    }
    guard let start = duration(pair[0], TemplatePath.join(path, 0), allowZero: true),
      let end = duration(pair[1], TemplatePath.join(path, 1))
    else { return nil }
    guard end > start else {
      problem(
        path, "the end (\(seconds(end)) s) must be after the start (\(seconds(start)) s)", at: node)
      return nil
    }
    return TimeRange(start: start, end: end)
  }
}
