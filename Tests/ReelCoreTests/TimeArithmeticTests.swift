import ReelCore
import Testing

@Suite("Time addition, subtraction and multiplication")
struct TimeArithmeticTests {
  @Test func differentTimescalesUseTheLeastCommonMultiple() {
    let sum = time(1, 3) + time(1, 2)
    #expect(sum.value == 5 && sum.timescale == 6 && !sum.hasBeenRounded)
    let other = time(1, 4) + time(1, 6)  // LCM 12: 3/12 + 2/12
    #expect(other.value == 5 && other.timescale == 12)
    let difference = time(1, 3) - time(1, 2)
    #expect(difference.value == -1 && difference.timescale == 6)
  }

  @Test func equalTimescalesAreKept() {
    let sum = time(2, 600) + time(4, 600)
    #expect(sum.value == 6 && sum.timescale == 600)
    let difference = time(2, 600) - time(4, 600)
    #expect(difference.value == -2 && difference.timescale == 600)
    var accumulated = Time.zero
    for _ in 0..<10 { accumulated += time(1, 10) }
    #expect(accumulated == time(1, 1))
    accumulated -= time(3, 10)
    #expect(accumulated == time(7, 10))
  }

  @Test func leastCommonMultipleAboveInt32MaxIsRoundedToInt32Max() {
    // A = 2³¹−1 and B = 2³¹−2 are coprime, so the LCM is A·B > Int32.max.
    let a: Int32 = 2_147_483_647
    let b: Int32 = 2_147_483_646
    // 1/A + (B/2)/B = 1/A + 1/2; at timescale A that is 1 + A/2 = 1073741824.5 units,
    // which rounds half away from zero to 1073741825.
    let sum = time(1, a) + time(Int64(b / 2), b)
    #expect(sum.timescale == Int32.max)
    #expect(sum.value == 1_073_741_825)
    #expect(sum.hasBeenRounded)
    let negative = time(-1, a) + time(-Int64(b / 2), b)
    #expect(negative.timescale == Int32.max && negative.value == -1_073_741_825)
    #expect(negative.hasBeenRounded)
    // 1/A + 1/B = (A + B)/(A·B); at timescale A: 1 + A/B = 2 + 1/B → 2, rounded.
    let small = time(1, a) + time(1, b)
    #expect(small.value == 2 && small.timescale == a && small.hasBeenRounded)
  }

  @Test func valueOverflowHalvesTheTimescale() {
    // (2⁶³−1 + 1)/1000 = 2⁶³/1000 does not fit; at timescale 500 it is 2⁶² exactly.
    let sum = time(Int64.max, 1000) + time(1, 1000)
    #expect(sum.timescale == 500 && sum.value == 1 << 62 && !sum.hasBeenRounded)
    // 2·(2⁶³−1)/3: halved 3 → 1: (2⁶⁴−2)/3 = 6148914691236517204.67 → …205, rounded.
    let odd = time(Int64.max, 3) + time(Int64.max, 3)
    #expect(odd.timescale == 1 && odd.value == 6_148_914_691_236_517_205 && odd.hasBeenRounded)
    // Negating Int64.min at timescale 2 halves to timescale 1: 2⁶² exactly.
    let negated = -time(Int64.min, 2)
    #expect(negated.value == 1 << 62 && negated.timescale == 1)
  }

  @Test func overflowAtTimescaleOneGivesInfinity() {
    let up = time(Int64.max, 1) + time(1, 1)
    #expect(up.isPositiveInfinity)
    let down = time(Int64.min, 1) - time(1, 1)
    #expect(down.isNegativeInfinity)
    #expect((time(Int64.max, 1) + time(Int64.max, 1)).isPositiveInfinity)
  }

  @Test func roundedFlagPropagatesFromOperands() {
    let rounded = time(1, 8).converted(toTimescale: 4)
    #expect((rounded + time(1, 4)).hasBeenRounded)
    #expect((time(1, 4) - rounded).hasBeenRounded)
    #expect(!(time(1, 4) + time(1, 4)).hasBeenRounded)
  }

  @Test func specialValuesInAddition() {
    let finite = time(7, 3)
    // Sums: (lhs, rhs, expected)
    let sums: [(Time, Time, Time)] = [
      (.invalid, finite, .invalid), (finite, .invalid, .invalid),
      (.invalid, .positiveInfinity, .invalid), (.indefinite, .invalid, .invalid),
      (.positiveInfinity, .negativeInfinity, .invalid),
      (.negativeInfinity, .positiveInfinity, .invalid),
      (.positiveInfinity, .positiveInfinity, .positiveInfinity),
      (.negativeInfinity, .negativeInfinity, .negativeInfinity),
      (.positiveInfinity, finite, .positiveInfinity),
      (finite, .negativeInfinity, .negativeInfinity),
      (.positiveInfinity, .indefinite, .positiveInfinity),
      (.indefinite, .negativeInfinity, .negativeInfinity),
      (.indefinite, finite, .indefinite), (finite, .indefinite, .indefinite),
      (.indefinite, .indefinite, .indefinite),
    ]
    for (lhs, rhs, expected) in sums {
      let sum = lhs + rhs
      #expect(
        sum == expected && sum.flags.subtracting(.hasBeenRounded) == expected.flags,
        "\(lhs) + \(rhs) = \(sum), expected \(expected)")
    }
    let differences: [(Time, Time, Time)] = [
      (.positiveInfinity, .positiveInfinity, .invalid),
      (.negativeInfinity, .negativeInfinity, .invalid),
      (.positiveInfinity, .negativeInfinity, .positiveInfinity),
      (finite, .positiveInfinity, .negativeInfinity),
      (finite, .negativeInfinity, .positiveInfinity),
      (.indefinite, finite, .indefinite), (finite, .invalid, .invalid),
    ]
    for (lhs, rhs, expected) in differences {
      let difference = lhs - rhs
      #expect(
        difference == expected && difference.isValid == expected.isValid,
        "\(lhs) - \(rhs) = \(difference), expected \(expected)")
    }
    #expect((-Time.positiveInfinity).isNegativeInfinity)
    #expect((-Time.indefinite).isIndefinite)
    #expect(!(-Time.invalid).isValid)
    let negated = -time(3, 10)
    #expect(negated.value == -3 && negated.timescale == 10)
  }

  @Test func multiplicationByIntegerKeepsTheTimescale() {
    let tripled = time(1, 30) * 3
    #expect(tripled.value == 3 && tripled.timescale == 30)
    let negative = -2 * time(5, 600)
    #expect(negative.value == -10 && negative.timescale == 600)
    // (2⁶³−1)/2 · 2 overflows at timescale 2; at timescale 1 it is 2⁶³−1 exactly.
    let doubled = time(Int64.max, 2) * 2
    #expect(doubled.value == Int64.max && doubled.timescale == 1 && !doubled.hasBeenRounded)
    #expect((time(Int64.max, 1) * 2).isPositiveInfinity)
    #expect((time(Int64.max, 1) * -2).isNegativeInfinity)
    #expect((Time.positiveInfinity * -1).isNegativeInfinity)
    #expect(!(Time.positiveInfinity * 0).isValid)
    #expect((Time.indefinite * 5).isIndefinite)
    #expect(!(Time.invalid * 5).isValid)
  }

  @Test func frameTimes() {
    let third = Time(frame: 3, frameDuration: time(1, 30))
    #expect(third.value == 3 && third.timescale == 30)
    let ntsc = Time(frame: 30_000, frameDuration: time(1001, 30_000))
    #expect(ntsc.value == 30_030_000 && ntsc.timescale == 30_000 && ntsc == time(1001, 1))
    #expect(Time(frame: 0, frameDuration: time(1, 25)) == .zero)
  }

  @Test func multiplicationByRatioKeepsTheExactValue() {
    let half = time(1, 30).multiplied(byRatio: 1, 2)
    #expect(half.value == 1 && half.timescale == 60 && !half.hasBeenRounded)
    let third = time(3, 30).multiplied(byRatio: 1, 3)
    #expect(third.value == 1 && third.timescale == 30)
    let negativeDivisor = time(3, 10).multiplied(byRatio: 2, -3)
    #expect(negativeDivisor == time(-1, 5))
    #expect(!time(1, 2).multiplied(byRatio: 1, 0).isValid)
    // 1/Int32.max · 1/3 needs timescale 3·Int32.max: rounded at Int32.max to 0.
    let tiny = time(1, Int32.max).multiplied(byRatio: 1, 3)
    #expect(tiny.value == 0 && tiny.timescale == Int32.max && tiny.hasBeenRounded)
    // 2/Int32.max · 1/3 = 0.67 units → 1 (half away from zero).
    let rounded = time(2, Int32.max).multiplied(byRatio: 1, 3)
    #expect(rounded.value == 1 && rounded.hasBeenRounded)
    #expect(Time.positiveInfinity.multiplied(byRatio: -1, 2).isNegativeInfinity)
    // Large multipliers use the 128-bit intermediate product.
    let large = time(Int64.max, 600).multiplied(byRatio: 600, 600)
    #expect(large.value == Int64.max && large.timescale == 600)
  }

  @Test func multiplicationByDouble() {
    // Timescale 30 doubles up to 122880 (the first ≥ 65536); 1/60 s = 2048 units.
    let half = time(1, 30) * 0.5
    #expect(half.timescale == 122_880 && half.value == 2048 && !half.hasBeenRounded)
    let faster = 1.5 * time(10, 1)
    #expect(faster == time(15, 1))
    let third = time(1, 1).multiplied(by: 1.0 / 3.0)
    #expect(third.timescale == 65_536 && third.value == 21_845 && third.hasBeenRounded)
    let negative = time(600, 600) * -0.25
    #expect(negative.timescale == 76_800 && negative.value == -19_200)
    #expect(time(Int64.max, 1) * 4.0 == .positiveInfinity)
    #expect((time(1, 1) * Double.infinity).isPositiveInfinity)
    #expect((time(-1, 1) * Double.infinity).isNegativeInfinity)
    #expect(!(time(0, 1) * Double.infinity).isValid)
    #expect(!(time(1, 1) * Double.nan).isValid)
    #expect(!(Time.positiveInfinity * 0.0).isValid)
    #expect((Time.negativeInfinity * 2.0).isNegativeInfinity)
    let zero = time(5, 1) * 0.0
    #expect(zero == .zero && zero.isNumeric)
  }
}
