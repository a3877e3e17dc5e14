import Foundation

/// `{{name}}` placeholders in template strings.
///
/// A placeholder is `{{`, optional spaces, a name (`[A-Za-z_][A-Za-z0-9_.-]*`), optional
/// spaces, `}}`. `{{{{` writes a literal `{{` (a lone `}}` needs no escape).
enum TemplateVariables {
  /// What substituting one string found.
  struct Result {
    var text: String
    /// Names used that have no value.
    var undefined: [String] = []
    /// Placeholders that are not well formed, as messages.
    var malformed: [String] = []
  }

  static func isValidName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first,
      first == "_" || ("a"..."z").contains(first) || ("A"..."Z").contains(first)
    else { return false }
    return name.unicodeScalars.allSatisfy {
      $0 == "_" || $0 == "." || $0 == "-" || ("a"..."z").contains($0) || ("A"..."Z").contains($0)
        || ("0"..."9").contains($0)
    }
  }

  /// Replaces every placeholder in `text` with its value from `values`.
  static func substitute(_ text: String, values: [String: String]) -> Result {
    guard text.contains("{{") else { return Result(text: text) }
    var result = Result(text: "")
    let characters = Array(text)
    var index = 0
    while index < characters.count {
      let isOpening =
        index + 1 < characters.count && characters[index] == "{"
        && characters[index + 1] == "{"
      guard isOpening else {
        result.text.append(characters[index])
        index += 1
        continue
      }
      if index + 3 < characters.count, characters[index + 2] == "{", characters[index + 3] == "{" {
        result.text += "{{"
        index += 4
        continue
      }
      var close = index + 2
      while close + 1 < characters.count,
        !(characters[close] == "}" && characters[close + 1] == "}")
      {
        close += 1
      }
      guard close + 1 < characters.count else {
        result.malformed.append(
          "unterminated placeholder '\(String(characters[index...]).prefix(30))': close it with '}}' (write '{{{{' for a literal '{{')"
        )
        result.text += String(characters[index...])
        break
      }
      let raw = String(characters[(index + 2)..<close])
      let name = raw.trimmingCharacters(in: .whitespaces)
      if !isValidName(name) {
        result.malformed.append(
          "'{{\(raw)}}' is not a valid placeholder: a name is letters, digits, '_', '.' or '-' (write '{{{{' for a literal '{{')"
        )
        result.text += "{{\(raw)}}"
      } else if let value = values[name] {
        result.text += value
      } else {
        if !result.undefined.contains(name) { result.undefined.append(name) }
        result.text += "{{\(raw)}}"
      }
      index = close + 2
    }
    return result
  }
}
