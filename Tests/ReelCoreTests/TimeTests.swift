import ReelCore
import Testing

/// Shorthand for a numeric time `value / timescale` seconds.
func time(_ value: Int64, _ timescale: Int32) -> Time {
  Time(value: value, timescale: timescale)
}

@Suite("Time kinds, equality, order and text")
struct TimeTests {
  @Test func constantsHaveTheirKinds() {
    #expect(Time.zero.isNumeric && Time.zero.value == 0 && Time.zero.timescale == 1)
    #expect(!Time.invalid.isValid && !Time.invalid.isNumeric)
    #expect(Time.positiveInfinity.isValid && Time.positiveInfinity.isInfinite)
    #expect(Time.positiveInfinity.isPositiveInfinity && !Time.positiveInfinity.isNegativeInfinity)
    #expect(Time.negativeInfinity.isInfinite && Time.negativeInfinity.isNegativeInfinity)
    #expect(!Time.positiveInfinity.isNumeric && !Time.negativeInfinity.isNumeric)
    #expect(Time.indefinite.isValid && Time.indefinite.isIndefinite)
    #expect(!Time.indefinite.isNumeric && !Time.indefinite.isInfinite)
    #expect(time(3, 10).isNumeric && !time(3, 10).hasBeenRounded)
    #expect(time(3, 10).flags == [.valid])
  }

  @Test(arguments: [Int32(0), -1, Int32.min])
  func nonPositiveTimescaleIsInvalid(timescale: Int32) {
    let made = Time(value: 1, timescale: timescale)
    #expect(!made.isValid)
    #expect(!made.isNumeric)
    #expect(made == .invalid)
  }

  @Test func orderAcrossAllKinds() {
    // Expected order: −∞ < finite (by value) < indefinite < +∞ < invalid.
    let ordered: [Time] = [
      .negativeInfinity, time(Int64.min, 1), time(-5, 1), time(-1, 2), .zero, time(1, 3),
      time(1, 2), time(Int64.max, Int32.max), time(Int64.max, 1), .indefinite,
      .positiveInfinity, .invalid,
    ]
    for i in ordered.indices {
      for j in ordered.indices {
        #expect((ordered[i] < ordered[j]) == (i < j), "\(ordered[i]) < \(ordered[j])")
        #expect((ordered[i] == ordered[j]) == (i == j), "\(ordered[i]) == \(ordered[j])")
      }
    }
    #expect(ordered.reversed().sorted() == ordered)
    #expect(Time.compare(time(1, 3), time(1, 2)) == -1)
    #expect(Time.compare(time(2, 4), time(1, 2)) == 0)
    #expect(Time.compare(.invalid, .positiveInfinity) == 1)
  }

  @Test func equalFractionsAreEqualAndHashAlike() {
    let pairs: [(Time, Time)] = [
      (time(1, 2), time(2, 4)), (time(-5, 10), time(-1, 2)), (time(0, 1), time(0, 600)),
      (time(Int64.min, 2), time(Int64.min / 2, 1)), (time(3000, 1000), time(3, 1)),
    ]
    for (a, b) in pairs {
      #expect(a == b)
      #expect(a.hashValue == b.hashValue, "\(a) and \(b)")
    }
    #expect(Set([time(1, 2), time(2, 4), time(3, 6), time(50, 100)]).count == 1)
    #expect(time(1, 2) != time(1, 3))
    #expect(Time.invalid == Time(value: 5, timescale: 0))
    #expect(Time.invalid.hashValue == Time(value: 5, timescale: 0).hashValue)
    // The rounded flag does not take part in equality.
    #expect(time(1, 8).converted(toTimescale: 4) == time(1, 4))
  }

  @Test func reducedDividesByTheGreatestCommonDivisor() {
    let half = time(300, 600).reduced()
    #expect(half.value == 1 && half.timescale == 2)
    let zero = time(0, 600).reduced()
    #expect(zero.value == 0 && zero.timescale == 1)
    let negative = time(-18, 12).reduced()
    #expect(negative.value == -3 && negative.timescale == 2)
    let minimum = time(Int64.min, 4).reduced()
    #expect(minimum.value == Int64.min / 4 && minimum.timescale == 1)
    let prime = time(7, 3).reduced()
    #expect(prime.value == 7 && prime.timescale == 3)
    #expect(Time.indefinite.reduced().isIndefinite)
  }

  @Test func minimumMaximumAndAbsoluteValue() {
    #expect(Time.min(time(1, 3), time(1, 2)) == time(1, 3))
    #expect(Time.max(time(1, 3), time(1, 2)) == time(1, 2))
    #expect(Time.max(.indefinite, .negativeInfinity).isIndefinite)
    #expect(!Time.min(.invalid, .zero).isValid)
    #expect(!Time.max(.zero, .invalid).isValid)

    let absolute = time(-3, 10).absoluteValue
    #expect(absolute.value == 3 && absolute.timescale == 10)
    #expect(time(3, 10).absoluteValue == time(3, 10))
    #expect(Time.negativeInfinity.absoluteValue.isPositiveInfinity)
    #expect(Time.indefinite.absoluteValue.isIndefinite)
    // |Int64.min| does not fit at timescale 2: halved to timescale 1, 2⁶² exactly.
    let extreme = time(Int64.min, 2).absoluteValue
    #expect(extreme.value == 1 << 62 && extreme.timescale == 1 && !extreme.hasBeenRounded)
  }

  @Test func descriptions() {
    #expect(time(3, 10).description == "3/10 (0.3 s)")
    #expect(time(1, 8).converted(toTimescale: 4).description == "1/4 (0.25 s, rounded)")
    #expect(Time.positiveInfinity.description == "+∞")
    #expect(Time.negativeInfinity.description == "-∞")
    #expect(Time.indefinite.description == "indefinite")
    #expect(Time.invalid.description == "invalid")
    #expect(
      time(3, 10).debugDescription == "Time(value: 3, timescale: 10, flags: [valid]) = 3/10 (0.3 s)"
    )
    #expect(Time.positiveInfinity.debugDescription.contains("positiveInfinity"))
  }
}
