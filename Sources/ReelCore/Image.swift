import Foundation

/// A premultiplied BGRA 8-bit pixel buffer: the picture type every Reel module shares.
///
/// Bytes are laid out as `B, G, R, A` per pixel, which is `AV_PIX_FMT_BGRA`, cairo's
/// `CAIRO_FORMAT_ARGB32` and pixman's `PIXMAN_a8r8g8b8` on little-endian machines, so the
/// same memory can be handed to each library without copying. Colour channels are
/// premultiplied by alpha (`r ≤ a`, `g ≤ a`, `b ≤ a`).
///
/// Rows start on 64-byte boundaries (`bytesPerRow` is a multiple of 64) so that SIMD kernels
/// and FFmpeg's converters can work on whole rows. `Image` has value semantics: copies share
/// storage until one of them is written to.
///
///     var image = Image(width: 320, height: 240)       // transparent black
///     image.fill(with: .init(blue: 0, green: 0, red: 255, alpha: 255))
///     let pixel = image[x: 10, y: 20]                  // BGRA(0, 0, 255, 255)
public struct Image: Sendable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// Distance in bytes from the start of one row to the start of the next (≥ `width · 4`).
  public let bytesPerRow: Int
  @usableFromInline var storage: ImageStorage

  /// Makes a transparent black image.
  ///
  /// - Parameters:
  ///   - width: Width in pixels, ≥ 0.
  ///   - height: Height in pixels, ≥ 0.
  /// - Precondition: both dimensions are non-negative and the buffer fits in memory; for
  ///   sizes that come from input use ``init(checkedWidth:height:)``, which throws instead.
  public init(width: Int, height: Int) {
    do {
      try self.init(checkedWidth: width, height: height)
    } catch {
      preconditionFailure(error.description)
    }
  }

  /// Makes a transparent black image, or throws when it cannot be allocated.
  ///
  /// - Parameters:
  ///   - width: Width in pixels, ≥ 0.
  ///   - height: Height in pixels, ≥ 0.
  /// - Throws: ``PixelAllocationError`` when a dimension is negative, the byte count
  ///   overflows, or the memory cannot be allocated.
  public init(checkedWidth width: Int, height: Int) throws(PixelAllocationError) {
    try self.init(width: width, height: height, zeroed: true)
  }

  /// Makes an image whose pixels are not initialised, for code that writes every pixel
  /// before reading any (a decoder's output, a canvas filled with a background), so frames
  /// do not pay for zero-filling 8 MB they overwrite at once.
  ///
  /// - Precondition: both dimensions are non-negative and the buffer fits in memory.
  @_spi(Benchmarks) public init(uninitializedWidth width: Int, height: Int) {
    do {
      try self.init(width: width, height: height, zeroed: false)
    } catch {
      preconditionFailure(error.description)
    }
  }

  /// An image whose pixels are not initialised, or an error when it cannot be allocated.
  ///
  /// - Throws: ``PixelAllocationError`` as ``init(checkedWidth:height:)``.
  package init(uninitializedCheckedWidth width: Int, height: Int) throws(PixelAllocationError) {
    try self.init(width: width, height: height, zeroed: false)
  }

  private init(width: Int, height: Int, zeroed: Bool) throws(PixelAllocationError) {
    guard width >= 0, height >= 0 else {
      throw PixelAllocationError(width: width, height: height, byteCount: nil)
    }
    let (row, rowOverflow) = width.multipliedReportingOverflow(by: 4)
    let (padded, padOverflow) = row.addingReportingOverflow(63)
    let (total, totalOverflow) = (padded & ~63).multipliedReportingOverflow(by: height)
    guard !rowOverflow, !padOverflow, !totalOverflow,
      let storage = ImageStorage(byteCount: total, zeroed: zeroed)
    else {
      throw PixelAllocationError(
        width: width, height: height,
        byteCount: rowOverflow || padOverflow || totalOverflow ? nil : total)
    }
    self.width = width
    self.height = height
    self.bytesPerRow = padded & ~63
    self.storage = storage
  }

  /// The row stride Reel uses for a width: `width · 4` rounded up to 64 bytes.
  ///
  /// - Parameter width: Width in pixels, ≥ 0.
  /// - Returns: Bytes per row, a multiple of 64.
  public static func alignedRowBytes(width: Int) -> Int {
    (width * 4 + 63) & ~63
  }

  /// The total number of bytes in the buffer (`bytesPerRow · height`).
  public var byteCount: Int { bytesPerRow * height }

  /// Calls `body` with read-only access to the whole buffer (`byteCount` bytes).
  ///
  /// - Parameter body: Reads the bytes; the pointer is valid only during the call.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  @inlinable
  public func withUnsafeBytes<R, E: Error>(
    _ body: (UnsafeRawBufferPointer) throws(E) -> R
  ) throws(E) -> R {
    try body(UnsafeRawBufferPointer(start: storage.bytes, count: storage.byteCount))
  }

  /// Calls `body` with writable access to the whole buffer, copying the storage first if it
  /// is shared with another `Image` value.
  ///
  /// - Parameter body: Reads and writes the bytes; the pointer is valid only during the call.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  @inlinable
  public mutating func withUnsafeMutableBytes<R, E: Error>(
    _ body: (UnsafeMutableRawBufferPointer) throws(E) -> R
  ) throws(E) -> R {
    if !isKnownUniquelyReferenced(&storage) {
      storage = storage.copy()
    }
    return try body(UnsafeMutableRawBufferPointer(start: storage.bytes, count: storage.byteCount))
  }

  /// Whether no other `Image` value shares this one's pixel buffer, so that writing to it
  /// copies nothing (a buffer kept for reuse is free again).
  package mutating func hasUnsharedPixels() -> Bool {
    isKnownUniquelyReferenced(&storage)
  }

  /// The pixel at column `x`, row `y` (origin top-left).
  ///
  /// - Precondition: `0 ≤ x < width` and `0 ≤ y < height`.
  public subscript(x x: Int, y y: Int) -> BGRA {
    get {
      precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) out of bounds")
      let p = storage.bytes.advanced(by: y * bytesPerRow + x * 4).assumingMemoryBound(
        to: UInt8.self)
      return BGRA(blue: p[0], green: p[1], red: p[2], alpha: p[3])
    }
    set {
      precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) out of bounds")
      let offset = y * bytesPerRow + x * 4
      withUnsafeMutableBytes { bytes in
        bytes[offset] = newValue.blue
        bytes[offset + 1] = newValue.green
        bytes[offset + 2] = newValue.red
        bytes[offset + 3] = newValue.alpha
      }
    }
  }

  /// Sets every pixel to `pixel`.
  ///
  /// - Parameter pixel: A premultiplied pixel.
  public mutating func fill(with pixel: BGRA) {
    let word =
      UInt32(pixel.blue) | UInt32(pixel.green) << 8 | UInt32(pixel.red) << 16
      | UInt32(pixel.alpha) << 24
    let width = self.width
    let height = self.height
    let stride = bytesPerRow
    withUnsafeMutableBytes { bytes in
      guard let base = bytes.baseAddress else { return }
      for y in 0..<height {
        let row = (base + y * stride).bindMemory(to: UInt32.self, capacity: width)
        row.update(repeating: word, count: width)
      }
    }
  }
}

/// One premultiplied pixel as stored in an ``Image``.
public struct BGRA: Sendable, Hashable, CustomStringConvertible {
  /// Blue, premultiplied by alpha (0…`alpha`).
  public var blue: UInt8
  /// Green, premultiplied by alpha (0…`alpha`).
  public var green: UInt8
  /// Red, premultiplied by alpha (0…`alpha`).
  public var red: UInt8
  /// Opacity: 0 transparent, 255 opaque.
  public var alpha: UInt8

  /// Makes a pixel from premultiplied channel values.
  ///
  /// - Parameters:
  ///   - blue: Premultiplied blue, ≤ `alpha`.
  ///   - green: Premultiplied green, ≤ `alpha`.
  ///   - red: Premultiplied red, ≤ `alpha`.
  ///   - alpha: Opacity, 0…255.
  public init(blue: UInt8, green: UInt8, red: UInt8, alpha: UInt8) {
    self.blue = blue
    self.green = green
    self.red = red
    self.alpha = alpha
  }

  /// `BGRA(b, g, r, a)`.
  public var description: String { "BGRA(\(blue), \(green), \(red), \(alpha))" }
}

extension Image: Equatable {
  /// Two images are equal when they have the same size and the same visible pixels
  /// (row padding is ignored).
  public static func == (lhs: Image, rhs: Image) -> Bool {
    guard lhs.width == rhs.width, lhs.height == rhs.height else { return false }
    if lhs.storage === rhs.storage { return true }
    let rowBytes = lhs.width * 4
    for y in 0..<lhs.height {
      let a = lhs.storage.bytes + y * lhs.bytesPerRow
      let b = rhs.storage.bytes + y * rhs.bytesPerRow
      if memcmp(a, b, rowBytes) != 0 { return false }
    }
    return true
  }
}

/// Heap storage for ``Image``: one 64-byte-aligned, zero-filled allocation.
///
/// Thread rule: an `ImageStorage` is only written through `Image.withUnsafeMutableBytes`,
/// which first makes it unique, so a storage reachable from more than one thread is never
/// written. That is what makes the `@unchecked Sendable` sound.
@usableFromInline
final class ImageStorage: @unchecked Sendable {
  @usableFromInline let bytes: UnsafeMutableRawPointer
  @usableFromInline let byteCount: Int

  /// Allocates `byteCount` bytes (zero-filled when `zeroed`); nil when there is no room.
  init?(byteCount: Int, zeroed: Bool = true) {
    guard let memory = PixelMemory.allocate(byteCount: byteCount) else { return nil }
    self.byteCount = byteCount
    bytes = memory
    // memset from C: Swift's generic initialisation is a per-byte loop in debug builds.
    if zeroed { memset(memory, 0, max(byteCount, 1)) }
    // The bytes are bound as UInt8 for Swift's memory model either way.
    memory.bindMemory(to: UInt8.self, capacity: max(byteCount, 1))
  }

  /// A copy of the bytes.
  ///
  /// - Precondition: the copy can be allocated (a copy-on-write of an existing image).
  @usableFromInline
  func copy() -> ImageStorage {
    guard let other = ImageStorage(byteCount: byteCount, zeroed: false) else {
      preconditionFailure(
        "cannot allocate \(byteCount) bytes to copy a picture on write: out of memory")
    }
    other.bytes.copyMemory(from: bytes, byteCount: byteCount)
    return other
  }

  deinit { PixelMemory.free(bytes) }
}
