import Foundation
import ReelCore
import TestSupport
import Testing

@testable import ReelMedia

/// ReelMedia's frame converters make their pictures failably: a picture refused by the
/// allocator (here by ``PixelMemory/failingAbove``, as if memory were exhausted) is
/// ``MediaError/outOfMemory(path:_:)`` naming the file, not a stop of the process.
@Suite("ReelMedia: a picture that cannot be allocated is an error")
struct MediaAllocationFailureTests {
  /// `body` run with every pixel buffer above `bytes` refused.
  static func refusing<T>(above bytes: Int, _ body: () throws -> T) rethrows -> T {
    try PixelMemory.$failingAbove.withValue(bytes) { try body() }
  }

  /// Whether `error` is ``MediaError/outOfMemory(path:_:)`` for `path`.
  static func isOutOfMemory(_ error: any Error, path: String) -> Bool {
    guard case MediaError.outOfMemory(let named, let allocation) = error else { return false }
    return named == path && allocation.byteCount != nil
  }

  @Test(arguments: [MediaFixtures.Fixture.basic, .portraitRotated, .upsideDown])
  func aVideoFrameThatCannotBeAllocatedIsOutOfMemory(_ fixture: MediaFixtures.Fixture) throws {
    let url = try MediaFixtures.url(for: fixture)
    let reader = try VideoReader(asset: Asset(url: url))
    do {
      _ = try Self.refusing(above: 4096) { try reader.frame(at: .zero) }
      Issue.record("a refused frame was converted")
    } catch {
      #expect(Self.isOutOfMemory(error, path: url.path), "\(error)")
      #expect("\(error)".contains("out of memory"), "\(error)")
    }
    // With room again the same reader goes on.
    let frame = try #require(try reader.frame(at: .zero))
    #expect(frame.image.width > 0)
  }

  @Test func aRotatedCopyThatCannotBeAllocatedIsOutOfMemory() throws {
    let upright = Image(width: 64, height: 32)
    #expect(throws: FrameConverter.Failure.self) {
      try Self.refusing(above: 4096) { try FrameConverter.rotate(upright, clockwise: 90) }
    }
    let turned = try FrameConverter.rotate(upright, clockwise: 90)
    #expect(turned.width == 32 && turned.height == 64)
  }

  @Test func anImageFileThatCannotBeAllocatedIsOutOfMemory() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("picture.png")
    var image = Image(width: 64, height: 64)
    image.fill(with: BGRA(blue: 0, green: 0, red: 255, alpha: 255))
    try image.writePNG(to: url)
    do {
      _ = try Self.refusing(above: 4096) { try ImageDecoder.decodeFirstFrame(path: url.path) }
      Issue.record("a refused picture was decoded")
    } catch {
      #expect(Self.isOutOfMemory(error, path: url.path), "\(error)")
    }
    #expect(try ImageDecoder.decodeFirstFrame(path: url.path) == image)
  }

  @Test func thePictureConverterReportsAPictureItCannotAllocate() throws {
    let converter = try PictureConverter()
    let yuv = YUVImage(width: 64, height: 48, matrix: .bt709)
    do {
      _ = try Self.refusing(above: 4096) { try converter.image(from: yuv) }
      Issue.record("a refused picture was converted")
    } catch {
      #expect(Self.isOutOfMemory(error, path: "(picture)"), "\(error)")
    }
    var scratch = Image(width: 0, height: 0)
    do {
      try Self.refusing(above: 4096) { try converter.convert(.yuv(yuv), into: &scratch) }
      Issue.record("a refused picture was converted")
    } catch {
      #expect(Self.isOutOfMemory(error, path: "(picture)"), "\(error)")
    }
    let bgra = try converter.image(from: yuv)
    #expect(bgra[x: 0, y: 0] == BGRA(blue: 0, green: 0, red: 0, alpha: 255))
    do {
      _ = try Self.refusing(above: 1024) { try converter.yuv(from: bgra, matrix: .bt709) }
      Issue.record("a refused picture was converted")
    } catch {
      #expect(Self.isOutOfMemory(error, path: "(picture)"), "\(error)")
    }
    #expect(try converter.yuv(from: bgra, matrix: .bt709).luma(x: 0, y: 0) == 16)
  }
}
