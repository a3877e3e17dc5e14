import ReelCore
import Testing

/// Shorthand for the range `[start, end)` in whole seconds.
func range(_ start: Int64, _ end: Int64) -> TimeRange {
  TimeRange(start: time(start, 1), end: time(end, 1))
}

@Suite("TimeRange: half-open spans of time")
struct TimeRangeTests {
  @Test func halfOpenContainment() {
    let tenSeconds = TimeRange(start: .zero, duration: time(10, 1))
    #expect(tenSeconds.contains(Time.zero))
    #expect(tenSeconds.contains(time(9999, 1000)))
    #expect(!tenSeconds.contains(time(10, 1)))
    #expect(!tenSeconds.contains(time(20, 2)))
    #expect(!tenSeconds.contains(time(-1, 1000)))
    #expect(!tenSeconds.contains(Time.invalid))
    #expect(!tenSeconds.contains(Time.indefinite))
    #expect(!tenSeconds.contains(Time.positiveInfinity))
    #expect(!TimeRange.zero.contains(Time.zero))
    #expect(!TimeRange.invalid.contains(Time.zero))
  }

  @Test func endsAndInitialisers() {
    let range = TimeRange(start: time(1, 3), duration: time(1, 2))
    #expect(range.end.value == 5 && range.end.timescale == 6)
    let fromEnds = TimeRange(start: time(1, 2), end: time(3, 4))
    #expect(fromEnds.duration == time(1, 4))
    #expect(fromEnds.start == time(1, 2))
    #expect(fromEnds.isValid && !fromEnds.isEmpty)
    let backwards = TimeRange(start: time(5, 1), end: time(2, 1))
    #expect(!backwards.isValid && !backwards.isEmpty)
    let endless = TimeRange(start: time(3, 1), duration: .positiveInfinity)
    #expect(endless.isValid && endless.end.isPositiveInfinity)
    #expect(endless.contains(time(1_000_000_000, 1)) && !endless.contains(time(2, 1)))
  }

  @Test func validityAndEmptiness() {
    #expect(TimeRange.zero.isValid && TimeRange.zero.isEmpty)
    #expect(TimeRange.zero.start == .zero && TimeRange.zero.duration == .zero)
    #expect(!TimeRange.invalid.isValid && !TimeRange.invalid.isEmpty)
    #expect(TimeRange(start: time(4, 1), duration: time(0, 600)).isEmpty)
    #expect(!TimeRange(start: .invalid, duration: time(1, 1)).isValid)
    #expect(!TimeRange(start: .zero, duration: .invalid).isValid)
    #expect(!TimeRange(start: .zero, duration: .negativeInfinity).isValid)
    #expect(!TimeRange(start: .zero, duration: time(-1, 600)).isValid)
    #expect(TimeRange(start: .zero, duration: .indefinite).isValid)
  }

  @Test func rangeContainment() {
    let outer = range(0, 10)
    #expect(outer.contains(range(2, 5)))
    #expect(outer.contains(outer))
    #expect(outer.contains(range(0, 10)))
    #expect(outer.contains(range(5, 10)))
    #expect(!outer.contains(range(5, 11)))
    #expect(!outer.contains(range(-1, 3)))
    #expect(!range(2, 5).contains(outer))
    #expect(!outer.contains(TimeRange.invalid))
    #expect(!TimeRange.invalid.contains(range(1, 2)))
  }

  @Test func intersections() {
    #expect(range(0, 5).intersection(range(3, 8)) == range(3, 5))
    #expect(range(3, 8).intersection(range(0, 5)) == range(3, 5))
    #expect(range(0, 10).intersection(range(2, 4)) == range(2, 4))
    #expect(range(0, 10).intersection(range(0, 10)) == range(0, 10))
    // Touching ranges share no instant: empty at the meeting point.
    let touching = range(0, 5).intersection(range(5, 10))
    #expect(touching.isEmpty && touching.start == time(5, 1))
    #expect(!range(0, 5).overlaps(range(5, 10)))
    // Disjoint ranges: empty.
    let disjoint = range(0, 2).intersection(range(5, 10))
    #expect(disjoint.isEmpty && disjoint.isValid)
    #expect(!range(0, 2).overlaps(range(5, 10)))
    #expect(range(0, 5).overlaps(range(4, 10)))
    // Mixed timescales: [1/3, 1/2) ∩ [1/4, 5/12) = [1/3, 5/12).
    let mixed = TimeRange(start: time(1, 3), end: time(1, 2))
      .intersection(TimeRange(start: time(1, 4), end: time(5, 12)))
    #expect(mixed == TimeRange(start: time(4, 12), end: time(5, 12)))
    let endless = TimeRange(start: .zero, duration: .positiveInfinity)
    #expect(endless.intersection(range(5, 10)) == range(5, 10))
    #expect(!range(0, 5).intersection(.invalid).isValid)
  }

  @Test func unions() {
    #expect(range(0, 5).union(range(3, 8)) == range(0, 8))
    #expect(range(0, 5).union(range(5, 10)) == range(0, 10))
    #expect(range(0, 2).union(range(5, 10)) == range(0, 10))
    #expect(range(5, 10).union(range(0, 2)) == range(0, 10))
    #expect(range(0, 10).union(range(2, 4)) == range(0, 10))
    let endless = TimeRange(start: time(3, 1), duration: .positiveInfinity)
    let union = range(0, 5).union(endless)
    #expect(union.start == .zero && union.duration.isPositiveInfinity)
    #expect(!range(0, 5).union(.invalid).isValid)
    #expect(!TimeRange.invalid.union(range(0, 5)).isValid)
  }

  @Test func equalityFollowsTimeValues() {
    let a = TimeRange(start: time(1, 2), duration: time(1, 1))
    let b = TimeRange(start: time(2, 4), duration: time(600, 600))
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
    #expect(a != TimeRange(start: time(1, 2), duration: time(2, 1)))
    #expect(Set([a, b, range(0, 1)]).count == 2)
  }

  @Test func descriptions() {
    #expect(range(0, 10).description == "[0/1, 10/1) (0.0 s to 10.0 s)")
    #expect(TimeRange.invalid.description.hasPrefix("invalid range"))
  }
}
