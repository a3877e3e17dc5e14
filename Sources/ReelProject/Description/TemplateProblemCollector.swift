import Foundation
import Reel

/// Where a value is written in a template: its JSON path and, when it has one, the line and
/// column of its node. Descriptions keep it for the checks a later stage makes (a trim
/// against the media's length, a time against the movie's), so those report where the value
/// was written.
struct TemplateLocation: Sendable, Hashable {
  /// The JSON path (`clips[2].start`).
  var path: String
  /// The 1-based line of the node, or nil when there is no node (a key left out).
  var line: Int?
  /// The 1-based column of the node.
  var column: Int?

  /// The location of `node` (nil: the value was not written) at `path`.
  init(_ path: String, _ node: TemplateJSON?) {
    self.path = path
    line = node?.line
    column = node?.column
  }

  /// The position of `location` with another path.
  init(at location: TemplateLocation, path: String) {
    self = location
    self.path = path
  }
}

/// A checked value with the place it was written.
struct Located<Value: Sendable>: Sendable {
  var value: Value
  var location: TemplateLocation
}

/// A file a template names, not opened yet: the text as written (relative to the template's
/// folder, or absolute) and where it was written. The resolution stage
/// (``TemplateResolver``) opens it.
struct FileReference: Sendable, Hashable {
  /// The path as written in the template.
  var text: String
  /// Where it was written.
  var location: TemplateLocation
}

/// The problems and warnings of one load, in the order found, shared by its stages
/// (``TemplateDescriber``, ``TemplateResolver``, the building stage); `Template.load` reports
/// them in document order. One per load; not shared between threads.
final class TemplateProblemCollector {
  private(set) var problems: [TemplateProblem] = []
  private(set) var warnings: [TemplateWarning] = []
  /// The warnings already given, so that each is given once in constant time (a subtitle
  /// file can raise one per cue, hundreds of thousands of them).
  private var givenWarnings: Set<TemplateWarning> = []

  /// The keys whose values were read, by object kind.
  private(set) var readKeys: Set<TemplateKeyRead> = []

  /// Records that the value of `key` of an object of `kind` was read.
  func recordRead(_ key: TemplateKey, of kind: TemplateObjectKind) {
    readKeys.insert(TemplateKeyRead(kind: kind, key: key))
  }

  /// How many problems have been found so far.
  var count: Int { problems.count }

  func problem(
    _ path: String, _ message: String, at node: TemplateJSON?, undefinedVariable: String? = nil
  ) {
    problems.append(
      TemplateProblem(
        path: path, message: message, line: node?.line, column: node?.column,
        undefinedVariable: undefinedVariable))
  }

  /// A problem with a value written at `location`.
  func problem(_ message: String, at location: TemplateLocation) {
    problems.append(
      TemplateProblem(
        path: location.path, message: message, line: location.line, column: location.column))
  }

  func warn(_ path: String, _ message: String) {
    let warning = TemplateWarning(path: path, message: message)
    if givenWarnings.insert(warning).inserted { warnings.append(warning) }
  }

  /// Runs `work`, keeping the problems it finds aside instead of reporting them: for a value
  /// whose problems count only if a later stage uses it (``report(_:)`` then).
  func setAside<T>(_ work: () -> T) -> (value: T, problems: [TemplateProblem]) {
    let before = problems.count
    let value = work()
    let found = Array(problems[before...])
    problems.removeSubrange(before...)
    return (value, found)
  }

  /// Reports problems set aside by ``setAside(_:)``.
  func report(_ setAside: [TemplateProblem]) { problems += setAside }
}

/// JSON paths.
enum TemplatePath {
  static func join(_ path: String, _ key: String) -> String {
    path.isEmpty ? key : "\(path).\(key)"
  }
  static func join(_ path: String, _ key: TemplateKey) -> String { join(path, key.rawValue) }
  static func join(_ path: String, _ index: Int) -> String { "\(path)[\(index)]" }
}

/// Reads the members of one object, building the JSON path of each, with the format's rows
/// of its keys (``TemplateKeyFormat``: kind, range, default) for the checks that apply them
/// (`TemplateChecking+Rows.swift`). Every key whose value is read is recorded in the load's
/// ``TemplateProblemCollector/readKeys``, so a test can find keys the format accepts and
/// nothing reads.
struct ObjectReader {
  let node: TemplateJSON
  let path: String
  /// The kind of object read.
  let kind: TemplateObjectKind
  /// The rows of the keys it may hold.
  let rows: [TemplateKeyFormat]
  /// Where reads are recorded.
  let report: TemplateProblemCollector
  /// The keys of the format's rules between keys that the object breaks (reported).
  let brokenRuleKeys: Set<TemplateKey>

  /// Whether `key` is in a rule between keys that the object breaks (reported already).
  func breaksRule(_ key: TemplateKey) -> Bool { brokenRuleKeys.contains(key) }

  /// The value of `key`, when written (recorded as read).
  subscript(key: TemplateKey) -> TemplateJSON? {
    report.recordRead(key, of: kind)
    return node[key]
  }

  /// Whether `key` is written (not a read of its value).
  func has(_ key: TemplateKey) -> Bool { node[key] != nil }

  func path(_ key: TemplateKey) -> String { TemplatePath.join(path, key) }

  /// Where `key` is written (its node's position; none when it is left out).
  func location(_ key: TemplateKey) -> TemplateLocation { TemplateLocation(path(key), node[key]) }

  /// The format's row of `key`.
  func row(_ key: TemplateKey) -> TemplateKeyFormat? { rows.first { $0.key == key } }

  /// The format's default of `key`.
  func defaultValue(_ key: TemplateKey) -> TemplateDefault? { row(key)?.defaultValue }

  /// Reads `key` with `parse` when present.
  func get<T>(_ key: TemplateKey, _ parse: (TemplateJSON, String) -> T?) -> T? {
    guard let value = self[key] else { return nil }
    return parse(value, path(key))
  }
}

/// A key of one object kind whose value a describer read.
struct TemplateKeyRead: Hashable, Sendable {
  var kind: TemplateObjectKind
  var key: TemplateKey
}

/// A number for messages: no trailing `.0` for whole numbers.
func format(_ value: Double) -> String { ReadableNumber.string(value) }

/// Seconds for messages, without a trailing `.0`.
func seconds(_ time: Time) -> String { format(time.seconds) }
