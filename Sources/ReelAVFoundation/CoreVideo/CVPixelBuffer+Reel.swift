internal import ReelCore

// Between pixel buffers and Reel's pictures: what the writer encodes and the reader fills.
extension CVBuffer {
  /// A BGRA buffer over `image` (no copy: the buffer is the image).
  convenience init(image: Image) {
    self.init(layout: .bgra, width: image.width, height: image.height, content: .image(image))
  }

  /// A planar 4:2:0 buffer over `picture` (no copy), tagged with its matrix.
  convenience init(yuv picture: YUVImage) {
    self.init(layout: .planar, width: picture.width, height: picture.height, content: .yuv(picture))
    setMatrixAttachment(picture.matrix)
  }

  /// A buffer of `layout` holding `picture`: shared when the layouts agree (BGRA ← image,
  /// planar ← 4:2:0 picture), converted otherwise.
  static func make(layout: PixelLayout, from picture: VideoPicture) -> Result<CVBuffer, CVFailure> {
    switch (layout, picture) {
    case (.bgra, .bgra(let image)): return .success(CVBuffer(image: image))
    case (.planar, .yuv(let yuv)): return .success(CVBuffer(yuv: yuv))
    default: break
    }
    let made: CVBuffer
    switch make(layout: layout, width: picture.width, height: picture.height) {
    case .success(let buffer): made = buffer
    case .failure(let failure): return .failure(failure)
    }
    switch (layout, picture) {
    case (.argb, .bgra(let image)), (.rgba, .bgra(let image)):
      guard case .memory(let memory) = made.content else { break }
      Self.reorderBytes(
        rows: image.height, width: image.width, order: layout.byteOrderFromBGRA,
        from: { body in image.withUnsafeBytes { body($0.baseAddress, image.bytesPerRow) } },
        to: memory.bytes, targetRow: made.planes[0].bytesPerRow)
    case (.biPlanar10, .yuv(let yuv)):
      made.setMatrixAttachment(yuv.matrix)
      made.fillTenBit(from: yuv)
    case (.biPlanar10, .bgra(let image)):
      let matrix = ColorMatrix.forSize(width: image.width, height: image.height)
      made.setMatrixAttachment(matrix)
      made.fillTenBit(matrix: matrix) { x, y in image.encodedColor(x: x, y: y) }
    case (.biPlanar(let full), .yuv(let yuv)):
      guard case .memory(let memory) = made.content else { break }
      let planes = made.planes
      made.setMatrixAttachment(yuv.matrix)
      yuv.withUnsafePlanes { source in
        for y in 0..<yuv.height {
          let s = source.luma + y * source.lumaStride
          let d = (memory.bytes + y * planes[0].bytesPerRow).assumingMemoryBound(to: UInt8.self)
          if full {
            for x in 0..<yuv.width { d[x] = VideoRange.fullLuma(s[x]) }
          } else {
            d.update(from: s, count: yuv.width)
          }
        }
        for y in 0..<yuv.chromaHeight {
          let cb = source.cb + y * source.chromaStride
          let cr = source.cr + y * source.chromaStride
          let d = (memory.bytes + planes[1].offset + y * planes[1].bytesPerRow)
            .assumingMemoryBound(to: UInt8.self)
          for x in 0..<yuv.chromaWidth {
            d[2 * x] = full ? VideoRange.fullChroma(cb[x]) : cb[x]
            d[2 * x + 1] = full ? VideoRange.fullChroma(cr[x]) : cr[x]
          }
        }
      }
    default:
      return .failure(
        CVFailure(
          kCVReturnUnsupported,
          "Reel cannot fill a \(PixelLayout.name(layout.formatType)) pixel buffer from this picture"
        ))
    }
    return .success(made)
  }

  /// The pixels as a Reel picture, for the writer: the buffer's own image or 4:2:0 picture
  /// when it holds one (no copy), else converted (ARGB → BGRA, NV12 → planar 4:2:0).
  ///
  /// - Throws: ``CVFailure`` when memory for a conversion cannot be allocated.
  func videoPicture() throws(CVFailure) -> VideoPicture {
    let planes = self.planes
    switch content {
    case .image(let image): return .bgra(image)
    case .yuv(let yuv):
      let matrix = colorMatrix
      if matrix == yuv.matrix { return .yuv(yuv) }
      // Retagged by an attachment: the samples are the same, only their meaning changes.
      guard
        var retagged = try? YUVImage(
          uninitializedCheckedWidth: width, height: height, matrix: matrix, pool: .shared)
      else { throw CVFailure(kCVReturnAllocationFailed, "no memory for \(width)×\(height)") }
      yuv.withUnsafePlanes { source in
        retagged.withUnsafeMutablePlanes { target in
          Self.copyPlanes(from: source, to: target)
        }
      }
      return .yuv(retagged)
    case .memory(let memory):
      switch layout {
      case .argb, .rgba:
        guard var image = try? Image(uninitializedCheckedWidth: width, height: height) else {
          throw CVFailure(kCVReturnAllocationFailed, "no memory for \(width)×\(height)")
        }
        let targetRow = image.bytesPerRow
        let row = planes[0].bytesPerRow
        let (width, height, order) = (self.width, self.height, layout.byteOrderFromBGRA)
        image.withUnsafeMutableBytes { target in
          guard let to = target.baseAddress else { return }
          Self.reorderBytes(
            rows: height, width: width, order: order,
            from: { body in body(UnsafeRawPointer(memory.bytes), row) }, to: to,
            targetRow: targetRow)
        }
        return .bgra(image)
      case .biPlanar10:
        return .yuv(try eightBitPicture())
      case .biPlanar(let full):
        guard
          var yuv = try? YUVImage(
            uninitializedCheckedWidth: width, height: height, matrix: colorMatrix, pool: .shared)
        else { throw CVFailure(kCVReturnAllocationFailed, "no memory for \(width)×\(height)") }
        let (width, height) = (self.width, self.height)
        yuv.withUnsafeMutablePlanes { target in
          for y in 0..<height {
            let s = (memory.bytes + y * planes[0].bytesPerRow).assumingMemoryBound(to: UInt8.self)
            let d = target.luma + y * target.lumaStride
            if full {
              for x in 0..<width { d[x] = VideoRange.limitedLuma(s[x]) }
            } else {
              d.update(from: s, count: width)
            }
          }
          for y in 0..<planes[1].height {
            let s = (memory.bytes + planes[1].offset + y * planes[1].bytesPerRow)
              .assumingMemoryBound(to: UInt8.self)
            let cb = target.cb + y * target.chromaStride
            let cr = target.cr + y * target.chromaStride
            for x in 0..<planes[1].width {
              cb[x] = full ? VideoRange.limitedChroma(s[2 * x]) : s[2 * x]
              cr[x] = full ? VideoRange.limitedChroma(s[2 * x + 1]) : s[2 * x + 1]
            }
          }
        }
        return .yuv(yuv)
      case .bgra, .planar:
        throw CVFailure(kCVReturnError, "a pixel buffer lost its picture")
      }
    }
  }

  /// Copies 4-byte pixels row by row, byte `i` of each target pixel from byte `order[i]` of
  /// the source pixel (the orders between BGRA and ARGB or RGBA are their own inverses).
  static func reorderBytes(
    rows: Int, width: Int, order: (Int, Int, Int, Int),
    from source: ((UnsafeRawPointer?, Int) -> Void) -> Void, to target: UnsafeMutableRawPointer,
    targetRow: Int
  ) {
    source { base, sourceRow in
      guard let base else { return }
      for y in 0..<rows {
        let s = (base + y * sourceRow).assumingMemoryBound(to: UInt8.self)
        let d = (target + y * targetRow).assumingMemoryBound(to: UInt8.self)
        for x in 0..<width {
          d[4 * x] = s[4 * x + order.0]
          d[4 * x + 1] = s[4 * x + order.1]
          d[4 * x + 2] = s[4 * x + order.2]
          d[4 * x + 3] = s[4 * x + order.3]
        }
      }
    }
  }

  static func copyPlanes(from source: YUVPlanes, to target: MutableYUVPlanes) {
    for y in 0..<source.height {
      (target.luma + y * target.lumaStride).update(
        from: source.luma + y * source.lumaStride, count: source.width)
    }
    let chroma = (width: (source.width + 1) / 2, height: (source.height + 1) / 2)
    for y in 0..<chroma.height {
      (target.cb + y * target.chromaStride).update(
        from: source.cb + y * source.chromaStride, count: chroma.width)
      (target.cr + y * target.chromaStride).update(
        from: source.cr + y * source.chromaStride, count: chroma.width)
    }
  }

  /// Tags the buffer's Y′CbCr matrix (`kCVImageBufferYCbCrMatrixKey`) as Apple's readers do.
  func setMatrixAttachment(_ matrix: ColorMatrix) {
    let tag: CFString =
      matrix == .bt709
      ? kCVImageBufferYCbCrMatrix_ITU_R_709_2 : kCVImageBufferYCbCrMatrix_ITU_R_601_4
    state.withLock {
      $0.attachments[kCVImageBufferYCbCrMatrixKey as String] = (tag, .shouldPropagate)
    }
  }
}

/// Limited ("video") and full range 8-bit Y′CbCr samples, rounded to nearest.
enum VideoRange {
  /// Full-range luma 0…255 → limited 16…235.
  static func limitedLuma(_ value: UInt8) -> UInt8 {
    UInt8((Int(value) * 219 + 127) / 255 + 16)
  }
  /// Full-range chroma 0…255 (128 neutral) → limited 16…240.
  static func limitedChroma(_ value: UInt8) -> UInt8 {
    let centred = (Int(value) - 128) * 224
    let scaled = centred >= 0 ? (centred + 127) / 255 : -((-centred + 127) / 255)
    return UInt8(clamping: 128 + scaled)
  }
  /// Limited luma 16…235 → full 0…255 (clamped outside the range).
  static func fullLuma(_ value: UInt8) -> UInt8 {
    UInt8(clamping: ((Int(value) - 16) * 255 + 109) / 219)
  }
  /// Limited chroma 16…240 → full 0…255 (clamped).
  static func fullChroma(_ value: UInt8) -> UInt8 {
    let centred = (Int(value) - 128) * 255
    let scaled = centred >= 0 ? (centred + 112) / 224 : -((-centred + 112) / 224)
    return UInt8(clamping: 128 + scaled)
  }
}
