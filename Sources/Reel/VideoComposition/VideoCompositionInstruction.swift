import ReelCore

/// What the video shows over one range of the composition, as
/// `AVVideoCompositionInstruction`: a stack of layer instructions, the first on top.
///
/// With no layer instructions the frame is the background colour.
public struct VideoCompositionInstruction: Hashable, Sendable {
  /// The range covered, in composition seconds.
  public var timeRange: TimeRange
  /// The tracks drawn, first = top (drawn last), last = bottom.
  public var layerInstructions: [LayerInstruction]
  /// The background during this instruction; nil uses the video composition's.
  public var backgroundColor: Color?
  /// With a ``VideoComposition/composer``: the tracks whose frames the composer is handed
  /// during this instruction; nil for every video track of the composition. Not used
  /// without a composer (the layer instructions say what is drawn).
  public var requiredSourceTrackIDs: [TrackID]?
  /// With a ``VideoComposition/composer``: the track whose frame is the output, unchanged,
  /// during this instruction (the composer is not asked); nil to ask the composer. Not used
  /// without a composer.
  public var passthroughTrackID: TrackID?
  /// A filter that draws the frame from the outgoing picture (the top layer instruction) to
  /// the incoming one (the next), its progress running 0…1 over ``timeRange``; nil: the
  /// layers are composited as usual.
  public var transitionFilter: TransitionFilter? = nil

  /// Makes an instruction.
  ///
  /// - Parameters:
  ///   - timeRange: The range covered, in composition seconds.
  ///   - layerInstructions: The tracks drawn, first on top.
  ///   - backgroundColor: A background for this range only, or nil.
  public init(
    timeRange: TimeRange, layerInstructions: [LayerInstruction] = [], backgroundColor: Color? = nil
  ) {
    self.timeRange = timeRange
    self.layerInstructions = layerInstructions
    self.backgroundColor = backgroundColor
  }

  /// An instruction that shows one track unchanged (opacity 1, identity transform unless
  /// given).
  ///
  /// - Parameters:
  ///   - trackID: The track shown.
  ///   - timeRange: The range covered, in composition seconds.
  ///   - transform: The track's transform over the range.
  /// - Returns: The instruction.
  public static func passThrough(
    trackID: TrackID, timeRange: TimeRange, transform: Transform2D = .identity
  ) -> VideoCompositionInstruction {
    var layer = LayerInstruction(trackID: trackID)
    if !transform.isIdentity { layer.setTransform(transform, at: timeRange.start) }
    return VideoCompositionInstruction(timeRange: timeRange, layerInstructions: [layer])
  }

  /// The layer instructions bottom first: the order to draw them in.
  public var layerInstructionsBottomToTop: [LayerInstruction] { layerInstructions.reversed() }
}
