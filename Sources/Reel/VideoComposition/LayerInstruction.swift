import ReelCore

/// How one composition video track is drawn during an instruction: its opacity, transform
/// and crop rectangle as functions of composition time, as
/// `AVVideoCompositionLayerInstruction`.
///
/// - Opacity: 1 before the first key, the last value after; ``setOpacity(_:at:)`` is a step,
///   ``setOpacityRamp(from:to:timeRange:)`` linear. Values must be in 0…1.
/// - Transform: maps the track's coded picture (pixels, origin top-left, y down) into the
///   render frame; identity before the first key (the picture's top-left at the frame's);
///   ramps blend the six entries linearly.
/// - Crop rectangle: the part of the coded picture used, in source pixels, applied before
///   the transform; none (the whole picture) before the first key; ramps blend origin and
///   size.
///
///     var layer = LayerInstruction(trackID: track)
///     layer.setOpacityRamp(from: 1, to: 0, timeRange: fade)   // opacity(at: middle) == 0.5
public struct LayerInstruction: Hashable, Sendable {
  /// The composition video track this instruction draws.
  public var trackID: TrackID
  /// The opacity keys (default 1).
  public var opacityTimeline = ParameterTimeline<Double>(defaultValue: 1)
  /// The transform keys (default identity).
  public var transformTimeline = ParameterTimeline<AffineTransform>(defaultValue: .identity)
  /// The crop keys (default none: the whole picture).
  public var cropTimeline = ParameterTimeline<Rect>(defaultValue: nil)

  /// Makes a layer instruction with opacity 1, identity transform and no crop.
  ///
  /// - Parameter trackID: The composition video track to draw.
  public init(trackID: TrackID) {
    self.trackID = trackID
  }

  // MARK: Setting

  /// Sets the opacity from a time on.
  ///
  /// - Parameters:
  ///   - opacity: 0 (invisible) … 1 (opaque).
  ///   - time: From when, in composition seconds.
  public mutating func setOpacity(_ opacity: Double, at time: Time) {
    opacityTimeline.setValue(opacity, at: time)
  }

  /// Ramps the opacity linearly over a range.
  ///
  /// - Parameters:
  ///   - start: Opacity at `timeRange.start`, 0…1.
  ///   - end: Opacity at `timeRange.end` and after, 0…1.
  ///   - timeRange: In composition seconds.
  public mutating func setOpacityRamp(from start: Double, to end: Double, timeRange: TimeRange) {
    opacityTimeline.setRamp(from: start, to: end, timeRange: timeRange)
  }

  /// Sets the transform from a time on.
  ///
  /// - Parameters:
  ///   - transform: Coded-picture pixels → render-frame pixels.
  ///   - time: From when, in composition seconds.
  public mutating func setTransform(_ transform: Transform2D, at time: Time) {
    transformTimeline.setValue(transform, at: time)
  }

  /// Ramps the transform over a range, blending the six entries linearly.
  ///
  /// - Parameters:
  ///   - start: The transform at `timeRange.start`.
  ///   - end: The transform at `timeRange.end` and after.
  ///   - timeRange: In composition seconds.
  public mutating func setTransformRamp(
    from start: Transform2D, to end: Transform2D, timeRange: TimeRange
  ) {
    transformTimeline.setRamp(from: start, to: end, timeRange: timeRange)
  }

  /// Sets the crop rectangle from a time on.
  ///
  /// - Parameters:
  ///   - rectangle: The part of the coded picture used, in source pixels.
  ///   - time: From when, in composition seconds.
  public mutating func setCropRectangle(_ rectangle: Rect, at time: Time) {
    cropTimeline.setValue(rectangle, at: time)
  }

  /// Ramps the crop rectangle over a range, blending origin and size linearly.
  ///
  /// - Parameters:
  ///   - start: The rectangle at `timeRange.start`, in source pixels.
  ///   - end: The rectangle at `timeRange.end` and after, in source pixels.
  ///   - timeRange: In composition seconds.
  public mutating func setCropRectangleRamp(from start: Rect, to end: Rect, timeRange: TimeRange) {
    cropTimeline.setRamp(from: start, to: end, timeRange: timeRange)
  }

  // MARK: Evaluating

  /// The opacity at a composition time, clamped to 0…1.
  ///
  /// - Parameter time: Composition seconds.
  /// - Returns: 0…1.
  public func opacity(at time: Time) -> Double {
    min(1, max(0, opacityTimeline.value(at: time) ?? 1))
  }

  /// The transform at a composition time.
  ///
  /// - Parameter time: Composition seconds.
  /// - Returns: Coded-picture pixels → render-frame pixels.
  public func transform(at time: Time) -> Transform2D {
    transformTimeline.value(at: time) ?? .identity
  }

  /// The crop rectangle at a composition time.
  ///
  /// - Parameter time: Composition seconds.
  /// - Returns: The part of the coded picture used, in source pixels, or nil for the whole
  ///   picture.
  public func cropRectangle(at time: Time) -> Rect? {
    cropTimeline.value(at: time)
  }
}
