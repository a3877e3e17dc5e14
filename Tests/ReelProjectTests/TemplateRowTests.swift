import Foundation
import Reel
import ReelAnimation
import Testing

@testable import ReelProject

/// The format's rows are the rules the describer applies: every key the format accepts is
/// read (none accepted and silently ignored), every default is a value of its key's kind, and
/// the defaults the model has are the rows' defaults.
@Suite("Template format rows")
struct TemplateRowTests {
  // MARK: Every key is read

  /// For each key of each object kind (and of each layer type), a template holding that key in
  /// an object of that kind, reached from the top level through the format: the describer
  /// must read the key's value.
  @Test func everyKeyTheFormatAcceptsIsRead() throws {
    var unread: [String] = []
    var bugs: [String] = []
    var checked = 0
    for (kind, key) in Self.allKeys {
      let text = try #require(
        Self.template(with: key, in: kind), "no way to reach \(kind).\(key.rawValue)")
      let report = TemplateProblemCollector()
      let json = try TemplateJSONReader.parse(text)
      _ = TemplateDescriber(report: report).describe(json, overrides: [:])
      checked += 1
      if !report.readKeys.contains(TemplateKeyRead(kind: kind, key: key)) {
        unread.append("\(kind.rawValue).\(key.rawValue) in \(text)")
      }
      for problem in report.problems where problem.message.contains("a bug in Reel") {
        bugs.append("\(problem.path): \(problem.message) in \(text)")
      }
    }
    #expect(checked > 240)
    #expect(unread == [], "accepted by the format and never read")
    #expect(bugs == [])
  }

  /// A key left out takes the row's default without a problem.
  @Test func rowDefaultsAreReadWithoutProblems() throws {
    let report = TemplateProblemCollector()
    let json = try TemplateJSONReader.parse(
      """
      {"version": 1, "size": [64, 48], "duration": 1,
       "clips": [{"media": "a.mp4"}, {"media": "b.mp4", "transition": {"type": "wipe"}}],
       "audio": {"soundtrack": {"file": "m.m4a"}},
       "subtitles": [{"file": "c.srt"}],
       "layers": [
         {"type": "gradient", "gradient": {"colors": ["red"]}},
         {"type": "shape", "path": "M0 0 L1 1", "stroke": {}},
         {"type": "text", "text": "a", "outline": {"width": 1}, "box": {}, "shadow": {}},
         {"animations": [{"property": "position", "path": "M0 0 L1 1"},
                         {"property": "opacity", "keyframes": {"values": [0, 1]}},
                         {"property": "opacity", "spring": {}, "to": 1}]}]}
      """)
    _ = TemplateDescriber(report: report).describe(json, overrides: [:])
    #expect(report.problems.map(\.message) == [])
  }

  // MARK: Defaults

  /// A default that is a value is one the key's value kind holds.
  @Test func everyDefaultIsAValueOfItsKeysKind() {
    var wrong: [String] = []
    for (kind, key) in Self.allKeys {
      guard let row = Self.rows(of: kind).first(where: { $0.key == key }),
        let defaultValue = row.defaultValue
      else { continue }
      let value = row.value.resolved
      let fits: Bool
      switch (defaultValue, value) {
      case (.number(let number), .number(let bounds)): fits = bounds.contains(number)
      case (.number(let number), .pixels(let range)): fits = range.contains(number)
      case (.number(let number), .integer(let minimum, let maximum)):
        fits =
          number == number.rounded() && number >= Double(minimum ?? Int.min)
          && number <= Double(maximum ?? Int.max)
      case (.number(let number), .oneOf(let forms)):
        fits = forms.contains { form in
          switch form.numberRule {
          case .bounds(let bounds)?: bounds.contains(number)
          case .pixels(let range)?: range.contains(number)
          case nil: false
          }
        }
      case (.name(let name), .oneOf(let forms)):
        fits = forms.contains {
          if case .choice(let names) = $0.resolved { names.contains(name) } else { false }
        }
      case (.boolean, .boolean): fits = true
      case (.name(let name), .choice(let names)): fits = names.contains(name)
      case (.name(let name), .nonEmptyString), (.name(let name), .string):
        fits = row.value.isColor ? (try? Color(parsing: name)) != nil : !name.isEmpty
      case (.numbers(let numbers), _):
        fits =
          value.elementRanges.map { ranges in
            ranges.count == numbers.count && zip(ranges, numbers).allSatisfy { $0.contains($1) }
          } ?? (numbers.count > 0)
      case (.text, _): fits = true
      default: fits = false
      }
      if !fits { wrong.append("\(kind.rawValue).\(key.rawValue): \(defaultValue.text)") }
    }
    #expect(wrong == [])
  }

  /// The defaults the model has of its own are the rows' defaults.
  @Test func theModelsDefaultsAreTheRowsDefaults() throws {
    func row(_ kind: TemplateObjectKind, _ key: TemplateKey) -> TemplateDefault? {
      Self.rows(of: kind).first { $0.key == key }?.defaultValue
    }
    let timing = AnimationTiming()
    #expect(row(.animation, .begin) == .number(timing.beginTime))
    #expect(row(.animation, .duration) == .number(timing.duration))
    #expect(row(.animation, .speed) == .number(timing.speed))
    #expect(row(.animation, .timeOffset) == .number(timing.timeOffset))
    #expect(row(.animation, .autoreverse) == .boolean(timing.autoreverses))
    #expect(row(.animation, .fill) == .name(timing.fillMode.rawValue))
    let linear = try #require(TemplateFormat.timingFunctions.first { $0.function == .linear })
    #expect(timing.timingFunction == .linear)
    #expect(row(.animation, .timing) == .name(linear.name))

    let spring = SpringAnimation(.opacity, to: 1.0)
    #expect(row(.spring, .mass) == .number(spring.mass))
    #expect(row(.spring, .stiffness) == .number(spring.stiffness))
    #expect(row(.spring, .damping) == .number(spring.damping))
    #expect(row(.spring, .velocity) == .number(spring.initialVelocity))

    let layer = LayerProperties()
    #expect(row(.layer, .opacity) == .number(layer.opacity))
    #expect(row(.layer, .hidden) == .boolean(layer.isHidden))
    #expect(row(.layer, .zPosition) == .number(layer.zPosition))
    #expect(row(.layer, .cornerRadius) == .number(layer.cornerRadius))
    #expect(row(.layer, .borderWidth) == .number(layer.borderWidth))
    #expect(row(.layer, .masksToBounds) == .boolean(layer.masksToBounds))

    let box = TextBackground(color: .black)
    #expect(row(.box, .padding) == .number(box.padding))

    let settings = ExportSettings()
    #expect(row(.export, .audioBitRate) == .number(Double(settings.audioBitRate)))
    #expect(row(.export, .speed) == .name(settings.speed.rawValue))
    #expect(row(.export, .audio) == .boolean(!settings.excludesAudio))

    let cell = EmitterCell()
    let white = try row(.emitterCell, .color).flatMap(\.name).map { try Color(parsing: $0) }
    #expect(white == cell.color)
  }

  /// A rule between keys is reported with a message made from the rule.
  @Test func keyRulesAreReportedFromTheTable() throws {
    let cases: [(String, String)] = [
      (
        #"{"version": 1, "size": [16, 16], "duration": 1, "layers": [{"frame": [0, 0, 1, 1], "size": [1, 1]}]}"#,
        "give either \"frame\" or \"position\"/\"size\", not both"
      ),
      (
        #"{"version": 1, "size": [16, 16], "duration": 1, "layers": [{"animations": [{"property": "opacity", "to": 1, "rotate": "auto"}]}]}"#,
        "\"rotate\" only goes with \"path\""
      ),
      (
        #"{"version": 1, "size": [16, 16], "duration": 1, "layers": [{"type": "shape", "shape": {"ellipse": [0, 0, 1, 1], "cornerRadius": 2}}]}"#,
        "\"cornerRadius\" only goes with \"rect\""
      ),
      (
        #"{"version": 1, "size": [16, 16], "duration": 1, "layers": [{"type": "text"}]}"#,
        "missing required key 'text' (or 'runs')"
      ),
      (
        #"{"version": 1, "export": {"crf": 20, "bitRate": 1000}, "size": [16, 16], "duration": 1}"#,
        "give either \"crf\" or \"bitRate\", not both"
      ),
    ]
    for (text, message) in cases {
      let report = TemplateProblemCollector()
      _ = TemplateDescriber(report: report).describe(
        try TemplateJSONReader.parse(text), overrides: [:])
      #expect(report.problems.map(\.message).contains(message), "\(text)")
    }
  }

  // MARK: Making templates from the format

  /// Every key of every object kind; a layer's are its own and its types'.
  static var allKeys: [(TemplateObjectKind, TemplateKey)] {
    TemplateObjectKind.allCases.flatMap { kind in rows(of: kind).map { (kind, $0.key) } }
  }

  /// The rows an object of `kind` may hold.
  static func rows(of kind: TemplateObjectKind) -> [TemplateKeyFormat] {
    var rows = kind.format.keys
    if kind == .layer {
      for type in TemplateLayerType.allCases {
        rows += type.keys.filter { key in !rows.contains { $0.key == key.key } }
      }
    }
    return rows
  }

  /// A template with `key` in an object of `kind`.
  static func template(with key: TemplateKey, in kind: TemplateObjectKind) -> String? {
    guard let route = route(to: kind) else { return nil }
    var inner = sampleObject(kind, with: key)
    var child = kind
    for (parent, parentKey) in route.reversed() {
      guard let value = rows(of: parent).first(where: { $0.key == parentKey })?.value else {
        return nil
      }
      var wrapped = wrap(inner, in: value, child: child)
      // A transition leads into a clip from the one before: the clip is the second.
      if parent == .root, parentKey == .clips {
        wrapped = "[{\"media\": \"a.mp4\"}, " + wrapped.dropFirst()
      }
      inner = sampleObject(parent, with: parentKey, value: wrapped)
      child = parent
    }
    return inner
  }

  /// The parents from the top level down to an object of `kind`: each a kind and the key of it
  /// that holds the next.
  static func route(to kind: TemplateObjectKind) -> [(TemplateObjectKind, TemplateKey)]? {
    var routes: [TemplateObjectKind: [(TemplateObjectKind, TemplateKey)]] = [.root: []]
    var queue: [TemplateObjectKind] = [.root]
    while !queue.isEmpty {
      let parent = queue.removeFirst()
      // The root's `animations` animate only its filters' numbers: every animation key is
      // reached through a layer's.
      for row in rows(of: parent) where !(parent == .root && row.key == .animations) {
        for child in kinds(in: row.value) where routes[child] == nil {
          routes[child] = (routes[parent] ?? []) + [(parent, row.key)]
          queue.append(child)
        }
      }
    }
    return routes[kind]
  }

  /// The object kinds a value may hold directly (through arrays, forms, steps).
  static func kinds(in value: TemplateValue) -> [TemplateObjectKind] {
    switch value {
    case .object(let kind): [kind]
    case .array(let element, _, _), .steps(let element), .map(let element, _),
      .described(let element, _):
      kinds(in: element) + (value.isSteps ? [.step, .ramp] : [])
    case .oneOf(let forms): forms.flatMap(kinds(in:))
    default: []
    }
  }

  /// `child` (an object's JSON) written where `value` holds an object of `kind`.
  static func wrap(_ child: String, in value: TemplateValue, child kind: TemplateObjectKind)
    -> String
  {
    switch value {
    case .object: return child
    case .array(let element, _, _): return "[" + wrap(child, in: element, child: kind) + "]"
    case .steps(let element):
      if kind == .step || kind == .ramp { return "[" + child + "]" }
      return "[{\"at\": 0, \"value\": " + wrap(child, in: element, child: kind) + "}]"
    case .map(let element, _): return "{\"a\": " + wrap(child, in: element, child: kind) + "}"
    case .described(let element, _): return wrap(child, in: element, child: kind)
    case .oneOf(let forms):
      let form = forms.first { kinds(in: $0).contains(kind) || $0.isSteps } ?? forms[0]
      return wrap(child, in: form, child: kind)
    default: return child
    }
  }

  /// An object of `kind` with its required keys and `key` (its value `value`, or a sample).
  static func sampleObject(
    _ kind: TemplateObjectKind, with key: TemplateKey, value: String? = nil
  ) -> String {
    var members: [(TemplateKey, String)] = []
    func add(_ member: TemplateKey, _ text: String? = nil) {
      guard !members.contains(where: { $0.0 == member }) else { return }
      let rows = rows(of: kind)
      guard let row = rows.first(where: { $0.key == member }) else { return }
      members.append((member, text ?? sample(row.value)))
    }
    var rules = kind.format.rules
    switch kind {
    case .root:
      // An empty timeline, unless the key is another.
      for member in [TemplateKey.version, .size, .duration] { add(member) }
    case .layer:
      if let owner = TemplateLayerType.owners(of: key).first {
        members.append((.type, "\"\(owner.rawValue)\""))
        for required in owner.requiredKeys where required != key { add(required) }
        rules += owner.rules
      }
    case .transition:
      let type =
        TemplateFormat.transitionTypes.first {
          key == .type
            || TemplateObjectFormat.transition.keys(withType: $0).contains(key)
              && $0 != "cut"
        } ?? "cut"
      members.append((.type, "\"\(type)\""))
    case .animation:
      switch key {
      case .group: break
      case .path, .rotate: add(.property, "\"position\"")
      default: add(.property, "\"opacity\"")
      }
      if key == .rotate { add(.path) }
      let ownValues: [TemplateKey] = [.group, .keyframes, .path, .rotate, .from, .to, .by]
      if !ownValues.contains(key) { add(.to, "1") }
    case .step:
      add(.at)
      add(.value, "1")
    case .ramp:
      for member in [TemplateKey.from, .to] { add(member, "1") }
    default: break
    }
    if let value { add(key, value) } else { add(key) }
    for required in kind.format.requiredKeys { add(required) }
    for rule in rules {
      guard case .oneOf(let alternatives) = rule else { continue }
      let chosen = alternatives.first { $0.requires.contains(key) } ?? alternatives[0]
      for required in chosen.requires { add(required) }
    }
    if kind == .clip, key == .image || members.contains(where: { $0.0 == .image }) {
      add(.duration)
    }
    return "{" + members.map { "\"\($0.0.rawValue)\": \($0.1)" }.joined(separator: ", ") + "}"
  }

  /// A valid JSON value of `value`'s kind.
  static func sample(_ value: TemplateValue) -> String {
    switch value {
    case .string: return "\"a\""
    case .nonEmptyString: return "\"a\""
    case .boolean: return "true"
    case .constant(let number): return "\(number)"
    case .constantString(let text): return "\"\(text)\""
    case .number(let bounds): return number(in: bounds)
    case .integer(let minimum, _): return "\(max(minimum ?? 1, 1))"
    case .pixels(let range), .wholePixels(let range):
      let candidate = [16, 1, 0.5, range.range.lowerBound, range.range.upperBound].first {
        range.contains($0)
      }
      return ReadableNumber.string(candidate ?? 1)
    case .choice(let names): return "\"\(names[0])\""
    case .pattern: return "\"filters[0].intensity\""
    case .svgPath: return "\"M0 0 L1 1\""
    case .named(.color): return "\"red\""
    case .named(.file): return "\"a.png\""
    case .named(let named): return sample(named.definition)
    case .object(let kind): return sampleObject(kind, with: kind.format.requiredKeys.first ?? .name)
    case .array(let element, let minItems, _):
      return "["
        + Array(repeating: sample(element), count: max(minItems ?? 1, 1))
        .joined(separator: ", ") + "]"
    case .tuple(let elements): return "[" + elements.map(sample).joined(separator: ", ") + "]"
    case .oneOf(let forms): return sample(forms[0])
    case .steps(let element): return "[{\"at\": 0, \"value\": \(sample(element))}]"
    case .map(let element, _): return "{\"a\": \(sample(element))}"
    case .described(let element, _): return sample(element)
    case .filterStep: return "{\"type\": \"sepiaTone\", \"intensity\": 0.5}"
    }
  }

  private static func number(in bounds: TemplateNumberBounds) -> String {
    let low = bounds.minimum ?? 0
    let high = bounds.maximum ?? low + 1
    return ReadableNumber.string(bounds.excludesMinimum ? (low + high) / 2 : low)
  }
}

extension TemplateValue {
  /// Whether the value is a list of steps and ramps.
  fileprivate var isSteps: Bool {
    switch self {
    case .steps: true
    case .described(let value, _): value.isSteps
    default: false
    }
  }

  /// Whether the value is a colour.
  fileprivate var isColor: Bool {
    if case .named(.color) = self { true } else { false }
  }
}
