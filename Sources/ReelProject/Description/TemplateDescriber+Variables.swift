import Foundation
import Reel

// `variables` and `{{name}}` substitution: the first thing the describer does.
extension TemplateDescriber {
  /// The names the template declares under `variables`, in the order written (valid or
  /// not; ``variables(_:overrides:)`` reports the invalid ones).
  static func declaredVariableNames(_ root: TemplateJSON) -> [String] {
    root[.variables]?.members?.map(\.key) ?? []
  }

  /// The variables' values: the template's defaults with `overrides` applied.
  func variables(_ root: TemplateJSON, overrides: [String: String]) -> [String: String] {
    var values: [String: String] = [:]
    let declared = Self.declaredVariableNames(root)
    // Read here, from the top level, before the top level is read as an object.
    report.recordRead(.variables, of: .root)
    if let node = root[.variables], let members = node.members {
      for member in members {
        let path = TemplatePath.join(TemplateKey.variables.rawValue, member.key)
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
      case .key(let key): return TemplatePath.join(text, key)
      case .index(let index): return TemplatePath.join(text, index)
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
        message += " (declare it under \"variables\" or give it a value)"
        report.problem(spell(path), message, at: node, undefinedVariable: name)
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
