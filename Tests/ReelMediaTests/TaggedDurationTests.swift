import Testing

@testable import ReelMedia

/// Matroska and WebM give stream durations only as a `DURATION` tag (`H:MM:SS.nnnnnnnnn`).
@Suite("Stream DURATION tags")
struct TaggedDurationTests {
  @Test func wellFormedTagsAreExact() {
    #expect(Asset.clockDuration("00:00:01.521000000") == Time(value: 1521, timescale: 1000))
    #expect(Asset.clockDuration("1:02:03.5") == Time(value: 7447, timescale: 2))
    #expect(Asset.clockDuration("00:00:07") == Time(value: 7, timescale: 1))
  }

  @Test(arguments: [
    "", "1:2", "00:61:00", "00:00:60", "00:00:01.1234567890", "00:00:00", "00:00:00.000",
    "-1:00:00", "00:00:01.+5", "00:00:01.", "a:b:c", "1000000:00:00",
  ])
  func malformedTagsAreIgnored(_ text: String) {
    #expect(Asset.clockDuration(text) == nil)
  }
}
