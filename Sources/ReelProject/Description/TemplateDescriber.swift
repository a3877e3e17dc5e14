import Foundation
import Reel

/// Makes a template's ``TemplateDescription`` from its parsed JSON: fills the
/// `{{variables}}`, checks every key and value against the format (``TemplateFormat``) and
/// reports every problem to ``report``, instead of stopping at the first. Pure: it opens no
/// file (file names become ``FileReference``s, opened by ``TemplateResolver``).
struct TemplateDescriber: TemplateChecking {
  let report: TemplateProblemCollector
  /// The budgets checked before reading (the number of layers).
  var limits: ResourceLimits = .default

  /// The description of `original` with `overrides` applied over the variables' defaults;
  /// nil when the top level is not an object (nothing else can be read).
  func describe(_ original: TemplateJSON, overrides: [String: String]) -> TemplateDescription? {
    guard original.members != nil else {
      problem(
        "", "expected a JSON object at the top level, got \(original.typeDescription)", at: original
      )
      return nil
    }
    let values = variables(original, overrides: overrides)
    let root = substituteVariables(in: original, values: values)
    guard let top = object(root, "", .root) else {
      return nil
    }
    if let versionNode = top[.version],
      let version = number(versionNode, TemplateKey.version.rawValue),
      version != Double(Template.formatVersion)
    {
      problem(
        TemplateKey.version.rawValue,
        "unsupported format version \(versionNode.shortDescription): this Reel reads version \(Template.formatVersion)",
        at: versionNode)
    }
    _ = top.get(.schema, string)
    _ = top.get(.description, string)
    let output = describeOutput(top)
    let timeline = describeTimeline(top, output: output)
    let audio = top[.audio].flatMap {
      describeAudio($0, TemplateKey.audio.rawValue, usesClips: top.has(.clips))
    }
    let layers = describeLayerList(top)
    let subtitles = describeSubtitles(top)
    let captions = describeCaptions(top)
    let filters =
      top[.filters].map { describeFilters($0, TemplateKey.filters.rawValue) } ?? .init()
    let animationsPath = TemplateKey.animations.rawValue
    let animations =
      (top[.animations].map {
        describeAnimations($0, animationsPath, filters: filters, filtersOnly: true)
      } ?? []).enumerated().map { ($0.element, TemplatePath.join(animationsPath, $0.offset)) }
    return TemplateDescription(
      variables: values, output: output, durationLocation: top.location(.duration),
      timeline: timeline, audio: audio, layers: layers, subtitles: subtitles, captions: captions,
      filters: filters, animations: animations,
      export: top.get(.export, describeExport),
      exportLocation: top.has(.export) ? top.location(.export) : nil)
  }

  // MARK: Output

  /// Sizes, rates and colours.
  private func describeOutput(_ top: ObjectReader) -> OutputDescription {
    OutputDescription(
      size: wholePixelSize(top, .size, even: false),
      frameDuration: number(top, .frameRate).flatMap { _ in
        top.get(.frameRate, frameDurationFromRate)
      },
      duration: time(top, .duration), background: colorOrDefault(top, .background))
  }

  /// `frameRate` (checked against its row) → one frame's duration, exactly (29.97 →
  /// 1001/30000 s).
  func frameDurationFromRate(_ node: TemplateJSON, _ path: String) -> Time? {
    guard let text = node.numberText, Double(text) != nil else { return nil }
    guard let duration = Template.frameDuration(rate: text) else {
      problem(path, "cannot be used as a frame rate (got \(text))", at: node)
      return nil
    }
    return duration
  }

  // MARK: Audio

  /// `audio`: the soundtrack, track volumes and whether clips keep their sound.
  private func describeAudio(_ node: TemplateJSON, _ path: String, usesClips: Bool)
    -> AudioDescription?
  {
    guard let reader = object(node, path, .audio) else { return nil }
    if let clipAudioNode = reader[.clipAudio],
      bool(clipAudioNode, reader.path(.clipAudio)) != nil, !usesClips
    {
      // A rule across objects (`audio` and the top level's `clips`): not a row's.
      problem(
        reader.path(.clipAudio),
        "only goes with \"clips\" (without clips, leave out the audio tracks instead)",
        at: clipAudioNode)
    }
    var audio = AudioDescription(
      soundtrack: reader.get(.soundtrack, describeSoundtrack), tracks: [],
      loudness: reader.get(.loudness, describeLoudness))
    if let tracksNode = reader[.tracks], let elements = array(tracksNode, reader.path(.tracks)) {
      if usesClips {
        problem(
          reader.path(.tracks),
          "needs a \"composition\" (track volumes refer to its track ids); with \"clips\" the clips' audio is mixed for you",
          at: tracksNode)
      }
      for (index, element) in elements.enumerated() {
        let itemPath = TemplatePath.join(reader.path(.tracks), index)
        guard let item = object(element, itemPath, .audioTrack),
          let id = integer(item, .track)
        else { continue }
        let volume = report.setAside { describeVolume(item) }
        audio.tracks.append(
          AudioTrackDescription(
            track: Located(value: id, location: item.location(.track)), volume: volume.value,
            volumeProblems: volume.problems))
      }
    }
    return audio
  }

  /// An audio track's `volume`: a number (from the start) or a list of steps and ramps.
  private func describeVolume(_ item: ObjectReader) -> [ParameterChange<Double>] {
    guard let volumeNode = item[.volume] else { return [] }
    // A number, or steps and ramps of numbers: both forms of the row have the same rule.
    guard case .oneOf(let forms)? = item.row(.volume)?.value, let rule = forms.first?.numberRule
    else { return [] }
    if volumeNode.numberText != nil {
      return number(volumeNode, item.path(.volume), rule).map { [.step($0, at: .zero)] } ?? []
    }
    var changes: [ParameterChange<Double>] = []
    decodeParameterList(
      volumeNode, item.path(.volume),
      value: { self.number($0, $1, rule) },
      step: { changes.append(.step($0, at: $1)) },
      ramp: { changes.append(.ramp(from: $0, to: $1, $2)) })
    return changes
  }

  private func describeSoundtrack(_ node: TemplateJSON, _ path: String) -> SoundtrackDescription? {
    guard let reader = object(node, path, .soundtrack) else { return nil }
    return SoundtrackDescription(
      file: reader.get(.file, string).map {
        FileReference(text: $0, location: reader.location(.file))
      },
      start: timeOrDefault(reader, .start), startLocation: reader.location(.start),
      duration: time(reader, .duration), durationLocation: reader.location(.duration),
      loops: boolOrDefault(reader, .loop), fadeIn: timeOrDefault(reader, .fadeIn),
      fadeOut: timeOrDefault(reader, .fadeOut), volume: numberOrDefault(reader, .volume),
      ducking: reader.get(.duck, describeDucking))
  }

  /// `loudness`: the target and the true-peak limit.
  private func describeLoudness(_ node: TemplateJSON, _ path: String) -> LoudnessTarget? {
    guard let reader = object(node, path, .loudness) else { return nil }
    let target = number(reader, .target)
    let truePeak = number(reader, .truePeak)
    // A value given but refused has been reported; the target is left out.
    if reader[.target] != nil && target == nil { return nil }
    if reader[.truePeak] != nil && truePeak == nil { return nil }
    return LoudnessTarget(
      integratedLoudness: target ?? numberOrDefault(reader, .target),
      truePeakLimit: truePeak ?? numberOrDefault(reader, .truePeak))
  }

  /// `duck`: how much, how fast, and when (the clips' sound, or `ranges`).
  private func describeDucking(_ node: TemplateJSON, _ path: String) -> AudioDucking? {
    guard let reader = object(node, path, .duck) else { return nil }
    let keys: [TemplateKey] = [.by, .attack, .release, .threshold, .hold]
    let values = keys.map { number(reader, $0) }
    let refused = zip(keys, values).contains { key, value in reader[key] != nil && value == nil }
    var ranges: [TimeRange]?
    if let rangesNode = reader[.ranges], let elements = array(rangesNode, reader.path(.ranges)) {
      var found: [TimeRange] = []
      for (index, element) in elements.enumerated() {
        let itemPath = TemplatePath.join(reader.path(.ranges), index)
        guard let pair = array(element, itemPath) else { continue }
        guard pair.count == 2 else {
          problem(
            itemPath, "expected [start, end] in seconds, got \(pair.count) numbers", at: element)
          continue
        }
        let times = pair.enumerated().compactMap { place, value in
          duration(value, TemplatePath.join(itemPath, place), allowZero: true)
        }
        guard times.count == 2 else { continue }
        guard times[1] > times[0] else {
          problem(
            itemPath,
            "the end (\(seconds(times[1])) s) must be after the start (\(seconds(times[0])) s)",
            at: element)
          continue
        }
        found.append(TimeRange(start: times[0], end: times[1]))
      }
      ranges = found
    }
    if refused { return nil }
    func secondsTime(_ key: TemplateKey, _ value: Double?) -> Time {
      let number = value ?? numberOrDefault(reader, key)
      return Time(decimalString: ReadableNumber.string(number)) ?? .zero
    }
    let threshold = values[3] ?? numberOrDefault(reader, .threshold)
    return AudioDucking(
      gainDecibels: values[0] ?? numberOrDefault(reader, .by),
      attack: secondsTime(.attack, values[1]), release: secondsTime(.release, values[2]),
      trigger: ranges.map { .ranges($0) }
        ?? .clipAudio(threshold: threshold, hold: secondsTime(.hold, values[4])))
  }
}
