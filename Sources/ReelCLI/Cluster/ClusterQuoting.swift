/// How the cluster job generators write a string so the shell or a YAML parser reads it back
/// unchanged, whatever it contains (spaces, quotes, `$`, backslashes, newlines).
enum ClusterQuoting {
  /// `text` as one POSIX shell word: single-quoted, each `'` written as `'\''`.
  static func shell(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }

  /// `text` as a YAML double-quoted scalar (valid in YAML 1.1 and 1.2): `"` and `\` escaped,
  /// control characters as `\n`, `\t` or `\uXXXX`.
  static func yaml(_ text: String) -> String {
    var quoted = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": quoted += #"\""#
      case "\\": quoted += #"\\"#
      case "\n": quoted += #"\n"#
      case "\t": quoted += #"\t"#
      case "\r": quoted += #"\r"#
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F
          || (0x80...0x9F).contains(scalar.value) || scalar.value == 0x2028
          || scalar.value == 0x2029 || scalar.value == 0xFEFF
        {
          let hex = String(scalar.value, radix: 16, uppercase: true)
          quoted += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        } else {
          quoted.unicodeScalars.append(scalar)
        }
      }
    }
    return quoted + "\""
  }

  /// A path for Slurm's `--output`: `%` doubled, so a literal `%` in a folder name is not
  /// read as one of sbatch's file-name patterns (`%j`, `%a`, …).
  static func slurmFilename(_ path: String) -> String {
    path.replacingOccurrences(of: "%", with: "%%")
  }

  /// `name` as a name every engine accepts: lower-case ASCII letters, digits and `-`,
  /// starting and ending with a letter or digit, at most `limit` characters (Kubernetes
  /// object names are DNS labels); `reel` when nothing is left.
  static func engineName(_ name: String, limit: Int = 40) -> String {
    var result = ""
    for scalar in name.lowercased().unicodeScalars {
      if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
        result.unicodeScalars.append(scalar)
      } else if !result.isEmpty, !result.hasSuffix("-") {
        result += "-"
      }
    }
    result = String(result.prefix(limit))
    while result.hasSuffix("-") { result.removeLast() }
    return result.isEmpty ? "reel" : result
  }
}

extension ClusterQuoting {
  /// `text` for a `#` comment line of a shell script or YAML file: control characters
  /// written as escapes (``Console/escaped(_:)``), so the text can neither end the comment
  /// nor drive the terminal the job text is printed on.
  static func comment(_ text: String) -> String { Console.escaped(text) }
}
