/// The stable identifier of a track in a ``Composition``, as Core Media's
/// `CMPersistentTrackID`.
///
/// Identifiers start at 1 and are never reused within a composition, so layer instructions
/// and audio-mix parameters can name a track safely after other tracks are removed.
public struct TrackID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The identifier's number (≥ 1 for tracks made by a composition).
  public let rawValue: Int32

  /// Wraps a number as a track identifier.
  ///
  /// - Parameter rawValue: The number; compositions hand out 1, 2, 3, …
  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// Orders identifiers by their number.
  public static func < (lhs: TrackID, rhs: TrackID) -> Bool { lhs.rawValue < rhs.rawValue }

  /// Prints the number.
  public var description: String { String(rawValue) }
}

/// What a composition track carries.
public enum CompositionMediaType: String, Hashable, Sendable {
  /// Pictures: video tracks of assets, or still images shown for a duration.
  case video
  /// Sound: audio tracks of assets.
  case audio
}
