import Foundation
import ReelCore
import ReelMedia
import TestSupport
import Testing

/// Damaged media is reported, not silently rendered (issue 10): a file cut short fails where
/// more than a second of what is asked for is missing, naming the file and where its usable
/// data ends; a damaged stretch does not make the reader seek again for every frame.
@Suite("Damaged media")
struct DamagedMediaTests {
  let folder: URL

  init() throws {
    folder = try TestSupport.makeTemporaryDirectory("reel-damaged")
  }

  /// A 4 s, 320×240, 30 fps clip with a tone, in the container of `fileExtension` (MP4 with
  /// its index first, as downloads are, so a cut file still opens).
  func clip(_ fileExtension: String) throws -> String {
    let path = folder.appendingPathComponent("clip.\(fileExtension)").path
    let video: [String]
    let audio: [String]
    switch fileExtension {
    case "webm":
      video = ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "300k"]
      audio = ["-c:a", "libopus"]
    default:
      video = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", "30"]
      audio = ["-c:a", "aac"]
    }
    try TestSupport.ffmpeg(
      [
        "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30:duration=4", "-f", "lavfi", "-i",
        "sine=frequency=440:duration=4",
      ] + video + audio
        + (fileExtension == "mp4" ? ["-movflags", "+faststart"] : []) + ["-shortest", path])
    return path
  }

  /// The first `percent` % of the bytes of `path`, as a new file.
  func cut(_ path: String, percent: Int) throws -> String {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    let url = URL(fileURLWithPath: path).deletingLastPathComponent()
      .appendingPathComponent("cut\(percent)-" + URL(fileURLWithPath: path).lastPathComponent)
    try bytes.prefix(bytes.count * percent / 100).write(to: url)
    return url.path
  }

  /// The reason of a `.damaged` error, or nil for any other outcome.
  static func damageReason(path: String, _ body: () throws -> Void) -> String? {
    do {
      try body()
      return nil
    } catch let error as MediaError {
      guard case .damaged(let reported, let reason) = error, reported == path else { return nil }
      return reason
    } catch {
      return nil
    }
  }

  /// The usable-data time in a reason such as "…; the usable video data ends at 2.033 s".
  static func dataEnd(in reason: String) -> Double? {
    guard let range = reason.range(of: "data ends at ") ?? reason.range(of: "data ends at about ")
    else { return nil }
    return Double(reason[range.upperBound...].prefix { $0.isNumber || $0 == "." })
  }

  @Test(arguments: ["mp4", "webm", "mkv"])
  func aCutFileFailsInTheMissingPart(_ fileExtension: String) throws {
    let original = try clip(fileExtension)
    for percent in [10, 50] {
      let path = try cut(original, percent: percent)
      // The container still says 4 s; frames from 2 s on are missing in both cuts.
      let asset = try Asset(path: path)
      #expect(asset.duration.seconds > 3.9)
      let reader = try VideoReader(asset: asset)
      let reason = Self.damageReason(path: path) {
        for index in 0..<60 {
          _ = try reader.frame(at: Time(value: Int64(60 + index), timescale: 30))
        }
      }
      let end = try #require(reason.flatMap(Self.dataEnd), "\(path): \(reason ?? "no error")")
      #expect(end < 2.2, "\(path): \(reason ?? "")")
      #expect(end > (percent == 10 ? 0 : 1.5), "\(path): \(reason ?? "")")

      // Validation knows it from the container's duration against the data present.
      let whole = TimeRange(start: .zero, duration: asset.duration)
      let checked = Self.damageReason(path: path) { try asset.checkData(covers: whole) }
      #expect(checked?.contains("the file declares") == true, "\(path): \(checked ?? "none")")
      // The first 1.5 s are there in the 50 % cut: using only them is not damage.
      if percent == 50 {
        let intact = TimeRange(start: .zero, duration: Time(value: 15, timescale: 10))
        let reason = Self.damageReason(path: path) { try asset.checkData(covers: intact) }
        #expect(reason == nil, "\(path): \(reason ?? "")")
      }
    }
    // The whole file passes.
    let whole = try Asset(path: original)
    try whole.checkData(covers: TimeRange(start: .zero, duration: whole.duration))
  }

  @Test func cutAudioFailsInTheMissingPart() throws {
    let original = try clip("mp4")
    let path = try cut(original, percent: 50)
    let reader = try AudioReader(asset: try Asset(path: path))
    let reason = Self.damageReason(path: path) {
      try reader.seek(toFrame: 48_000 * 2)
      for _ in 0..<20 {
        _ = try reader.read(frameCount: 4_800)
        try reader.seek(toFrame: 48_000 * 2)
      }
      var position: Int64 = 48_000 * 2
      for _ in 0..<20 {
        position += 4_800
        try reader.seek(toFrame: position)
        _ = try reader.read(frameCount: 4_800)
      }
    }
    #expect(reason?.contains("no audio can be decoded") == true, "\(reason ?? "no error")")
    #expect(reason?.contains("the usable audio data ends at") == true)
  }

  /// Reads past the end of a cut file do not decode it again from its start each time
  /// (which made a short stretch of a long file take time proportional to the file for each
  /// buffer).
  @Test func readsPastTheEndOfACutFileAreCheap() throws {
    let original = try clip("mkv")
    let path = try cut(original, percent: 50)
    let reader = try AudioReader(asset: try Asset(path: path))
    let clock = ContinuousClock()
    // One read of everything there is (the cut is found at its end: an error).
    let whole = clock.measure { _ = try? reader.readAll() }
    let elapsed = clock.measure {
      for step in 0..<200 {
        // 0.2 s after the data end, within the tolerated gap: silence, nothing decoded.
        try? reader.seek(toFrame: 105_600 + Int64(step % 4) * 100)
        _ = try? reader.read(frameCount: 100)
      }
    }
    // Before, each of the 200 seeks decoded the file again from its start.
    #expect(elapsed < whole * 20 + .milliseconds(200), "\(elapsed) against \(whole) for one read")
  }

  // MARK: - Timestamps that jump back

  /// `path` with the timecode of its Matroska cluster number `which` set to `value` ms, so
  /// that cluster's frames claim times before the frames around them.
  static func rewriteClusterTimecode(_ bytes: inout Data, which: Int, to value: UInt64) {
    let clusterID = Data([0x1F, 0x43, 0xB6, 0x75])
    var searchFrom = bytes.startIndex
    var found = 0
    while let range = bytes.range(of: clusterID, in: searchFrom..<bytes.endIndex) {
      searchFrom = range.upperBound
      var offset = range.upperBound
      let first = bytes[offset]
      var length = 1
      while length <= 8, first & (0x80 >> (length - 1)) == 0 { length += 1 }
      offset += length
      if bytes[offset] == 0xBF { offset += 6 }  // CRC-32 element
      guard bytes[offset] == 0xE7 else { continue }
      let size = Int(bytes[offset + 1] & 0x7F)
      if found == which {
        for index in 0..<size {
          bytes[offset + 2 + index] = UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - index)))
        }
        return
      }
      found += 1
    }
  }

  @Test func timestampsThatJumpBackDoNotReseekEveryFrame() throws {
    let path = folder.appendingPathComponent("jump.mkv").path
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30:duration=10", "-c:v", "libx264",
      "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", "60", path,
    ])
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    // The third cluster (about 4 s in) claims to start at 0.
    Self.rewriteClusterTimecode(&bytes, which: 2, to: 0)
    try bytes.write(to: URL(fileURLWithPath: path))
    let reader = try VideoReader(asset: try Asset(path: path))
    // The frames of 4–6 s claim 0–2 s, so 4–6 s has none: more than a second, which ends the
    // read as damaged once requests are a second past the last frame found.
    let reason = DamagedMediaTests.damageReason(path: path) {
      for index in 0..<120 {
        _ = try reader.frame(at: Time(value: Int64(90 + index), timescale: 30))
      }
    }
    #expect(reason?.contains("no video frame can be decoded") == true, "\(reason ?? "none")")
    // One seek to reach 3 s (and perhaps one restart); before, every frame of the damaged
    // stretch seeked again.
    #expect(reader.seekCount <= 2, "\(reader.seekCount) seeks")
  }
}
