import Foundation
import ReelAnimation
import Testing

@Suite("Timing functions")
struct TimingFunctionTests {
  @Test("Named curves match Core Animation's values (semantics §5)")
  func namedCurves() {
    #expect(approx(TimingFunction.easeIn.progress(0.5), 0.3154, 1e-3))
    #expect(approx(TimingFunction.easeOut.progress(0.5), 0.6846, 1e-3))
    #expect(approx(TimingFunction.easeInEaseOut.progress(0.25), 0.1292, 1e-3))
    #expect(approx(TimingFunction.default.progress(0.5), 0.8024, 1e-3))
    #expect(approx(TimingFunction.linear.progress(0.37), 0.37))
  }

  @Test("Custom curves are solved to 1e-6 against a brute-force bisection")
  func customCurveAccuracy() {
    let curve = TimingFunction(0.7, -0.4, 0.2, 1.3)
    func coordinate(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
      3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
    }
    for step in 0...100 {
      let x = Double(step) / 100
      var low = 0.0
      var high = 1.0
      for _ in 0..<200 {
        let middle = (low + high) / 2
        if coordinate(middle, 0.7, 0.2) < x { low = middle } else { high = middle }
      }
      let expected = coordinate((low + high) / 2, -0.4, 1.3)
      #expect(approx(curve.progress(x), expected, 1e-6), "x = \(x)")
    }
  }

  @Test("Ends are exact and inputs are clamped")
  func ends() {
    #expect(TimingFunction.easeInEaseOut.progress(0) == 0)
    #expect(TimingFunction.easeInEaseOut.progress(1) == 1)
    #expect(TimingFunction.easeIn.progress(-1) == 0)
    #expect(TimingFunction.easeIn.progress(2) == 1)
  }
}

@Suite("Animation timing")
struct AnimationTimingTests {
  @Test("duration 1, repeatCount 2.5: progress 0.25 at 2.25 and 0.5 from 2.5 on (fill forwards)")
  func fractionalRepeat() throws {
    let timing = AnimationTiming(duration: 1, repeatCount: 2.5, fillMode: .forwards)
    let at225 = try #require(timing.phase(at: 2.25))
    #expect(approx(at225.fraction, 0.25))
    #expect(at225.iteration == 2)
    #expect(approx(try #require(timing.phase(at: 2.5)).fraction, 0.5))
    #expect(approx(try #require(timing.phase(at: 7)).fraction, 0.5))
  }

  @Test("autoreverses, duration 1: 0.5 at 1.5, 0 at 2")
  func autoreverses() throws {
    let animation = BasicAnimation(.opacity, from: 0, to: 1, duration: 1, autoreverses: true)
    #expect(approx(presented(animation, at: 0.5).opacity, 0.5))
    #expect(approx(presented(animation, at: 1.5).opacity, 0.5))
    #expect(approx(presented(animation, at: 2).opacity, 0))
    #expect(approx(presented(animation, at: 1).opacity, 1))
  }

  @Test("duration ≤ 0 means 0.25 s")
  func defaultDuration() {
    for duration in [0.0, -3.0] {
      let animation = BasicAnimation(.opacity, from: 0, to: 1, duration: duration)
      #expect(animation.timing.effectiveDuration == 0.25)
      #expect(approx(presented(animation, at: 0.125).opacity, 0.5))
    }
  }

  @Test("speed scales local time; timeOffset shifts it")
  func speedAndOffset() {
    var fast = BasicAnimation(.positionX, from: 0, to: 100, duration: 1)
    fast.timing.speed = 2
    #expect(approx(presented(fast, at: 0.25).position.x, 50))
    #expect(approx(presented(fast, at: 0.5).position.x, 100))
    var offset = BasicAnimation(.positionX, from: 0, to: 100, duration: 1)
    offset.timing.timeOffset = 0.5
    #expect(approx(presented(offset, at: 0).position.x, 50))
    #expect(approx(presented(offset, at: 0.25).position.x, 75))
    var both = BasicAnimation(.positionX, from: 0, to: 100, beginTime: 1, duration: 1)
    both.timing.speed = 0.5
    #expect(approx(presented(both, at: 2).position.x, 50))
  }

  @Test(
    "Fill modes decide before and after",
    arguments: [
      (FillMode.removed, 5.0, 5.0), (.forwards, 5.0, 10.0), (.backwards, 0.0, 5.0),
      (.both, 0.0, 10.0),
    ])
  func fillModes(mode: FillMode, before: Double, after: Double) {
    var model = LayerProperties()
    model.position.x = 5
    let animation = BasicAnimation(
      .positionX, from: 0, to: 10, beginTime: 1, duration: 1, fillMode: mode)
    #expect(approx(presented(animation, model: model, at: 0.5).position.x, before))
    #expect(approx(presented(animation, model: model, at: 1.5).position.x, 5))
    #expect(approx(presented(animation, model: model, at: 2.5).position.x, after))
  }

  @Test("Default fill is forwards: holds the end, shows the model before the begin time")
  func defaultFill() {
    #expect(AnimationTiming().fillMode == .forwards)
    let fadeIn = BasicAnimation(.opacity, from: 0, to: 1, beginTime: 1, duration: 1)
    var model = LayerProperties()
    model.opacity = 0
    #expect(presented(fadeIn, model: model, at: 0.5).opacity == 0)
    #expect(approx(presented(fadeIn, model: model, at: 1.5).opacity, 0.5))
    #expect(presented(fadeIn, model: model, at: 5).opacity == 1)
    let fadeOut = BasicAnimation(.opacity, from: 1, to: 0, beginTime: 3, duration: 1)
    // Stacked in time order, fade out holds 0 after it ends instead of snapping back.
    let layer = Layer(properties: model, animations: [fadeIn, fadeOut])
    #expect(layer.presentation(atSeconds: 2.5).opacity == 1)
    #expect(approx(layer.presentation(atSeconds: 3.5).opacity, 0.5))
    #expect(layer.presentation(atSeconds: 9).opacity == 0)
  }

  @Test("repeatDuration overrides repeatCount; infinity repeats forever")
  func repeatDurationAndForever() throws {
    var timing = AnimationTiming(duration: 1, repeatCount: 10)
    timing.repeatDuration = 1.5
    #expect(timing.activeDuration == 1.5)
    #expect(approx(try #require(timing.phase(at: 4)).fraction, 0.5))
    let forever = AnimationTiming(duration: 2, repeatCount: .infinity)
    #expect(approx(try #require(forever.phase(at: 1000.5)).fraction, 0.25))
  }

  @Test("Composition Time and seconds evaluate alike")
  func rationalTime() {
    let layer = Layer().adding(BasicAnimation(.opacity, from: 0, to: 1, duration: 2))
    #expect(approx(layer.presentation(at: Time(value: 3, timescale: 4)).opacity, 0.375))
  }
}
