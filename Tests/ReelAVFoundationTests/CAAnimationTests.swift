import AVFoundationCompat
import Testing

@Suite("CAAnimation and timing")
struct CAAnimationTests {
  @Test("Defaults are Core Animation's: fill removed, removed on completion, duration 0")
  func defaults() {
    let animation = CABasicAnimation(keyPath: "opacity")
    #expect(animation.keyPath == "opacity")
    #expect(animation.fillMode == .removed && animation.isRemovedOnCompletion)
    #expect(animation.beginTime == 0 && animation.duration == 0 && animation.speed == 1)
    #expect(
      animation.repeatCount == 0 && !animation.autoreverses && animation.timingFunction == nil)
    #expect(!animation.isAdditive && !animation.isCumulative)
    let keyframes = CAKeyframeAnimation(keyPath: "position")
    #expect(keyframes.calculationMode == .linear && keyframes.rotationMode == nil)
    let spring = CASpringAnimation(keyPath: "position.x")
    #expect(spring.mass == 1 && spring.stiffness == 100 && spring.damping == 10)
    #expect(spring.initialVelocity == 0)
  }

  @Test("Raw values are Apple's strings; AVCoreAnimationBeginTimeAtZero is 1e-100")
  func rawValues() {
    #expect(AVCoreAnimationBeginTimeAtZero == 1e-100)
    #expect(
      [CAMediaTimingFillMode.forwards, .backwards, .both, .removed].map(\.rawValue)
        == ["forwards", "backwards", "both", "removed"])
    #expect(
      [CAMediaTimingFunctionName.linear, .easeIn, .easeOut, .easeInEaseOut, .default].map(
        \.rawValue)
        == ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"])
    #expect(
      [CAAnimationCalculationMode.linear, .discrete, .paced, .cubic, .cubicPaced].map(\.rawValue)
        == ["linear", "discrete", "paced", "cubic", "cubicPaced"])
    #expect(CAAnimationRotationMode.rotateAuto.rawValue == "auto")
    #expect(CAAnimationRotationMode.rotateAutoReverse.rawValue == "autoReverse")
  }

  @Test("Timing functions carry their control points")
  func timingFunctions() {
    var point: [Float] = [0, 0]
    CAMediaTimingFunction(name: .easeIn).getControlPoint(at: 1, values: &point)
    #expect(point == [0.42, 0])
    CAMediaTimingFunction(name: .default).getControlPoint(at: 2, values: &point)
    #expect(point == [0.25, 1])
    let custom = CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4)
    custom.getControlPoint(at: 2, values: &point)
    #expect(abs(point[0] - 0.3) < 1e-6 && abs(point[1] - 0.4) < 1e-6)
    custom.getControlPoint(at: 3, values: &point)
    #expect(point == [1, 1])
    #expect(CAMediaTimingFunction(name: .easeOut) == CAMediaTimingFunction(name: .easeOut))
  }

  @Test("copy() copies every property, a group's children too")
  func copying() throws {
    let child = CABasicAnimation(keyPath: "opacity")
    child.fromValue = 1
    child.duration = 2
    let group = CAAnimationGroup()
    group.animations = [child]
    group.beginTime = 3
    group.fillMode = .both
    group.isRemovedOnCompletion = false
    let copy = try #require(group.copy() as? CAAnimationGroup)
    #expect(copy !== group && copy.beginTime == 3 && copy.fillMode == .both)
    #expect(!copy.isRemovedOnCompletion)
    let copiedChild = try #require(copy.animations?.first as? CABasicAnimation)
    #expect(copiedChild !== child && copiedChild.duration == 2)
    #expect(copiedChild.fromValue as? Int == 1 && copiedChild.keyPath == "opacity")
    let keyframes = CAKeyframeAnimation(keyPath: "position.x")
    keyframes.values = [0, 10]
    keyframes.keyTimes = [0, 1]
    keyframes.calculationMode = .discrete
    let keyCopy = try #require(keyframes.copy() as? CAKeyframeAnimation)
    #expect(keyCopy.values?.count == 2 && keyCopy.calculationMode == .discrete)
    let spring = CASpringAnimation(keyPath: "position.x")
    spring.damping = 5
    #expect((spring.copy() as? CASpringAnimation)?.damping == 5)
  }

  @Test("CASpringAnimation's settling duration comes from Reel's spring")
  func settling() {
    let spring = CASpringAnimation(keyPath: "position.x")
    spring.damping = 5
    #expect(abs(spring.settlingDuration - 2.78) < 0.05)
    spring.damping = 15
    #expect(abs(spring.settlingDuration - 0.98) < 0.05)
  }

  @Test("CATransaction members are no-ops that remember what was set; media time advances")
  func transaction() {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    CATransaction.setAnimationDuration(1.5)
    #expect(CATransaction.disableActions())
    #expect(CATransaction.animationDuration() == 1.5)
    CATransaction.commit()
    CATransaction.setDisableActions(false)
    let start = CACurrentMediaTime()
    #expect(CACurrentMediaTime() >= start)
  }
}
