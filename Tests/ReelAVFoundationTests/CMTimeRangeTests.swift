import AVFoundationCompat
import Foundation
import Testing

@Suite("CMTimeRange")
struct CMTimeRangeTests {
  private func seconds(_ value: Int64) -> CMTime { CMTimeMake(value: value, timescale: 1) }

  @Test("a range is half-open: it contains its start, not its end")
  func halfOpen() {
    let range = CMTimeRangeMake(start: seconds(0), duration: seconds(10))
    #expect(range.containsTime(seconds(0)))
    #expect(CMTimeRangeContainsTime(range, time: CMTimeMake(value: 99, timescale: 10)))
    #expect(!CMTimeRangeContainsTime(range, time: seconds(10)))
    #expect(!range.containsTime(kCMTimeInvalid))
    #expect(range.end == seconds(10))
    #expect(CMTimeRangeGetEnd(range) == seconds(10))
  }

  @Test("ranges contain, intersect and unite as CoreMedia's")
  func setOperations() {
    let whole = CMTimeRange(start: seconds(0), end: seconds(8))
    let inner = CMTimeRangeFromTimeToTime(start: seconds(2), end: seconds(5))
    #expect(inner.duration == seconds(3))
    #expect(CMTimeRangeContainsTimeRange(whole, otherRange: inner))
    #expect(!inner.containsTimeRange(whole))
    let overlap = CMTimeRangeGetIntersection(
      CMTimeRange(start: seconds(0), duration: seconds(5)),
      otherRange: CMTimeRange(start: seconds(3), duration: seconds(5)))
    #expect(overlap == CMTimeRange(start: seconds(3), duration: seconds(2)))
    let apart = CMTimeRange(start: seconds(0), duration: seconds(2)).intersection(
      CMTimeRange(start: seconds(5), duration: seconds(1)))
    #expect(apart.isEmpty)
    let union = CMTimeRangeGetUnion(
      CMTimeRange(start: seconds(0), duration: seconds(2)),
      otherRange: CMTimeRange(start: seconds(5), duration: seconds(1)))
    #expect(union == CMTimeRange(start: seconds(0), duration: seconds(6)))
    #expect(CMTimeRangeEqual(union, CMTimeRange(start: seconds(0), end: seconds(6))))
    #expect(
      CMTimeRangeEqual(
        CMTimeRange(start: CMTimeMake(value: 1, timescale: 2), duration: seconds(1)),
        CMTimeRange(start: CMTimeMake(value: 2, timescale: 4), duration: seconds(1))))
  }

  @Test("valid, empty and indefinite ranges")
  func validity() {
    #expect(CMTIMERANGE_IS_VALID(kCMTimeRangeZero))
    #expect(CMTIMERANGE_IS_EMPTY(kCMTimeRangeZero))
    #expect(CMTIMERANGE_IS_INVALID(kCMTimeRangeInvalid))
    #expect(!CMTimeRange().isValid)
    #expect(!CMTimeRange(start: seconds(0), duration: seconds(-1)).isValid)
    #expect(!CMTIMERANGE_IS_EMPTY(CMTimeRange(start: seconds(0), duration: seconds(-1))))
    #expect(
      !CMTimeRange(
        start: seconds(0), duration: CMTimeMakeWithEpoch(value: 1, timescale: 1, epoch: 1)
      ).isValid)
    let open = CMTimeRange(start: seconds(0), duration: kCMTimeIndefinite)
    #expect(open.isValid && open.isIndefinite && CMTIMERANGE_IS_INDEFINITE(open))
    #expect(!CMTIMERANGE_IS_INDEFINITE(kCMTimeRangeZero))
    #expect(
      CMTimeRange(start: seconds(0), duration: kCMTimePositiveInfinity).containsTime(
        seconds(1_000_000)))
  }

  @Test("ranges survive encoding and decoding")
  func codable() throws {
    let range = CMTimeRange(start: CMTimeMake(value: 1, timescale: 30), duration: seconds(2))
    let decoded = try JSONDecoder().decode(CMTimeRange.self, from: JSONEncoder().encode(range))
    #expect(decoded == range)
  }

  @Test("track IDs are Int32 and 0 is the invalid one")
  func trackIDs() {
    let id: CMPersistentTrackID = kCMPersistentTrackID_Invalid
    #expect(id == 0)
    #expect(type(of: id) == Int32.self)
  }
}
