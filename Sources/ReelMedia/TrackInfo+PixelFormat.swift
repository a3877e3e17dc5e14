import CFFmpeg

extension TrackInfo {
  /// Whether every picture of the track is opaque by its pixel format: FFmpeg's descriptor
  /// of ``pixelFormat`` has no alpha channel (`AV_PIX_FMT_FLAG_ALPHA`, which palette formats
  /// carry too); false for an unknown or missing format.
  public var isOpaque: Bool {
    guard let name = pixelFormat else { return false }
    return PixelFormatFlags.isOpaque(name: name)
  }
}

/// FFmpeg's pixel-format descriptors, by name.
enum PixelFormatFlags {
  /// Whether FFmpeg knows the format `name` and its descriptor has no alpha channel.
  static func isOpaque(name: String) -> Bool {
    let format = av_get_pix_fmt(name)
    guard format != AV_PIX_FMT_NONE, let descriptor = av_pix_fmt_desc_get(format) else {
      return false
    }
    return descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) == 0
  }
}
