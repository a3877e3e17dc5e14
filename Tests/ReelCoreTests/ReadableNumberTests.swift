import ReelCore
import Testing

/// The one way numbers are written in messages, dumps and JSON; the cases are what the
/// copies it replaced wrote (template messages, `Time.readable`, `reel probe`, render-list
/// dumps, JSON output).
@Suite("Readable numbers")
struct ReadableNumberTests {
  @Test(
    "Shortest decimal that reads back, no trailing .0",
    arguments: [
      (30.0, "30"), (-2, "-2"), (0, "0"), (-0.0, "0"), (0.1, "0.1"), (1.5, "1.5"),
      (29.97, "29.97"), (0.5, "0.5"), (1e-5, "1e-05"), (1e300, "1e+300"), (-1e308, "-1e+308"),
      (1_048_576, "1048576"), (9.3e18, "9.3e+18"), (123_456.789_012_3, "123456.7890123"),
      (.infinity, "inf"), (-.infinity, "-inf"), (.nan, "nan"),
    ] as [(Double, String)])
  func unrounded(value: Double, text: String) {
    #expect(ReadableNumber.string(value) == text)
  }

  @Test(
    "Rounded to at most three decimals (probe rates, render-list dumps, CLI seconds)",
    arguments: [
      (23.976_023_976, "23.976"), (29.97, "29.97"), (30, "30"), (0.000_4, "0"), (-0.000_4, "0"),
      (0.000_5, "0.001"), (-0.000_5, "-0.001"), (2.999_6, "3"), (0.333_333, "0.333"),
      (1.0 / 3.0 * 1000, "333.333"), (-12.345_6, "-12.346"), (1e-5, "0"),
    ] as [(Double, String)])
  func threeDecimals(value: Double, text: String) {
    #expect(ReadableNumber.string(value, decimals: 3) == text)
  }

  @Test(
    "Rounded to at most six decimals (Time.readable)",
    arguments: [
      (1.0 / 29.97, "0.033367"), (5, "5"), (1.5, "1.5"), (0.000_000_4, "0"),
      (-0.000_000_4, "0"), (2.5e-7, "0"), (0.000_001, "1e-06"), (1e15, "1000000000000000"),
      (1e16, "1e+16"),
    ] as [(Double, String)])
  func sixDecimals(value: Double, text: String) {
    #expect(ReadableNumber.string(value, decimals: 6) == text)
  }

  @Test func secondsCarryTheirUnit() {
    #expect(ReadableNumber.seconds(1.5, decimals: 3) == "1.5 s")
    #expect(ReadableNumber.seconds(12, decimals: 3) == "12 s")
    #expect(ReadableNumber.seconds(0.033_366_7, decimals: 3) == "0.033 s")
    #expect(ReadableNumber.seconds(.infinity, decimals: 3) == "inf s")
  }
}
