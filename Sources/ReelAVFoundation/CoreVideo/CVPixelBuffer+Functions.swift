// CoreVideo's pixel-buffer functions with Apple's signatures.

/// How a pixel buffer is locked, as CoreVideo's `CVPixelBufferLockFlags`.
public struct CVPixelBufferLockFlags: OptionSet, Sendable, Hashable {
  public let rawValue: CVOptionFlags
  public init(rawValue: CVOptionFlags) { self.rawValue = rawValue }
  /// The caller only reads the pixels (no copy is made to keep them private).
  public static let readOnly = CVPixelBufferLockFlags(rawValue: 1)
}

/// Makes a pixel buffer `width` × `height` of `pixelFormatType`.
///
/// - Parameters:
///   - allocator: Ignored (Reel allocates pixels itself).
///   - width: Pixels across, ≥ 1.
///   - height: Pixels down, ≥ 1.
///   - pixelFormatType: `kCVPixelFormatType_32BGRA`, `_32ARGB`,
///     `_420YpCbCr8BiPlanarVideoRange`, `_420YpCbCr8BiPlanarFullRange` or `_420YpCbCr8Planar`.
///   - pixelBufferAttributes: Apple's attribute keys; compatibility keys are accepted.
///   - pixelBufferOut: Receives the buffer.
/// - Returns: `kCVReturnSuccess`, `kCVReturnInvalidPixelFormat` for another format,
///   `kCVReturnInvalidSize`, `kCVReturnInvalidPixelBufferAttributes` or
///   `kCVReturnAllocationFailed` (the reason is printed once on standard error).
@discardableResult
public func CVPixelBufferCreate(
  _ allocator: CFAllocator?, _ width: Int, _ height: Int, _ pixelFormatType: OSType,
  _ pixelBufferAttributes: CFDictionary?, _ pixelBufferOut: UnsafeMutablePointer<CVPixelBuffer?>
) -> CVReturn {
  do throws(CVFailure) {
    _ = try PixelBufferAttributes(pixelBufferAttributes)
    pixelBufferOut.initialize(
      to: try makePixelBuffer(
        width: width, height: height, format: pixelFormatType))
    return kCVReturnSuccess
  } catch {
    return error.report("CVPixelBufferCreate")
  }
}

/// A new pixel buffer, or why not.
func makePixelBuffer(width: Int, height: Int, format: OSType) throws(CVFailure) -> CVBuffer {
  guard let layout = PixelLayout(format) else {
    throw CVFailure(
      kCVReturnInvalidPixelFormat,
      "pixel format \(PixelLayout.name(format)) is not supported; use one of \(PixelLayout.supportedNames)"
    )
  }
  return try CVBuffer.make(layout: layout, width: width, height: height).get()
}

/// Locks the buffer's pixels for access (locks nest; each needs its unlock with the same
/// flags).
@discardableResult
public func CVPixelBufferLockBaseAddress(
  _ pixelBuffer: CVPixelBuffer, _ lockFlags: CVPixelBufferLockFlags
) -> CVReturn {
  pixelBuffer.state.withLock { state in
    state.lockCount += 1
    if lockFlags.contains(.readOnly) { state.readOnlyLocks += 1 }
  }
  return kCVReturnSuccess
}

/// Undoes one `CVPixelBufferLockBaseAddress` with the same flags.
///
/// - Returns: `kCVReturnSuccess`, or `kCVReturnError` when the buffer is not locked (with
///   those flags).
@discardableResult
public func CVPixelBufferUnlockBaseAddress(
  _ pixelBuffer: CVPixelBuffer, _ unlockFlags: CVPixelBufferLockFlags
) -> CVReturn {
  let readOnly = unlockFlags.contains(.readOnly)
  let balanced: Bool = pixelBuffer.state.withLock { state in
    guard state.lockCount > 0 else { return false }
    if readOnly {
      guard state.readOnlyLocks > 0 else { return false }
      state.readOnlyLocks -= 1
    } else if state.lockCount - state.readOnlyLocks <= 0 {
      return false
    }
    state.lockCount -= 1
    return true
  }
  guard balanced else {
    return CVFailure(
      kCVReturnError,
      "unlock without a matching lock\(readOnly ? " (read-only)" : ""); pair each CVPixelBufferLockBaseAddress with one unlock of the same flags"
    ).report("CVPixelBufferUnlockBaseAddress")
  }
  return kCVReturnSuccess
}

/// The first byte of the pixels (plane 0 for planar buffers; Apple's planar buffers answer
/// a plane-description header instead, which Reel does not have).
public func CVPixelBufferGetBaseAddress(_ pixelBuffer: CVPixelBuffer) -> UnsafeMutableRawPointer? {
  pixelBuffer.baseAddress(ofPlane: 0)
}

/// The first byte of plane `planeIndex`; nil for an index out of range.
public func CVPixelBufferGetBaseAddressOfPlane(_ pixelBuffer: CVPixelBuffer, _ planeIndex: Int)
  -> UnsafeMutableRawPointer?
{
  pixelBuffer.baseAddress(ofPlane: planeIndex)
}

/// Bytes from one row to the next (plane 0 for planar buffers); a multiple of 64.
public func CVPixelBufferGetBytesPerRow(_ pixelBuffer: CVPixelBuffer) -> Int {
  pixelBuffer.planes[0].bytesPerRow
}

/// Bytes from one row of plane `planeIndex` to the next; 0 out of range.
public func CVPixelBufferGetBytesPerRowOfPlane(_ pixelBuffer: CVPixelBuffer, _ planeIndex: Int)
  -> Int
{
  let planes = pixelBuffer.planes
  return planes.indices.contains(planeIndex) ? planes[planeIndex].bytesPerRow : 0
}

/// Pixels across.
public func CVPixelBufferGetWidth(_ pixelBuffer: CVPixelBuffer) -> Int { pixelBuffer.width }
/// Pixels down.
public func CVPixelBufferGetHeight(_ pixelBuffer: CVPixelBuffer) -> Int { pixelBuffer.height }

/// Samples across plane `planeIndex` (chroma planes: half the width, rounded up); 0 out of
/// range.
public func CVPixelBufferGetWidthOfPlane(_ pixelBuffer: CVPixelBuffer, _ planeIndex: Int) -> Int {
  let planes = pixelBuffer.planes
  guard pixelBuffer.isPlanar, planes.indices.contains(planeIndex) else { return 0 }
  return planes[planeIndex].width
}

/// Rows of plane `planeIndex`; 0 out of range.
public func CVPixelBufferGetHeightOfPlane(_ pixelBuffer: CVPixelBuffer, _ planeIndex: Int) -> Int {
  let planes = pixelBuffer.planes
  guard pixelBuffer.isPlanar, planes.indices.contains(planeIndex) else { return 0 }
  return planes[planeIndex].height
}

/// The pixel format's four-character code.
public func CVPixelBufferGetPixelFormatType(_ pixelBuffer: CVPixelBuffer) -> OSType {
  pixelBuffer.layout.formatType
}

/// How many planes: 0 for BGRA and ARGB (not planar, as on Apple), 2 for NV12, 3 for
/// planar 4:2:0.
public func CVPixelBufferGetPlaneCount(_ pixelBuffer: CVPixelBuffer) -> Int {
  pixelBuffer.isPlanar ? pixelBuffer.planes.count : 0
}

/// Whether the buffer has planes.
public func CVPixelBufferIsPlanar(_ pixelBuffer: CVPixelBuffer) -> Bool { pixelBuffer.isPlanar }

/// The bytes the pixels take: every plane's rows times bytes per row.
public func CVPixelBufferGetDataSize(_ pixelBuffer: CVPixelBuffer) -> Int {
  pixelBuffer.planes.reduce(0) { $0 + $1.byteCount }
}

/// The padding around the picture: Reel's buffers have none (all zero).
public func CVPixelBufferGetExtendedPixels(
  _ pixelBuffer: CVPixelBuffer, _ extraColumnsOnLeft: UnsafeMutablePointer<Int>?,
  _ extraColumnsOnRight: UnsafeMutablePointer<Int>?, _ extraRowsOnTop: UnsafeMutablePointer<Int>?,
  _ extraRowsOnBottom: UnsafeMutablePointer<Int>?
) {
  extraColumnsOnLeft?.pointee = 0
  extraColumnsOnRight?.pointee = 0
  extraRowsOnTop?.pointee = 0
  extraRowsOnBottom?.pointee = 0
}

/// The picture size in pixels, as `CVImageBufferGetEncodedSize`.
public func CVImageBufferGetEncodedSize(_ imageBuffer: CVImageBuffer) -> CGSize {
  CGSize(width: imageBuffer.width, height: imageBuffer.height)
}

/// The picture size in pixels, as `CVImageBufferGetDisplaySize` (square pixels).
public func CVImageBufferGetDisplaySize(_ imageBuffer: CVImageBuffer) -> CGSize {
  CGSize(width: imageBuffer.width, height: imageBuffer.height)
}

/// The whole picture, as `CVImageBufferGetCleanRect` (Reel's buffers have no aperture).
public func CVImageBufferGetCleanRect(_ imageBuffer: CVImageBuffer) -> CGRect {
  CGRect(x: 0, y: 0, width: imageBuffer.width, height: imageBuffer.height)
}

extension CVBuffer {
  /// Whether the layout has planes (NV12, planar 4:2:0).
  var isPlanar: Bool {
    switch layout {
    case .bgra, .argb, .rgba: false
    case .biPlanar, .planar, .biPlanar10: true
    }
  }
}
