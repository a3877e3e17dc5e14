import AVFoundationCompat
import Foundation
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
    #expect(CMTimeAdd(third, half).value == 5)
    #expect(CMTime(value: 1, timescale: 2) == CMTime(value: 2, timescale: 4))
    #expect(
      [CMTime(value: 3, timescale: 30), CMTime(value: 1, timescale: 30)].min()
        == CMTime(value: 1, timescale: 30))
    #expect(!(CMTime.positiveInfinity + CMTime.negativeInfinity).isValid)
    #expect(CMTime(seconds: 2.5, preferredTimescale: 600).value == 1500)
  }

  @Test("equal timescales are kept; subtraction follows the same rules")
  func subtraction() {
    let difference = CMTimeSubtract(
      CMTime(value: 90, timescale: 30), CMTime(value: 30, timescale: 30))
    #expect(difference.value == 60)
    #expect(difference.timescale == 30)
    #expect(
      CMTime(value: 1, timescale: 10) - CMTime(value: 1, timescale: 5)
        == CMTime(value: -1, timescale: 10))
    #expect((CMTime.zero - CMTime.positiveInfinity).isNegativeInfinity)
  }

  @Test("the non-numeric kinds follow CoreMedia's rules in arithmetic")
  func specialValues() {
    let one = CMTime(value: 1, timescale: 1)
    #expect(CMTIME_IS_INVALID(kCMTimeInvalid + one))
    #expect(CMTIME_IS_INVALID(CMTimeAdd(kCMTimePositiveInfinity, kCMTimeNegativeInfinity)))
    #expect(CMTIME_IS_INDEFINITE(kCMTimeIndefinite + one))
    #expect(CMTIME_IS_POSITIVE_INFINITY(kCMTimePositiveInfinity + one))
    #expect(CMTIME_IS_NEGATIVE_INFINITY(one - kCMTimePositiveInfinity))
    #expect(CMTIME_IS_NEGATIVEINFINITY(one - kCMTimePositiveInfinity))
    #expect(CMTIME_IS_POSITIVEINFINITY(kCMTimePositiveInfinity))
    #expect(CMTIME_IS_VALID(kCMTimeIndefinite))
    #expect(!CMTIME_IS_NUMERIC(kCMTimeIndefinite))
    #expect(CMTIME_IS_NUMERIC(kCMTimeZero))
    #expect(kCMTimeZero == .zero && kCMTimeZero.value == 0 && kCMTimeZero.timescale == 1)
    #expect(!CMTime().isValid)
    #expect(CMTime().flags.isEmpty)
    #expect(kCMTimeMaxTimescale == Int32.max)
  }

  @Test("the order is −∞ < numeric < indefinite < +∞ < invalid")
  func order() {
    let shuffled: [CMTime] = [
      .invalid, .positiveInfinity, CMTimeMake(value: 5, timescale: 1), .indefinite,
      .negativeInfinity, CMTimeMake(value: -5, timescale: 1),
    ]
    let sorted = shuffled.sorted()
    #expect(sorted[0].isNegativeInfinity)
    #expect(sorted[1].value == -5)
    #expect(sorted[2].value == 5)
    #expect(sorted[3].isIndefinite)
    #expect(sorted[4].isPositiveInfinity)
    #expect(!sorted[5].isValid)
    #expect(
      CMTimeCompare(CMTimeMake(value: 1, timescale: 2), CMTimeMake(value: 2, timescale: 4)) == 0)
    #expect(CMTimeCompare(kCMTimeZero, kCMTimeInvalid) == -1)
    #expect(CMTimeCompare(kCMTimePositiveInfinity, kCMTimeIndefinite) == 1)
    #expect(
      Set([CMTimeMake(value: 1, timescale: 2), CMTimeMake(value: 2, timescale: 4)]).count == 1)
  }

  @Test("seconds: from seconds rounds half away from zero; invalid and NaN cases")
  func seconds() {
    let time = CMTimeMakeWithSeconds(2.5, preferredTimescale: 600)
    #expect(time.value == 1500 && time.timescale == 600)
    #expect(CMTimeGetSeconds(time) == 2.5)
    #expect(CMTimeMakeWithSeconds(1.0 / 3.0, preferredTimescale: 30).value == 10)
    #expect(CMTimeMakeWithSeconds(-0.05, preferredTimescale: 10).value == -1)
    #expect(CMTimeMakeWithSeconds(1.0 / 3.0, preferredTimescale: 30).hasBeenRounded)
    #expect(!CMTimeMakeWithSeconds(0.5, preferredTimescale: 2).hasBeenRounded)
    let roundedInfinity = CMTime(
      value: 0, timescale: 0, flags: [.valid, .positiveInfinity, .hasBeenRounded], epoch: 0)
    #expect(!roundedInfinity.hasBeenRounded)
    #expect(!CMTime(seconds: 1, preferredTimescale: 0).isValid)
    #expect(!CMTime(seconds: .nan, preferredTimescale: 600).isValid)
    #expect(CMTime(seconds: .infinity, preferredTimescale: 600).isPositiveInfinity)
    #expect(CMTimeGetSeconds(kCMTimeInvalid).isNaN)
    #expect(CMTimeGetSeconds(kCMTimeIndefinite).isNaN)
    #expect(CMTimeGetSeconds(kCMTimeNegativeInfinity) == -.infinity)
    #expect(!CMTimeMake(value: 1, timescale: 0).isValid)
    #expect(!CMTime(value: 1, timescale: -3).isValid)
  }

  @Test("conversion rounds by the method asked for; the QuickTime method as Apple defines it")
  func conversion() {
    let eighth = CMTimeMake(value: 1, timescale: 8)
    let rounded = CMTimeConvertScale(eighth, timescale: 4, method: .default)
    #expect(rounded.value == 1 && rounded.timescale == 4)
    #expect(rounded.hasBeenRounded)
    #expect(CMTIME_HAS_BEEN_ROUNDED(rounded))
    #expect(eighth.convertScale(4, method: .roundTowardZero).value == 0)
    #expect(
      CMTimeMake(value: 3, timescale: 8).convertScale(4, method: .roundAwayFromZero).value == 2)
    #expect(
      CMTimeMake(value: -1, timescale: 8).convertScale(4, method: .roundTowardPositiveInfinity)
        .value == 0)
    #expect(
      CMTimeMake(value: -1, timescale: 8).convertScale(4, method: .roundTowardNegativeInfinity)
        .value == -1)
    #expect(
      CMTimeMake(value: -3, timescale: 8).convertScale(4, method: .roundHalfAwayFromZero).value
        == -2)
    // QuickTime: toward zero to a smaller timescale, away from zero to a larger one, and a
    // negative time never becomes 0.
    #expect(CMTimeMake(value: 3, timescale: 8).convertScale(4, method: .quickTime).value == 1)
    #expect(CMTimeMake(value: 1, timescale: 3).convertScale(10, method: .quickTime).value == 4)
    let negative = CMTimeMake(value: -1, timescale: 8).convertScale(4, method: .quickTime)
    #expect(negative.value == -1 && negative.timescale == 4)
    #expect(!CMTimeMake(value: 1, timescale: 3).convertScale(0, method: .default).isValid)
    #expect(kCMTimePositiveInfinity.convertScale(600, method: .default).isPositiveInfinity)
    #expect(CMTimeRoundingMethod.default == .roundHalfAwayFromZero)
    #expect(CMTimeRoundingMethod.roundHalfAwayFromZero.rawValue == 1)
    #expect(CMTimeRoundingMethod.quickTime.rawValue == 4)
    #expect(CMTimeRoundingMethod.roundTowardNegativeInfinity.rawValue == 6)
  }

  @Test("a rounded operand makes a rounded result")
  func roundedFlagIsCarried() {
    let rounded = CMTimeConvertScale(
      CMTimeMake(value: 1, timescale: 3), timescale: 10, method: .default)
    #expect(rounded.value == 3 && rounded.hasBeenRounded)
    let sum = rounded + CMTimeMake(value: 1, timescale: 10)
    #expect(sum.value == 4 && sum.hasBeenRounded)
    #expect(CMTimeMultiply(rounded, multiplier: 2).hasBeenRounded)
    #expect(
      !(CMTimeMake(value: 1, timescale: 10) + CMTimeMake(value: 1, timescale: 10)).hasBeenRounded)
    #expect(CMTimeFlags.hasBeenRounded.rawValue == 2)
    #expect(CMTimeFlags.valid.rawValue == 1)
    #expect(CMTimeFlags.positiveInfinity.rawValue == 4)
    #expect(CMTimeFlags.negativeInfinity.rawValue == 8)
    #expect(CMTimeFlags.indefinite.rawValue == 16)
  }

  @Test("multiplication by integers, ratios and floating-point factors")
  func multiplication() {
    let frame = CMTimeMake(value: 1, timescale: 30)
    let three = CMTimeMultiply(frame, multiplier: 3)
    #expect(three.value == 3 && three.timescale == 30)
    let half = CMTimeMultiplyByRatio(frame, multiplier: 1, divisor: 2)
    #expect(half.value == 1 && half.timescale == 60)
    #expect(!CMTimeMultiplyByRatio(frame, multiplier: 1, divisor: 0).isValid)
    let oneAndAHalf = CMTimeMultiplyByFloat64(CMTimeMake(value: 1, timescale: 1), multiplier: 1.5)
    #expect(oneAndAHalf.timescale == 65_536 && oneAndAHalf.value == 98_304)
    #expect(
      CMTimeMultiplyByFloat64(CMTimeMake(value: 2, timescale: 1), multiplier: 0.25).seconds == 0.5)
    #expect(!CMTimeMultiply(kCMTimePositiveInfinity, multiplier: 0).isValid)
    #expect(CMTimeMultiply(kCMTimePositiveInfinity, multiplier: -2).isNegativeInfinity)
  }

  @Test("minimum, maximum and absolute value")
  func minimumMaximumAbsolute() {
    let a = CMTimeMake(value: 1, timescale: 3)
    let b = CMTimeMake(value: 1, timescale: 2)
    #expect(CMTimeMinimum(a, b) == a)
    #expect(CMTimeMaximum(a, b) == b)
    #expect(!CMTimeMinimum(a, kCMTimeInvalid).isValid)
    #expect(!CMTimeMaximum(kCMTimeInvalid, b).isValid)
    #expect(CMTimeMaximum(a, kCMTimePositiveInfinity).isPositiveInfinity)
    let absolute = CMTimeAbsoluteValue(CMTimeMake(value: -3, timescale: 10))
    #expect(absolute.value == 3 && absolute.timescale == 10)
    #expect(CMTimeAbsoluteValue(kCMTimeNegativeInfinity).isPositiveInfinity)
    #expect(CMTimeAbsoluteValue(kCMTimeIndefinite).isIndefinite)
  }

  @Test("epochs: compared first, and times of different epochs do not add")
  func epochs() {
    let later = CMTimeMakeWithEpoch(value: 1, timescale: 1, epoch: 1)
    let earlier = CMTimeMakeWithEpoch(value: 5, timescale: 1, epoch: 0)
    #expect(later.epoch == 1)
    #expect(earlier < later)
    #expect(CMTimeCompare(later, earlier) == 1)
    #expect(later != CMTimeMake(value: 1, timescale: 1))
    #expect(!(later + earlier).isValid)
    let sameEpoch = later + CMTimeMakeWithEpoch(value: 2, timescale: 1, epoch: 1)
    #expect(sameEpoch.value == 3 && sameEpoch.epoch == 1)
  }

  @Test("the four fields survive encoding and decoding")
  func codable() throws {
    let time = CMTimeMakeWithEpoch(value: 1001, timescale: 30000, epoch: 2)
    let decoded = try JSONDecoder().decode(CMTime.self, from: JSONEncoder().encode(time))
    #expect(decoded == time)
    #expect(decoded.value == 1001 && decoded.timescale == 30000 && decoded.epoch == 2)
    #expect(decoded.flags == .valid)
    let infinity = try JSONDecoder().decode(
      CMTime.self, from: JSONEncoder().encode(kCMTimePositiveInfinity))
    #expect(infinity.isPositiveInfinity)
  }

  @Test("description names the value or the kind")
  func description() {
    #expect("\(CMTimeMake(value: 3, timescale: 2))" == "CMTime(3/2 = 1.5)")
    #expect("\(kCMTimeInvalid)" == "CMTime(invalid)")
  }
}
