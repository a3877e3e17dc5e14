import Reel
import Testing

/// The ramp rules of ``ParameterTimeline``, shared by layer instructions (opacity, transform,
/// crop) and audio mix parameters (volume).
@Suite("Parameter timeline")
struct ParameterTimelineTests {
  @Test func beforeTheFirstKeyTheDefaultHolds() {
    var timeline = ParameterTimeline<Double>(defaultValue: 1)
    #expect(timeline.value(at: seconds(3)) == 1)
    timeline.setValue(0.5, at: seconds(2))
    #expect(timeline.value(at: seconds(1)) == 1)
    #expect(timeline.value(at: .invalid) == 1)
    #expect(ParameterTimeline<Rect>(defaultValue: nil).value(at: seconds(1)) == nil)
  }

  @Test func aKeyWithTheSameStartReplacesTheEarlierOne() {
    var timeline = ParameterTimeline<Double>(defaultValue: 1)
    timeline.setRamp(from: 0, to: 1, timeRange: range(2, 2))
    timeline.setValue(0.25, at: seconds(2))
    #expect(timeline.ramps.count == 1)
    #expect(timeline.value(at: seconds(3)) == 0.25)
  }

  @Test func whenRangesOverlapTheLaterStartingKeyWins() {
    var timeline = ParameterTimeline<Double>(defaultValue: 1)
    timeline.setRamp(from: 0, to: 1, timeRange: range(0, 4))
    timeline.setValue(0.8, at: seconds(2))
    #expect(timeline.ramps.map(\.timeRange.start) == [.zero, seconds(2)])
    #expect(timeline.value(at: seconds(1)) == 0.25)
    #expect(timeline.value(at: seconds(3)) == 0.8)
  }

  @Test func opacityRampIsLinearWithHoldsOnEitherSide() {
    var layer = LayerInstruction(trackID: TrackID(rawValue: 1))
    layer.setOpacityRamp(from: 1, to: 0, timeRange: range(2, 2))
    #expect(layer.opacity(at: seconds(1)) == 1)
    #expect(layer.opacity(at: seconds(3)) == 0.5)
    #expect(close(layer.opacity(at: time(5, 2)), 0.75))
    #expect(layer.opacity(at: seconds(4)) == 0)
    #expect(layer.opacity(at: seconds(5)) == 0)
  }

  @Test func opacityStepsHoldUntilTheNextKey() {
    var layer = LayerInstruction(trackID: TrackID(rawValue: 1))
    layer.setOpacity(0.3, at: seconds(2))
    layer.setOpacity(0.8, at: seconds(4))
    #expect(layer.opacity(at: seconds(1)) == 1)
    #expect(layer.opacity(at: seconds(2)) == 0.3)
    #expect(layer.opacity(at: time(39, 10)) == 0.3)
    #expect(layer.opacity(at: seconds(9)) == 0.8)
  }

  @Test func transformRampInterpolatesComponents() {
    var layer = LayerInstruction(trackID: TrackID(rawValue: 1))
    #expect(layer.transform(at: seconds(1)) == .identity)
    layer.setTransformRamp(
      from: .identity, to: Transform2D(translationX: 100, y: 0), timeRange: range(0, 2))
    #expect(layer.transform(at: seconds(1)) == Transform2D(translationX: 50, y: 0))
    #expect(layer.transform(at: seconds(3)) == Transform2D(translationX: 100, y: 0))
    // Components blend independently: halfway between scale 1 and scale 3 is scale 2.
    layer.setTransformRamp(
      from: .identity, to: Transform2D(scaleX: 3, y: 3), timeRange: range(4, 2))
    #expect(layer.transform(at: seconds(5)) == Transform2D(scaleX: 2, y: 2))
  }

  @Test func cropRampInterpolatesOriginAndSize() {
    var layer = LayerInstruction(trackID: TrackID(rawValue: 1))
    #expect(layer.cropRectangle(at: seconds(1)) == nil)
    layer.setCropRectangleRamp(
      from: Rect(x: 0, y: 0, width: 320, height: 240),
      to: Rect(x: 100, y: 40, width: 120, height: 80),
      timeRange: range(2, 4))
    #expect(layer.cropRectangle(at: seconds(1)) == nil)
    #expect(layer.cropRectangle(at: seconds(3)) == Rect(x: 25, y: 10, width: 270, height: 200))
    #expect(layer.cropRectangle(at: seconds(7)) == Rect(x: 100, y: 40, width: 120, height: 80))
  }
}
