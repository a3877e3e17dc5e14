internal import ReelCore

/// An immutable vector path, as CoreGraphics' `CGPath`.
///
/// SKELETON: the core helper completes the members (part 1: the building calls, bounding
/// boxes, `copy`); part 2 adds the rest. Underneath is Reel's `Path`.
open class CGPath: @unchecked Sendable {
  /// Reel's path (y-down or y-up is the drawing layer's business, not the path's).
  var path: Path

  init(_ path: Path) { self.path = path }
}

/// A path that can be built up, as CoreGraphics' `CGMutablePath`.
open class CGMutablePath: CGPath, @unchecked Sendable {
  /// An empty path.
  public init() { super.init(Path()) }
}
