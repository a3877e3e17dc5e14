/// A video codec ``MediaWriter`` can encode: its name; everything Reel knows about it is its
/// ``descriptor`` (one per codec, in `VideoCodecDescriptor+Codecs.swift`).
///
///     VideoCodec.vp9.crfRange                 // 0...63
///     VideoCodec.vp9.descriptor.encoderName   // "libvpx-vp9"
public enum VideoCodec: String, Sendable, CaseIterable {
  /// H.264 / AVC, encoded with libx264 (High profile, 4:2:0, 8-bit).
  case h264
  /// H.265 / HEVC, encoded with libx265 (Main profile, 4:2:0, 8-bit; tagged `hvc1` in MP4/MOV).
  case hevc
  /// VP9, encoded with libvpx-vp9 (profile 0, 4:2:0, 8-bit).
  case vp9

  /// The codec's facts: encoder, quality range, speeds, containers, pixel format, options
  /// and level limits.
  public var descriptor: VideoCodecDescriptor {
    switch self {
    case .h264: .h264
    case .hevc: .hevc
    case .vp9: .vp9
    }
  }

  /// The constant rate factors the encoder takes (``VideoCodecDescriptor/crfRange``).
  public var crfRange: ClosedRange<Int> { descriptor.crfRange }

  /// The smallest range that holds every codec's CRFs (0…63 today): what a format that
  /// checks a CRF before it knows the codec may accept. The export then checks the chosen
  /// codec's own ``crfRange``.
  public static var crfRangeOfAnyCodec: ClosedRange<Int> {
    let ranges = allCases.map(\.crfRange)
    return (ranges.map(\.lowerBound).min() ?? 0)...(ranges.map(\.upperBound).max() ?? 0)
  }

  /// The codec written when neither the settings nor the container choose one.
  public static let standard = VideoCodec.h264

  /// The codec a writer encodes with: the one asked for, else the container's default
  /// (``OutputContainer/defaultVideoCodec``), else ``standard``. The one place this choice
  /// is made, for ``MediaWriter`` and the export plan alike.
  ///
  /// - Parameters:
  ///   - requested: The codec the settings name, or nil.
  ///   - container: The output container, or nil when it is not known (yet).
  public static func chosen(_ requested: VideoCodec?, in container: OutputContainer?)
    -> VideoCodec
  {
    requested ?? container?.defaultVideoCodec ?? standard
  }
}
