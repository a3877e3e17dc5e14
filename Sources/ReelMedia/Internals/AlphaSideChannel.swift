import CFFmpeg

/// Video whose alpha travels beside the picture rather than in it: VP8 and VP9 in
/// Matroska/WebM store the alpha plane as a second coded picture in each block's additional
/// data, and mark the track `alpha_mode` = 1. FFmpeg's own VP8/VP9 decoders ignore that data;
/// libvpx's decoders (`libvpx-vp9`, `libvpx`) decode it into `yuva420p`. The one place this
/// choice is made, for the probe's pixel format and the decoder alike.
enum AlphaSideChannel {
  /// The decoder that reads a stream's alpha: libvpx's for a VP8/VP9 track marked
  /// `alpha_mode` = 1, nil for every other stream (the codec's default decoder).
  ///
  /// - Parameters:
  ///   - codecID: The stream's codec.
  ///   - metadata: The stream's tags (`AVStream.metadata`).
  static func decoderName(codecID: AVCodecID, metadata: OpaquePointer?) -> String? {
    let name: String
    switch codecID {
    case AV_CODEC_ID_VP9: name = "libvpx-vp9"
    case AV_CODEC_ID_VP8: name = "libvpx"
    default: return nil
    }
    guard let entry = av_dict_get(metadata, "alpha_mode", nil, 0), let value = entry.pointee.value,
      Int(String(cString: value)) == 1
    else { return nil }
    return name
  }

  /// The pixel format libvpx's decoders give such a stream: 4:2:0 with an alpha plane.
  static let decodedPixelFormat = "yuva420p"
}
