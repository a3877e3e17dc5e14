import Foundation
import ReelCore

/// Moves a point property (normally ``AnimatableProperty/position``) along a path at
/// constant speed (`CAKeyframeAnimation.path` with paced timing), optionally turning the
/// layer to follow the path's direction.
///
/// Curves are flattened into short lines (32 per curve) and progress is measured along the
/// arc length. A path with several subpaths jumps between them without spending time.
public struct PathAnimation: Animation {
  /// How the layer turns along the path.
  public enum RotationMode: String, Sendable, Hashable {
    /// No turning.
    case none
    /// ``LayerProperties/rotationZ`` follows the tangent (Core Animation's `rotateAuto`).
    case auto
    /// As ``auto`` plus half a turn (`rotateAutoReverse`).
    case autoReverse
  }

  /// The animated point property.
  public var property: AnimatableProperty<Point>
  /// The path, in the parent's coordinates (the same space as `position`).
  public var path: Path
  /// Whether and how the layer turns with the tangent.
  public var rotationMode: RotationMode
  /// Adds the path's points to the value below (the path becomes an offset).
  public var isAdditive: Bool
  public var timing: AnimationTiming

  /// Makes a path animation.
  ///
  /// - Parameters:
  ///   - property: The point property (default position).
  ///   - path: The path to follow.
  ///   - rotationMode: Turn with the tangent or not.
  ///   - beginTime: Start on the parent timeline, seconds.
  ///   - duration: Seconds per pass (≤ 0 means ``AnimationTiming/defaultDuration``).
  ///   - timingFunction: Easing of the whole pass (default linear).
  ///   - repeatCount: Passes (0 = one).
  ///   - autoreverses: Play back after each pass.
  ///   - fillMode: What shows outside the active period (default forwards).
  public init(
    _ property: AnimatableProperty<Point> = .position, path: Path,
    rotationMode: RotationMode = .none, beginTime: Double = 0,
    duration: Double = AnimationTiming.defaultDuration,
    timingFunction: TimingFunction = .linear, repeatCount: Double = 0,
    autoreverses: Bool = false, fillMode: FillMode = .forwards
  ) {
    self.property = property
    self.path = path
    self.rotationMode = rotationMode
    self.isAdditive = false
    self.timing = AnimationTiming(
      beginTime: beginTime, duration: duration, repeatCount: repeatCount,
      autoreverses: autoreverses, fillMode: fillMode, timingFunction: timingFunction)
  }

  /// Point and tangent angle (radians, clockwise from +x) at a fraction of the arc length,
  /// or nil for a path with no length-carrying segment.
  public func sample(atFraction fraction: Double) -> (point: Point, angle: Double)? {
    let segments = PathAnimation.flatten(path)
    let total = segments.reduce(0) { $0 + $1.length }
    guard total > 0 else { return nil }
    var remaining = min(max(fraction, 0), 1) * total
    for (index, segment) in segments.enumerated() where segment.length > 0 {
      let isLast = !segments[(index + 1)...].contains { $0.length > 0 }
      if remaining <= segment.length || isLast {
        let u = min(remaining / segment.length, 1)
        let point = segment.start + (segment.end - segment.start) * u
        let delta = segment.end - segment.start
        return (point, atan2(delta.y, delta.x))
      }
      remaining -= segment.length
    }
    return nil
  }

  struct Segment {
    var start: Point
    var end: Point
    var length: Double {
      ((end.x - start.x) * (end.x - start.x) + (end.y - start.y) * (end.y - start.y)).squareRoot()
    }
  }

  static func flatten(_ path: Path) -> [Segment] {
    var segments: [Segment] = []
    var current = Point.zero
    var subpathStart = Point.zero
    let steps = 32
    for element in path.elements {
      switch element {
      case .move(let point):
        current = point
        subpathStart = point
      case .line(let point):
        segments.append(Segment(start: current, end: point))
        current = point
      case .quadCurve(let point, let control):
        let start = current
        for step in 1...steps {
          let t = Double(step) / Double(steps)
          let u = 1 - t
          let next = start * (u * u) + control * (2 * u * t) + point * (t * t)
          segments.append(Segment(start: current, end: next))
          current = next
        }
      case .curve(let point, let control1, let control2):
        let start = current
        for step in 1...steps {
          let t = Double(step) / Double(steps)
          let u = 1 - t
          let next =
            start * (u * u * u) + control1 * (3 * u * u * t) + control2 * (3 * u * t * t)
            + point * (t * t * t)
          segments.append(Segment(start: current, end: next))
          current = next
        }
      case .close:
        segments.append(Segment(start: current, end: subpathStart))
        current = subpathStart
      }
    }
    return segments
  }

  public func apply(to presentation: inout LayerProperties, model: LayerProperties, at time: Double)
  {
    guard let phase = timing.phase(at: time),
      let sample = sample(atFraction: timing.timingFunction.progress(phase.fraction))
    else { return }
    store(
      sample.point, into: &presentation, property: property, additive: isAdditive,
      cumulative: false, iteration: 0, passChange: .zero)
    switch rotationMode {
    case .none: break
    case .auto: presentation.rotationZ = sample.angle
    case .autoReverse: presentation.rotationZ = sample.angle + .pi
    }
  }
}
