import ReelCore

/// Conversions of user-controlled geometry to the integers C APIs take, without trapping.
extension Double {
  /// The value as an `Int` limited to ±2³⁰ (``PixelLimits/integer(_:)``, the one clamping
  /// helper); NaN becomes 0. For pixel sizes and pango units computed from user geometry,
  /// where `Int(_:)` would trap on huge values.
  var saturatingInt: Int { PixelLimits.integer(self) }

  /// The value if finite, otherwise `fallback`.
  func finiteOr(_ fallback: Double) -> Double { isFinite ? self : fallback }
}
