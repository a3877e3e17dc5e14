import Foundation
import Reel

extension TemplateDecoder {
  // MARK: Audio

  /// `audio`: the soundtrack, track volumes and whether clips keep their sound. Merges with
  /// the clip sequence's own mix (cross-fades); nil when there is nothing to mix.
  func decodeAudio(
    _ node: TemplateJSON, _ path: String, timeline: TemplateTimeline?, usesClips: Bool
  ) -> AudioMix? {
    guard
      let reader = object(node, path, .audio)
    else { return timeline?.audioMix }
    var mix = timeline?.audioMix ?? AudioMix()
    if let clipAudioNode = reader[.clipAudio],
      bool(clipAudioNode, reader.path(.clipAudio)) != nil, !usesClips
    {
      problem(
        reader.path(.clipAudio),
        "only goes with \"clips\" (without clips, leave out the audio tracks instead)",
        at: clipAudioNode)
    }
    if let soundtrackNode = reader[.soundtrack] {
      mix.soundtrack = decodeSoundtrack(soundtrackNode, reader.path(.soundtrack))
    }
    if let tracksNode = reader[.tracks], let elements = array(tracksNode, reader.path(.tracks)) {
      if usesClips {
        problem(
          reader.path(.tracks),
          "needs a \"composition\" (track volumes refer to its track ids); with \"clips\" the clips' audio is mixed for you",
          at: tracksNode)
      }
      for (index, element) in elements.enumerated() {
        let itemPath = Self.join(reader.path(.tracks), index)
        guard
          let item = object(element, itemPath, .audioTrack)
        else { continue }
        guard let id = item.get(.track, { self.integer($0, $1) }) else { continue }
        guard let timeline, !timeline.trackIDs.isEmpty else { continue }
        guard let trackID = timeline.trackIDs[id],
          timeline.composition.track(trackID)?.mediaType == .audio
        else {
          let audioIDs = timeline.trackIDs.filter {
            timeline.composition.track($0.value)?.mediaType == .audio
          }.keys.sorted()
          problem(
            item.path(.track),
            "no audio track has the id \(id) (audio track ids: \(audioIDs.map(String.init).joined(separator: ", ")))",
            at: item[.track])
          continue
        }
        var parameters = AudioMixInputParameters(trackID: trackID)
        if let volumeNode = item[.volume] {
          if volumeNode.numberText != nil {
            if let volume = positiveNumber(volumeNode, item.path(.volume), allowZero: true) {
              parameters.setVolume(volume, at: .zero)
            }
          } else {
            decodeParameterList(
              volumeNode, item.path(.volume),
              value: { self.positiveNumber($0, $1, allowZero: true) },
              step: { parameters.setVolume($0, at: $1) },
              ramp: { parameters.setVolumeRamp(from: $0, to: $1, timeRange: $2) })
          }
        }
        mix.inputParameters.removeAll { $0.trackID == trackID }
        mix.inputParameters.append(parameters)
      }
    }
    return mix.inputParameters.isEmpty && mix.soundtrack == nil ? nil : mix
  }

  private func decodeSoundtrack(_ node: TemplateJSON, _ path: String) -> Soundtrack? {
    guard
      let reader = object(node, path, .soundtrack)
    else { return nil }
    let start = reader.get(.start) { self.duration($0, $1, allowZero: true) } ?? .zero
    let length = reader.get(.duration) { self.duration($0, $1) }
    let loops = reader.get(.loop, bool) ?? true
    let fadeIn = reader.get(.fadeIn) { self.duration($0, $1, allowZero: true) } ?? .zero
    let fadeOut = reader.get(.fadeOut) { self.duration($0, $1, allowZero: true) } ?? .zero
    let volume = reader.get(.volume) { self.positiveNumber($0, $1, allowZero: true) } ?? 1
    guard let fileNode = reader[.file], let asset = asset(fileNode, reader.path(.file)) else {
      return nil
    }
    guard !asset.audioTracks.isEmpty else {
      problem(reader.path(.file), "\(asset.path) has no audio track", at: fileNode)
      return nil
    }
    let available = asset.audioTracks.first?.duration ?? asset.duration
    if start >= available {
      problem(
        reader.path(.start),
        "is at or after the end of \(asset.path) (\(seconds(available)) s)", at: reader[.start])
      return nil
    }
    let used = length ?? (available - start)
    if start + used > available {
      problem(
        reader.path(.duration),
        "the soundtrack would end at \(seconds(start + used)) s, after the end of \(asset.path) (\(seconds(available)) s)",
        at: reader[.duration])
      return nil
    }
    let trim = TimeRange(start: start, duration: used)
    guard checkData(asset, covers: trim, reader.path(.file), at: fileNode) else { return nil }
    // Made from the asset, so the mixer reads the file without probing it again.
    return Soundtrack(
      asset: asset, trimRange: trim, loops: loops,
      fadeInDuration: fadeIn, fadeOutDuration: fadeOut, volume: volume)
  }

  // MARK: Export

  func decodeExport(_ node: TemplateJSON, _ path: String) -> ExportSettings? {
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
    if let rangeNode = reader[.range] {
      settings.timeRange = decodeExportRange(rangeNode, reader.path(.range))
    }
    if let rate = reader.get(.audioBitRate, { self.integer($0, $1, minimum: 1) }) {
      settings.audioBitRate = rate
    }
    if let audio = reader.get(.audio, bool) { settings.excludesAudio = !audio }
    return settings
  }

  private func decodeExportRange(_ node: TemplateJSON, _ path: String) -> TimeRange? {
    guard let pair = array(node, path) else { return nil }
    guard pair.count == 2 else {
      problem(path, "expected [start, end] in seconds, got \(pair.count) numbers", at: node)
      return nil
    }
    guard let start = duration(pair[0], Self.join(path, 0), allowZero: true),
      let end = duration(pair[1], Self.join(path, 1))
    else { return nil }
    guard end > start else {
      problem(
        path, "the end (\(seconds(end)) s) must be after the start (\(seconds(start)) s)", at: node)
      return nil
    }
    if let movieDuration, start >= movieDuration || end > movieDuration {
      problem(
        path,
        "[\(seconds(start)), \(seconds(end))] is outside the movie [0, \(seconds(movieDuration))]: choose a range inside it",
        at: node)
      return nil
    }
    return TimeRange(start: start, end: end)
  }
}
