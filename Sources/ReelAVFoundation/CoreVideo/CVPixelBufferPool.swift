// Pools of like pixel buffers, as CoreVideo's `CVPixelBufferPool`.

/// Makes pixel buffers of one format and size, as CoreVideo's `CVPixelBufferPool`.
///
/// Reel's pool allocates a buffer for each request (the allocator already reuses freed
/// picture memory); the pool's attributes are kept as given.
public final class CVPixelBufferPool: @unchecked Sendable {
  // Immutable after init.
  let format: OSType
  let width: Int
  let height: Int
  let pixelBufferAttributes: NSDictionary
  let poolAttributes: NSDictionary?

  init(
    format: OSType, width: Int, height: Int, pixelBufferAttributes: NSDictionary,
    poolAttributes: NSDictionary?
  ) {
    self.format = format
    self.width = width
    self.height = height
    self.pixelBufferAttributes = pixelBufferAttributes
    self.poolAttributes = poolAttributes
  }

  /// A pool for the buffers `attributes` describe (format, width and height required).
  static func make(attributes: Any?, poolAttributes: NSDictionary? = nil) throws(CVFailure)
    -> CVPixelBufferPool
  {
    let parsed = try PixelBufferAttributes(attributes)
    guard let width = parsed.width, let height = parsed.height else {
      throw CVFailure(
        kCVReturnInvalidPixelBufferAttributes,
        "a pool's pixel buffer attributes need kCVPixelBufferWidthKey and kCVPixelBufferHeightKey")
    }
    let format = parsed.format ?? kCVPixelFormatType_32BGRA
    guard PixelLayout(format) != nil else {
      throw CVFailure(
        kCVReturnInvalidPixelFormat,
        "pixel format \(PixelLayout.name(format)) is not supported; use one of \(PixelLayout.supportedNames)"
      )
    }
    let dictionary = NSMutableDictionary()
    for (key, value) in AttributeDictionary(attributes).values {
      dictionary[NSString(string: key)] = value
    }
    return CVPixelBufferPool(
      format: format, width: width, height: height, pixelBufferAttributes: dictionary,
      poolAttributes: poolAttributes)
  }

  /// A new buffer of the pool's format and size.
  func makeBuffer() throws(CVFailure) -> CVBuffer {
    try makePixelBuffer(width: width, height: height, format: format)
  }
}

/// Makes a pool of buffers described by `pixelBufferAttributes` (pixel format, width and
/// height; the format defaults to 32BGRA).
///
/// - Returns: `kCVReturnSuccess`, `kCVReturnInvalidPixelBufferAttributes` without a size,
///   `kCVReturnInvalidPixelFormat` for a format Reel's buffers do not hold.
@discardableResult
public func CVPixelBufferPoolCreate(
  _ allocator: CFAllocator?, _ poolAttributes: CFDictionary?,
  _ pixelBufferAttributes: CFDictionary?, _ poolOut: UnsafeMutablePointer<CVPixelBufferPool?>
) -> CVReturn {
  do throws(CVFailure) {
    poolOut.initialize(
      to: try CVPixelBufferPool.make(
        attributes: pixelBufferAttributes, poolAttributes: poolAttributes))
    return kCVReturnSuccess
  } catch {
    return error.report("CVPixelBufferPoolCreate")
  }
}

/// Makes a buffer from `pixelBufferPool`.
@discardableResult
public func CVPixelBufferPoolCreatePixelBuffer(
  _ allocator: CFAllocator?, _ pixelBufferPool: CVPixelBufferPool,
  _ pixelBufferOut: UnsafeMutablePointer<CVPixelBuffer?>
) -> CVReturn {
  do throws(CVFailure) {
    pixelBufferOut.initialize(to: try pixelBufferPool.makeBuffer())
    return kCVReturnSuccess
  } catch {
    return error.report("CVPixelBufferPoolCreatePixelBuffer")
  }
}

/// The attributes of the pool's buffers.
public func CVPixelBufferPoolGetPixelBufferAttributes(_ pool: CVPixelBufferPool) -> CFDictionary? {
  pool.pixelBufferAttributes
}

/// The pool's own attributes.
public func CVPixelBufferPoolGetAttributes(_ pool: CVPixelBufferPool) -> CFDictionary? {
  pool.poolAttributes
}
