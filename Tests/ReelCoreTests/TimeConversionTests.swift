import Foundation
import ReelCore
import Testing

@Suite("Time timescale conversion, seconds and decimal text")
struct TimeConversionTests {
  @Test func oneEighthToTimescaleFour() {
    let rounded = time(1, 8).converted(toTimescale: 4)
    #expect(rounded.value == 1 && rounded.timescale == 4 && rounded.hasBeenRounded)
    let truncated = time(1, 8).converted(toTimescale: 4, rounding: .towardZero)
    #expect(truncated.value == 0 && truncated.timescale == 4 && truncated.hasBeenRounded)
    let exact = time(2, 8).converted(toTimescale: 4)
    #expect(exact.value == 1 && exact.timescale == 4 && !exact.hasBeenRounded)
  }

  /// The stdlib's `Double` rounding rule matching each method: an independent oracle.
  static let oracle: [(Time.RoundingMethod, FloatingPointRoundingRule)] = [
    (.halfAwayFromZero, .toNearestOrAwayFromZero), (.towardZero, .towardZero),
    (.awayFromZero, .awayFromZero), (.towardPositiveInfinity, .up),
    (.towardNegativeInfinity, .down),
  ]

  @Test func everyRoundingModeOnPositiveAndNegativeValues() {
    // Quarter steps from −2.5 to 2.5 s at timescale 4 → timescale 1, plus sevenths → thirds.
    // Small values: the Double quotient is exact at every integer and half-integer.
    let cases: [(Int64, Int32, Int32)] =
      (-10...10).map { (Int64($0), 4, 1) } + (-15...15).map { (Int64($0), 7, 3) }
    for (method, rule) in Self.oracle {
      for (value, from, to) in cases {
        let converted = time(value, from).converted(toTimescale: to, rounding: method)
        let quotient = Double(value * Int64(to)) / Double(from)
        #expect(converted.timescale == to)
        #expect(converted.value == Int64(quotient.rounded(rule)), "\(value)/\(from) \(method)")
        #expect(converted.hasBeenRounded == (quotient != quotient.rounded()), "\(value)/\(from)")
      }
    }
    // The table from the documentation, written out.
    #expect(time(3, 2).converted(toTimescale: 1).value == 2)
    #expect(time(-3, 2).converted(toTimescale: 1).value == -2)
    #expect(time(-3, 2).converted(toTimescale: 1, rounding: .towardZero).value == -1)
    #expect(time(-6, 5).converted(toTimescale: 1, rounding: .awayFromZero).value == -2)
    #expect(time(-17, 10).converted(toTimescale: 1, rounding: .towardPositiveInfinity).value == -1)
    #expect(time(-6, 5).converted(toTimescale: 1, rounding: .towardNegativeInfinity).value == -2)
  }

  @Test func conversionEdgeCases() {
    #expect(time(Int64.max, 1).converted(toTimescale: 2).isPositiveInfinity)
    #expect(time(Int64.min, 1).converted(toTimescale: 2).isNegativeInfinity)
    #expect(!time(1, 2).converted(toTimescale: 0).isValid)
    #expect(!time(1, 2).converted(toTimescale: -5).isValid)
    #expect(Time.indefinite.converted(toTimescale: 10).isIndefinite)
    #expect(Time.negativeInfinity.converted(toTimescale: 10).isNegativeInfinity)
    // A huge value into a smaller timescale: exact 128-bit intermediate.
    let scaledDown = time(Int64.max, Int32.max).converted(toTimescale: 1)
    #expect(scaledDown.value == 4_294_967_298)  // (2⁶³−1)/(2³¹−1) = 4294967298.000000002
  }

  @Test func secondsWithPreferredTimescale() {
    let made = Time(seconds: 2.5, preferredTimescale: 600)
    #expect(made.value == 1500 && made.timescale == 600 && !made.hasBeenRounded)
    let third = Time(seconds: 1.0 / 3.0, preferredTimescale: 30)
    #expect(third.value == 10 && third.timescale == 30 && third.hasBeenRounded)
    let negative = Time(seconds: -0.75, preferredTimescale: 1000)
    #expect(negative.value == -750 && !negative.hasBeenRounded)
    // The Double nearest 0.0025 is 0.00250000000000000005…: 0.500000000000000010 units → 1.
    let nearHalf = Time(seconds: -0.0025, preferredTimescale: 200)
    #expect(nearHalf.value == -1 && nearHalf.hasBeenRounded)
    let exactHalf = Time(seconds: -0.5, preferredTimescale: 1)  // exactly −0.5 → −1
    #expect(exactHalf.value == -1 && exactHalf.hasBeenRounded)
    #expect(!Time(seconds: 1, preferredTimescale: 0).isValid)
    #expect(!Time(seconds: 1, preferredTimescale: -600).isValid)
    #expect(!Time(seconds: .nan, preferredTimescale: 600).isValid)
    #expect(Time(seconds: .infinity, preferredTimescale: 600).isPositiveInfinity)
    #expect(Time(seconds: -.infinity, preferredTimescale: 600).isNegativeInfinity)
  }

  @Test func secondsOverflowHalvesTheTimescale() {
    // 10¹⁶ s at 1000 is 10¹⁹ > Int64.max; at 500 it is 5·10¹⁸ exactly.
    let big = Time(seconds: 1e16, preferredTimescale: 1000)
    #expect(big.value == 5_000_000_000_000_000_000 && big.timescale == 500)
    #expect(Time(seconds: 1e30, preferredTimescale: 600).isPositiveInfinity)
    #expect(Time(seconds: -1e30, preferredTimescale: 600).isNegativeInfinity)
    #expect(Time(seconds: .greatestFiniteMagnitude, preferredTimescale: 1).isPositiveInfinity)
  }

  @Test func tinySecondsRoundToZero() {
    let tiny = Time(seconds: 1e-300, preferredTimescale: 600)
    #expect(tiny.value == 0 && tiny.hasBeenRounded)
    let subnormal = Time(seconds: .leastNonzeroMagnitude, preferredTimescale: Int32.max)
    #expect(subnormal.value == 0 && subnormal.hasBeenRounded)
    let negativeTiny = Time(seconds: -1e-20, preferredTimescale: 1000)
    #expect(negativeTiny.value == 0 && negativeTiny == .zero)
  }

  @Test func secondsOfSpecialTimes() {
    #expect(Time.invalid.seconds.isNaN)
    #expect(Time.indefinite.seconds.isNaN)
    #expect(Time.positiveInfinity.seconds == .infinity)
    #expect(Time.negativeInfinity.seconds == -.infinity)
    #expect(time(3, 10).seconds == 0.3)
    #expect(time(-1, 4).seconds == -0.25)
  }

  @Test(arguments: [Int32(1), 24, 30, 600, 1000, 44_100, 90_000, Int32.max])
  func secondsRoundTrip(timescale: Int32) {
    // Values below 2⁵³ survive value → seconds → value at the same timescale.
    let values: [Int64] = [0, 1, -1, 7, -123_456, 1_000_003, Int64(1) << 40, -(Int64(1) << 50)]
    for value in values {
      let original = time(value, timescale)
      let back = Time(seconds: original.seconds, preferredTimescale: timescale)
      #expect(back.value == value && back.timescale == timescale, "\(original) → \(back)")
    }
    // And seconds → time → seconds lands within half a unit.
    for seconds in [0.1, 2.5, -7.3, 3600.04, 1e-6] {
      let made = Time(seconds: seconds, preferredTimescale: timescale)
      #expect(abs(made.seconds - seconds) <= 0.5 / Double(timescale) * (1 + 1e-12))
    }
  }

  @Test func decimalTextIsExact() throws {
    let tenths = try #require(Time(decimalString: "0.3"))
    #expect(tenths.value == 3 && tenths.timescale == 10 && !tenths.hasBeenRounded)
    #expect(tenths == time(3, 10))
    #expect(tenths != Time(seconds: 0.3, preferredTimescale: Int32.max))

    let cases: [(String, Int64, Int32)] = [
      ("2.5", 5, 2), ("-1.25", -5, 4), ("10", 10, 1), ("1e-3", 1, 1000), ("1.5E2", 150, 1),
      ("+0.5", 1, 2), ("0", 0, 1), ("-0", 0, 1), ("0.000", 0, 1), ("007.50", 15, 2),
      ("0.5000000000000000000000000000000000000000", 1, 2), ("25e-1", 5, 2),
      ("0.0009765625", 1, 1024), ("0.000000001", 1, 1_000_000_000),
      ("1e18", 1_000_000_000_000_000_000, 1),
      ("9223372036854775807", Int64.max, 1), ("-9223372036854775808", Int64.min, 1),
      ("0e999999999999", 0, 1), ("123.456", 15432, 125), ("1E+2", 100, 1),
    ]
    for (text, value, timescale) in cases {
      let parsed = try #require(Time(decimalString: text), "\(text)")
      #expect(parsed.value == value && parsed.timescale == timescale, "\(text) → \(parsed)")
    }
  }

  @Test(arguments: [
    "", "abc", "1.", ".5", "1e", "1e+", "1.2.3", " 1", "1 ", "0x10", "NaN", "inf", "--1", "+-1",
    "1,5", "½", "١", "1e-3.5", "-", "1_000",
  ])
  func decimalJunkIsRejected(text: String) {
    #expect(Time(decimalString: text) == nil)
  }

  @Test(arguments: [
    "0.1234567891",  // denominator 10¹⁰ > Int32.max
    "0.0000000001", "1e-31", "1e-10", "9223372036854775808", "-9223372036854775809",
    "12345678901234567890", "1e19", "1e999999999999", "3.14159265358979323846264338327950288",
    "100000000000000000000000000000000000000000000",
  ])
  func decimalTooLongIsRejected(text: String) {
    #expect(Time(decimalString: text) == nil)
  }

  @Test func decimalValues() throws {
    let third = try #require(Decimal(string: "0.3"))
    #expect(Time(exactly: third) == time(3, 10))
    let negative = try #require(Decimal(string: "-1.25"))
    #expect(Time(exactly: negative) == time(-5, 4))
    let milli = try #require(Decimal(string: "1e-3"))
    #expect(Time(exactly: milli) == time(1, 1000))
    #expect(Time(exactly: Decimal(1500)) == time(1500, 1))
    #expect(Time(exactly: Decimal.nan) == nil)
    let long = try #require(Decimal(string: "0.12345678912345"))
    #expect(Time(exactly: long) == nil)
  }
}
