import Foundation
import ReelCore
import ReelMedia
import TestSupport
import Testing

/// Regression tests for arguments at the edges of their types, which used to trap in
/// arithmetic (division by a zero timescale, Int64 overflow) instead of being answered or
/// refused with a ``MediaError``.
@Suite("Edge inputs")
struct EdgeInputTests {
  /// Special times: +∞ is the last frame, −∞ is before the first, invalid and indefinite
  /// times are refused. (+∞ used to divide by its zero timescale.)
  @Test func frameAtSpecialTimes() throws {
    let path = try MediaFixtures.url(for: .basic).path
    let reader = try VideoReader(asset: Asset(path: path))
    // The fixture is 30 frames at 30 fps: the last one is at 29/30 s.
    let last = try #require(try reader.frame(at: .positiveInfinity))
    #expect(last.time == Time(value: 29, timescale: 30))
    #expect(try reader.frame(at: .negativeInfinity) == nil)
    #expect(throws: MediaError.self) { try reader.frame(at: .invalid) }
    #expect(throws: MediaError.self) { try reader.frame(at: .indefinite) }
    // The reader still works after the refusals.
    let first = try #require(try reader.frame(at: .zero))
    #expect(first.time == .zero)
  }

  /// A time far beyond the end (near Int64.max ticks) gives the last frame.
  @Test func frameAtHugeTime() throws {
    let path = try MediaFixtures.url(for: .basic).path
    let reader = try VideoReader(asset: Asset(path: path))
    let frame = try #require(try reader.frame(at: Time(value: .max, timescale: 7)))
    #expect(frame.time == Time(value: 29, timescale: 30))
  }

  /// Seeking audio to the largest sample frame ends the track instead of overflowing.
  @Test func audioSeekToLargestFrame() throws {
    for fixture in [MediaFixtures.Fixture.audioOnly, .monoWAV] {
      let reader = try AudioReader(asset: Asset(path: MediaFixtures.url(for: fixture).path))
      try reader.seek(toFrame: .max)
      #expect(try reader.read(frameCount: 1_024) == nil, "\(fixture)")
      // And back to the start: 1 s of audio at 48 kHz.
      try reader.seek(toFrame: 0)
      let all = try reader.readAll()
      #expect(abs(all.frameCount - 48_000) <= 1_024, "\(fixture): \(all.frameCount) frames")
    }
  }

  /// A frame time whose rounding passes Int64 in the intermediate sum is converted without
  /// a trap: (Int64.max − 1) / Int32.max s is 4 294 967 298 s after rounding, which fits.
  @Test func writerRoundsTimesNearInt64() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("huge.mkv")
    let writer = try MediaWriter(
      url: url,
      video: VideoOutputSettings(
        width: 64, height: 48, frameDuration: Time(value: 1, timescale: 1)),
      audio: nil)
    let image = Image(width: 64, height: 48)
    // value · 1 fits Int64, but value + timescale / 2 does not.
    try writer.appendVideo(image, at: Time(value: .max - 1, timescale: .max))
    // The next whole second is later, so it is accepted; the same second is not.
    #expect(throws: MediaError.self) {
      try writer.appendVideo(image, at: Time(value: 4_294_967_298, timescale: 1))
    }
    try writer.appendVideo(image, at: Time(value: 4_294_967_299, timescale: 1))
    writer.cancel()
  }
}
