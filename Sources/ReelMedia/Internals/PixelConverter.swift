import CFFmpeg
import CYUV

/// Converts premultiplied BGRA ``Image``s into limited-range Y′CbCr frames of an
/// ``EncodedPixelFormat`` (4:2:0 `yuv420p`, or a format with alpha) with a chosen matrix,
/// scaling when the sizes differ.
///
/// This is the one place output pixels are converted, so a faster kernel can replace the
/// current ones without touching the writer. Three kernels exist:
/// - Reel's own (``YUVKernels``, the default when no scaling is needed): exact BT.601 and
///   BT.709 maths in 16-bit fixed point, every value within 0.51 of the real-valued result,
///   chroma from each 2×2 block's mean colour; several times faster than swscale;
/// - swscale, with its matrix set by `sws_setColorspaceDetails` (used when scaling): luma
///   within one code value of the exact maths, chroma through its bicubic filter;
/// - libyuv's `ARGBToI420` (BT.601 only, no scaling), the fastest, but its 7-bit chroma
///   coefficients put a few Cb/Cr samples 1.5 code values off (measured on a smooth
///   gradient), and HD needs BT.709, which libyuv lacks.
///
/// For formats without alpha, alpha is ignored: premultiplied colour is the picture
/// composited over black. Formats with alpha (``EncodedPixelFormat/carriesAlpha``) store it
/// straight: each picture is unpremultiplied (colour ÷ alpha, rounded) into a scratch image,
/// then swscale converts colour and alpha together (the only kernel that writes an alpha
/// plane).
///
/// Not Sendable: it may own a `SwsContext` that is used from one thread at a time.
final class PixelConverter {
  /// The conversion routine in use.
  enum Kernel: Sendable, CaseIterable {
    /// ``YUVKernels`` (no scaling).
    case reel
    /// libyuv `ARGBToI420` (BT.601, no scaling).
    case libyuv
    /// swscale (any sizes).
    case swscale
  }

  let sourceWidth: Int
  let sourceHeight: Int
  let width: Int
  let height: Int
  let matrix: ColorMatrix
  let kernel: Kernel
  /// The pixel format of the frames made.
  let format: EncodedPixelFormat
  /// `SwsContext`, or nil for the Reel and libyuv kernels.
  private let scaler: OpaquePointer?
  /// The unpremultiplied copy of the picture, for formats with alpha.
  private var straight = Image(width: 0, height: 0)

  /// Prepares a conversion.
  ///
  /// - Parameters:
  ///   - sourceWidth: Width of the images to convert, in pixels.
  ///   - sourceHeight: Height of the images to convert, in pixels.
  ///   - width: Width of the output frames (even), in pixels.
  ///   - height: Height of the output frames (even), in pixels.
  ///   - matrix: The RGB → Y′CbCr matrix.
  ///   - kernel: The kernel, or nil for the fastest exact one: Reel's without scaling,
  ///     swscale with (and always for formats with alpha). Reel's requires equal sizes and
  ///     `yuv420p`; libyuv also BT.601.
  ///   - format: The pixel format of the frames made.
  /// - Throws: ``FFmpegError`` when swscale rejects the sizes or the kernel cannot do the
  ///   conversion.
  init(
    sourceWidth: Int, sourceHeight: Int, width: Int, height: Int, matrix: ColorMatrix,
    kernel: Kernel? = nil, format: EncodedPixelFormat = .yuv420p
  ) throws(FFmpegError) {
    self.sourceWidth = sourceWidth
    self.sourceHeight = sourceHeight
    self.width = width
    self.height = height
    self.matrix = matrix
    self.format = format
    let sameSize = sourceWidth == width && sourceHeight == height
    let chosen = kernel ?? (sameSize && format == .yuv420p ? .reel : .swscale)
    if chosen != .swscale && format != .yuv420p {
      throw FFmpegError(
        code: reel_AVERROR(EINVAL), call: "\(chosen) kernel (yuv420p only; swscale for alpha)")
    }
    if chosen == .libyuv && !(matrix == .bt601 && sameSize) {
      throw FFmpegError(
        code: reel_AVERROR(EINVAL), call: "ARGBToI420 (BT.601 without scaling only)")
    }
    if chosen == .reel && !sameSize {
      throw FFmpegError(code: reel_AVERROR(EINVAL), call: "YUVKernels (no scaling)")
    }
    self.kernel = chosen
    if chosen != .swscale {
      scaler = nil
      return
    }
    guard
      let context = sws_getContext(
        Int32(sourceWidth), Int32(sourceHeight), AV_PIX_FMT_BGRA, Int32(width), Int32(height),
        format.convertedPixelFormat, SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INP, nil, nil,
        nil)
    else {
      throw FFmpegError(
        code: reel_AVERROR(EINVAL),
        call: "sws_getContext(\(sourceWidth)×\(sourceHeight) → \(width)×\(height))")
    }
    scaler = context
    // RGB out: no matrix or range to set.
    guard format.isYCbCr else { return }
    let table = sws_getCoefficients(matrix == .bt709 ? SWS_CS_ITU709 : SWS_CS_ITU601)
    // Source RGB is full range (1); destination Y′CbCr is limited range (0). Brightness 0,
    // contrast and saturation 1.0 in 16.16 fixed point.
    let code = sws_setColorspaceDetails(context, table, 1, table, 0, 0, 1 << 16, 1 << 16)
    // Every stored property is set, so a throw here runs `deinit`, which frees the context.
    if code < 0 {
      throw FFmpegError(code: reel_AVERROR(EINVAL), call: "sws_setColorspaceDetails")
    }
  }

  deinit {
    if let scaler { sws_freeContext(scaler) }
  }

  /// Converts `image` into `frame`, allocating the frame's buffers on first use and making
  /// them writable (so an encoder still holding the previous picture keeps its copy).
  ///
  /// - Precondition: `image` is `sourceWidth × sourceHeight`.
  func convert(_ image: Image, into frame: FFFrame) throws(FFmpegError) {
    precondition(
      image.width == sourceWidth && image.height == sourceHeight, "image size checked by the caller"
    )
    var image = image
    if format.carriesAlpha {
      do {
        try Self.unpremultiply(image, into: &straight)
      } catch {
        throw FFmpegError(code: reel_AVERROR(ENOMEM), call: "unpremultiplied copy")
      }
      image = straight
    }
    let avFrame = frame.pointer
    if avFrame.pointee.data.0 == nil {
      avFrame.pointee.format = format.convertedPixelFormat.rawValue
      avFrame.pointee.width = Int32(width)
      avFrame.pointee.height = Int32(height)
      try check(av_frame_get_buffer(avFrame, 0), "av_frame_get_buffer")
    }
    try check(av_frame_make_writable(avFrame), "av_frame_make_writable")
    let planes = (
      avFrame.pointee.data.0, avFrame.pointee.data.1, avFrame.pointee.data.2,
      avFrame.pointee.data.3
    )
    let strides = (
      avFrame.pointee.linesize.0, avFrame.pointee.linesize.1, avFrame.pointee.linesize.2,
      avFrame.pointee.linesize.3
    )
    let sourceStride = Int32(image.bytesPerRow)
    let sourceHeight = Int32(self.sourceHeight)
    let scaler = self.scaler
    let width = Int32(self.width)
    let height = Int32(self.height)
    let kernel = self.kernel
    let matrix = self.matrix
    let code: Int32 = image.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
        return reel_AVERROR(EINVAL)
      }
      if kernel == .reel {
        guard let luma = planes.0, let cb = planes.1, let cr = planes.2 else {
          return reel_AVERROR(EINVAL)
        }
        let destination = YUVKernels.Planes(
          width: Int(width), height: Int(height), luma: luma, lumaStride: Int(strides.0), cb: cb,
          cbStride: Int(strides.1), cr: cr, crStride: Int(strides.2))
        YUVKernels.convert(
          bgra: base, bytesPerRow: Int(sourceStride), into: destination, matrix: matrix)
        return 0
      }
      guard let scaler else {
        return ARGBToI420(
          base, sourceStride, planes.0, strides.0, planes.1, strides.1, planes.2, strides.2, width,
          height)
      }
      var sourcePlanes: [UnsafePointer<UInt8>?] = [base, nil, nil, nil]
      var sourceStrides: [Int32] = [sourceStride, 0, 0, 0]
      var destinationPlanes: [UnsafeMutablePointer<UInt8>?] = [
        planes.0, planes.1, planes.2, planes.3,
      ]
      var destinationStrides: [Int32] = [strides.0, strides.1, strides.2, strides.3]
      let rows = sws_scale(
        scaler, &sourcePlanes, &sourceStrides, 0, sourceHeight, &destinationPlanes,
        &destinationStrides)
      return rows == height ? 0 : reel_AVERROR(EINVAL)
    }
    if code != 0 {
      let call: String
      switch kernel {
      case .reel: call = "YUVKernels.convert"
      case .libyuv: call = "ARGBToI420"
      case .swscale: call = "sws_scale"
      }
      throw FFmpegError(code: reel_AVERROR(EINVAL), call: call)
    }
  }

  /// Writes `image` with straight alpha into `output` (reallocated when its size differs):
  /// each colour channel is divided by alpha, rounded to nearest; a clear pixel becomes
  /// black.
  ///
  /// - Throws: ``PixelAllocationError`` when `output` cannot be allocated.
  static func unpremultiply(_ image: Image, into output: inout Image) throws(PixelAllocationError) {
    if output.width != image.width || output.height != image.height {
      output = try Image(uninitializedCheckedWidth: image.width, height: image.height)
    }
    let width = image.width
    let height = image.height
    let sourceStride = image.bytesPerRow
    let outputStride = output.bytesPerRow
    image.withUnsafeBytes { input in
      output.withUnsafeMutableBytes { result in
        guard let from = input.baseAddress?.assumingMemoryBound(to: UInt8.self),
          let to = result.baseAddress?.assumingMemoryBound(to: UInt8.self)
        else { return }
        for y in 0..<height {
          let source = from + y * sourceStride
          let target = to + y * outputStride
          for x in 0..<width {
            let pixel = x * 4
            let alpha = UInt32(source[pixel + 3])
            target[pixel + 3] = UInt8(alpha)
            if alpha == 255 {
              target[pixel] = source[pixel]
              target[pixel + 1] = source[pixel + 1]
              target[pixel + 2] = source[pixel + 2]
            } else if alpha == 0 {
              target[pixel] = 0
              target[pixel + 1] = 0
              target[pixel + 2] = 0
            } else {
              for channel in 0..<3 {
                let value = (UInt32(source[pixel + channel]) * 255 + alpha / 2) / alpha
                target[pixel + channel] = UInt8(min(value, 255))
              }
            }
          }
        }
      }
    }
  }
}
