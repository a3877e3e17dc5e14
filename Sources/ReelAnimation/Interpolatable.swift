import Foundation
import ReelCore

/// A value an animation can interpolate: a point in a real vector space of fixed dimension.
///
/// Interpolation, addition (for `by`, additive and cumulative animations), Catmull-Rom
/// blending and distances (for paced keyframes) are all done on the components, so a type
/// only says how it maps to and from a list of numbers. Every component is interpolated
/// linearly: a ``ReelCore/Transform3D`` is interpolated entry by entry (as
/// `AVVideoCompositionLayerInstruction` ramps do), which is why rotations are best animated
/// through the separate rotation components of ``LayerProperties``.
public protocol Interpolatable: Sendable, Equatable {
  /// The value's components (the same count for every value of the type).
  var animationComponents: [Double] { get }
  /// Rebuilds a value from components made by ``animationComponents`` and arithmetic on them.
  init(animationComponents: [Double])
}

extension Interpolatable {
  /// The value a `fraction` of the way from `from` to `to` (extrapolates outside [0, 1]).
  public static func interpolate(from: Self, to: Self, fraction: Double) -> Self {
    combine([(from, 1 - fraction), (to, fraction)])
  }

  /// Componentwise sum.
  public static func adding(_ lhs: Self, _ rhs: Self) -> Self { combine([(lhs, 1), (rhs, 1)]) }

  /// Componentwise difference `lhs − rhs`.
  public static func subtracting(_ lhs: Self, _ rhs: Self) -> Self {
    combine([(lhs, 1), (rhs, -1)])
  }

  /// Euclidean distance between the component vectors (used by paced keyframes).
  public static func distance(from: Self, to: Self) -> Double {
    let a = from.animationComponents
    let b = to.animationComponents
    var sum = 0.0
    for index in 0..<min(a.count, b.count) {
      let difference = b[index] - a[index]
      sum += difference * difference
    }
    return sum.squareRoot()
  }

  /// The weighted sum Σ weight · value, computed on components and converted back once
  /// (so clamping types such as ``ReelCore/Color`` only clamp the result).
  static func combine(_ terms: [(Self, Double)]) -> Self {
    guard let first = terms.first else { return Self(animationComponents: []) }
    var result = first.0.animationComponents.map { $0 * first.1 }
    for (value, weight) in terms.dropFirst() {
      let components = value.animationComponents
      for index in 0..<min(result.count, components.count) {
        result[index] += components[index] * weight
      }
    }
    return Self(animationComponents: result)
  }
}

extension Double: Interpolatable {
  public var animationComponents: [Double] { [self] }
  public init(animationComponents: [Double]) { self = animationComponents.first ?? 0 }
}

extension Point: Interpolatable {
  public var animationComponents: [Double] { [x, y] }
  public init(animationComponents c: [Double]) {
    self.init(x: c.count > 0 ? c[0] : 0, y: c.count > 1 ? c[1] : 0)
  }
}

extension Size: Interpolatable {
  public var animationComponents: [Double] { [width, height] }
  public init(animationComponents c: [Double]) {
    self.init(width: c.count > 0 ? c[0] : 0, height: c.count > 1 ? c[1] : 0)
  }
}

extension Rect: Interpolatable {
  public var animationComponents: [Double] { [origin.x, origin.y, size.width, size.height] }
  public init(animationComponents c: [Double]) {
    let padded = c + Array(repeating: 0, count: max(0, 4 - c.count))
    self.init(x: padded[0], y: padded[1], width: padded[2], height: padded[3])
  }
}

extension Color: Interpolatable {
  /// Unpremultiplied sRGB red, green, blue, alpha (as ``ReelCore/Color/interpolate(from:to:fraction:)``).
  public var animationComponents: [Double] { [red, green, blue, alpha] }
  /// Clamps each component into [0, 1].
  public init(animationComponents c: [Double]) {
    let padded = c + Array(repeating: 0, count: max(0, 4 - c.count))
    self.init(red: padded[0], green: padded[1], blue: padded[2], alpha: padded[3])
  }
}

extension Transform3D: Interpolatable {
  /// The 16 entries in row order (m11 … m44).
  public var animationComponents: [Double] {
    [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
  }
  public init(animationComponents c: [Double]) {
    guard c.count == 16 else {
      self = .identity
      return
    }
    self.init(
      m11: c[0], m12: c[1], m13: c[2], m14: c[3], m21: c[4], m22: c[5], m23: c[6], m24: c[7],
      m31: c[8], m32: c[9], m33: c[10], m34: c[11], m41: c[12], m42: c[13], m43: c[14],
      m44: c[15])
  }
}

extension Transform2D: Interpolatable {
  /// The six entries (a, b, c, d, tx, ty). Blending them independently is what
  /// AVFoundation's transform ramps do (obs.): a ramp between two rotations passes through
  /// skewed, scaled matrices.
  public var animationComponents: [Double] { [a, b, c, d, tx, ty] }
  public init(animationComponents c: [Double]) {
    guard c.count == 6 else {
      self = .identity
      return
    }
    self.init(a: c[0], b: c[1], c: c[2], d: c[3], tx: c[4], ty: c[5])
  }
}
