import AVFoundationCompat
import Testing

@Suite("CMTime")
struct CMTimeTests {
  @Test("times compare by value and add with the least common timescale")
  func arithmetic() {
    let third = CMTime(value: 1, timescale: 3)
    let half = CMTime(value: 1, timescale: 2)
    let sum = third + half
    #expect(sum == CMTime(value: 5, timescale: 6))
    #expect(sum.timescale == 6)
    #expect(CMTime(value: 1, timescale: 2) == CMTime(value: 2, timescale: 4))
    #expect(
      [CMTime(value: 3, timescale: 30), CMTime(value: 1, timescale: 30)].min()
        == CMTime(value: 1, timescale: 30))
    #expect(!(CMTime.positiveInfinity + CMTime.negativeInfinity).isValid)
    #expect(CMTime(seconds: 2.5, preferredTimescale: 600).value == 1500)
  }
}
