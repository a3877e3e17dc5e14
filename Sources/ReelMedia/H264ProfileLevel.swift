/// An H.264 profile and level to encode at (``VideoOutputSettings/profileLevel``).
public struct H264ProfileLevel: Sendable, Hashable {
  /// The H.264 profiles x264 encodes 8-bit 4:2:0 video in.
  public enum Profile: String, Sendable, Hashable, CaseIterable {
    /// Constrained Baseline: no B-frames, no CABAC (x264 `baseline`).
    case baseline
    /// Main: B-frames and CABAC, no 8×8 transform.
    case main
    /// High: everything 8-bit 4:2:0 H.264 has.
    case high
  }

  /// The profile.
  public var profile: Profile
  /// `level_idc` (30 for level 3.0, 41 for 4.1, …), or nil for the lowest level the size,
  /// frame rate and bit rate need.
  public var levelIDC: Int?

  /// A profile at a level (`levelIDC` nil: the lowest that fits).
  public init(profile: Profile, levelIDC: Int? = nil) {
    self.profile = profile
    self.levelIDC = levelIDC
  }

  /// The levels Table A-1 of H.264 names, as `level_idc`.
  public static let knownLevels: [Int] = [
    10, 9, 11, 12, 13, 20, 21, 22, 30, 31, 32, 40, 41, 42, 50, 51, 52, 60, 61, 62,
  ]
}
