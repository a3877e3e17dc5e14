import Foundation
import Reel

/// The checks of one JSON value against the format (``TemplateFormat``): objects (keys,
/// required keys, did-you-mean suggestions, duplicates), numbers, times, colours, points and
/// the rest, each reporting its problem at the value's path and position to ``report`` and
/// returning nil. The describer (``TemplateDescriber``) reads the template with them; the
/// builder shares the few that also apply to values from files (a subtitle cue's length).
protocol TemplateChecking {
  /// Where problems and warnings go.
  var report: TemplateProblemCollector { get }
}

extension TemplateChecking {
  // MARK: Reporting

  func problem(_ path: String, _ message: String, at node: TemplateJSON?) {
    report.problem(path, message, at: node)
  }

  func warn(_ path: String, _ message: String) { report.warn(path, message) }

  var problemCount: Int { report.count }

  // MARK: Objects

  /// Checks that `node` is an object of `kind`: its keys are all the format's keys of that
  /// kind (``TemplateObjectKind/allowedKeys``; unknown keys are reported with a suggestion,
  /// and duplicates) and its required keys are present.
  func object(_ node: TemplateJSON, _ path: String, _ kind: TemplateObjectKind) -> ObjectReader? {
    object(
      node, path, kind, rows: kind.format.keys, required: kind.format.requiredKeys,
      rules: kind.format.rules)
  }

  /// Checks that `node` is an object of `kind` whose keys are all those of `rows` (reporting
  /// unknown keys with a suggestion, and duplicates), that the `required` keys are present
  /// and that the `rules` between keys hold; for objects whose keys depend on another key
  /// (layers, transitions).
  func object(
    _ node: TemplateJSON, _ path: String, _ kind: TemplateObjectKind,
    rows: [TemplateKeyFormat], allowed: [TemplateKey]? = nil, required: [TemplateKey] = [],
    rules: [TemplateKeyRule] = []
  ) -> ObjectReader? {
    let allowed = allowed ?? rows.map(\.key)
    guard let members = node.members else {
      problem(path, "expected an object, got \(node.typeDescription)", at: node)
      return nil
    }
    let names = allowed.map(\.rawValue)
    var seen: [String: TemplateJSON.Member] = [:]
    for member in members {
      let memberPath = TemplatePath.join(path, member.key)
      let keyNode = TemplateJSON(kind: .null, line: member.keyLine, column: member.keyColumn)
      if let first = seen[member.key] {
        problem(
          memberPath, "duplicate key (first written at line \(first.keyLine)); keep only one",
          at: keyNode)
        continue
      }
      seen[member.key] = member
      if !names.contains(member.key) {
        if let suggestion = Suggestion.nearest(to: member.key, among: names) {
          problem(memberPath, "unknown key; did you mean '\(suggestion)'?", at: keyNode)
        } else {
          problem(
            memberPath,
            "unknown key; allowed here: \(names.joined(separator: ", "))", at: keyNode)
        }
      }
    }
    for key in required where seen[key.rawValue] == nil {
      problem(path, "missing required key '\(key.rawValue)'", at: node)
    }
    let broken = checkRules(rules, node, path)
    return ObjectReader(
      node: node, path: path, kind: kind, rows: rows, report: report, brokenRuleKeys: broken)
  }

  // MARK: Scalars

  func number(_ node: TemplateJSON, _ path: String) -> Double? {
    guard let text = node.numberText else {
      problem(path, "expected a number, got \(node.typeDescription)", at: node)
      return nil
    }
    guard let value = Double(text), value.isFinite else {
      problem(path, "the number \(text) is too large", at: node)
      return nil
    }
    return value
  }

  /// A number that must lie in `range`.
  func number(_ node: TemplateJSON, _ path: String, in range: ClosedRange<Double>) -> Double? {
    guard let value = number(node, path) else { return nil }
    guard range.contains(value) else {
      problem(
        path,
        "must be between \(format(range.lowerBound)) and \(format(range.upperBound)) (got \(node.shortDescription))",
        at: node)
      return nil
    }
    return value
  }

  /// A number that must be > 0 (`strictly`) or ≥ 0.
  func positiveNumber(_ node: TemplateJSON, _ path: String, allowZero: Bool = false) -> Double? {
    guard let value = number(node, path) else { return nil }
    guard allowZero ? value >= 0 : value > 0 else {
      problem(
        path,
        allowZero
          ? "must be 0 or more (got \(node.shortDescription))"
          : "must be greater than 0 (got \(node.shortDescription))", at: node)
      return nil
    }
    return value
  }

  func integer(_ node: TemplateJSON, _ path: String, minimum: Int? = nil) -> Int? {
    guard let value = number(node, path) else { return nil }
    guard value == value.rounded(), abs(value) < 1e15 else {
      problem(path, "expected a whole number, got \(node.shortDescription)", at: node)
      return nil
    }
    if let minimum, Int(value) < minimum {
      problem(
        path,
        minimum == 1
          ? "must be greater than 0 (got \(node.shortDescription))"
          : "must be \(minimum) or more (got \(node.shortDescription))", at: node)
      return nil
    }
    return Int(value)
  }

  /// Seconds, converted exactly from the number's decimal text.
  func time(_ node: TemplateJSON, _ path: String) -> Time? {
    guard let text = node.numberText else {
      problem(path, "expected a number of seconds, got \(node.typeDescription)", at: node)
      return nil
    }
    guard let time = Time(decimalString: text) else {
      if let value = Double(text), abs(value) >= 1e9 {
        problem(path, "is too large to be a time (got \(text)); times are in seconds", at: node)
      } else {
        problem(
          path,
          "cannot be represented exactly as a time (got \(text)); use at most 9 decimal places",
          at: node)
      }
      return nil
    }
    return time
  }

  /// Seconds that must be > 0, or ≥ 0 with `allowZero`.
  func duration(_ node: TemplateJSON, _ path: String, allowZero: Bool = false) -> Time? {
    guard let time = time(node, path) else { return nil }
    guard allowZero ? time >= .zero : time > .zero else {
      problem(
        path,
        allowZero
          ? "must be 0 or more (got \(node.shortDescription))"
          : "must be greater than 0 (got \(node.shortDescription))", at: node)
      return nil
    }
    return time
  }

  func bool(_ node: TemplateJSON, _ path: String) -> Bool? {
    guard case .bool(let value) = node.kind else {
      problem(path, "expected true or false, got \(node.typeDescription)", at: node)
      return nil
    }
    return value
  }

  func string(_ node: TemplateJSON, _ path: String) -> String? {
    guard let text = node.string else {
      problem(path, "expected a string, got \(node.typeDescription)", at: node)
      return nil
    }
    return text
  }

  func array(_ node: TemplateJSON, _ path: String) -> [TemplateJSON]? {
    guard let elements = node.elements else {
      problem(path, "expected an array, got \(node.typeDescription)", at: node)
      return nil
    }
    return elements
  }

  /// One of `allowed` (reporting the list and a did-you-mean otherwise).
  func choice(_ node: TemplateJSON, _ path: String, _ allowed: [String]) -> String? {
    guard let text = string(node, path) else { return nil }
    guard allowed.contains(text) else {
      var message = "unknown value '\(text)'"
      if let suggestion = Suggestion.nearest(to: text, among: allowed) {
        message += "; did you mean '\(suggestion)'?"
      }
      message += " (one of: \(allowed.joined(separator: ", ")))"
      problem(path, message, at: node)
      return nil
    }
    return text
  }

  func color(_ node: TemplateJSON, _ path: String) -> Color? {
    guard let text = node.string else {
      problem(
        path, "expected a colour string like \"#ff8800\" or \"gold\", got \(node.typeDescription)",
        at: node)
      return nil
    }
    do {
      return try Color(parsing: text)
    } catch {
      problem(path, error.description, at: node)
      return nil
    }
  }

  /// A fixed-length array of numbers (`[x, y]`, `[w, h]`, `[x, y, w, h]`, …).
  func numbers(_ node: TemplateJSON, _ path: String, count: Int, shape: String) -> [Double]? {
    guard let elements = node.elements else {
      problem(path, "expected \(shape), got \(node.typeDescription)", at: node)
      return nil
    }
    guard elements.count == count else {
      problem(path, "expected \(shape) (\(count) numbers), got \(elements.count) numbers", at: node)
      return nil
    }
    var values: [Double] = []
    for (index, element) in elements.enumerated() {
      guard let value = number(element, TemplatePath.join(path, index)) else { return nil }
      values.append(value)
    }
    return values
  }

  func point(_ node: TemplateJSON, _ path: String) -> Point? {
    numbers(node, path, count: 2, shape: "[x, y]").map { Point(x: $0[0], y: $0[1]) }
  }

  func size(_ node: TemplateJSON, _ path: String) -> Size? {
    guard let values = numbers(node, path, count: 2, shape: "[width, height]") else { return nil }
    guard values[0] >= 0, values[1] >= 0 else {
      problem(
        path, "width and height must be 0 or more (got \(format(values[0]))×\(format(values[1])))",
        at: node)
      return nil
    }
    return Size(width: values[0], height: values[1])
  }

  func rect(_ node: TemplateJSON, _ path: String) -> Rect? {
    guard let values = numbers(node, path, count: 4, shape: "[x, y, width, height]") else {
      return nil
    }
    guard values[2] >= 0, values[3] >= 0 else {
      problem(
        path, "width and height must be 0 or more (got \(format(values[2]))×\(format(values[3])))",
        at: node)
      return nil
    }
    return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
  }

  func transform3D(_ node: TemplateJSON, _ path: String) -> Transform3D? {
    guard let m = numbers(node, path, count: 16, shape: "a 4×4 matrix of 16 numbers, row by row")
    else { return nil }
    return Transform3D(
      m11: m[0], m12: m[1], m13: m[2], m14: m[3], m21: m[4], m22: m[5], m23: m[6], m24: m[7],
      m31: m[8], m32: m[9], m33: m[10], m34: m[11], m41: m[12], m42: m[13], m43: m[14],
      m44: m[15])
  }

}
