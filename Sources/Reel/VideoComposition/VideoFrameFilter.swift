import ReelCore

/// A step that changes each composed video frame before layers are drawn over it and it is
/// encoded: how the Apple layer's Core Image filtering handler
/// (`AVVideoComposition(asset:applyingCIFiltersWithHandler:)`) reaches the renderer.
///
/// A frame filter makes the renderer take its frames as BGRA (no Y′CbCr fast path) and is
/// called once per output frame, in order, from the export's composite thread.
public protocol VideoFrameFilter: AnyObject, Sendable {
  /// The filtered frame.
  ///
  /// - Parameters:
  ///   - frame: The composed frame, opaque, at the render size.
  ///   - time: The frame's time on the composition's timeline.
  /// - Returns: A frame of the same size.
  /// - Throws: Whatever stops the export; the error's description is the export's message.
  func filteredFrame(_ frame: Image, at time: Time) throws -> Image
}

/// A frame filter compared by identity, so that a ``VideoComposition`` stays `Hashable`.
struct FrameFilterReference: Hashable, Sendable {
  let filter: any VideoFrameFilter

  static func == (lhs: Self, rhs: Self) -> Bool {
    ObjectIdentifier(lhs.filter) == ObjectIdentifier(rhs.filter)
  }

  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(filter)) }
}
