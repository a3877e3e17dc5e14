import Foundation
import ReelAnimation
import Testing

@Suite("Keyframe, path, group and spring animations")
struct KeyframeAnimationTests {
  @Test("keyframes [0,10,20] keyTimes [0,.5,1] duration 2 → 5 at 0.5")
  func linear() {
    let animation = KeyframeAnimation(
      .positionX, values: [0, 10, 20], keyTimes: [0, 0.5, 1], duration: 2)
    #expect(approx(presented(animation, at: 0.5).position.x, 5))
    #expect(approx(presented(animation, at: 1.5).position.x, 15))
    let uneven = KeyframeAnimation(
      .positionX, values: [0, 10, 20], keyTimes: [0, 0.2, 1], duration: 1)
    #expect(approx(presented(uneven, at: 0.1).position.x, 5))
    #expect(approx(presented(uneven, at: 0.6).position.x, 15))
  }

  @Test("paced [0,10,30] → 15 at half, whatever the key times")
  func paced() {
    let animation = KeyframeAnimation(
      .positionX, values: [0, 10, 30], keyTimes: [0, 0.9, 1], calculationMode: .paced, duration: 2)
    #expect(approx(presented(animation, at: 1).position.x, 15))
    #expect(approx(presented(animation, at: 0.5).position.x, 7.5))
    let points = KeyframeAnimation(
      .position, values: [Point(x: 0, y: 0), Point(x: 30, y: 40), Point(x: 30, y: 90)],
      calculationMode: .paced, duration: 1)
    // Total length 50 + 50: half way is the corner.
    #expect(presented(points, at: 0.5).position == Point(x: 30, y: 40))
  }

  @Test("discrete: value i holds from key time i until key time i + 1")
  func discrete() {
    let even = KeyframeAnimation(
      .opacity, values: [0, 0.5, 1], calculationMode: .discrete, duration: 3)
    #expect(presented(even, at: 0.5).opacity == 0)
    #expect(presented(even, at: 1.5).opacity == 0.5)
    #expect(presented(even, at: 2.9).opacity == 1)
    let timed = KeyframeAnimation(
      .opacity, values: [0, 0.5, 1], keyTimes: [0, 0.5, 0.9], calculationMode: .discrete,
      duration: 1)
    #expect(presented(timed, at: 0.6).opacity == 0.5)
    #expect(presented(timed, at: 0.95).opacity == 1)
  }

  @Test("cubic: Catmull-Rom through the values")
  func cubic() {
    let values = [0.0, 10, 0, 10]
    let animation = KeyframeAnimation(
      .positionX, values: values, calculationMode: .cubic, duration: 3)
    // Standard Catmull-Rom polynomial, end points duplicated.
    func spline(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double, _ u: Double) -> Double {
      0.5
        * (2 * p1 + (-p0 + p2) * u + (2 * p0 - 5 * p1 + 4 * p2 - p3) * u * u
          + (-p0 + 3 * p1 - 3 * p2 + p3) * u * u * u)
    }
    #expect(approx(presented(animation, at: 0.5).position.x, spline(0, 0, 10, 0, 0.5)))
    #expect(approx(presented(animation, at: 1.25).position.x, spline(0, 10, 0, 10, 0.25)))
    #expect(approx(presented(animation, at: 2.5).position.x, spline(10, 0, 10, 10, 0.5)))
    #expect(approx(presented(animation, at: 1).position.x, 10))
    // It is not linear: the curve overshoots the straight line in segment 0.
    #expect(presented(animation, at: 0.5).position.x != 5)
  }

  @Test("Per-segment timing functions ease each segment")
  func segmentTiming() {
    let animation = KeyframeAnimation(
      .positionX, values: [0, 10, 20], timingFunctions: [.easeIn, .linear], duration: 2)
    #expect(approx(presented(animation, at: 0.5).position.x, 3.154, 1e-2))
    #expect(approx(presented(animation, at: 1.5).position.x, 15))
  }

  @Test("Cumulative keyframes add last − first per repeat")
  func cumulativeKeyframes() {
    let animation = KeyframeAnimation(
      .positionX, values: [0, 10], duration: 1, repeatCount: 3, cumulative: true)
    #expect(approx(presented(animation, at: 2.5).position.x, 25))
  }

  @Test("Path animation moves at constant speed and turns with rotation mode auto")
  func pathAnimation() {
    var path = Path()
    path.move(to: Point(x: 0, y: 0))
    path.addLine(to: Point(x: 100, y: 0))
    path.addLine(to: Point(x: 100, y: 100))
    let animation = PathAnimation(path: path, rotationMode: .auto, duration: 2)
    let early = presented(animation, at: 0.5)
    #expect(early.position == Point(x: 50, y: 0))
    #expect(approx(early.rotationZ, 0))
    let late = presented(animation, at: 1.5)
    #expect(approx(late.position, Point(x: 100, y: 50)))
    #expect(approx(late.rotationZ, .pi / 2))
    var curve = Path()
    curve.move(to: Point(x: 0, y: 0))
    curve.addCurve(
      to: Point(x: 100, y: 0), control1: Point(x: 0, y: 50), control2: Point(x: 100, y: 50))
    // Symmetric curve: half the arc length is its middle, (50, 37.5).
    let middle = presented(PathAnimation(path: curve, duration: 1), at: 0.5).position
    #expect(approx(middle, Point(x: 50, y: 37.5), 0.05))
  }

  @Test("10 s child in a 5 s group is cut at 5 s, not scaled")
  func groupClips() {
    var model = LayerProperties()
    model.opacity = 0.25
    let child = BasicAnimation(.opacity, from: 0, to: 1, duration: 10)
    let removed = AnimationGroup([child], duration: 5, fillMode: .removed)
    #expect(approx(presented(removed, model: model, at: 4).opacity, 0.4))
    #expect(presented(removed, model: model, at: 6).opacity == 0.25)
    let held = AnimationGroup([child], duration: 5)
    #expect(approx(presented(held, model: model, at: 6).opacity, 0.5))
  }

  @Test("Group children are timed in the group's local time")
  func groupTime() {
    let child = BasicAnimation(
      .positionX, from: 0, to: 10, beginTime: 1, duration: 1, fillMode: .removed)
    let group = AnimationGroup([child], beginTime: 2, duration: 4, fillMode: .removed)
    #expect(presented(group, at: 2.5).position.x == 0)
    #expect(approx(presented(group, at: 3.5).position.x, 5))
  }

  @Test("Spring settling durations: (1, 100, 5) ≈ 2.85 s, damping 15 ≈ 1.03 s")
  func springSettling() {
    let loose = SpringAnimation(.positionX, from: 0, to: 1, damping: 5)
    let firm = SpringAnimation(.positionX, from: 0, to: 1, damping: 15)
    #expect(approx(loose.settlingDuration, 2.85, 0.1))
    #expect(approx(firm.settlingDuration, 1.03, 0.06))
    #expect(loose.timing.duration == loose.settlingDuration)
    #expect(SpringAnimation(.positionX, to: 1, damping: 0).settlingDuration == .infinity)
  }

  @Test("Spring motion matches a numerically integrated oscillator")
  func springMotion() {
    for (damping, velocity) in [(5.0, 0.0), (20.0, 0.0), (30.0, 2.0), (10.0, -3.0)] {
      let spring = SpringAnimation(
        .positionX, from: 0, to: 100, damping: damping, initialVelocity: velocity, duration: 10)
      // RK4 on x'' = −k(x − 1) − c x' with x in distances (0 → 1), m = 1, k = 100.
      var x = 0.0
      var v = velocity
      let step = 1e-4
      var t = 0.0
      for checkpoint in [0.05, 0.2, 0.5, 1.0] {
        while t < checkpoint - step / 2 {
          func a(_ x: Double, _ v: Double) -> Double { -100 * (x - 1) - damping * v }
          let k1x = v
          let k1v = a(x, v)
          let k2x = v + step / 2 * k1v
          let k2v = a(x + step / 2 * k1x, v + step / 2 * k1v)
          let k3x = v + step / 2 * k2v
          let k3v = a(x + step / 2 * k2x, v + step / 2 * k2v)
          let k4x = v + step * k3v
          let k4v = a(x + step * k3x, v + step * k3v)
          x += step / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
          v += step / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
          t += step
        }
        #expect(
          approx(presented(spring, at: checkpoint).position.x, 100 * x, 1e-4),
          "c=\(damping) t=\(checkpoint)")
      }
    }
  }
}
