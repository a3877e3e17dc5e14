import Foundation
import Reel

/// Checks a parsed template (``TemplateJSON``, after `{{variable}}` substitution) against
/// the format's description (``TemplateFormat``: keys, required keys, allowed values,
/// ranges) and builds the Reel model, collecting every problem instead of stopping at the
/// first. Files are opened only through the resolution stage (``files``, ``TemplateFiles``).
/// One decoder per load; not shared between threads.
///
/// Problems are collected in the order they are found; `Template.load` reports them in
/// document order (by line and column, then in the order found), so checks may run in any
/// order.
final class TemplateDecoder {
  /// The template's path as given (for messages).
  let file: String
  /// The resolution stage: every file the template names is opened there, once.
  let files: TemplateFiles
  private(set) var problems: [TemplateProblem] = []
  private(set) var warnings: [TemplateWarning] = []
  /// The warnings already given, so that each is given once in constant time (a subtitle
  /// file can raise one per cue, hundreds of thousands of them).
  private var givenWarnings: Set<TemplateWarning> = []
  /// The render size, once known (layers are placed in it).
  var renderSize = Size(width: 0, height: 0)
  /// The movie's length, once known (for "beyond the movie" checks).
  var movieDuration: Time?
  /// The budgets the template must fit in.
  let limits: ResourceLimits

  init(file: String, limits: ResourceLimits = .default) {
    self.file = file
    self.limits = limits
    files = TemplateFiles(templateFile: file, limits: limits)
  }

  /// Absolute paths of every file the template names, in the order first named.
  var mediaFiles: [String] { files.mediaFiles }

  // MARK: Reporting

  func problem(_ path: String, _ message: String, at node: TemplateJSON?) {
    problems.append(
      TemplateProblem(path: path, message: message, line: node?.line, column: node?.column))
  }

  func warn(_ path: String, _ message: String) {
    let warning = TemplateWarning(path: path, message: message)
    if givenWarnings.insert(warning).inserted { warnings.append(warning) }
  }

  var problemCount: Int { problems.count }

  // MARK: Paths

  static func join(_ path: String, _ key: String) -> String {
    path.isEmpty ? key : "\(path).\(key)"
  }
  static func join(_ path: String, _ key: TemplateKey) -> String { join(path, key.rawValue) }
  static func join(_ path: String, _ index: Int) -> String { "\(path)[\(index)]" }

  // MARK: Objects

  /// Checks that `node` is an object of `kind`: its keys are all the format's keys of that
  /// kind (``TemplateObjectKind/allowedKeys``; unknown keys are reported with a suggestion,
  /// and duplicates) and its required keys are present.
  func object(_ node: TemplateJSON, _ path: String, _ kind: TemplateObjectKind) -> ObjectReader? {
    object(node, path, allowed: kind.allowedKeys, required: kind.format.requiredKeys)
  }

  /// Checks that `node` is an object whose keys are all in `allowed` (reporting unknown keys
  /// with a suggestion, and duplicates) and that the `required` keys are present; for
  /// objects whose keys depend on another key (layers, transitions).
  func object(
    _ node: TemplateJSON, _ path: String, allowed: [TemplateKey], required: [TemplateKey] = []
  ) -> ObjectReader? {
    guard let members = node.members else {
      problem(path, "expected an object, got \(node.typeDescription)", at: node)
      return nil
    }
    let names = allowed.map(\.rawValue)
    var seen: [String: TemplateJSON.Member] = [:]
    for member in members {
      let memberPath = Self.join(path, member.key)
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
    return ObjectReader(decoder: self, node: node, path: path)
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
      guard let value = number(element, Self.join(path, index)) else { return nil }
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

  // MARK: Files (opened by the resolution stage, ``TemplateFiles``)

  /// Resolves a path against the template's folder and records it.
  func resolve(_ relative: String) -> String { files.resolve(relative) }

  /// A path string that must name an existing file; returns the resolved path.
  func existingFile(_ node: TemplateJSON, _ path: String) -> String? {
    guard let text = string(node, path) else { return nil }
    return reporting(path, at: node) { () throws(TemplateFileProblem) in
      try files.existingFile(text)
    }
  }

  /// Opens a media file (once per path).
  func asset(_ node: TemplateJSON, _ path: String) -> Asset? {
    guard let text = string(node, path) else { return nil }
    return reporting(path, at: node) { () throws(TemplateFileProblem) in try files.asset(text) }
  }

  /// Reports a media file cut short in the part of it that `used` reads (see
  /// `Asset.checkData(covers:)`): validate knows it from the container's declared duration
  /// against the data present, so a render never starts on it.
  ///
  /// - Returns: Whether the data is there.
  @discardableResult
  func checkData(
    _ asset: Asset, covers used: TimeRange, _ path: String, at node: TemplateJSON?
  ) -> Bool {
    reporting(path, at: node) { () throws(TemplateFileProblem) in
      try files.checkData(of: asset, covers: used)
    } != nil
  }

  /// Decodes an image file (once per path).
  func image(_ node: TemplateJSON, _ path: String) -> DecodedImage? {
    guard let text = string(node, path) else { return nil }
    return reporting(path, at: node) { () throws(TemplateFileProblem) in try files.image(text) }
  }

  /// The result of `work`, or nil with its problem reported at `path`.
  func reporting<T>(
    _ path: String, at node: TemplateJSON?, _ work: () throws(TemplateFileProblem) -> T
  ) -> T? {
    do {
      return try work()
    } catch {
      problem(path, error.message, at: node)
      return nil
    }
  }
}

/// Reads the members of one object, building the JSON path of each.
struct ObjectReader {
  let decoder: TemplateDecoder
  let node: TemplateJSON
  let path: String

  subscript(key: TemplateKey) -> TemplateJSON? { node[key] }

  func has(_ key: TemplateKey) -> Bool { node[key] != nil }

  func path(_ key: TemplateKey) -> String { TemplateDecoder.join(path, key) }

  /// Reads `key` with `parse` when present.
  func get<T>(_ key: TemplateKey, _ parse: (TemplateJSON, String) -> T?) -> T? {
    guard let value = node[key] else { return nil }
    return parse(value, path(key))
  }
}

/// A number for messages: no trailing `.0` for whole numbers.
func format(_ value: Double) -> String { ReadableNumber.string(value) }
