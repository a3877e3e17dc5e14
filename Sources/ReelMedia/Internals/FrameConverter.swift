import CFFmpeg
import ReelCore

/// Converts decoded video frames of any pixel format FFmpeg produces into premultiplied BGRA
/// ``Image``s, optionally rotated by a multiple of 90° clockwise.
///
/// The conversion uses swscale with bilinear filtering and full horizontal chroma
/// interpolation (`SWS_BILINEAR | SWS_FULL_CHR_H_INT`): about 1 ms per 1080p frame. Adding
/// `SWS_ACCURATE_RND` (and bicubic) cost about 16 ms, because accurate rounding turns off
/// swscale's SIMD paths; the result differs from it by a rounding step. With
/// `usesReelKernels`, 8-bit 4:2:0 frames (`yuv420p`, `yuvj420p`) with BT.601 or BT.709 tags
/// (or none) and no scaling go through ``YUVKernels`` instead (exact maths, bilinear
/// left-sited chroma). That is off by default: swscale assumes centred chroma, and at sharp
/// chroma edges (testsrc2) the two sitings differ by up to 163/255, beyond what the
/// VideoReader tests accept against ffmpeg. The YUV matrix and range come from the frame's
/// tags; untagged frames use BT.709 when HD (height > 576 or width > 1024) and BT.601
/// otherwise, limited range
/// (full range for the `yuvj*` formats). Sources with an alpha channel keep it, premultiplied.
/// A frame whose size differs from the output's coded size (a mid-stream size change) is
/// scaled to it, so every image of one reader has the same size.
///
/// Not Sendable: owns a swscale context that is rebuilt when the input format or size changes.
final class FrameConverter {
  /// The size every frame is scaled to before rotation.
  let codedWidth: Int
  let codedHeight: Int
  /// Clockwise rotation applied after conversion: 0, 90, 180 or 270.
  let rotation: Int
  /// Whether 8-bit 4:2:0 frames may use ``YUVKernels`` instead of swscale.
  let usesReelKernels: Bool
  private var scaler: OpaquePointer? = nil
  private var scalerKey: ScalerKey? = nil

  /// The input parameters the current swscale context was configured for.
  private struct ScalerKey: Equatable {
    var width: Int32
    var height: Int32
    var format: Int32
    var matrix: Int32
    var fullRange: Bool
  }

  /// Width of the images produced (after rotation).
  var outputWidth: Int { rotation == 90 || rotation == 270 ? codedHeight : codedWidth }
  /// Height of the images produced (after rotation).
  var outputHeight: Int { rotation == 90 || rotation == 270 ? codedWidth : codedHeight }

  /// - Parameters:
  ///   - codedWidth: Output width before rotation, > 0.
  ///   - codedHeight: Output height before rotation, > 0.
  ///   - rotation: Clockwise degrees to turn each picture: 0, 90, 180 or 270.
  ///   - usesReelKernels: True to convert 8-bit 4:2:0 frames with ``YUVKernels``.
  init(codedWidth: Int, codedHeight: Int, rotation: Int, usesReelKernels: Bool = false) {
    self.codedWidth = codedWidth
    self.codedHeight = codedHeight
    self.rotation = rotation
    self.usesReelKernels = usesReelKernels
  }

  deinit { sws_freeContext(scaler) }

  /// Why a frame could not be converted.
  enum Failure: Error {
    /// swscale could not convert the frame's format (or the frame has no picture).
    case ffmpeg(FFmpegError)
    /// The image (or the rotated copy) could not be allocated.
    case outOfMemory(PixelAllocationError)

    /// The error to report for the file at `path`.
    func mediaError(path: String) -> MediaError {
      switch self {
      case .ffmpeg(let error): return .decodeFailed(path: path, reason: error.description)
      case .outOfMemory(let error): return .outOfMemory(path: path, error)
      }
    }
  }

  /// Converts `frame` into a new image.
  ///
  /// - Throws: ``Failure/ffmpeg(_:)`` when swscale cannot convert the frame's format,
  ///   ``Failure/outOfMemory(_:)`` when the image cannot be allocated.
  func convert(_ frame: UnsafeMutablePointer<AVFrame>) throws(Failure) -> Image {
    var upright: Image
    do {
      upright = try Image(uninitializedCheckedWidth: codedWidth, height: codedHeight)
    } catch {
      throw .outOfMemory(error)
    }
    do {
      try scale(frame, into: &upright)
    } catch {
      throw .ffmpeg(error)
    }
    if let descriptor = av_pix_fmt_desc_get(AVPixelFormat(rawValue: frame.pointee.format)),
      descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0
    {
      FrameConverter.premultiply(&upright)
    }
    switch rotation {
    case 90, 180, 270: return try FrameConverter.rotate(upright, clockwise: rotation)
    default: return upright
    }
  }

  /// Converts `frame` into `image`, reusing its buffer when it has the output size and no
  /// rotation or alpha step is needed (otherwise `image` is replaced by a new image).
  ///
  /// - Throws: ``Failure`` as ``convert(_:)``.
  func convert(_ frame: UnsafeMutablePointer<AVFrame>, reusing image: inout Image)
    throws(Failure)
  {
    let hasAlpha =
      av_pix_fmt_desc_get(AVPixelFormat(rawValue: frame.pointee.format)).map {
        $0.pointee.flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0
      } ?? false
    guard rotation == 0, !hasAlpha, image.width == codedWidth, image.height == codedHeight
    else {
      image = try convert(frame)
      return
    }
    do {
      try scale(frame, into: &image)
    } catch {
      throw .ffmpeg(error)
    }
  }

  // MARK: - Scaling

  private func scale(_ frame: UnsafeMutablePointer<AVFrame>, into image: inout Image)
    throws(FFmpegError)
  {
    let width = frame.pointee.width
    let height = frame.pointee.height
    let format = frame.pointee.format
    guard width > 0, height > 0, format >= 0 else {
      throw FFmpegError(code: FFmpegError.invalidDataCode, call: "decoded frame has no picture")
    }
    let (matrix, fullRange) = FrameConverter.colorMatrix(of: frame)
    if usesReelKernels, Int(width) == codedWidth, Int(height) == codedHeight,
      format == AV_PIX_FMT_YUV420P.rawValue || format == AV_PIX_FMT_YUVJ420P.rawValue,
      matrix == SWS_CS_ITU709 || matrix == SWS_CS_ITU601,
      let luma = frame.pointee.data.0, let cb = frame.pointee.data.1,
      let cr = frame.pointee.data.2,
      frame.pointee.linesize.0 > 0, frame.pointee.linesize.1 > 0, frame.pointee.linesize.2 > 0
    {
      let planes = YUVKernels.Planes(
        width: Int(width), height: Int(height), luma: luma,
        lumaStride: Int(frame.pointee.linesize.0), cb: cb,
        cbStride: Int(frame.pointee.linesize.1), cr: cr,
        crStride: Int(frame.pointee.linesize.2))
      let stride = image.bytesPerRow
      image.withUnsafeMutableBytes { bytes in
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        YUVKernels.convert(
          planes, into: base, bytesPerRow: stride,
          matrix: matrix == SWS_CS_ITU709 ? .bt709 : .bt601,
          fullRange: fullRange)
      }
      return
    }
    let key = ScalerKey(
      width: width, height: height, format: format, matrix: matrix, fullRange: fullRange)
    if key != scalerKey || scaler == nil {
      try configureScaler(key)
    }
    let rows = Int32(codedHeight)
    let stride = [Int32(image.bytesPerRow), 0, 0, 0]
    let scaler = self.scaler
    let produced = image.withUnsafeMutableBytes { bytes -> Int32 in
      let destination: [UnsafeMutablePointer<UInt8>?] = [
        bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), nil, nil, nil,
      ]
      return withUnsafePointer(to: &frame.pointee.data) { planes in
        planes.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { source in
          withUnsafePointer(to: &frame.pointee.linesize) { lines in
            lines.withMemoryRebound(to: Int32.self, capacity: 8) { sourceStride in
              sws_scale(scaler, source, sourceStride, 0, height, destination, stride)
            }
          }
        }
      }
    }
    if produced != rows {
      throw FFmpegError(code: min(produced, FFmpegError.invalidDataCode), call: "sws_scale")
    }
  }

  private func configureScaler(_ key: ScalerKey) throws(FFmpegError) {
    let flags = SWS_BILINEAR | SWS_FULL_CHR_H_INT
    guard
      let context = sws_getCachedContext(
        scaler, key.width, key.height, AVPixelFormat(rawValue: key.format),
        Int32(codedWidth), Int32(codedHeight), AV_PIX_FMT_BGRA, flags, nil, nil, nil)
    else {
      // sws_getCachedContext has already freed the old context (it frees any context it
      // cannot reuse, before trying to make the new one): forget it, or deinit frees it again.
      scaler = nil
      scalerKey = nil
      let name = av_get_pix_fmt_name(AVPixelFormat(rawValue: key.format)).map {
        String(cString: $0)
      }
      throw FFmpegError(
        code: reel_AVERROR(EINVAL), call: "sws_getCachedContext(\(name ?? "unknown") → bgra)")
    }
    scaler = context
    if FrameConverter.isYUV(AVPixelFormat(rawValue: key.format)) {
      // Output: full-range RGB. The destination table is ignored for RGB output.
      let coefficients = sws_getCoefficients(key.matrix)
      _ = sws_setColorspaceDetails(
        context, coefficients, key.fullRange ? 1 : 0, coefficients, 1, 0, 1 << 16, 1 << 16)
    }
    scalerKey = key
  }

  /// True for formats that carry Y'CbCr (not RGB, palette or grey-only formats).
  static func isYUV(_ format: AVPixelFormat) -> Bool {
    guard let descriptor = av_pix_fmt_desc_get(format) else { return false }
    let flags = descriptor.pointee.flags
    let rgbOrPalette = UInt64(AV_PIX_FMT_FLAG_RGB) | UInt64(AV_PIX_FMT_FLAG_PAL)
    return flags & rgbOrPalette == 0 && descriptor.pointee.nb_components >= 3
  }

  /// The swscale matrix (`SWS_CS_*`) and range to read `frame` with, from its tags or the
  /// size rule when untagged.
  static func colorMatrix(of frame: UnsafeMutablePointer<AVFrame>) -> (Int32, Bool) {
    let format = AVPixelFormat(rawValue: frame.pointee.format)
    let jpegFormats: [AVPixelFormat] = [
      AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUVJ444P, AV_PIX_FMT_YUVJ440P,
      AV_PIX_FMT_YUVJ411P,
    ]
    let fullRange = frame.pointee.color_range == AVCOL_RANGE_JPEG || jpegFormats.contains(format)
    let matrix: Int32
    switch frame.pointee.colorspace {
    case AVCOL_SPC_BT709: matrix = SWS_CS_ITU709
    case AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M: matrix = SWS_CS_ITU601
    case AVCOL_SPC_SMPTE240M: matrix = SWS_CS_SMPTE240M
    case AVCOL_SPC_FCC: matrix = SWS_CS_FCC
    case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: matrix = SWS_CS_BT2020
    default:
      let isHD = frame.pointee.height > 576 || frame.pointee.width > 1024
      matrix = isHD ? SWS_CS_ITU709 : SWS_CS_ITU601
    }
    return (matrix, fullRange)
  }

  // MARK: - Alpha and rotation

  /// Multiplies each pixel's colour by its alpha (swscale produces straight alpha), rounding
  /// to nearest.
  static func premultiply(_ image: inout Image) {
    let width = image.width
    let height = image.height
    let stride = image.bytesPerRow
    image.withUnsafeMutableBytes { bytes in
      guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
      for y in 0..<height {
        let row = base + y * stride
        for x in 0..<width {
          let pixel = row + x * 4
          let alpha = UInt32(pixel[3])
          if alpha == 255 { continue }
          for channel in 0..<3 {
            let product = UInt32(pixel[channel]) * alpha + 128
            pixel[channel] = UInt8((product + (product >> 8)) >> 8)
          }
        }
      }
    }
  }

  /// Returns `source` turned clockwise by `degrees` (90, 180 or 270).
  ///
  /// - Throws: ``Failure/outOfMemory(_:)`` when the turned image cannot be allocated.
  static func rotate(_ source: Image, clockwise degrees: Int) throws(Failure) -> Image {
    let width = source.width
    let height = source.height
    let quarter = degrees == 90 || degrees == 270
    var result: Image
    do {
      result = try Image(
        uninitializedCheckedWidth: quarter ? height : width, height: quarter ? width : height)
    } catch {
      throw .outOfMemory(error)
    }
    let sourceStride = source.bytesPerRow / 4
    let resultStride = result.bytesPerRow / 4
    source.withUnsafeBytes { input in
      result.withUnsafeMutableBytes { output in
        let from = input.bindMemory(to: UInt32.self)
        let to = output.bindMemory(to: UInt32.self)
        for y in 0..<height {
          let row = y * sourceStride
          for x in 0..<width {
            let target: Int
            switch degrees {
            // Clockwise 90°: source (x, y) lands at (height-1-y, x).
            case 90: target = x * resultStride + (height - 1 - y)
            // 180°: (width-1-x, height-1-y).
            case 180: target = (height - 1 - y) * resultStride + (width - 1 - x)
            // Clockwise 270°: (y, width-1-x).
            default: target = (width - 1 - x) * resultStride + y
            }
            to[target] = from[row + x]
          }
        }
      }
    }
    return result
  }
}
