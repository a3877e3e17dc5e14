import Foundation

/// Why a colour literal could not be read by ``Color/init(parsing:)``.
///
/// The ``description`` quotes the literal (with surrounding whitespace removed) and says
/// what is accepted, for example:
///
///     invalid colour "#12345": use #RRGGBB, #RRGGBBAA or a CSS colour name
///     invalid colour "grren": not a CSS colour name; did you mean "green"?
public struct ColorParseError: Error, Hashable, CustomStringConvertible {
  /// What was wrong with the literal.
  public enum Reason: Sendable, Hashable {
    /// The literal was empty (or only whitespace).
    case empty
    /// It starts with `#` but is not 3, 4, 6 or 8 hexadecimal digits.
    case malformedHex
    /// It is not a CSS colour name; `suggestion` is the nearest name (at most two edits
    /// away), if any.
    case unknownName(suggestion: String?)
    /// It starts with `rgb(` or `rgba(` but the arguments are wrong: `rgb` needs three
    /// whole numbers 0–255, `rgba` those and an alpha from 0 to 1.
    case malformedFunction
  }

  /// The literal as given, with leading and trailing whitespace removed.
  public let input: String
  /// What was wrong with it.
  public let reason: Reason

  /// Makes an error for a literal.
  ///
  /// - Parameters:
  ///   - input: The literal, already trimmed of surrounding whitespace.
  ///   - reason: What was wrong with it.
  public init(input: String, reason: Reason) {
    self.input = input
    self.reason = reason
  }

  /// The message: the quoted literal, then what is accepted or the nearest valid name.
  public var description: String {
    let accepted = "use #RRGGBB, #RRGGBBAA or a CSS colour name"
    let quoted = "invalid colour \"\(input)\""
    switch reason {
    case .empty, .malformedHex:
      return "\(quoted): \(accepted)"
    case .unknownName(let suggestion?):
      return "\(quoted): not a CSS colour name; did you mean \"\(suggestion)\"?"
    case .unknownName(nil):
      return "\(quoted): not a CSS colour name; \(accepted)"
    case .malformedFunction:
      return
        "\(quoted): use rgb(r, g, b) or rgba(r, g, b, a) with r, g, b whole numbers 0–255"
        + " and a from 0 to 1"
    }
  }
}
