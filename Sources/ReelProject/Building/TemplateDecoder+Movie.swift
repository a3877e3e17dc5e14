import Foundation
import Reel

extension TemplateDecoder {
  /// Decodes a whole template; nil when something could not be built (see ``problems``).
  func decodeTemplate(_ original: TemplateJSON, overrides: [String: String]) -> LoadedTemplate? {
    guard original.members != nil else {
      problem(
        "", "expected a JSON object at the top level, got \(original.typeDescription)", at: original
      )
      return nil
    }
    let values = decodeVariables(original, overrides: overrides)
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

    // Sizes, rates and colours.
    let requestedSize: Size? = top.get(.size) { node, path in
      guard let size = self.size(node, path) else { return nil }
      let side = PixelLimits.renderSide
      guard side.contains(size.width), side.contains(size.height),
        size.width == size.width.rounded(), size.height == size.height.rounded()
      else {
        self.problem(
          path,
          "must be whole numbers of pixels \(side.description) (got \(format(size.width))×\(format(size.height)))",
          at: node)
        return nil
      }
      return size
    }
    let frameDuration: Time? = top.get(.frameRate, frameDurationFromRate)
    let requestedDuration: Time? = top.get(.duration) { self.duration($0, $1) }
    let background = top.get(.background, color) ?? .black

    // The timeline.
    guard
      var timeline = decodeTimeline(
        top, size: requestedSize, background: background, frameDuration: frameDuration,
        duration: requestedDuration)
    else {
      // Keep checking the rest for problems, against a nominal frame.
      renderSize = requestedSize ?? Size(width: 1280, height: 720)
      movieDuration = requestedDuration
      if let audio = top[.audio] {
        _ = decodeAudio(
          audio, TemplateKey.audio.rawValue, timeline: nil, usesClips: top.has(.clips))
      }
      _ = decodeLayerTree(top, background: background)
      _ = top.get(.export) { self.decodeExport($0, $1) }
      return nil
    }
    renderSize = timeline.videoComposition.renderSize
    movieDuration = timeline.composition.duration

    if let audio = top[.audio] {
      timeline.audioMix = decodeAudio(
        audio, TemplateKey.audio.rawValue, timeline: timeline, usesClips: top.has(.clips))
    }
    let tree = decodeLayerTree(top, background: background)
    var settings = top.get(.export) { self.decodeExport($0, $1) } ?? ExportSettings()
    settings.limits = limits
    guard problemCount == 0 else { return nil }
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
      problem(
        top.has(.export) ? TemplateKey.export.rawValue : "", "cannot be exported: \(error)",
        at: top[.export])
      return nil
    }
    return LoadedTemplate(
      movie: movie, exportSettings: settings, warnings: warnings, variables: values,
      mediaFiles: mediaFiles)
  }

  /// `frameRate` → one frame's duration, exactly (29.97 → 1001/30000 s).
  func frameDurationFromRate(_ node: TemplateJSON, _ path: String) -> Time? {
    guard let rate = number(node, path, in: TemplateFormat.frameRateRange),
      let text = node.numberText
    else { return nil }
    let ntsc: [String: Int64] = ["23.976": 24000, "29.97": 30000, "47.952": 48000, "59.94": 60000]
    if let numerator = ntsc[text] ?? ntsc[String(rate)] {
      return Time(value: 1001, timescale: Int32(numerator))
    }
    guard let exact = Time(decimalString: text), exact.value > 0, exact.value <= Int64(Int32.max)
    else {
      problem(path, "cannot be used as a frame rate (got \(text))", at: node)
      return nil
    }
    return Time(value: Int64(exact.timescale), timescale: Int32(exact.value))
  }

  // MARK: Variables

  /// The variables' values: the template's defaults with `overrides` applied.
  func decodeVariables(_ root: TemplateJSON, overrides: [String: String]) -> [String: String] {
    var values: [String: String] = [:]
    var declared: [String] = []
    if let node = root[.variables], let members = node.members {
      for member in members {
        let path = Self.join(TemplateKey.variables.rawValue, member.key)
        declared.append(member.key)
        if !TemplateVariables.isValidName(member.key) {
          problem(
            path,
            "'\(member.key)' is not a valid variable name: use letters, digits, '_', '.' or '-'",
            at: member.value)
          continue
        }
        switch member.value.kind {
        case .string(let text):
          values[member.key] = text
        case .object:
          guard
            let reader = object(member.value, path, .variable)
          else { continue }
          _ = reader.get(.description, string)
          if let text = reader.get(.default, string) { values[member.key] = text }
        default:
          problem(
            path,
            "expected a string (the default value) or {\"default\": …, \"description\": …}, got \(member.value.typeDescription)",
            at: member.value)
        }
      }
    } else if let node = root[.variables] {
      problem(
        TemplateKey.variables.rawValue, "expected an object, got \(node.typeDescription)", at: node)
    }
    for (name, value) in overrides {
      values[name] = value
      if !declared.contains(name) {
        var message = "the variable '\(name)' was set but the template does not declare it"
        if let suggestion = Suggestion.nearest(to: name, among: declared) {
          message += "; did you mean '\(suggestion)'?"
        }
        warn(TemplateKey.variables.rawValue, message)
      }
    }
    return values
  }

  /// The tree with every placeholder in a string replaced (the `variables` member is left
  /// as written); undefined and malformed placeholders are reported.
  ///
  /// Subtrees without a placeholder are shared with `root`, not copied, and JSON paths are
  /// only spelled out for a problem, so a large template is not held twice.
  func substituteVariables(in root: TemplateJSON, values: [String: String]) -> TemplateJSON {
    guard var members = root.members else { return root }
    let defined = values.keys.sorted()
    var path: [PathPart] = []
    for index in members.indices where members[index].key != TemplateKey.variables.rawValue {
      path.append(.key(members[index].key))
      if let edited = substitute(
        members[index].value, path: &path, values: values, defined: defined)
      {
        members[index].value = edited
      }
      path.removeLast()
    }
    var copy = root
    copy.kind = .object(members)
    return copy
  }

  /// One step of a JSON path, spelled out by ``spell(_:)`` only when a problem needs it.
  enum PathPart {
    case key(String)
    case index(Int)
  }

  private func spell(_ path: [PathPart]) -> String {
    path.reduce("") { text, part in
      switch part {
      case .key(let key): return Self.join(text, key)
      case .index(let index): return Self.join(text, index)
      }
    }
  }

  /// `node` with its placeholders replaced, or nil when it has none (it stays as it is).
  private func substitute(
    _ node: TemplateJSON, path: inout [PathPart], values: [String: String], defined: [String]
  ) -> TemplateJSON? {
    var copy = node
    switch node.kind {
    case .string(let text):
      let result = TemplateVariables.substitute(text, values: values)
      for name in result.undefined {
        var message = "undefined variable '\(name)'"
        if let suggestion = Suggestion.nearest(to: name, among: defined) {
          message += "; did you mean '\(suggestion)'?"
        }
        message += " (declare it under \"variables\" or pass --set \(name)=…)"
        problem(spell(path), message, at: node)
      }
      for message in result.malformed { problem(spell(path), message, at: node) }
      guard result.text != text else { return nil }
      copy.kind = .string(result.text)
    case .array(let elements):
      var edited: [TemplateJSON]? = nil
      for index in elements.indices {
        path.append(.index(index))
        if let element = substitute(elements[index], path: &path, values: values, defined: defined)
        {
          if edited == nil { edited = elements }
          edited?[index] = element
        }
        path.removeLast()
      }
      guard let edited else { return nil }
      copy.kind = .array(edited)
    case .object(let members):
      var edited: [TemplateJSON.Member]? = nil
      for index in members.indices {
        path.append(.key(members[index].key))
        if let value = substitute(
          members[index].value, path: &path, values: values, defined: defined)
        {
          if edited == nil { edited = members }
          edited?[index].value = value
        }
        path.removeLast()
      }
      guard let edited else { return nil }
      copy.kind = .object(edited)
    default: return nil
    }
    return copy
  }
}
