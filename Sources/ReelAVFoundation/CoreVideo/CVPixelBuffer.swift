internal import ReelCore

/// A buffer of media data with attachments, as CoreVideo's `CVBuffer`; every buffer Reel
/// makes is a pixel buffer (`CVImageBuffer`, `CVPixelBuffer` are the same class, as the
/// aliases are on Apple).
///
/// A pixel buffer is a view of a Reel picture: a `kCVPixelFormatType_32BGRA` buffer *is* a
/// Reel `Image` (premultiplied B, G, R, A, rows on 64-byte boundaries) and a
/// `kCVPixelFormatType_420YpCbCr8Planar` buffer a `YUVImage`, so the writer encodes them and
/// the reader hands them over without copying pixels. `32ARGB` and the NV12 layouts
/// (`420YpCbCr8BiPlanarVideoRange` / `FullRange`) have storage of their own and are converted
/// when written or read.
///
/// Thread rule (Apple's contract): the pixels are read and written only between
/// `CVPixelBufferLockBaseAddress` and `CVPixelBufferUnlockBaseAddress`, by one thread at a
/// time; the lock count and the attachments are guarded by a mutex.
public final class CVBuffer: @unchecked Sendable {
  /// What the buffer holds.
  enum Content {
    /// A Reel image (BGRA).
    case image(Image)
    /// A Reel 4:2:0 picture (three planes).
    case yuv(YUVImage)
    /// Storage of the buffer's own (ARGB, NV12).
    case memory(PlaneMemory)
  }

  /// One plane's place in a buffer's memory.
  struct Plane {
    var offset: Int
    var bytesPerRow: Int
    var width: Int
    var height: Int
    var byteCount: Int { bytesPerRow * height }
  }

  struct State {
    var lockCount = 0
    var readOnlyLocks = 0
    var attachments: [String: (value: AnyObject, mode: CVAttachmentMode)] = [:]
  }

  let layout: PixelLayout
  /// Pixels across.
  let width: Int
  /// Pixels down.
  let height: Int
  /// The pixels; changed only under the caller's lock (see the thread rule).
  var content: Content
  let state = LockedState(State())

  /// A buffer over `content` (its layout must match `layout`).
  init(layout: PixelLayout, width: Int, height: Int, content: Content) {
    self.layout = layout
    self.width = width
    self.height = height
    self.content = content
  }

  /// A new buffer of `layout`, or the CoreVideo code of why not. BGRA starts transparent
  /// black, 4:2:0 black, ARGB zero.
  static func make(layout: PixelLayout, width: Int, height: Int) -> Result<CVBuffer, CVFailure> {
    let side = 1...PixelLimits.maximumPictureSide
    guard side.contains(width), side.contains(height) else {
      return .failure(
        CVFailure(
          kCVReturnInvalidSize,
          "a pixel buffer of \(width)×\(height) is out of range (1…\(PixelLimits.maximumPictureSide) pixels a side)"
        ))
    }
    let content: Content
    switch layout {
    case .bgra:
      guard let image = try? Image(checkedWidth: width, height: height) else {
        return .failure(CVFailure(kCVReturnAllocationFailed, "no memory for \(width)×\(height)"))
      }
      content = .image(image)
    case .planar:
      guard
        var picture = try? YUVImage(
          uninitializedCheckedWidth: width, height: height,
          matrix: .forSize(width: width, height: height), pool: .shared)
      else {
        return .failure(CVFailure(kCVReturnAllocationFailed, "no memory for \(width)×\(height)"))
      }
      picture.withUnsafeMutablePlanes { planes in
        for row in 0..<height {
          (planes.luma + row * planes.lumaStride).update(repeating: 16, count: width)
        }
        for row in 0..<((height + 1) / 2) {
          (planes.cb + row * planes.chromaStride).update(repeating: 128, count: (width + 1) / 2)
          (planes.cr + row * planes.chromaStride).update(repeating: 128, count: (width + 1) / 2)
        }
      }
      content = .yuv(picture)
    case .argb, .rgba, .biPlanar, .biPlanar10:
      let planes = Self.ownPlanes(layout: layout, width: width, height: height)
      let total = planes.reduce(0) { $0 + $1.byteCount }
      guard let memory = PlaneMemory(byteCount: total) else {
        return .failure(CVFailure(kCVReturnAllocationFailed, "no memory for \(width)×\(height)"))
      }
      if case .biPlanar(let full) = layout {
        let black: UInt8 = full ? 0 : 16
        (memory.bytes).initializeMemory(
          as: UInt8.self, repeating: black, count: planes[0].byteCount)
        (memory.bytes + planes[1].offset).initializeMemory(
          as: UInt8.self, repeating: 128, count: planes[1].byteCount)
      }
      if case .biPlanar10(let full, _) = layout {
        let black = TenBitSamples.stored(full ? 0 : 64)
        let neutral = TenBitSamples.stored(512)
        (memory.bytes).initializeMemory(
          as: UInt16.self, repeating: black, count: planes[0].byteCount / 2)
        (memory.bytes + planes[1].offset).initializeMemory(
          as: UInt16.self, repeating: neutral, count: planes[1].byteCount / 2)
      }
      content = .memory(memory)
    }
    return .success(CVBuffer(layout: layout, width: width, height: height, content: content))
  }

  /// The planes of the layouts with storage of their own: rows on 64-byte boundaries.
  static func ownPlanes(layout: PixelLayout, width: Int, height: Int) -> [Plane] {
    func aligned(_ bytes: Int) -> Int { (bytes + 63) & ~63 }
    switch layout {
    case .bgra, .argb, .rgba:
      return [Plane(offset: 0, bytesPerRow: aligned(width * 4), width: width, height: height)]
    case .biPlanar10(_, let chromaEveryRow):
      let luma = Plane(offset: 0, bytesPerRow: aligned(width * 2), width: width, height: height)
      let chromaWidth = (width + 1) / 2
      let chroma = Plane(
        offset: luma.byteCount, bytesPerRow: aligned(chromaWidth * 4), width: chromaWidth,
        height: chromaEveryRow ? height : (height + 1) / 2)
      return [luma, chroma]
    case .biPlanar:
      let luma = Plane(offset: 0, bytesPerRow: aligned(width), width: width, height: height)
      let chromaWidth = (width + 1) / 2
      let chroma = Plane(
        offset: luma.byteCount, bytesPerRow: aligned(chromaWidth * 2), width: chromaWidth,
        height: (height + 1) / 2)
      return [luma, chroma]
    case .planar:
      // Reel's YUVImage: its own strides (see `planes`).
      return []
    }
  }

  /// The buffer's planes (one for BGRA and ARGB).
  var planes: [Plane] {
    switch content {
    case .image(let image):
      return [Plane(offset: 0, bytesPerRow: image.bytesPerRow, width: width, height: height)]
    case .yuv(let picture):
      return picture.withUnsafePlanes { planes in
        let chroma = (width: (width + 1) / 2, height: (height + 1) / 2)
        let cbOffset = UnsafeRawPointer(planes.cb) - UnsafeRawPointer(planes.luma)
        let crOffset = UnsafeRawPointer(planes.cr) - UnsafeRawPointer(planes.luma)
        return [
          Plane(offset: 0, bytesPerRow: planes.lumaStride, width: width, height: height),
          Plane(
            offset: cbOffset, bytesPerRow: planes.chromaStride, width: chroma.width,
            height: chroma.height),
          Plane(
            offset: crOffset, bytesPerRow: planes.chromaStride, width: chroma.width,
            height: chroma.height),
        ]
      }
    case .memory:
      return Self.ownPlanes(layout: layout, width: width, height: height)
    }
  }

  /// Whether the buffer is locked read-only only (no writable lock is held).
  var isLockedReadOnly: Bool {
    state.withLock { $0.lockCount > 0 && $0.readOnlyLocks == $0.lockCount }
  }

  /// The start of plane `index`'s pixels: writable (made unique first, so writes reach this
  /// buffer alone) unless the buffer is locked read-only.
  func baseAddress(ofPlane index: Int) -> UnsafeMutableRawPointer? {
    let planes = self.planes
    guard planes.indices.contains(index) else { return nil }
    if state.withLock({ $0.lockCount == 0 }) {
      CompatWarnings.warnOnce(
        key: "CVPixelBuffer.unlocked",
        "a pixel buffer's base address was asked for while it is not locked; call CVPixelBufferLockBaseAddress first (Apple requires it)"
      )
    }
    let readOnly = isLockedReadOnly
    switch content {
    case .image(var image):
      if readOnly {
        return image.withUnsafeBytes { UnsafeMutableRawPointer(mutating: $0.baseAddress) }
      }
      content = .memory(PlaneMemory.placeholder)  // drop our reference so `image` is unique
      let base = image.withUnsafeMutableBytes { $0.baseAddress }
      content = .image(image)
      return base
    case .yuv(var picture):
      let offset = planes[index].offset
      if readOnly {
        return picture.withUnsafePlanes { UnsafeMutableRawPointer(mutating: $0.luma) + offset }
      }
      content = .memory(PlaneMemory.placeholder)
      let base = picture.withUnsafeMutablePlanes { UnsafeMutableRawPointer($0.luma) + offset }
      content = .yuv(picture)
      return base
    case .memory(let memory):
      return memory.bytes + planes[index].offset
    }
  }

  /// The colour matrix the buffer's Y′CbCr samples use: its `kCVImageBufferYCbCrMatrixKey`
  /// attachment, else the picture's own, else the one for its size.
  var colorMatrix: ColorMatrix {
    if let tag = attachment(kCVImageBufferYCbCrMatrixKey as String) as? NSString {
      switch String(tag) {
      case String(kCVImageBufferYCbCrMatrix_ITU_R_709_2): return .bt709
      case String(kCVImageBufferYCbCrMatrix_ITU_R_601_4),
        String(kCVImageBufferYCbCrMatrix_SMPTE_240M_1995):
        return .bt601
      default: break
      }
    }
    if case .yuv(let picture) = content { return picture.matrix }
    return .forSize(width: width, height: height)
  }

  /// The attachment under `key`, or nil.
  func attachment(_ key: String) -> AnyObject? {
    state.withLock { $0.attachments[key]?.value }
  }
}

/// A pixel buffer, as CoreVideo's `CVImageBuffer`: the same class as ``CVBuffer``.
public typealias CVImageBuffer = CVBuffer
/// A pixel buffer, as CoreVideo's `CVPixelBuffer`: the same class as ``CVBuffer``.
public typealias CVPixelBuffer = CVImageBuffer

/// A CoreVideo failure: Apple's code and Reel's message (printed once as a warning where
/// Apple's C API has no room for a message).
struct CVFailure: Error {
  let code: CVReturn
  let reason: String

  init(_ code: CVReturn, _ reason: String) {
    self.code = code
    self.reason = reason
  }

  /// Prints the reason once and answers the code.
  func report(_ function: String) -> CVReturn {
    CompatWarnings.warnOnce(key: "\(function)|\(reason)", "\(function): \(reason)")
    return code
  }
}

/// Memory of a pixel buffer's own: one 64-byte-aligned, zero-filled allocation.
final class PlaneMemory: @unchecked Sendable {
  // Thread rule: written only under a pixel buffer's lock, by one thread (Apple's contract).
  let bytes: UnsafeMutableRawPointer
  let byteCount: Int

  convenience init?(byteCount: Int) {
    guard byteCount >= 0 else { return nil }
    self.init(checkedByteCount: byteCount)
  }

  private init(checkedByteCount byteCount: Int) {
    bytes = UnsafeMutableRawPointer.allocate(byteCount: max(byteCount, 1), alignment: 64)
    bytes.initializeMemory(as: UInt8.self, repeating: 0, count: max(byteCount, 1))
    self.byteCount = byteCount
  }

  /// A one-byte allocation standing in while a picture is briefly taken out of a buffer.
  static let placeholder = PlaneMemory(checkedByteCount: 0)

  deinit { bytes.deallocate() }
}

/// A value read and written only under its lock (a pixel buffer's lock count and
/// attachments, which hold objects that are not `Sendable`).
final class LockedState<Value>: @unchecked Sendable {
  // Thread rule: `value` is touched only inside `withLock`.
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
