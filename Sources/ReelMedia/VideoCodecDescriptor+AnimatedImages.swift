import CFFmpeg

extension VideoCodecDescriptor {
  /// GIF with FFmpeg's encoder: one palette of up to 255 colours and a transparent entry for
  /// the whole animation, made by ``PaletteQuantiser`` (FFmpeg's `palettegen`/`paletteuse`,
  /// Sierra-2-4A dithering); the encoder keeps only the changed rectangle of each frame and
  /// marks unchanged pixels transparent. GIF has no quality scale: the palette is the only
  /// loss.
  static let gif = VideoCodecDescriptor(
    displayName: "GIF", encoderName: "gif", crfRange: nil, crfRangeReason: nil, defaultCRF: 0,
    presetCRFOffset: 0, containers: [.gif], preferredContainer: .gif, pixelFormat: .pal8,
    supportsPinnedEncoding: false, isoSampleEntry: nil, speedOptions: { _ in [] },
    levelProblem: { rate in noBitRate(rate, codec: "GIF") },
    configure: { (_, _) throws(FFmpegError) in })

  /// Animated WebP with libwebp (FFmpeg's `libwebp_anim`), lossy at libwebp's default
  /// quality 75 (libwebp converts to its own 4:2:0 with alpha), keyframes left to libwebp.
  /// No constant rate factor: the quality is libwebp's scale, not x264's.
  static let webp = VideoCodecDescriptor(
    displayName: "animated WebP", encoderName: "libwebp_anim", crfRange: nil,
    crfRangeReason: nil, defaultCRF: 0, presetCRFOffset: 0, containers: [.webp],
    preferredContainer: .webp, pixelFormat: .bgra, supportsPinnedEncoding: false,
    isoSampleEntry: nil, speedOptions: { _ in [] },
    levelProblem: { rate in noBitRate(rate, codec: "Animated WebP") },
    configure: { (encoder, _) throws(FFmpegError) in
      try encoder.setPrivateOption("quality", String(webpQuality))
    })

  /// The quality libwebp encodes animated WebP at (0…100, its default).
  static let webpQuality = 75

  /// APNG with FFmpeg's encoder: lossless RGBA, each frame's changed rectangle kept.
  static let apng = VideoCodecDescriptor(
    displayName: "APNG", encoderName: "apng", crfRange: nil, crfRangeReason: nil,
    defaultCRF: 0, presetCRFOffset: 0, containers: [.apng], preferredContainer: .apng,
    pixelFormat: .rgba, supportsPinnedEncoding: false, isoSampleEntry: nil,
    speedOptions: { _ in [] },
    levelProblem: { rate in noBitRate(rate, codec: "APNG") },
    configure: { (_, _) throws(FFmpegError) in })

  /// Why a target bit rate cannot be given to a codec without rate control.
  private static func noBitRate(_ rate: EncodedPictureRate, codec: String) -> String? {
    guard rate.bitRate != nil else { return nil }
    return "\(codec) has no target bit rate; leave bitRate out"
  }
}
