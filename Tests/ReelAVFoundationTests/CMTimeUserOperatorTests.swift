import AVFoundationCompat
import Testing

// Apple's SDK declares only `+`, `-` and the comparisons for CMTime, so ported code often
// declares its own operators (as these, from a widely used helper file). They must not clash
// with the module's: this file compiling is the test.
func * (time: CMTime, multiplier: Int32) -> CMTime {
  CMTimeMultiply(time, multiplier: multiplier)
}

func * (multiplier: Int32, time: CMTime) -> CMTime {
  CMTimeMultiply(time, multiplier: multiplier)
}

func * (time: CMTime, multiplier: Float64) -> CMTime {
  CMTimeMultiplyByFloat64(time, multiplier: multiplier)
}

@discardableResult
func += (left: inout CMTime, right: CMTime) -> CMTime {
  left = left + right
  return left
}

prefix func - (time: CMTime) -> CMTime { CMTimeMultiply(time, multiplier: -1) }

@Suite("CMTime: a program's own operators")
struct CMTimeUserOperatorTests {
  @Test("operators Apple does not declare can be declared by the program")
  func ownOperators() {
    let frame = CMTimeMake(value: 1, timescale: 30)
    #expect((frame * Int32(3)).value == 3)
    #expect((Int32(2) * frame).value == 2)
    #expect((CMTimeMake(value: 2, timescale: 1) * 0.5).seconds == 1)
    var total = CMTime.zero
    total += frame
    total += frame
    #expect(total == CMTimeMake(value: 2, timescale: 30))
    #expect((-frame).value == -1)
  }
}
