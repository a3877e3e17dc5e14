import Foundation
import Reel

extension TemplateDescriber {
  /// - Parameters:
  ///   - filters: The layer's (or the root's) `filters`, whose numbers animations may name.
  ///   - filtersOnly: True for the top level's `animations`, which may move only the
  ///     root's filter numbers (`filters.…`): the root has no other animatable property.
  func describeAnimations(
    _ node: TemplateJSON, _ path: String, filters: FilterChainDescription = .init(),
    filtersOnly: Bool = false
  ) -> [any Animation] {
    guard let elements = array(node, path) else { return [] }
    return elements.enumerated().compactMap {
      decodeAnimation(
        $0.element, TemplatePath.join(path, $0.offset), filters: filters,
        filtersOnly: filtersOnly)
    }
  }

  func decodeAnimation(
    _ node: TemplateJSON, _ path: String, filters: FilterChainDescription = .init(),
    filtersOnly: Bool = false
  ) -> (any Animation)? {
    guard let reader = object(node, path, .animation) else { return nil }
    if TemplateFormat.animationKinds.contains(where: reader.breaksRule) { return nil }
    // nil: a basic animation.
    let kind = TemplateFormat.animationKinds.first(where: reader.has)
    if let kind {
      for key in TemplateFormat.basicValueKeys where reader.has(key) && kind != .spring {
        problem(
          reader.path(key),
          "\"\(key.rawValue)\" does not go with \"\(kind.rawValue)\": remove one of them",
          at: reader[key])
      }
    }
    let timing = decodeTiming(reader, kind: kind)

    if kind == .group {
      if let propertyNode = reader[.property] {
        problem(
          reader.path(.property), "a group has no property of its own: set it on each child",
          at: propertyNode)
      }
      let children =
        reader.get(.group) {
          self.describeAnimations($0, $1, filters: filters, filtersOnly: filtersOnly)
        } ?? []
      var group = AnimationGroup(children)
      group.timing = timing ?? group.timing
      if !reader.has(.duration) {
        // The longest child, or the model's default duration.
        let ends = children.map { $0.timing.beginTime + $0.timing.activeDuration }
        let longest = ends.filter(\.isFinite).max() ?? 0
        group.timing.duration = longest > 0 ? longest : AnimationTiming.defaultDuration
      }
      return group
    }

    var property: TemplateAnimatedProperty?
    var filterRange: ClosedRange<Double>?
    if let propertyNode = reader[.property], let name = propertyNode.string,
      TemplateFilterFormat.isFilterProperty(name)
    {
      guard let found = filters.slotsByName[name] else {
        let known = filters.slotsByName.keys.sorted()
        problem(
          reader.path(.property),
          "this layer has no filter number '\(name)'"
            + (Suggestion.nearest(to: name, among: known).map { "; did you mean '\($0)'?" }
              ?? (known.isEmpty
                ? " (it has no filters)"
                : "; its filters' numbers: \(known.joined(separator: ", "))")),
          at: propertyNode)
        return nil
      }
      let slot = found.slot
      property = .number(
        AnimatableProperty(name, \.filterParameters[slot]), degrees: false, unit: false)
      filterRange = found.range
    } else if filtersOnly {
      problem(
        reader.path(.property),
        "a top-level animation moves only the whole-frame filters' numbers (`filters.<type>.<parameter>` or `filters[<index>].<parameter>`)"
          + (reader[.property]?.string.map { "; animate '\($0)' in a layer's own animations" }
            ?? ""),
        at: reader[.property] ?? node)
      return nil
    } else if let propertyNode = reader[.property] {
      if let name = choice(propertyNode, reader.path(.property), TemplateAnimatedProperty.names) {
        property = TemplateAnimatedProperty(name: name)
      }
    } else if kind == .path {
      property = .point(.position)
    } else {
      problem(path, "missing required key 'property'", at: node)
    }

    if kind == .path {
      if let property, case .point(let pointProperty) = property {
        guard let svg = reader.get(.path, pixelPath) else { return nil }
        let mode = PathAnimation.RotationMode(rawValue: choiceOrDefault(reader, .rotate)) ?? .none
        var animation = PathAnimation(pointProperty, path: svg, rotationMode: mode)
        if let timing { animation.timing = timing }
        if let additive = reader.get(.additive, bool) { animation.isAdditive = additive }
        return animation
      }
      if property != nil {
        problem(
          reader.path(.property), "a path animation moves a point property such as \"position\"",
          at: reader[.property])
      }
      return nil
    }
    guard let property, let timing else { return nil }
    let range = reader[.property]?.string.flatMap(TemplateAnimatedProperty.pixelRange(of:))
    switch property {
    case .number(let target, let degrees, let unit):
      return build(target, reader, kind: kind, timing: timing) { node, path in
        if let filterRange { return self.number(node, path, in: filterRange) }
        let value =
          unit
          ? self.number(node, path, .bounds(.within(TemplateFormat.unitRange)))
          : range.map { self.pixels(node, path, $0) } ?? self.number(node, path)
        return value.map { degrees ? $0 * .pi / 180 : $0 }
      }
    case .point(let target):
      return build(target, reader, kind: kind, timing: timing) { node, path in
        self.pixelPoint(node, path, range)
      }
    case .size(let target):
      return build(target, reader, kind: kind, timing: timing, parse: pixelSize)
    case .rect(let target):
      return build(target, reader, kind: kind, timing: timing, parse: pixelRect)
    case .color(let target): return build(target, reader, kind: kind, timing: timing, parse: color)
    case .transform(let target):
      return build(target, reader, kind: kind, timing: timing, parse: pixelTransform3D)
    }
  }

  /// Builds a basic, keyframe or spring animation of one property.
  private func build<Value: Interpolatable>(
    _ property: AnimatableProperty<Value>, _ reader: ObjectReader, kind: TemplateKey?,
    timing: AnimationTiming, parse: (TemplateJSON, String) -> Value?
  ) -> (any Animation)? {
    let additive = reader.get(.additive, bool) ?? false
    let cumulative = reader.get(.cumulative, bool) ?? false
    switch kind {
    case .keyframes?:
      guard let keyframes = reader[.keyframes],
        let frames = object(keyframes, reader.path(.keyframes), .keyframes)
      else { return nil }
      var values: [Value] = []
      var valid = true
      if let elements = frames.get(.values, array) {
        if elements.isEmpty {
          problem(frames.path(.values), "needs at least one value", at: frames[.values])
          valid = false
        }
        for (index, element) in elements.enumerated() {
          if let value = parse(element, TemplatePath.join(frames.path(.values), index)) {
            values.append(value)
          } else {
            valid = false
          }
        }
      }
      var times: [Double]?
      if let timesNode = frames[.times], let elements = array(timesNode, frames.path(.times)) {
        var list: [Double] = []
        for (index, element) in elements.enumerated() {
          let elementPath = TemplatePath.join(frames.path(.times), index)
          guard let time = elementNumber(frames, .times, element, at: index) else {
            valid = false
            continue
          }
          if let previous = list.last, time < previous {
            problem(
              elementPath,
              "key times must not decrease (got \(format(time)) after \(format(previous)))",
              at: element)
            valid = false
          }
          list.append(time)
        }
        let mode = frames[.mode]?.string
        if valid, list.count != values.count,
          !(mode == "discrete" && list.count == values.count + 1)
        {
          problem(
            frames.path(.times),
            "needs one time per value (\(values.count)), got \(list.count)", at: timesNode)
          valid = false
        }
        times = list
      }
      let mode = CalculationMode(rawValue: choiceOrDefault(frames, .mode)) ?? .linear
      var functions: [TimingFunction] = []
      if let timingsNode = frames[.timings],
        let elements = array(timingsNode, frames.path(.timings))
      {
        functions = elements.enumerated().compactMap {
          timingFunction($0.element, TemplatePath.join(frames.path(.timings), $0.offset))
        }
      }
      guard valid else { return nil }
      var animation = KeyframeAnimation(
        property, values: values, keyTimes: times, calculationMode: mode,
        timingFunctions: functions, additive: additive, cumulative: cumulative)
      animation.timing = timing
      return animation
    case .spring?:
      guard let springNode = reader[.spring],
        let spring = object(springNode, reader.path(.spring), .spring)
      else { return nil }
      let mass = numberOrDefault(spring, .mass)
      let stiffness = numberOrDefault(spring, .stiffness)
      let damping = numberOrDefault(spring, .damping)
      let velocity = numberOrDefault(spring, .velocity)
      let from = reader.get(.from, parse)
      let to = reader.get(.to, parse)
      let by = reader.get(.by, parse)
      if from == nil, to == nil, by == nil, !reader.has(.from), !reader.has(.to),
        !reader.has(.by)
      {
        problem(reader.path, "a spring needs \"from\", \"to\" or \"by\"", at: reader.node)
        return nil
      }
      var animation = SpringAnimation(
        property, from: from, to: to, by: by, mass: mass, stiffness: stiffness, damping: damping,
        initialVelocity: velocity, additive: additive)
      let settling = animation.timing.duration
      animation.timing = timing
      if !reader.has(.duration) {
        guard settling.isFinite else {
          problem(
            reader.path(.spring),
            "a spring without damping never settles: give a \"duration\"", at: springNode)
          return nil
        }
        animation.timing.duration = settling
      }
      return animation
    default:
      let from = reader.get(.from, parse)
      let to = reader.get(.to, parse)
      let by = reader.get(.by, parse)
      if !reader.has(.from), !reader.has(.to), !reader.has(.by) {
        problem(
          reader.path,
          "give \"from\", \"to\" or \"by\" (or \"keyframes\", \"path\", \"spring\" or \"group\")",
          at: reader.node)
        return nil
      }
      var animation = BasicAnimation(
        property, from: from, to: to, by: by, additive: additive, cumulative: cumulative)
      animation.timing = timing
      return animation
    }
  }

  /// The timing keys of an animation; nil when one is invalid.
  private func decodeTiming(_ reader: ObjectReader, kind: TemplateKey?) -> AnimationTiming? {
    let before = problemCount
    var timing = AnimationTiming()
    if let begin = number(reader, .begin) { timing.beginTime = begin }
    if let duration = number(reader, .duration) { timing.duration = duration }
    if let speed = number(reader, .speed) { timing.speed = speed }
    if let offset = number(reader, .timeOffset) { timing.timeOffset = offset }
    if let repeatNode = reader[.repeat] {
      if repeatNode.string == TemplateFormat.repeatForever {
        timing.repeatCount = .infinity
      } else if repeatNode.numberText != nil {
        // A number, or the word for ever: the number's rule is the row's first form.
        guard case .oneOf(let forms)? = reader.row(.repeat)?.value,
          let rule = forms.first?.numberRule
        else { return nil }
        if let count = number(repeatNode, reader.path(.repeat), rule) {
          timing.repeatCount = count
        }
      } else {
        problem(
          reader.path(.repeat),
          "expected a number or \"forever\", got \(repeatNode.shortDescription)", at: repeatNode)
      }
    }
    if let repeatDuration = number(reader, .repeatDuration) {
      timing.repeatDuration = repeatDuration
    }
    if let autoreverse = reader.get(.autoreverse, bool) { timing.autoreverses = autoreverse }
    if let mode = choice(reader, .fill).flatMap(FillMode.init(rawValue:)) {
      timing.fillMode = mode
    }
    if let function = reader.get(.timing, timingFunction) { timing.timingFunction = function }
    return problemCount == before ? timing : nil
  }

  /// `"easeIn"` (a named curve) or `[x1, y1, x2, y2]`.
  func timingFunction(_ node: TemplateJSON, _ path: String) -> TimingFunction? {
    if node.string != nil {
      let name = choice(node, path, TemplateFormat.timingFunctions.map(\.name))
      return TemplateFormat.timingFunctions.first { $0.name == name }?.function
    }
    guard node.elements != nil else {
      problem(
        path, "expected a curve name or [x1, y1, x2, y2], got \(node.typeDescription)", at: node)
      return nil
    }
    guard let values = numbers(node, path, count: 4, shape: "[x1, y1, x2, y2]") else { return nil }
    guard (0...1).contains(values[0]), (0...1).contains(values[2]) else {
      problem(
        path,
        "x1 and x2 must be between 0 and 1 (got \(format(values[0])) and \(format(values[2])))",
        at: node)
      return nil
    }
    return TimingFunction(values[0], values[1], values[2], values[3])
  }

}
