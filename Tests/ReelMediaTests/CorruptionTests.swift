import Foundation
import ReelCore
import ReelMedia
import TestSupport
import Testing

/// Damaged files never crash or hang a reader: every call on a truncated or byte-corrupted
/// copy of a fixture either succeeds or throws a ``MediaError`` naming the file, within a
/// time bound.
///
/// The damage is reproducible: a fixed-seed generator picks the offsets, so a failure here
/// names a variant that can be made again.
@Suite("Corrupted files")
struct CorruptionTests {
  /// The fixtures damaged: every container and codec family Reel reads.
  static let fixtures: [MediaFixtures.Fixture] = [
    .basic, .oddSize, .hevc10Bit, .audioOnly, .surround51, .monoWAV, .variableFrameRate,
    .movEditList, .webm, .gif,
  ]

  /// Longest time one damaged file may take through every reader, in seconds. An undamaged
  /// fixture takes well under a second; the bound only catches hangs and runaway loops.
  static let timeBound: Duration = .seconds(20)


  /// One damaged copy of a file: a name for messages and its bytes.
  struct Variant {
    var name: String
    var bytes: Data
  }

  /// Truncations at several lengths, and runs of random bytes written over several offsets
  /// (in the header, in the middle and near the end).
  static func variants(of original: Data, seed: UInt64) -> [Variant] {
    var generator = SeededGenerator(state: seed)
    var result: [Variant] = []
    for fraction in [0.02, 0.35, 0.8] {
      let length = max(1, Int(Double(original.count) * fraction))
      result.append(Variant(name: "truncated to \(length) bytes", bytes: original.prefix(length)))
    }
    // Short runs hit single fields; long runs wipe whole headers or packets.
    let runs = [(0.0, 4), (0.01, 64), (0.05, 4), (0.3, 64), (0.7, 4), (0.97, 64)]
    for (fraction, runLength) in runs {
      var bytes = original
      let start = min(
        Int(Double(bytes.count) * fraction) + Int(generator.next() % 16),
        max(bytes.count - runLength, 0))
      for index in start..<min(start + runLength, bytes.count) {
        bytes[bytes.startIndex + index] = UInt8(truncatingIfNeeded: generator.next())
      }
      result.append(Variant(name: "\(runLength) random bytes at \(start)", bytes: bytes))
    }
    // Scattered single-byte flips over the whole file.
    var scattered = original
    for _ in 0..<24 {
      let index = Int(generator.next() % UInt64(scattered.count))
      scattered[scattered.startIndex + index] ^= UInt8(truncatingIfNeeded: generator.next() | 1)
    }
    result.append(Variant(name: "24 scattered bit flips", bytes: scattered))
    return result
  }

  /// Runs `body`; a thrown error must be a ``MediaError`` that names `path`.
  static func expectSafe(
    _ call: String, _ variant: String, path: String, _ body: () throws -> Void
  ) {
    do {
      try body()
    } catch let error as MediaError {
      #expect(error.description.hasPrefix(path), "\(variant): \(call) error does not name the file")
    } catch {
      Issue.record("\(variant): \(call) threw a non-media error: \(error)")
    }
  }

  /// Opens the asset and drives every reader over the whole file, including seeks.
  static func exercise(path: String, variant: String) {
    expectSafe("Asset", variant, path: path) {
      let asset = try Asset(path: path)
      if !asset.videoTracks.isEmpty {
        expectSafe("VideoReader", variant, path: path) {
          let reader = try VideoReader(asset: asset)
          var count = 0
          while try reader.nextFrame() != nil, count < 1_000 { count += 1 }
          _ = try reader.frame(at: Time(value: 1, timescale: 2))
          _ = try reader.frame(at: Time(value: 1, timescale: 10))
          _ = try reader.frame(at: Time(value: 3, timescale: 1))
          _ = try reader.frame(at: .positiveInfinity)
        }
      }
      if !asset.audioTracks.isEmpty {
        expectSafe("AudioReader", variant, path: path) {
          let reader = try AudioReader(asset: asset)
          _ = try reader.readAll()
          try reader.seek(toFrame: 24_000)
          _ = try reader.read(frameCount: 4_096)
          try reader.seek(toFrame: 0)
          _ = try reader.read(frameCount: 4_096)
        }
      }
    }
    expectSafe("ImageDecoder", variant, path: path) {
      let decoded = try ImageDecoder.decode(path: path)
      _ = decoded.frame(at: Time(value: 1, timescale: 5))
    }
  }

  @Test(arguments: fixtures)
  func damagedCopiesAreReadSafely(_ fixture: MediaFixtures.Fixture) throws {
    let original = try Data(contentsOf: MediaFixtures.url(for: fixture))
    let folder = try TestSupport.makeTemporaryDirectory("reel-corrupt")
    defer { try? FileManager.default.removeItem(at: folder) }
    let seed = UInt64(Self.fixtures.firstIndex(of: fixture) ?? 0) &+ 0x5EED
    let clock = ContinuousClock()
    for (index, variant) in Self.variants(of: original, seed: seed).enumerated() {
      let path = folder.appendingPathComponent("\(index)-\(fixture.fileName)").path
      try variant.bytes.write(to: URL(fileURLWithPath: path))
      let elapsed = clock.measure { Self.exercise(path: path, variant: variant.name) }
      #expect(
        elapsed < Self.timeBound,
        "\(fixture.fileName), \(variant.name): took \(elapsed), more than \(Self.timeBound)")
    }
  }
}
