/// How a segment maps source time onto target time, as CoreMedia's `CMTimeMapping`: the
/// source range plays over the target range at the rate source.duration / target.duration.
/// An empty segment has an invalid source start.
public struct CMTimeMapping: Sendable, Hashable {
  /// The range in the source track, in source seconds.
  public var source: CMTimeRange
  /// The range in the track that plays it, in track seconds.
  public var target: CMTimeRange

  /// A mapping from its two ranges.
  public init(source: CMTimeRange, target: CMTimeRange) {
    self.source = source
    self.target = target
  }
}
