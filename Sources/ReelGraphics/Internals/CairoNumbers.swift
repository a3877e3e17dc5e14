/// Conversions of user-controlled geometry to the integers C APIs take, without trapping.
extension Double {
  /// The value as an `Int` limited to the `Int32` range; NaN becomes 0. For pixel sizes and
  /// pango units computed from user geometry, where `Int(_:)` would trap on huge values.
  var saturatingInt: Int {
    guard !isNaN else { return 0 }
    return Int(Swift.min(Swift.max(self, Double(Int32.min)), Double(Int32.max)))
  }

  /// The value if finite, otherwise `fallback`.
  func finiteOr(_ fallback: Double) -> Double { isFinite ? self : fallback }
}
