import Foundation
import Reel

// Reads that apply a key's row of the format (``TemplateKeyFormat``): the value's kind and
// range come from the row, where they are written once, never from the call site. A key
// whose row is not of the kind asked for is a bug in Reel's format description, reported
// as a problem naming the key (a test reads every key of the format).
extension TemplateChecking {
  /// The number `key` holds, checked against its row's bounds (``TemplateValue/numberRule``).
  func number(_ reader: ObjectReader, _ key: TemplateKey) -> Double? {
    guard let node = reader[key] else { return nil }
    guard let rule = rule(reader, key, \.numberRule, "a number") else { return nil }
    return number(node, reader.path(key), rule)
  }

  /// A number checked against `rule`.
  func number(_ node: TemplateJSON, _ path: String, _ rule: TemplateNumberRule) -> Double? {
    switch rule {
    case .pixels(let range): return pixels(node, path, range)
    case .bounds(let bounds):
      guard let value = number(node, path) else { return nil }
      guard !bounds.contains(value) else { return value }
      problem(path, "must be \(bounds.description) (got \(node.shortDescription))", at: node)
      return nil
    }
  }

  /// Element `index` (`node`) of the list `key` holds, checked against the row's rule for
  /// its elements.
  func elementNumber(
    _ reader: ObjectReader, _ key: TemplateKey, _ node: TemplateJSON, at index: Int
  )
    -> Double?
  {
    elementRule(reader, key).flatMap {
      number(node, TemplatePath.join(reader.path(key), index), $0)
    }
  }

  /// The numbers of the fixed-length array `key` holds, each checked against the row's rule
  /// for its elements.
  func fixedNumbers(_ reader: ObjectReader, _ key: TemplateKey, shape: String) -> [Double]? {
    guard let node = reader[key] else { return nil }
    guard case .array(let element, let count?, let maxItems?)? = reader.row(key)?.value.resolved,
      count == maxItems, let rule = element.numberRule
    else {
      notInFormat(reader, key, "a fixed number of numbers")
      return nil
    }
    guard let elements = node.elements, elements.count == count else {
      problem(
        reader.path(key), "expected \(shape) (\(count) numbers), got \(node.shortDescription)",
        at: node)
      return nil
    }
    let values = elements.enumerated().compactMap {
      number($0.element, TemplatePath.join(reader.path(key), $0.offset), rule)
    }
    return values.count == count ? values : nil
  }

  /// The rule of the numbers in the list (or steps and ramps) `key` holds; nil with a
  /// problem when its row has none.
  func elementRule(_ reader: ObjectReader, _ key: TemplateKey) -> TemplateNumberRule? {
    switch reader.row(key)?.value.resolved {
    case .array(let element, _, _)?, .steps(let element)?:
      if let rule = element.numberRule { return rule }
    default: break
    }
    notInFormat(reader, key, "a list of numbers")
    return nil
  }

  /// The whole number `key` holds, within its row's bounds.
  func integer(_ reader: ObjectReader, _ key: TemplateKey) -> Int? {
    guard let node = reader[key] else { return nil }
    guard case .integer(let minimum, let maximum)? = reader.row(key)?.value.resolved else {
      notInFormat(reader, key, "a whole number")
      return nil
    }
    guard let value = integer(node, reader.path(key)) else { return nil }
    let bounds = TemplateNumberBounds(
      minimum: minimum.map(Double.init), maximum: maximum.map(Double.init))
    guard bounds.contains(Double(value)) else {
      problem(
        reader.path(key), "must be \(bounds.description) (got \(node.shortDescription))", at: node)
      return nil
    }
    return value
  }

  /// The seconds `key` holds: ≥ 0, or > 0 when its row says so.
  func time(_ reader: ObjectReader, _ key: TemplateKey) -> Time? {
    guard let node = reader[key] else { return nil }
    guard case .bounds(let bounds)? = rule(reader, key, \.numberRule, "seconds"),
      bounds.minimum == 0, bounds.maximum == nil
    else {
      notInFormat(reader, key, "seconds")
      return nil
    }
    return duration(node, reader.path(key), allowZero: !bounds.excludesMinimum)
  }

  /// One of the names of `key`'s row.
  func choice(_ reader: ObjectReader, _ key: TemplateKey) -> String? {
    guard let node = reader[key] else { return nil }
    guard case .choice(let names)? = reader.row(key)?.value.resolved else {
      notInFormat(reader, key, "one of a list of names")
      return nil
    }
    return choice(node, reader.path(key), names)
  }

  /// The numbers of `key` (`[x, y]`, `[width, height]`, `[x, y, width, height]`, a matrix),
  /// each checked against its row's range for its place.
  func pixelNumbers(_ reader: ObjectReader, _ key: TemplateKey, shape: String? = nil)
    -> [Double]?
  {
    guard let node = reader[key] else { return nil }
    guard let row = reader.row(key), let ranges = row.value.elementRanges else {
      notInFormat(reader, key, "a fixed number of pixel values")
      return nil
    }
    return pixelNumbers(node, reader.path(key), ranges, shape: shape ?? row.value.shape)
  }

  /// `[width, height]` of `key` in whole pixels within its row's range (even ones when
  /// `even`): a render or output size.
  func wholePixelSize(_ reader: ObjectReader, _ key: TemplateKey, even: Bool) -> Size? {
    guard let node = reader[key] else { return nil }
    guard let ranges = reader.row(key)?.value.elementRanges, ranges.count == 2 else {
      notInFormat(reader, key, "a size in whole pixels")
      return nil
    }
    guard let size = size(node, reader.path(key)) else { return nil }
    let fits = zip([size.width, size.height], ranges).allSatisfy { side, range in
      range.contains(side) && side == side.rounded()
        && (!even || side.truncatingRemainder(dividingBy: 2) == 0)
    }
    guard fits else {
      problem(
        reader.path(key),
        "must be \(even ? "even " : "")whole numbers of pixels \(ranges[0].description) (got \(format(size.width))×\(format(size.height)))",
        at: node)
      return nil
    }
    return size
  }

  /// `[x, y]` of `key`, each in its row's range.
  func point(_ reader: ObjectReader, _ key: TemplateKey) -> Point? {
    pixelNumbers(reader, key).flatMap { $0.count == 2 ? Point(x: $0[0], y: $0[1]) : nil }
  }

  /// `[width, height]` of `key`, each in its row's range.
  func size(_ reader: ObjectReader, _ key: TemplateKey) -> Size? {
    pixelNumbers(reader, key).flatMap { $0.count == 2 ? Size(width: $0[0], height: $0[1]) : nil }
  }

  /// `[x, y, width, height]` of `key`, each in its row's range.
  func rect(_ reader: ObjectReader, _ key: TemplateKey) -> Rect? {
    pixelNumbers(reader, key).flatMap {
      $0.count == 4 ? Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) : nil
    }
  }

  /// The 4×4 matrix of `key`, its entries in its row's range.
  func matrix(_ reader: ObjectReader, _ key: TemplateKey) -> Transform3D? {
    pixelNumbers(reader, key).flatMap { m in
      guard m.count == 16 else { return nil }
      return Transform3D(
        m11: m[0], m12: m[1], m13: m[2], m14: m[3], m21: m[4], m22: m[5], m23: m[6], m24: m[7],
        m31: m[8], m32: m[9], m33: m[10], m34: m[11], m41: m[12], m42: m[13], m43: m[14],
        m44: m[15])
    }
  }

  /// Numbers of a fixed count, each checked against its range.
  func pixelNumbers(_ node: TemplateJSON, _ path: String, _ ranges: [PixelRange], shape: String)
    -> [Double]?
  {
    guard let values = numbers(node, path, count: ranges.count, shape: shape),
      checked(values, node, path, ranges: ranges)
    else { return nil }
    return values
  }

  /// The number rule of `key`'s row, or nil with a problem when it has none.
  private func rule<Rule>(
    _ reader: ObjectReader, _ key: TemplateKey, _ rule: KeyPath<TemplateValue, Rule?>,
    _ kind: String
  ) -> Rule? {
    guard let found = reader.row(key)?.value[keyPath: rule] else {
      notInFormat(reader, key, kind)
      return nil
    }
    return found
  }

  // MARK: Defaults

  // A value or its row's default: when the key is left out, or (with a problem reported)
  // when its value is not valid. A row without a default of the kind asked for is a bug in
  // Reel's format, reported as a problem (a test reads every key).

  /// The number `key` holds, or its row's default.
  func numberOrDefault(_ reader: ObjectReader, _ key: TemplateKey) -> Double {
    number(reader, key) ?? defaultOf(reader, key, \.number, "number") ?? 0
  }

  /// The seconds `key` holds, or its row's default.
  func timeOrDefault(_ reader: ObjectReader, _ key: TemplateKey) -> Time {
    if let time = time(reader, key) { return time }
    let seconds = defaultOf(reader, key, \.number, "number of seconds") ?? 0
    return Time(decimalString: ReadableNumber.string(seconds)) ?? .zero
  }

  /// The two times `key` holds (`[start, duration]`, `[start, end]`), each checked against
  /// its row's rule for its place.
  func timePair(_ reader: ObjectReader, _ key: TemplateKey, shape: String) -> (Time, Time)? {
    guard let node = reader[key] else { return nil }
    let places: [TemplateValue]
    switch reader.row(key)?.value.resolved {
    case .tuple(let elements)?: places = elements
    case .array(let element, 2?, 2?)?: places = [element, element]
    default: places = []
    }
    let bounds = places.compactMap { place -> TemplateNumberBounds? in
      if case .bounds(let bounds)? = place.numberRule { bounds } else { nil }
    }
    guard bounds.count == 2 else {
      notInFormat(reader, key, "two times")
      return nil
    }
    guard let elements = array(node, reader.path(key)) else { return nil }
    guard elements.count == 2 else {
      problem(
        reader.path(key), "expected \(shape) in seconds, got \(elements.count) numbers", at: node)
      return nil
    }
    let times = zip(elements, bounds).enumerated().compactMap { index, pair in
      duration(
        pair.0, TemplatePath.join(reader.path(key), index), allowZero: !pair.1.excludesMinimum)
    }
    return times.count == 2 ? (times[0], times[1]) : nil
  }

  /// The boolean `key` holds, or its row's default.
  func boolOrDefault(_ reader: ObjectReader, _ key: TemplateKey) -> Bool {
    reader.get(key, bool) ?? defaultOf(reader, key, \.boolean, "boolean") ?? false
  }

  /// The name `key` holds (one of its row's choices), or its row's default.
  func choiceOrDefault(_ reader: ObjectReader, _ key: TemplateKey) -> String {
    choice(reader, key) ?? defaultOf(reader, key, \.name, "choice") ?? ""
  }

  /// The colour `key` holds, or its row's default (a colour's name).
  func colorOrDefault(_ reader: ObjectReader, _ key: TemplateKey) -> Color {
    if let color = reader.get(key, color) { return color }
    let name = defaultOf(reader, key, \.name, "colour")
    if let name, let color = try? Color(parsing: name) { return color }
    notInFormat(reader, key, "a default colour")
    return .black
  }

  private func defaultOf<Value>(
    _ reader: ObjectReader, _ key: TemplateKey, _ value: KeyPath<TemplateDefault, Value?>,
    _ kind: String
  ) -> Value? {
    guard let found = reader.defaultValue(key)?[keyPath: value] else {
      notInFormat(reader, key, "a default \(kind)")
      return nil
    }
    return found
  }

  /// Reports a read the format's row of `key` does not describe: a bug in Reel.
  private func notInFormat(_ reader: ObjectReader, _ key: TemplateKey, _ kind: String) {
    problem(
      reader.path(key),
      "Reel's format has no row of \(kind) for \"\(key.rawValue)\" here (a bug in Reel; please report it)",
      at: reader.node)
  }
}
