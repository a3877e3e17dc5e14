internal import Reel
internal import ReelCore

/// How one composition track is drawn during an instruction, as AVFoundation's
/// `AVVideoCompositionLayerInstruction`: opacity, transform and crop rectangle as functions
/// of composition time, kept as Reel's `LayerInstruction` (Reel owns the ramp rules:
/// opacity 1 before the first key, the last value after, ramps linear).
///
/// Transforms map the track's stored picture (pixels, origin top-left, y down) into the
/// render frame, as on Apple.
open class AVVideoCompositionLayerInstruction: NSObject, NSCopying, NSMutableCopying {
  /// The keys, with a placeholder track (the real one is mapped when an export starts).
  var reel = LayerInstruction(trackID: TrackID(rawValue: 0))
  /// The composition track drawn.
  var storedTrackID = kCMPersistentTrackID_Invalid

  public override init() { super.init() }

  /// The composition track this instruction draws.
  open var trackID: CMPersistentTrackID { storedTrackID }

  /// An immutable copy (`copy()`) of the track and its ramps.
  open func copy(with zone: NSZone? = nil) -> Any {
    duplicate(into: AVVideoCompositionLayerInstruction())
  }

  /// A mutable copy (`mutableCopy()`), an ``AVMutableVideoCompositionLayerInstruction``.
  open func mutableCopy(with zone: NSZone? = nil) -> Any {
    duplicate(into: AVMutableVideoCompositionLayerInstruction())
  }

  /// A copy as mutable as this layer instruction.
  func sameKindCopy() -> AVVideoCompositionLayerInstruction {
    self is AVMutableVideoCompositionLayerInstruction
      ? duplicate(into: AVMutableVideoCompositionLayerInstruction())
      : duplicate(into: AVVideoCompositionLayerInstruction())
  }

  private func duplicate<Made: AVVideoCompositionLayerInstruction>(into made: Made) -> Made {
    made.reel = reel
    made.storedTrackID = storedTrackID
    return made
  }

  /// The opacity ramp in effect at `time`: its start and end opacity and its range.
  ///
  /// A value set with `setOpacity(_:at:)` is a flat ramp (start = end) from its time until
  /// the next key, as on Apple.
  ///
  /// - Returns: false only after the end of the last ramp set with a range (the pointers
  ///   then hold its end value).
  open func getOpacityRamp(
    for time: CMTime, startOpacity: UnsafeMutablePointer<Float>,
    endOpacity: UnsafeMutablePointer<Float>?, timeRange: UnsafeMutablePointer<CMTimeRange>?
  ) -> Bool {
    let ramp = RampLookup.ramp(of: reel.opacityTimeline, at: time.time)
    startOpacity.pointee = Float(ramp.start ?? 1)
    endOpacity?.pointee = Float(ramp.end ?? 1)
    timeRange?.pointee = CMTimeRange(ramp.range)
    return ramp.inEffect
  }

  /// The transform ramp in effect at `time`: its start and end transform and its range.
  ///
  /// A value set with `setTransform(_:at:)` is a flat ramp (start = end) from its time until
  /// the next key, as on Apple.
  ///
  /// - Returns: false only after the end of the last ramp set with a range (the pointers
  ///   then hold its end value).
  open func getTransformRamp(
    for time: CMTime, start startTransform: UnsafeMutablePointer<CGAffineTransform>,
    end endTransform: UnsafeMutablePointer<CGAffineTransform>?,
    timeRange: UnsafeMutablePointer<CMTimeRange>?
  ) -> Bool {
    let ramp = RampLookup.ramp(of: reel.transformTimeline, at: time.time)
    startTransform.pointee = CGAffineTransform(ramp.start ?? .identity)
    endTransform?.pointee = CGAffineTransform(ramp.end ?? .identity)
    timeRange?.pointee = CMTimeRange(ramp.range)
    return ramp.inEffect
  }

  /// The crop-rectangle ramp in effect at `time` (the whole picture, `.infinite`, before
  /// the first key). A value set with `setCropRectangle(_:at:)` is a flat ramp until the next
  /// key, as on Apple.
  ///
  /// - Returns: false only after the end of the last ramp set with a range (the pointers
  ///   then hold its end value).
  open func getCropRectangleRamp(
    for time: CMTime, startCropRectangle: UnsafeMutablePointer<CGRect>,
    endCropRectangle: UnsafeMutablePointer<CGRect>?, timeRange: UnsafeMutablePointer<CMTimeRange>?
  ) -> Bool {
    let ramp = RampLookup.ramp(of: reel.cropTimeline, at: time.time)
    startCropRectangle.pointee = ramp.start.map(CGRect.init) ?? .infinite
    endCropRectangle?.pointee = ramp.end.map(CGRect.init) ?? .infinite
    timeRange?.pointee = CMTimeRange(ramp.range)
    return ramp.inEffect
  }
}

/// A layer instruction a program sets up, as AVFoundation's
/// `AVMutableVideoCompositionLayerInstruction`.
open class AVMutableVideoCompositionLayerInstruction: AVVideoCompositionLayerInstruction {
  /// A layer instruction for no track yet (set ``trackID``).
  public override init() { super.init() }

  /// A layer instruction for `track`.
  public convenience init(assetTrack track: AVAssetTrack) {
    self.init()
    storedTrackID = track.trackID
  }

  /// The composition track this instruction draws.
  open override var trackID: CMPersistentTrackID {
    get { storedTrackID }
    set { storedTrackID = newValue }
  }

  /// Sets the opacity from `time` on (a step), 0…1.
  open func setOpacity(_ opacity: Float, at time: CMTime) {
    reel.setOpacity(Double(opacity), at: time.time)
  }

  /// Ramps the opacity linearly over `timeRange`; the end value holds after it.
  open func setOpacityRamp(
    fromStartOpacity startOpacity: Float, toEndOpacity endOpacity: Float, timeRange: CMTimeRange
  ) {
    reel.setOpacityRamp(
      from: Double(startOpacity), to: Double(endOpacity), timeRange: timeRange.range)
  }

  /// Sets the transform from `time` on (a step).
  open func setTransform(_ transform: CGAffineTransform, at time: CMTime) {
    reel.setTransform(transform.affine, at: time.time)
  }

  /// Ramps the transform over `timeRange`, blending the six entries linearly.
  open func setTransformRamp(
    fromStart startTransform: CGAffineTransform, toEnd endTransform: CGAffineTransform,
    timeRange: CMTimeRange
  ) {
    reel.setTransformRamp(
      from: startTransform.affine, to: endTransform.affine, timeRange: timeRange.range)
  }

  /// Sets the crop rectangle (source pixels) from `time` on (a step).
  open func setCropRectangle(_ cropRectangle: CGRect, at time: CMTime) {
    reel.setCropRectangle(cropRectangle.rect, at: time.time)
  }

  /// Ramps the crop rectangle over `timeRange`, blending origin and size linearly.
  open func setCropRectangleRamp(
    fromStartCropRectangle startCropRectangle: CGRect, toEndCropRectangle endCropRectangle: CGRect,
    timeRange: CMTimeRange
  ) {
    reel.setCropRectangleRamp(
      from: startCropRectangle.rect, to: endCropRectangle.rect, timeRange: timeRange.range)
  }
}

/// The ramp of a Reel parameter timeline in effect at a time, for the `get…Ramp` getters.
enum RampLookup {
  struct Found<Value> {
    var start: Value?
    var end: Value?
    var range: TimeRange
    /// False only after the end of the last ramp set with a time range (a step holds for ever).
    var inEffect: Bool
  }

  static func ramp<Value>(of timeline: ParameterTimeline<Value>, at time: Time) -> Found<Value> {
    let ramps = timeline.ramps
    guard let index = ramps.lastIndex(where: { $0.timeRange.start <= time }) else {
      let end = ramps.first?.timeRange.start ?? .positiveInfinity
      return Found(
        start: timeline.defaultValue, end: timeline.defaultValue,
        range: TimeRange(start: .zero, end: end), inEffect: true)
    }
    let ramp = ramps[index]
    if !ramp.isStep, time < ramp.timeRange.end {
      return Found(
        start: ramp.startValue, end: ramp.endValue, range: ramp.timeRange, inEffect: true)
    }
    let heldFrom = ramp.isStep ? ramp.timeRange.start : ramp.timeRange.end
    guard index + 1 < ramps.count else {
      // A step (`set…(_:at:)`) is a flat ramp held until the next key: with none, it is in
      // effect for ever. Only the time after the last real ramp is "beyond the last ramp".
      return Found(
        start: ramp.endValue, end: ramp.endValue,
        range: TimeRange(start: heldFrom, end: .positiveInfinity), inEffect: ramp.isStep)
    }
    return Found(
      start: ramp.endValue, end: ramp.endValue,
      range: TimeRange(start: heldFrom, end: ramps[index + 1].timeRange.start), inEffect: true)
  }
}
