/// Why a string is not valid SVG path data (the `d` attribute grammar).
///
/// The message names the character offset where the problem was found, counted in
/// characters from 0 at the start of the string, and what was expected there:
/// `invalid SVG path data at character 7: expected a number after 'L'`.
public struct PathParseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Offset of the offending character, in characters from the start (0-based); the
  /// string's length when the data ended too early.
  public let offset: Int
  /// What was wrong there, e.g. `expected a number after 'L'`.
  public let reason: String

  /// Makes an error for `offset` with a short `reason`.
  public init(offset: Int, reason: String) {
    self.offset = offset
    self.reason = reason
  }

  public var description: String { "invalid SVG path data at character \(offset): \(reason)" }
}
