import Foundation
import Reel
import ReelFilters

/// One step of a `filters` list, as written and checked (its `.cube` file not yet read).
struct FilterStepDescription: Sendable {
  /// What the step does.
  enum Operation: Sendable {
    /// A filter of the catalog.
    case filter(FilterDescriptor)
    /// A `.cube` lookup table.
    case lut(FileReference)
  }

  var operation: Operation
  /// The values that are not numbers (colours, vectors, points), by Apple's key.
  var fixedValues: [String: FilterValue]
  /// The step's numbers by Apple's key (a `lut`'s intensity under `intensity`), each with
  /// its slot in the layer's ``LayerProperties/filterParameters``.
  var numberSlots: [(key: String, slot: Int)]
}

/// A `filters` list: its steps, the model value of each number slot and the names animations
/// give the slots.
struct FilterChainDescription: Sendable {
  var steps: [FilterStepDescription] = []
  /// The value of each slot as written (or the parameter's default).
  var slotValues: [Double] = []
  /// Animation property name (`filters.gaussianBlur.radius`, `filters[0].radius`) → slot and
  /// the number's range.
  var slotsByName: [String: (slot: Int, range: ClosedRange<Double>)] = [:]

  var isEmpty: Bool { steps.isEmpty }
}

extension TemplateDescriber {
  /// A `filters` list (of a layer or of the root).
  func describeFilters(_ node: TemplateJSON, _ path: String) -> FilterChainDescription {
    var chain = FilterChainDescription()
    guard let elements = array(node, path) else { return chain }
    let typeNames = elements.map { $0[.type]?.string }
    for (index, element) in elements.enumerated() {
      let stepPath = TemplatePath.join(path, index)
      guard let type = typeNames[index] else {
        if element.members == nil {
          problem(
            stepPath, "expected an object (a filter step), got \(element.typeDescription)",
            at: element)
        } else {
          problem(stepPath, "missing required key 'type' (the filter's name)", at: element)
        }
        continue
      }
      let unique = typeNames.filter { $0 == type }.count == 1
      describeFilterStep(
        element, stepPath, type: type, index: index, typeIsUnique: unique, into: &chain)
    }
    return chain
  }

  private func describeFilterStep(
    _ node: TemplateJSON, _ path: String, type: String, index: Int, typeIsUnique: Bool,
    into chain: inout FilterChainDescription
  ) {
    let typePath = TemplatePath.join(path, .type)
    let members = node.members ?? []
    func addSlot(key: String, name: String, value: Double, range: ClosedRange<Double>) -> Int {
      let slot = chain.slotValues.count
      chain.slotValues.append(value)
      for alias in TemplateFilterFormat.animationNames(
        type: type, index: index, parameter: name, typeIsUnique: typeIsUnique)
      {
        chain.slotsByName[alias] = (slot, range)
      }
      return slot
    }
    if type == TemplateFilterFormat.lutType {
      let allowed = [TemplateKey.type] + TemplateFilterFormat.lutKeys
      reportUnknownKeys(members, path, allowed: allowed.map(\.rawValue))
      guard let fileNode = node[.file] else {
        problem(path, "missing required key 'file' (the .cube file)", at: node)
        return
      }
      guard let file = string(fileNode, TemplatePath.join(path, .file)) else { return }
      guard !file.isEmpty else {
        problem(TemplatePath.join(path, .file), "the .cube file's path is empty", at: fileNode)
        return
      }
      var intensity = 1.0
      if let intensityNode = node[.intensity] {
        guard
          let value = number(
            intensityNode, TemplatePath.join(path, .intensity),
            in: TemplateFilterFormat.lutIntensityRange)
        else { return }
        intensity = value
      }
      let slot = addSlot(
        key: TemplateKey.intensity.rawValue, name: TemplateKey.intensity.rawValue,
        value: intensity, range: TemplateFilterFormat.lutIntensityRange)
      chain.steps.append(
        FilterStepDescription(
          operation: .lut(
            FileReference(
              text: file,
              location: TemplateLocation(TemplatePath.join(path, .file), fileNode))),
          fixedValues: [:], numberSlots: [(TemplateKey.intensity.rawValue, slot)]))
      return
    }
    guard let descriptor = TemplateFilterFormat.filter(named: type) else {
      if let other = FilterCatalog.all.first(where: { $0.name == type }) {
        problem(
          typePath,
          "\(other.name) (\(other.coreImageName)) cannot be a filter step: it needs inputs a template cannot give (a second image, a table or a transform); filter steps take one picture",
          at: node[.type])
      } else {
        let suggestion = Suggestion.nearest(to: type, among: TemplateFilterFormat.typeNames)
        problem(
          typePath,
          "unknown filter '\(type)'"
            + (suggestion.map { "; did you mean '\($0)'?" }
              ?? "; docs/filters.md lists the filters"),
          at: node[.type])
      }
      return
    }
    let parameters = TemplateFilterFormat.parameters(of: descriptor)
    reportUnknownKeys(
      members, path, allowed: [TemplateKey.type.rawValue] + parameters.map(\.name),
      filter: descriptor.name)
    var step = FilterStepDescription(
      operation: .filter(descriptor), fixedValues: [:], numberSlots: [])
    step.fixedValues = describeFilterValues(node, path, parameters: parameters) {
      parameter, value, range in
      let slot = addSlot(key: parameter.key, name: parameter.name, value: value, range: range)
      step.numberSlots.append((parameter.key, slot))
    }
    chain.steps.append(step)
  }

  /// The values of `parameters` written as members of `node` (each checked against its
  /// kind and range): colours, vectors, points and rectangles returned by Apple's key; each
  /// number (written or its default) given to `number` with its range.
  func describeFilterValues(
    _ node: TemplateJSON, _ path: String, parameters: [FilterParameter],
    number addNumber: (FilterParameter, Double, ClosedRange<Double>) -> Void
  ) -> [String: FilterValue] {
    var fixedValues: [String: FilterValue] = [:]
    for parameter in parameters {
      let valueNode = node.members?.first { $0.key == parameter.name }?.value
      let valuePath = TemplatePath.join(path, parameter.name)
      switch parameter.kind {
      case .number(let defaultValue, let range):
        var value = defaultValue
        if let valueNode {
          guard let written = number(valueNode, valuePath, in: range) else { continue }
          value = written
        }
        addNumber(parameter, value, range)
      case .color:
        guard let valueNode, let written = color(valueNode, valuePath) else { continue }
        fixedValues[parameter.key] = .color(LinearColor(written))
      case .vector(let defaults):
        guard let valueNode,
          let numbers = fixedNumbers(valueNode, valuePath, count: defaults.count)
        else { continue }
        fixedValues[parameter.key] = .vector(numbers)
      case .point:
        guard let valueNode, let numbers = fixedNumbers(valueNode, valuePath, count: 2) else {
          continue
        }
        fixedValues[parameter.key] = .vector(numbers)
      case .rectangle:
        guard let valueNode, let numbers = fixedNumbers(valueNode, valuePath, count: 4) else {
          continue
        }
        fixedValues[parameter.key] = .vector(numbers)
      case .choice(_, let choices):
        guard let valueNode, let written = choice(valueNode, valuePath, choices) else {
          continue
        }
        fixedValues[parameter.key] = .text(written)
      case .image, .transform, .data, .floatData, .colorSpace:
        continue
      }
    }
    return fixedValues
  }

  /// A filter transition's `parameters` (an object of its parameters by name), checked
  /// against the catalog; the values by Apple's key.
  func describeTransitionParameters(
    _ node: TemplateJSON, _ path: String, of descriptor: FilterDescriptor
  ) -> [String: FilterValue] {
    guard let members = node.members else {
      problem(
        path, "expected an object (parameters by name), got \(node.typeDescription)", at: node)
      return [:]
    }
    let parameters = TemplateFilterFormat.transitionParameters(of: descriptor)
    reportUnknownKeys(members, path, allowed: parameters.map(\.name), filter: descriptor.name)
    var numbers: [String: FilterValue] = [:]
    let values = describeFilterValues(node, path, parameters: parameters) { parameter, value, _ in
      numbers[parameter.key] = .number(value)
    }
    return values.merging(numbers) { fixed, _ in fixed }
  }

  /// Reports the members of a step that are not among `allowed`, with the nearest name.
  private func reportUnknownKeys(
    _ members: [TemplateJSON.Member], _ path: String, allowed: [String], filter: String? = nil
  ) {
    for member in members where !allowed.contains(member.key) {
      let keyNode = TemplateJSON(kind: .null, line: member.keyLine, column: member.keyColumn)
      let owner = filter.map { "\($0) has no parameter '\(member.key)'" } ?? "unknown key"
      if let suggestion = Suggestion.nearest(to: member.key, among: allowed) {
        problem(
          TemplatePath.join(path, member.key), "\(owner); did you mean '\(suggestion)'?",
          at: keyNode)
      } else {
        problem(
          TemplatePath.join(path, member.key),
          "\(owner); allowed here: \(allowed.joined(separator: ", "))", at: keyNode)
      }
    }
  }

  /// An array of exactly `count` finite numbers.
  private func fixedNumbers(_ node: TemplateJSON, _ path: String, count: Int) -> [Double]? {
    guard let elements = array(node, path) else { return nil }
    guard elements.count == count else {
      problem(path, "expected \(count) numbers, got \(elements.count)", at: node)
      return nil
    }
    var numbers: [Double] = []
    for (index, element) in elements.enumerated() {
      guard let value = number(element, TemplatePath.join(path, index)) else { return nil }
      numbers.append(value)
    }
    return numbers
  }
}
