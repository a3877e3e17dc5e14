internal import ReelMedia

/// A container file type, as AVFoundation's `AVFileType`, with Apple's uniform type
/// identifiers as raw values.
public struct AVFileType: RawRepresentable, Hashable, Sendable {
  /// The uniform type identifier ("public.mpeg-4", …).
  public let rawValue: String

  /// A file type from its uniform type identifier.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// A file type from its uniform type identifier.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// QuickTime movie (.mov): "com.apple.quicktime-movie".
  public static let mov = AVFileType("com.apple.quicktime-movie")
  /// MPEG-4 (.mp4): "public.mpeg-4".
  public static let mp4 = AVFileType("public.mpeg-4")
  /// iTunes video (.m4v): "com.apple.m4v-video".
  public static let m4v = AVFileType("com.apple.m4v-video")
  /// MPEG-4 audio (.m4a): "com.apple.m4a-audio".
  public static let m4a = AVFileType("com.apple.m4a-audio")
  /// 3GPP (.3gp): "public.3gpp". Named so programs compile; Reel does not write it (an
  /// export fails naming the types it writes).
  public static let mobile3GPP = AVFileType("public.3gpp")
  /// 3GPP2 (.3g2): "public.3gpp2". Named only, as ``mobile3GPP``.
  public static let mobile3GPP2 = AVFileType("public.3gpp2")

  // MARK: Reel's containers

  /// The container Reel writes for this type, or nil for types Reel does not write.
  var container: OutputContainer? {
    switch self {
    case .mov: .mov
    case .mp4: .mp4
    case .m4v: .m4v
    case .m4a: .m4a
    default: nil
    }
  }

  /// The type for a file extension ("mp4", "MOV"), or nil for extensions Reel does not map.
  init?(fileExtension: String) {
    switch OutputContainer(fileExtension: fileExtension) {
    case .mov: self = .mov
    case .mp4: self = .mp4
    case .m4v: self = .m4v
    case .m4a: self = .m4a
    default: return nil
    }
  }

  /// The file extension Reel writes for this type.
  var fileExtension: String? { container?.rawValue }
}
