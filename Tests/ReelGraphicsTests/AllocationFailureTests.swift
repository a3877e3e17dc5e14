import ReelCore
import ReelGraphics
import Testing

/// Every pixel buffer ReelGraphics makes for a result is failable: a size whose bytes
/// overflow, one the allocator refuses, or (with ``PixelMemory/failingAbove``) one refused
/// as if memory were exhausted is ``GraphicsError/outOfMemory(_:)``. Before, each of these
/// used the non-throwing initialisers, which stop the process (preconditionFailure).
@Suite("ReelGraphics: a pixel buffer that cannot be allocated is an error")
struct AllocationFailureTests {
  static let picture = Image.filledForTests(width: 40, height: 30)

  /// Whether `body` throws ``GraphicsError/outOfMemory(_:)``.
  static func isOutOfMemory<T>(_ body: () throws(GraphicsError) -> T) -> Bool {
    do {
      _ = try body()
      return false
    } catch .outOfMemory {
      return true
    } catch {
      return false
    }
  }

  /// `body` run with every pixel buffer above `bytes` refused.
  static func refusing<T>(above bytes: Int, _ body: () throws -> T) rethrows -> T {
    _ = picture  // made before the limit: a static is made on first use
    return try PixelMemory.$failingAbove.withValue(bytes) { try body() }
  }

  @Test func scalingToASizeThatCannotBeAllocatedThrows() throws {
    // 4 TiB: the allocator refuses it; and a size whose byte count overflows Int.
    #expect(
      Self.isOutOfMemory { () throws(GraphicsError) in
        try Self.picture.scaled(toWidth: 1 << 20, height: 1 << 20)
      })
    #expect(
      Self.isOutOfMemory { () throws(GraphicsError) in
        try Self.picture.scaled(toWidth: Int.max / 2, height: 2)
      })
    // An empty source scaled to a huge size is a huge transparent image: refused too.
    #expect(
      Self.isOutOfMemory { () throws(GraphicsError) in
        try Image(width: 0, height: 0).scaled(toWidth: 1 << 20, height: 1 << 20)
      })
    #expect(
      Self.refusing(above: 1024) {
        Self.isOutOfMemory { () throws(GraphicsError) in
          try Self.picture.scaled(toWidth: 80, height: 60)
        }
      })
    // What fits still scales, and the same size is the picture itself.
    #expect(try Self.picture.scaled(toWidth: 20, height: 15).width == 20)
    #expect(try Self.picture.scaled(toWidth: 40, height: 30) == Self.picture)
  }

  @Test func fillingASizeThatCannotBeAllocatedThrows() throws {
    #expect(
      Self.isOutOfMemory { () throws(GraphicsError) in
        try Image.filled(width: 1 << 20, height: 1 << 20, color: .red)
      })
    #expect(
      Self.isOutOfMemory { () throws(GraphicsError) in
        try Image.filled(width: Int.max / 2, height: 4, color: .red)
      })
    #expect(
      Self.isOutOfMemory { () throws(GraphicsError) in
        try Image.filled(width: -1, height: 4, color: .red)
      })
    let red = try Image.filled(width: 3, height: 2, color: .red)
    #expect(red[x: 2, y: 1] == Color.red.premultipliedBGRA)
  }

  @Test func croppingWithoutRoomThrows() throws {
    let part = Rect(x: 5, y: 5, width: 20, height: 10)
    #expect(
      Self.refusing(above: 256) {
        Self.isOutOfMemory { () throws(GraphicsError) in try Self.picture.cropped(to: part) }
      })
    // A crop that misses the picture allocates nothing worth refusing.
    let missed = try Self.refusing(above: 256) {
      try Self.picture.cropped(to: Rect(x: 100, y: 0, width: 5, height: 5))
    }
    #expect(missed.width == 0 && missed.height == 0)
    #expect(try Self.picture.cropped(to: part).width == 20)
  }

  @Test func flatteningWithoutRoomThrows() throws {
    #expect(
      Self.refusing(above: 256) {
        Self.isOutOfMemory { () throws(GraphicsError) in
          try Self.picture.opaqueOver(background: .white)
        }
      })
    #expect(try Self.picture.opaqueOver(background: .white).width == 40)
  }

  @Test(arguments: [0.0, 4, 40])
  func aShadowWithoutRoomThrows(radius: Double) throws {
    // The shadow, and for a blur its two float planes, are each larger than the source.
    #expect(
      Self.refusing(above: 1024) {
        Self.isOutOfMemory { () throws(GraphicsError) in
          try ShadowRenderer.render(
            alphaOf: Self.picture, color: .black, opacity: 1, radius: radius)
        }
      })
    let shadow = try ShadowRenderer.render(
      alphaOf: Self.picture, color: .black, opacity: 1, radius: radius)
    #expect(shadow.image.width == 40 + 2 * ShadowRenderer.blurExtent(radius: radius))
  }

  @Test(arguments: [Gradient.Kind.conic, .axial, .radial])
  func aGradientWithoutRoomThrows(kind: Gradient.Kind) throws {
    let gradient = Gradient(kind: kind, colors: [.red, .blue])
    #expect(
      Self.refusing(above: 1024) {
        Self.isOutOfMemory { () throws(GraphicsError) in
          try GradientRenderer.render(gradient, width: 64, height: 64)
        }
      })
    #expect(try GradientRenderer.render(gradient, width: 64, height: 64).width == 64)
  }

  @Test func aCrossFadeWithoutRoomThrows() throws {
    let top = YUVImage(width: 64, height: 48, matrix: .bt709)
    var bottom = YUVImage(width: 64, height: 48, matrix: .bt709)
    bottom.withUnsafeMutablePlanes { planes in
      planes.luma.update(repeating: 200, count: planes.lumaStride * planes.height)
    }
    #expect(
      Self.refusing(above: 1024) {
        Self.isOutOfMemory { () throws(GraphicsError) in
          try YUVCompositor.mix(top, opacity: 0.5, over: bottom)
        }
      })
    // At 0 and 1 nothing is allocated: the inputs are returned.
    let same = try Self.refusing(above: 1024) {
      try YUVCompositor.mix(top, opacity: 0, over: bottom)
    }
    #expect(same == bottom)
    #expect(try YUVCompositor.mix(top, opacity: 0.5, over: bottom).luma(x: 3, y: 3) == 108)
  }

  @Test func theTestingLimitIsOffByDefaultAndScoped() throws {
    #expect(PixelMemory.failingAbove == nil)
    Self.refusing(above: 16) { #expect(PixelMemory.failingAbove == 16) }
    #expect(PixelMemory.failingAbove == nil)
    #expect(throws: PixelAllocationError.self) {
      try Self.refusing(above: 16) { try Image(checkedWidth: 8, height: 8) }
    }
  }
}

extension Image {
  /// A small opaque test picture with a gradient of alpha at its left edge.
  static func filledForTests(width: Int, height: Int) -> Image {
    var image = Image(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        let alpha = UInt8(min(255, 40 + x * 20))
        image[x: x, y: y] = BGRA(blue: alpha / 2, green: 0, red: alpha, alpha: alpha)
      }
    }
    return image
  }
}
