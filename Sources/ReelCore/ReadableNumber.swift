/// Numbers written for people, in messages, dumps and JSON: the one owner of how Reel
/// prints a number.
///
/// A number is written as the shortest decimal that reads back as the same `Double` (`0.1`,
/// `29.97`, `1e-05`, `1e+300`), without a trailing `.0` for whole numbers (`30`, `-2`), never
/// as `-0`, and as `inf`, `-inf` or `nan` when not finite. Rounding to a number of decimals
/// first keeps measured values short (`0.033367` s, `23.976` fps).
package enum ReadableNumber {
  /// `value` written for people.
  ///
  /// - Parameters:
  ///   - value: Any number.
  ///   - decimals: Round half away from zero to at most this many decimals first; nil to
  ///     write the value as it is.
  /// - Returns: `1.5`, `12`, `0.001`, `1e+20`, `inf`.
  package static func string(_ value: Double, decimals: Int? = nil) -> String {
    var rounded = value
    if let decimals {
      var scale = 1.0
      for _ in 0..<max(0, decimals) { scale *= 10 }
      rounded = (value * scale).rounded() / scale
    }
    if rounded == 0 { return "0" }
    let text = String(rounded)
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }

  /// A number of seconds with its unit: `1.5 s`, `12 s`.
  ///
  /// - Parameters:
  ///   - seconds: Seconds.
  ///   - decimals: Round to at most this many decimals first.
  /// - Returns: ``string(_:decimals:)`` followed by ` s`.
  package static func seconds(_ seconds: Double, decimals: Int) -> String {
    string(seconds, decimals: decimals) + " s"
  }
}
