// The pixel formats a CVPixelBuffer can hold in Reel, with Apple's four-character codes.

/// Premultiplied B, G, R, A bytes: Reel's own `Image` layout (no copy to encode or decode).
public let kCVPixelFormatType_32BGRA: OSType = 0x4247_5241  // 'BGRA'
/// Premultiplied A, R, G, B bytes (its own storage; converted to and from BGRA).
public let kCVPixelFormatType_32ARGB: OSType = 0x0000_0020
/// 8-bit 4:2:0 Y′CbCr, a luma plane and an interleaved CbCr plane (NV12), limited range.
public let kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange: OSType = 0x3432_3076  // '420v'
/// 8-bit 4:2:0 Y′CbCr, a luma plane and an interleaved CbCr plane (NV12), full range.
public let kCVPixelFormatType_420YpCbCr8BiPlanarFullRange: OSType = 0x3432_3066  // '420f'
/// 8-bit 4:2:0 Y′CbCr in three planes (Y′, Cb, Cr), limited range: Reel's own `YUVImage`.
public let kCVPixelFormatType_420YpCbCr8Planar: OSType = 0x7934_3230  // 'y420'
/// 8-bit 4:2:0 Y′CbCr in three planes, full range (not held by Reel's buffers: creating one
/// fails with `kCVReturnInvalidPixelFormat`).
public let kCVPixelFormatType_420YpCbCr8PlanarFullRange: OSType = 0x6634_3230  // 'f420'
/// Premultiplied R, G, B, A bytes (its own storage; converted to and from BGRA).
public let kCVPixelFormatType_32RGBA: OSType = 0x5247_4241  // 'RGBA'
/// R, G, B bytes (not held by Reel's buffers).
public let kCVPixelFormatType_24RGB: OSType = 0x0000_0018
/// 10-bit 4:2:0 Y′CbCr in two planes (P010: 16-bit little-endian samples, the value in the
/// top 10 bits), limited range. Core Image reads and writes all 10 bits; readers fill it from
/// Reel's 8-bit decoding and writers encode it as 8-bit (docs/avfoundation.md).
public let kCVPixelFormatType_420YpCbCr10BiPlanarVideoRange: OSType = 0x7834_3230  // 'x420'
/// 10-bit 4:2:0 Y′CbCr in two planes, full range (as 'x420').
public let kCVPixelFormatType_420YpCbCr10BiPlanarFullRange: OSType = 0x7866_3230  // 'xf20'
/// 10-bit 4:2:2 Y′CbCr in two planes (P210 layout), limited range (as 'x420', chroma on every
/// row).
public let kCVPixelFormatType_422YpCbCr10BiPlanarVideoRange: OSType = 0x7834_3232  // 'x422'
/// 10-bit 4:2:2 Y′CbCr in two planes, full range.
public let kCVPixelFormatType_422YpCbCr10BiPlanarFullRange: OSType = 0x7866_3232  // 'xf22'

/// The layouts Reel's pixel buffers hold, from Apple's four-character codes.
enum PixelLayout: Sendable, Equatable {
  /// One plane of B, G, R, A: a Reel `Image`.
  case bgra
  /// One plane of A, R, G, B.
  case argb
  /// NV12: Y′ plane, then interleaved Cb, Cr; `fullRange` for '420f'.
  case biPlanar(fullRange: Bool)
  /// Y′, Cb, Cr planes, limited range: a Reel `YUVImage`.
  case planar
  /// One plane of R, G, B, A.
  case rgba
  /// 10-bit Y′ plane, then interleaved Cb, Cr, 16 bits a sample (the value in the top 10);
  /// `fullRange` for 'xf20' / 'xf22', `chromaEveryRow` for 4:2:2 ('x422').
  case biPlanar10(fullRange: Bool, chromaEveryRow: Bool)

  init?(_ format: OSType) {
    switch format {
    case kCVPixelFormatType_32BGRA: self = .bgra
    case kCVPixelFormatType_32ARGB: self = .argb
    case kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange: self = .biPlanar(fullRange: false)
    case kCVPixelFormatType_420YpCbCr8BiPlanarFullRange: self = .biPlanar(fullRange: true)
    case kCVPixelFormatType_420YpCbCr8Planar: self = .planar
    case kCVPixelFormatType_32RGBA: self = .rgba
    case kCVPixelFormatType_420YpCbCr10BiPlanarVideoRange:
      self = .biPlanar10(fullRange: false, chromaEveryRow: false)
    case kCVPixelFormatType_420YpCbCr10BiPlanarFullRange:
      self = .biPlanar10(fullRange: true, chromaEveryRow: false)
    case kCVPixelFormatType_422YpCbCr10BiPlanarVideoRange:
      self = .biPlanar10(fullRange: false, chromaEveryRow: true)
    case kCVPixelFormatType_422YpCbCr10BiPlanarFullRange:
      self = .biPlanar10(fullRange: true, chromaEveryRow: true)
    default: return nil
    }
  }

  /// Apple's code for the layout.
  var formatType: OSType {
    switch self {
    case .bgra: kCVPixelFormatType_32BGRA
    case .argb: kCVPixelFormatType_32ARGB
    case .biPlanar(let full):
      full
        ? kCVPixelFormatType_420YpCbCr8BiPlanarFullRange
        : kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange
    case .planar: kCVPixelFormatType_420YpCbCr8Planar
    case .rgba: kCVPixelFormatType_32RGBA
    case .biPlanar10(let full, let every):
      switch (full, every) {
      case (false, false): kCVPixelFormatType_420YpCbCr10BiPlanarVideoRange
      case (true, false): kCVPixelFormatType_420YpCbCr10BiPlanarFullRange
      case (false, true): kCVPixelFormatType_422YpCbCr10BiPlanarVideoRange
      case (true, true): kCVPixelFormatType_422YpCbCr10BiPlanarFullRange
      }
    }
  }

  /// A format code as its four characters (`'BGRA'`) or its number, for messages.
  static func name(_ format: OSType) -> String {
    let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: format >> $0) }
    if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
      return "'" + String(decoding: bytes, as: UTF8.self) + "'"
    }
    return String(format)
  }

  /// The formats Reel's buffers hold, for messages.
  static let supportedNames =
    "kCVPixelFormatType_32BGRA, kCVPixelFormatType_32ARGB, kCVPixelFormatType_32RGBA, "
    + "kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange / FullRange, "
    + "kCVPixelFormatType_420YpCbCr8Planar, "
    + "kCVPixelFormatType_420YpCbCr10BiPlanarVideoRange / FullRange, "
    + "kCVPixelFormatType_422YpCbCr10BiPlanarVideoRange / FullRange"
}
