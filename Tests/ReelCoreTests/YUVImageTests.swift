import ReelCore
import Testing

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

  @Test func aFreedPicturesMemoryIsReusedForTheNextOfItsSize() {
    // A size no other test uses, so the shared pool's buffer cannot be taken in between.
    func address() -> UnsafeMutablePointer<UInt8> {
      let picture = YUVImage(width: 37, height: 23, matrix: .bt601)
      return picture.withUnsafePlanes { $0.luma }
    }
    let first = address()
    let second = address()
    #expect(first == second)
    // A reused buffer is still made black.
    let picture = YUVImage(width: 37, height: 23, matrix: .bt601)
    #expect(picture.luma(x: 36, y: 22) == 16 && picture.chroma(x: 36, y: 22) == (128, 128))
  }
}
