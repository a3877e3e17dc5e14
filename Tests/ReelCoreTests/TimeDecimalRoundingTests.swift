import ReelCore
import Testing

/// `Time(decimalString:roundingToTimescale:)`: exact when it can be, else the nearest unit.
@Suite struct TimeDecimalRoundingTests {
  static let nanoseconds: Int32 = 1_000_000_000

  @Test func exactDecimalsStayExact() throws {
    for (text, value, timescale) in [
      ("0.25", Int64(1), Int32(4)), ("1.5e0", 3, 2), ("10", 10, 1), ("1e-3", 1, 1000),
      ("-1.25", -5, 4), ("0", 0, 1),
    ] {
      let time = try #require(Time(decimalString: text, roundingToTimescale: Self.nanoseconds))
      #expect(time == Time(value: value, timescale: timescale), "\(text)")
      #expect(!time.hasBeenRounded, "\(text)")
      #expect(time.timescale == timescale, "\(text)")
    }
  }

  /// The Double nearest 23/30, as a program prints it: 766666667 ns, inside frame 23 at
  /// 30 fps (23/30 < t < 24/30), as the decimal value itself is.
  @Test func doublePrintedTimesRoundToTheNearestNanosecond() throws {
    let time = try #require(
      Time(decimalString: "0.7666666666666667", roundingToTimescale: Self.nanoseconds))
    #expect(time.value == 766_666_667 && time.timescale == Self.nanoseconds)
    #expect(time.hasBeenRounded)
    #expect(time > Time(value: 23, timescale: 30) && time < Time(value: 24, timescale: 30))

    let twelve = try #require(
      Time(decimalString: "0.123456789012", roundingToTimescale: Self.nanoseconds))
    #expect(twelve == Time(value: 123_456_789, timescale: Self.nanoseconds))
    #expect(
      Time(decimalString: "-0.7666666666666667", roundingToTimescale: Self.nanoseconds)
        == Time(value: -766_666_667, timescale: Self.nanoseconds))
    #expect(
      Time(decimalString: "0.00000000049999", roundingToTimescale: Self.nanoseconds)
        == .zero)
    #expect(
      Time(decimalString: "0.00000000050001", roundingToTimescale: Self.nanoseconds)
        == Time(value: 1, timescale: Self.nanoseconds))
  }

  @Test func extremeInputsDoNotTrap() {
    #expect(Time(decimalString: "1e-400", roundingToTimescale: Self.nanoseconds) == .zero)
    #expect(Time(decimalString: "1e30", roundingToTimescale: Self.nanoseconds) == nil)
    #expect(Time(decimalString: "1e999999999999", roundingToTimescale: Self.nanoseconds) == nil)
    #expect(
      Time(decimalString: "9223372036.8547758079", roundingToTimescale: Self.nanoseconds) == nil)
    let long = "0." + String(repeating: "3", count: 60)
    #expect(
      Time(decimalString: long, roundingToTimescale: Self.nanoseconds)
        == Time(value: 333_333_333, timescale: Self.nanoseconds))
    let wide = String(repeating: "1", count: 40) + "e-31"
    #expect(
      Time(decimalString: wide, roundingToTimescale: Self.nanoseconds)
        == Time(value: 111_111_111_111_111_111, timescale: Self.nanoseconds))
    for bad in ["", "1.", ".5", "1e", "0x10", "inf", "1 ", "--1"] {
      #expect(Time(decimalString: bad, roundingToTimescale: Self.nanoseconds) == nil, "\(bad)")
    }
    #expect(Time(decimalString: "1.5", roundingToTimescale: 0) == nil)
  }
}
