import Testing

@testable import ReelCore

@Suite("YUVImage")
struct YUVImageTests {
  @Test func aNewPictureIsBlackWithHalfSizeChromaRoundedUp() {
    let picture = YUVImage(width: 5, height: 3, matrix: .bt709)
    #expect(picture.chromaWidth == 3 && picture.chromaHeight == 2)
    for y in 0..<3 {
      for x in 0..<5 {
        #expect(picture.luma(x: x, y: y) == 16)
        #expect(picture.chroma(x: x, y: y) == (128, 128))
      }
    }
    picture.withUnsafePlanes { planes in
      #expect(planes.lumaStride % 64 == 0 && planes.chromaStride % 64 == 0)
      #expect(Int(bitPattern: planes.luma) % 64 == 0)
    }
  }

  @Test func copiesShareUntilOneIsWritten() {
    var original = YUVImage(width: 8, height: 4, matrix: .bt601)
    let copy = original
    #expect(copy == original)
    original.withUnsafeMutablePlanes { planes in
      planes.luma[1] = 200
      planes.cr[planes.chromaStride + 3] = 10
    }
    #expect(original.luma(x: 1, y: 0) == 200 && copy.luma(x: 1, y: 0) == 16)
    #expect(original.chroma(x: 7, y: 3).cr == 10 && copy.chroma(x: 7, y: 3).cr == 128)
    #expect(copy != original)
    // Equality looks at samples, not storage, and includes the matrix.
    var same = YUVImage(width: 8, height: 4, matrix: .bt601)
    same.withUnsafeMutablePlanes { planes in
      planes.luma[1] = 200
      planes.cr[planes.chromaStride + 3] = 10
    }
    #expect(same == original)
    #expect(
      YUVImage(width: 8, height: 4, matrix: .bt709) != YUVImage(width: 8, height: 4, matrix: .bt601)
    )
  }

  @Test func aFreedBufferIsReusedForTheNextOfItsSize() {
    // A pool of its own, so other tests' pictures cannot take or release buffers in between.
    let pool = YUVBufferPool()
    let first = pool.take(byteCount: 4096)!
    pool.give(first, byteCount: 4096)
    let other = pool.take(byteCount: 8192)!
    let second = pool.take(byteCount: 4096)!
    #expect(second == first)
    #expect(other != first)
    pool.give(second, byteCount: 4096)
    pool.give(other, byteCount: 8192)
    pool.removeAll()
  }

  @Test func thePoolKeepsAtMostItsCountAndBytes() {
    let pool = YUVBufferPool()
    let buffers = (0..<(YUVBufferPool.capacity + 2)).map { _ in pool.take(byteCount: 64)! }
    for buffer in buffers { pool.give(buffer, byteCount: 64) }
    // The two oldest were freed; the newest are handed out again, newest first.
    let again = (0..<YUVBufferPool.capacity).map { _ in pool.take(byteCount: 64)! }
    #expect(Set(again) == Set(buffers.suffix(YUVBufferPool.capacity)))
    for buffer in again { pool.give(buffer, byteCount: 64) }
    #expect(pool.kept.count == YUVBufferPool.capacity && pool.kept.bytes == 64 * 8)
    // A buffer over the byte limit pushes out everything, itself included.
    let huge = pool.take(byteCount: YUVBufferPool.byteLimit + 64)!
    pool.give(huge, byteCount: YUVBufferPool.byteLimit + 64)
    #expect(pool.kept.count == 0 && pool.kept.bytes == 0)
    pool.removeAll()
  }

  static func picture(from pool: YUVBufferPool) -> YUVImage {
    YUVImage(uninitializedWidth: 64, height: 32, matrix: .bt601, pool: pool)
  }

  @Test func picturesTakeAndReturnBuffersToTheirPool() throws {
    // Two pipelines' pools (as two concurrent exports pass), used one after the other here.
    let first = YUVBufferPool()
    let second = YUVBufferPool()
    for _ in 0..<5 { _ = Self.picture(from: first) }
    // One buffer, made once and reused by each next picture; none went to the other pool.
    #expect(first.allocatedCount == 1 && first.kept.count == 1)
    #expect(second.allocatedCount == 0 && second.kept.count == 0)
    var held = (0..<3).map { _ in Self.picture(from: second) }
    #expect(second.allocatedCount == 3 && first.kept.count == 1)
    // A copy made to be written comes from the pool it is made in.
    var written = held[0]
    try written.makeWritable(in: first)
    #expect(first.kept.count == 0 && first.allocatedCount == 1)
    written = Self.picture(from: second)
    #expect(first.kept.count == 1)
    // A picture goes back to the pool it came from, whoever lets it go.
    held.removeAll()
    _ = consume written
    #expect(second.kept.count == 4 && first.kept.count == 1)
    // A pool that ends (its export finished) frees only its own buffers.
    _ = consume first
    #expect(second.kept.count == 4)
    _ = Self.picture(from: second)
    #expect(second.allocatedCount == 4)
  }

  @Test func aReusedBufferIsStillMadeBlack() {
    let picture = YUVImage(width: 37, height: 23, matrix: .bt601)
    #expect(picture.luma(x: 36, y: 22) == 16 && picture.chroma(x: 36, y: 22) == (128, 128))
    var dirty = YUVImage(width: 37, height: 23, matrix: .bt601)
    dirty.withUnsafeMutablePlanes { planes in planes.luma[0] = 99 }
    _ = consume dirty
    let next = YUVImage(width: 37, height: 23, matrix: .bt601)
    #expect(next.luma(x: 0, y: 0) == 16)
  }
}
