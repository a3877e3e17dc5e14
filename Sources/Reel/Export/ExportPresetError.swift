/// A preset name that names no ``ExportPreset``.
public struct ExportPresetError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The name as given.
  public var name: String
  /// The closest known name, when one is close enough to be a likely typo.
  public var suggestion: String?

  /// Makes the error.
  ///
  /// - Parameters:
  ///   - name: The unknown name.
  ///   - suggestion: A close known name, or nil.
  public init(name: String, suggestion: String?) {
    self.name = name
    self.suggestion = suggestion
  }

  /// One line: the unknown name, a suggestion if any, and the known names.
  public var description: String {
    let known = ExportPreset.allCases.map(\.name).joined(separator: ", ")
    if let suggestion {
      return "unknown export preset '\(name)': did you mean '\(suggestion)'? (known: \(known))"
    }
    return "unknown export preset '\(name)' (known: \(known))"
  }
}
