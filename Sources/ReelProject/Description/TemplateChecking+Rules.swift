import Foundation
import Reel

// The rules between the keys of one object (``TemplateKeyRule``), applied with messages made
// from the rule: the format states each rule once, for the schema and for these checks.
extension TemplateChecking {
  /// Checks `rules` on the keys written in `node`, reporting each broken rule.
  ///
  /// - Returns: The keys of the broken rules (a describer leaves out what depends on them).
  func checkRules(_ rules: [TemplateKeyRule], _ node: TemplateJSON, _ path: String)
    -> Set<TemplateKey>
  {
    var broken: Set<TemplateKey> = []
    func has(_ key: TemplateKey) -> Bool { node[key] != nil }
    for rule in rules {
      switch rule {
      case .notTogether(let keys):
        let written = keys.filter(has)
        guard written.count > 1 else { continue }
        // Reported where the second key is written.
        problem(
          TemplatePath.join(path, written[1]), "give \(Self.onlyOne(of: written))",
          at: node[written[1]])
        broken.formUnion(keys)
      case .notBoth(let first, let second):
        let inFirst = first.filter(has)
        let inSecond = second.filter(has)
        guard let other = inSecond.first, !inFirst.isEmpty else { continue }
        problem(
          TemplatePath.join(path, other),
          "give either \(Self.alternatives(first)) or \(Self.alternatives(second)), not both",
          at: node[other])
        broken.formUnion(first + second)
      case .onlyWith(let key, let other):
        guard has(key), !has(other) else { continue }
        problem(
          TemplatePath.join(path, key), "\(Self.quoted(key)) only goes with \(Self.quoted(other))",
          at: node[key])
        broken.insert(key)
      case .oneOf(let alternatives):
        let names = alternatives.compactMap(\.requires.first)
        let written = names.filter(has)
        guard written.count == 1,
          let chosen = alternatives.first(where: { $0.requires.first == written[0] })
        else {
          if written.isEmpty {
            let others = names.dropFirst().map { "'\($0.rawValue)'" }.joined(separator: " or ")
            problem(
              path, "missing required key '\(names.first?.rawValue ?? "")' (or \(others))", at: node
            )
          } else {
            problem(
              TemplatePath.join(path, written[1]), "give \(Self.onlyOne(of: written))",
              at: node[written[1]])
          }
          broken.formUnion(names)
          continue
        }
        for key in chosen.forbids where has(key) {
          let owners = alternatives.filter { !$0.forbids.contains(key) }.compactMap(
            \.requires.first)
          problem(
            TemplatePath.join(path, key),
            "\(Self.quoted(key)) only goes with \(owners.map(Self.quoted).joined(separator: " or "))",
            at: node[key])
          broken.insert(key)
        }
      }
    }
    return broken
  }

  private static func quoted(_ key: TemplateKey) -> String { "\"\(key.rawValue)\"" }

  /// `"a"/"b"`.
  private static func alternatives(_ keys: [TemplateKey]) -> String {
    keys.map(quoted).joined(separator: "/")
  }

  /// `either "a" or "b", not both`, or `only one of "a", "b" and "c"`.
  private static func onlyOne(of keys: [TemplateKey]) -> String {
    guard keys.count > 2, let last = keys.last else {
      return "either " + keys.map(quoted).joined(separator: " or ") + ", not both"
    }
    return "only one of " + keys.dropLast().map(quoted).joined(separator: ", ") + " and "
      + quoted(last)
  }
}
