import ReelCore

/// A value that a ramp can blend linearly between two keys.
public protocol Interpolatable: Hashable, Sendable {
  /// The value a fraction of the way from `start` to `end`.
  ///
  /// - Parameters:
  ///   - start: The value at fraction 0.
  ///   - end: The value at fraction 1.
  ///   - fraction: How far along, 0…1.
  /// - Returns: `start + (end − start) · fraction`, per component.
  static func interpolate(from start: Self, to end: Self, fraction: Double) -> Self
}

extension Double: Interpolatable {
  /// Linear blend of two numbers.
  public static func interpolate(from start: Double, to end: Double, fraction: Double) -> Double {
    start + (end - start) * fraction
  }
}

extension AffineTransform: Interpolatable {
  /// Blends the six matrix entries independently (as AVFoundation's transform ramps do,
  /// obs.): a ramp between two rotations passes through skewed, scaled matrices.
  public static func interpolate(
    from start: AffineTransform, to end: AffineTransform, fraction: Double
  ) -> AffineTransform {
    func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * fraction }
    return AffineTransform(
      a: mix(start.a, end.a), b: mix(start.b, end.b), c: mix(start.c, end.c),
      d: mix(start.d, end.d), tx: mix(start.tx, end.tx), ty: mix(start.ty, end.ty))
  }
}

extension Rect: Interpolatable {
  /// Blends origin and size independently.
  public static func interpolate(from start: Rect, to end: Rect, fraction: Double) -> Rect {
    func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * fraction }
    return Rect(
      x: mix(start.origin.x, end.origin.x), y: mix(start.origin.y, end.origin.y),
      width: mix(start.size.width, end.size.width),
      height: mix(start.size.height, end.size.height))
  }
}
