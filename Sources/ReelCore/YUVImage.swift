import Foundation
import Synchronization

/// An 8-bit 4:2:0 planar Y′CbCr picture in limited ("TV") range: FFmpeg's `yuv420p`, the
/// format decoders produce and encoders take.
///
/// Export keeps frames in this form wherever what is drawn allows it, so a frame that
/// nothing is drawn on goes from decoder to encoder without a colour conversion (see
/// `docs/performance.md`). Chroma planes are `⌈width/2⌉ × ⌈height/2⌉`; each chroma sample
/// belongs to a 2×2 block of luma samples. Rows start on 64-byte boundaries when Reel
/// allocates the picture.
///
/// A `YUVImage` has value semantics: copies share storage until one is written, and a
/// picture that wraps memory Reel does not own (a decoder's frame) is copied before its
/// first write.
public struct YUVImage: Sendable {
  /// Width in pixels (luma samples), ≥ 1.
  public let width: Int
  /// Height in pixels (luma rows), ≥ 1.
  public let height: Int
  /// The matrix the samples were made with.
  public let matrix: ColorMatrix
  @usableFromInline var storage: YUVStorage

  /// Width of each chroma plane: `⌈width / 2⌉`.
  public var chromaWidth: Int { (width + 1) / 2 }
  /// Height of each chroma plane: `⌈height / 2⌉`.
  public var chromaHeight: Int { (height + 1) / 2 }

  /// Makes a black picture (Y′ 16, Cb and Cr 128).
  ///
  /// - Parameters:
  ///   - width: Width in pixels, ≥ 1.
  ///   - height: Height in pixels, ≥ 1.
  ///   - matrix: The RGB → Y′CbCr matrix the picture uses.
  /// - Precondition: both dimensions are positive.
  public init(width: Int, height: Int, matrix: ColorMatrix) {
    self.init(uninitializedWidth: width, height: height, matrix: matrix, pool: .shared)
    storage.fill(luma: 16, cb: 128, cr: 128, width: width, height: height)
  }

  /// Makes a picture whose samples are not initialised, for code that writes every sample
  /// before reading any.
  ///
  /// - Precondition: both dimensions are positive.
  package init(
    uninitializedWidth width: Int, height: Int, matrix: ColorMatrix, pool: YUVBufferPool
  ) {
    precondition(width >= 1 && height >= 1, "YUVImage dimensions must be positive")
    do {
      try self.init(uninitializedCheckedWidth: width, height: height, matrix: matrix, pool: pool)
    } catch {
      preconditionFailure(error.description)
    }
  }

  /// A picture whose samples are not initialised, or an error when it cannot be allocated.
  ///
  /// - Parameter pool: Where the planes' buffer is taken from and given back to when the
  ///   last copy of the picture goes: an export's own pool, or ``YUVBufferPool/shared``.
  /// - Throws: ``PixelAllocationError`` when a dimension is below 1, the size overflows or
  ///   the memory cannot be allocated.
  package init(
    uninitializedCheckedWidth width: Int, height: Int, matrix: ColorMatrix,
    pool: YUVBufferPool
  ) throws(PixelAllocationError) {
    guard width >= 1, height >= 1, width <= Int(Int32.max), height <= Int(Int32.max),
      let storage = YUVStorage(width: width, height: height, pool: pool)
    else {
      throw PixelAllocationError(
        width: width, height: height,
        byteCount: width >= 1 && height >= 1 && width <= Int(Int32.max)
          && height <= Int(Int32.max) ? YUVStorage.byteCount(width: width, height: height) : nil)
    }
    self.width = width
    self.height = height
    self.matrix = matrix
    self.storage = storage
  }

  /// Wraps planes that something else owns (a decoder's frame), read-only: the first write
  /// copies them into storage of Reel's own.
  ///
  /// - Parameters:
  ///   - planes: The three planes; they must stay valid and unchanged while `owner` lives.
  ///   - matrix: The matrix the samples were made with.
  ///   - owner: Keeps the planes alive; released when the last copy of the picture goes.
  package init(wrapping planes: YUVPlanes, matrix: ColorMatrix, owner: AnyObject & Sendable) {
    width = planes.width
    height = planes.height
    self.matrix = matrix
    storage = YUVStorage(wrapping: planes, owner: owner)
  }

  /// Makes the picture's storage its own and unshared before it is written, taking a
  /// buffer from `pool` when the planes must be copied (they are shared with another copy
  /// of the picture or wrap a decoder's frame); otherwise nothing changes.
  ///
  /// - Throws: ``PixelAllocationError`` when the copy cannot be allocated.
  package mutating func makeWritable(in pool: YUVBufferPool) throws(PixelAllocationError) {
    guard storage.owner != nil || !isKnownUniquelyReferenced(&storage) else { return }
    guard let copy = storage.copy(into: pool) else {
      throw PixelAllocationError(
        width: width, height: height,
        byteCount: YUVStorage.byteCount(width: width, height: height))
    }
    storage = copy
  }

  /// The object that owns wrapped planes (see ``init(wrapping:matrix:owner:)``), or nil when
  /// Reel owns the storage.
  package var externalOwner: (AnyObject & Sendable)? { storage.owner }

  /// Calls `body` with read access to the planes.
  public func withUnsafePlanes<R, E: Error>(_ body: (YUVPlanes) throws(E) -> R) throws(E) -> R {
    try body(storage.planes.readOnly)
  }

  /// Calls `body` with write access to the planes, first copying the storage when it is
  /// shared with another copy of the picture or owned by something else.
  public mutating func withUnsafeMutablePlanes<R, E: Error>(
    _ body: (MutableYUVPlanes) throws(E) -> R
  ) throws(E) -> R {
    if !isKnownUniquelyReferenced(&storage) || storage.owner != nil {
      storage = storage.copy()
    }
    return try body(storage.planes)
  }

  /// The luma sample at a pixel.
  ///
  /// - Precondition: `0 ≤ x < width`, `0 ≤ y < height`.
  public func luma(x: Int, y: Int) -> UInt8 {
    precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel outside the picture")
    return storage.planes.luma[y * storage.planes.lumaStride + x]
  }

  /// The (Cb, Cr) samples of the 2×2 block holding a pixel.
  ///
  /// - Precondition: `0 ≤ x < width`, `0 ≤ y < height`.
  public func chroma(x: Int, y: Int) -> (cb: UInt8, cr: UInt8) {
    precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel outside the picture")
    let planes = storage.planes
    return (
      planes.cb[(y / 2) * planes.chromaStride + x / 2],
      planes.cr[(y / 2) * planes.chromaStride + x / 2]
    )
  }
}

/// Read-only pointers to the three planes of a ``YUVImage`` and their strides
/// (``YUVImage/withUnsafePlanes(_:)``).
public struct YUVPlanes: @unchecked Sendable {
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int
  /// The Y′ plane.
  public var luma: UnsafePointer<UInt8>
  /// Bytes from one luma row to the next.
  public var lumaStride: Int
  /// The Cb plane.
  public var cb: UnsafePointer<UInt8>
  /// The Cr plane.
  public var cr: UnsafePointer<UInt8>
  /// Bytes from one chroma row to the next, in both chroma planes.
  public var chromaStride: Int

  /// Describes planes.
  ///
  /// - Parameters:
  ///   - width: Width in pixels.
  ///   - height: Height in pixels.
  ///   - luma: The Y′ plane, `lumaStride · height` bytes.
  ///   - lumaStride: Bytes per luma row, ≥ width.
  ///   - cb: The Cb plane.
  ///   - cr: The Cr plane.
  ///   - chromaStride: Bytes per chroma row, ≥ ⌈width / 2⌉.
  public init(
    width: Int, height: Int, luma: UnsafePointer<UInt8>, lumaStride: Int,
    cb: UnsafePointer<UInt8>, cr: UnsafePointer<UInt8>, chromaStride: Int
  ) {
    self.width = width
    self.height = height
    self.luma = luma
    self.lumaStride = lumaStride
    self.cb = cb
    self.cr = cr
    self.chromaStride = chromaStride
  }
}

/// Writable pointers to the three planes of a ``YUVImage`` and their strides
/// (``YUVImage/withUnsafeMutablePlanes(_:)``).
public struct MutableYUVPlanes: @unchecked Sendable {
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int
  /// The Y′ plane.
  public var luma: UnsafeMutablePointer<UInt8>
  /// Bytes from one luma row to the next.
  public var lumaStride: Int
  /// The Cb plane.
  public var cb: UnsafeMutablePointer<UInt8>
  /// The Cr plane.
  public var cr: UnsafeMutablePointer<UInt8>
  /// Bytes from one chroma row to the next, in both chroma planes.
  public var chromaStride: Int

  /// Describes planes.
  ///
  /// - Parameters:
  ///   - width: Width in pixels.
  ///   - height: Height in pixels.
  ///   - luma: The Y′ plane, `lumaStride · height` bytes.
  ///   - lumaStride: Bytes per luma row, ≥ width.
  ///   - cb: The Cb plane.
  ///   - cr: The Cr plane.
  ///   - chromaStride: Bytes per chroma row, ≥ ⌈width / 2⌉.
  public init(
    width: Int, height: Int, luma: UnsafeMutablePointer<UInt8>, lumaStride: Int,
    cb: UnsafeMutablePointer<UInt8>, cr: UnsafeMutablePointer<UInt8>, chromaStride: Int
  ) {
    self.width = width
    self.height = height
    self.luma = luma
    self.lumaStride = lumaStride
    self.cb = cb
    self.cr = cr
    self.chromaStride = chromaStride
  }

  /// The same planes, read-only.
  public var readOnly: YUVPlanes {
    YUVPlanes(
      width: width, height: height, luma: luma, lumaStride: lumaStride, cb: cb, cr: cr,
      chromaStride: chromaStride)
  }
}

extension YUVImage: Equatable {
  /// Two pictures are equal when their sizes, matrices and samples are.
  public static func == (lhs: YUVImage, rhs: YUVImage) -> Bool {
    guard lhs.width == rhs.width, lhs.height == rhs.height, lhs.matrix == rhs.matrix else {
      return false
    }
    if lhs.storage === rhs.storage { return true }
    let a = lhs.storage.planes
    let b = rhs.storage.planes
    func rowsEqual(
      _ x: UnsafePointer<UInt8>, _ xs: Int, _ y: UnsafePointer<UInt8>, _ ys: Int,
      width: Int, height: Int
    ) -> Bool {
      for row in 0..<height where memcmp(x + row * xs, y + row * ys, width) != 0 {
        return false
      }
      return true
    }
    return rowsEqual(
      a.luma, a.lumaStride, b.luma, b.lumaStride, width: lhs.width, height: lhs.height)
      && rowsEqual(
        a.cb, a.chromaStride, b.cb, b.chromaStride, width: lhs.chromaWidth,
        height: lhs.chromaHeight)
      && rowsEqual(
        a.cr, a.chromaStride, b.cr, b.chromaStride, width: lhs.chromaWidth,
        height: lhs.chromaHeight)
  }
}

/// Heap storage for ``YUVImage``: one 64-byte-aligned allocation holding the three planes,
/// or planes owned by another object.
///
/// Thread rule: storage is only written through `YUVImage.withUnsafeMutablePlanes`, which
/// first makes it unique and Reel's own, so storage reachable from more than one thread is
/// never written; `owner` is immutable. That is what makes the `@unchecked Sendable` sound.
@usableFromInline
final class YUVStorage: @unchecked Sendable {
  let planes: MutableYUVPlanes
  /// Keeps wrapped planes alive; nil when this storage allocated them.
  let owner: (AnyObject & Sendable)?
  private let allocation: UnsafeMutableRawPointer?
  private let byteCount: Int
  /// The pool the allocation came from and goes back to.
  private let pool: YUVBufferPool?

  /// Bytes of the three planes of a `width`×`height` picture (dimensions ≤ `Int32.max`).
  static func byteCount(width: Int, height: Int) -> Int {
    let lumaStride = (width + 63) & ~63
    let chromaStride = ((width + 1) / 2 + 63) & ~63
    return lumaStride * height + 2 * chromaStride * ((height + 1) / 2)
  }

  /// Allocates planes for a picture from `pool`; nil when there is no room.
  init?(width: Int, height: Int, pool: YUVBufferPool) {
    let lumaStride = (width + 63) & ~63
    let chromaStride = ((width + 1) / 2 + 63) & ~63
    let chromaRows = (height + 1) / 2
    let lumaBytes = lumaStride * height
    let chromaBytes = chromaStride * chromaRows
    byteCount = lumaBytes + 2 * chromaBytes
    guard let bytes = pool.take(byteCount: byteCount) else { return nil }
    let base = bytes.bindMemory(to: UInt8.self, capacity: byteCount)
    allocation = bytes
    self.pool = pool
    owner = nil
    planes = MutableYUVPlanes(
      width: width, height: height, luma: base, lumaStride: lumaStride, cb: base + lumaBytes,
      cr: base + lumaBytes + chromaBytes, chromaStride: chromaStride)
  }

  init(wrapping planes: YUVPlanes, owner: AnyObject & Sendable) {
    // Wrapped planes are only read: the first write copies them (see `withUnsafeMutablePlanes`).
    self.planes = MutableYUVPlanes(
      width: planes.width, height: planes.height, luma: UnsafeMutablePointer(mutating: planes.luma),
      lumaStride: planes.lumaStride, cb: UnsafeMutablePointer(mutating: planes.cb),
      cr: UnsafeMutablePointer(mutating: planes.cr), chromaStride: planes.chromaStride)
    self.owner = owner
    allocation = nil
    byteCount = 0
    pool = nil
  }

  func fill(luma: UInt8, cb: UInt8, cr: UInt8, width: Int, height: Int) {
    for row in 0..<height {
      (planes.luma + row * planes.lumaStride).update(repeating: luma, count: width)
    }
    for row in 0..<(height + 1) / 2 {
      (planes.cb + row * planes.chromaStride).update(repeating: cb, count: (width + 1) / 2)
      (planes.cr + row * planes.chromaStride).update(repeating: cr, count: (width + 1) / 2)
    }
  }

  /// A copy made on write, from the pool this storage came from (the shared pool for
  /// wrapped planes).
  @usableFromInline
  func copy() -> YUVStorage {
    guard let other = copy(into: pool ?? .shared) else {
      preconditionFailure(
        "cannot allocate \(byteCount) bytes to copy a picture on write: out of memory")
    }
    return other
  }

  /// A copy of the planes in a buffer from `pool`; nil when there is no room.
  func copy(into pool: YUVBufferPool) -> YUVStorage? {
    guard let other = YUVStorage(width: planes.width, height: planes.height, pool: pool) else {
      return nil
    }
    let chromaWidth = (planes.width + 1) / 2
    for row in 0..<planes.height {
      (other.planes.luma + row * other.planes.lumaStride).update(
        from: planes.luma + row * planes.lumaStride, count: planes.width)
    }
    for row in 0..<(planes.height + 1) / 2 {
      (other.planes.cb + row * other.planes.chromaStride).update(
        from: planes.cb + row * planes.chromaStride, count: chromaWidth)
      (other.planes.cr + row * other.planes.chromaStride).update(
        from: planes.cr + row * planes.chromaStride, count: chromaWidth)
    }
    return other
  }

  deinit {
    if let allocation, let pool { pool.give(allocation, byteCount: byteCount) }
  }
}

/// Keeps a few freed plane buffers for the next pictures of the same size, so a pipeline
/// that makes a picture per frame reuses the same memory instead of asking the allocator
/// (and the kernel, which zeroes fresh pages) for 3 MB per 1080p frame.
///
/// At most ``capacity`` buffers and ``byteLimit`` bytes are kept, of the most recent sizes;
/// the rest are freed. A picture takes its buffer from the pool it is made with and gives it
/// back there: an export passes a pool of its own to every stage that makes pictures
/// (freed with the export), so concurrent exports never drain each other; pictures made
/// elsewhere share ``shared``, a bounded cache nobody empties.
package final class YUVBufferPool: Sendable {
  /// The pool of pictures made outside an export's pipeline.
  package static let shared = YUVBufferPool()
  /// Buffers kept at most (a pipeline has about five pictures in flight).
  static let capacity = 8
  /// Bytes kept at most (eight 1080p pictures; fewer 4K ones).
  static let byteLimit = 8 * 3_200_000

  private struct FreeBuffer: @unchecked Sendable {
    let bytes: UnsafeMutableRawPointer
    let byteCount: Int
  }
  private let buffers = Mutex<[FreeBuffer]>([])
  private let allocations = Atomic<Int>(0)

  /// Makes an empty pool.
  package init() {}

  deinit { removeAll() }

  /// How many buffers the pool has taken from the allocator (not recycled) so far.
  package var allocatedCount: Int { allocations.load(ordering: .relaxed) }

  /// A 64-byte-aligned buffer of `byteCount` bytes, recycled when one is free; nil when
  /// none is free and there is no room for a new one.
  func take(byteCount: Int) -> UnsafeMutableRawPointer? {
    if PixelMemory.isRefusedForTesting(byteCount: byteCount) { return nil }
    let recycled = buffers.withLock { free -> UnsafeMutableRawPointer? in
      guard let index = free.lastIndex(where: { $0.byteCount == byteCount }) else { return nil }
      return free.remove(at: index).bytes
    }
    if let recycled { return recycled }
    allocations.add(1, ordering: .relaxed)
    return PixelMemory.allocate(byteCount: byteCount)
  }

  /// Returns a buffer from ``take(byteCount:)``; the oldest buffers are freed when the pool
  /// is over its limits.
  func give(_ bytes: UnsafeMutableRawPointer, byteCount: Int) {
    let evicted = buffers.withLock { free -> [UnsafeMutableRawPointer] in
      free.append(FreeBuffer(bytes: bytes, byteCount: byteCount))
      var evicted: [UnsafeMutableRawPointer] = []
      var total = free.reduce(0) { $0 + $1.byteCount }
      while !free.isEmpty, free.count > Self.capacity || total > Self.byteLimit {
        let oldest = free.removeFirst()
        total -= oldest.byteCount
        evicted.append(oldest.bytes)
      }
      return evicted
    }
    for buffer in evicted { PixelMemory.free(buffer) }
  }

  /// How many buffers, and bytes, the pool keeps now.
  package var kept: (count: Int, bytes: Int) {
    buffers.withLock { free in (free.count, free.reduce(0) { $0 + $1.byteCount }) }
  }

  /// Frees every kept buffer.
  func removeAll() {
    let kept = buffers.withLock { free -> [FreeBuffer] in
      defer { free.removeAll() }
      return free
    }
    for buffer in kept { PixelMemory.free(buffer.bytes) }
  }
}

extension YUVImage {
  /// The object that keeps the planes alive (the storage itself), for handing the memory to
  /// a C library that releases it later: retain it while the library holds the pointers.
  package var retainer: AnyObject { storage }
}
