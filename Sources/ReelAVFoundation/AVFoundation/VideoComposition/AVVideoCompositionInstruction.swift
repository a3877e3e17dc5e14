internal import Reel

/// What a video composition instruction must say, as AVFoundation's
/// `AVVideoCompositionInstructionProtocol`. The built-in compositor draws only
/// ``AVVideoCompositionInstruction``s; a custom compositor (``AVVideoCompositing``) is handed
/// any conforming object, with the source frames of its ``requiredSourceTrackIDs`` (every
/// video track when nil); an instruction with a ``passthroughTrackID`` shows that track's
/// frame without asking the compositor.
public protocol AVVideoCompositionInstructionProtocol: NSObjectProtocol {
  /// The range the instruction covers, in composition time.
  var timeRange: CMTimeRange { get }
  /// Whether the Core Animation tool draws during this instruction.
  var enablePostProcessing: Bool { get }
  /// Whether frames change even when the sources do not (ramps).
  var containsTweening: Bool { get }
  /// The tracks whose frames the instruction needs.
  var requiredSourceTrackIDs: [NSValue]? { get }
  /// The track passed through unchanged, or `kCMPersistentTrackID_Invalid`.
  var passthroughTrackID: CMPersistentTrackID { get }
}

/// What the video shows over one range of the composition, as AVFoundation's
/// `AVVideoCompositionInstruction`: a stack of layer instructions, index 0 on top.
open class AVVideoCompositionInstruction: NSObject, AVVideoCompositionInstructionProtocol,
  NSCopying, NSMutableCopying
{
  var storedTimeRange = CMTimeRange.zero
  var storedBackgroundColor: CGColor?
  var storedLayerInstructions: [AVVideoCompositionLayerInstruction] = []
  var storedEnablePostProcessing = true

  public override init() { super.init() }

  /// An immutable copy (`copy()`), with copies of the layer instructions.
  open func copy(with zone: NSZone? = nil) -> Any {
    duplicate(into: AVVideoCompositionInstruction())
  }

  /// A mutable copy (`mutableCopy()`), an ``AVMutableVideoCompositionInstruction``, with
  /// copies of the layer instructions.
  open func mutableCopy(with zone: NSZone? = nil) -> Any {
    duplicate(into: AVMutableVideoCompositionInstruction())
  }

  /// A copy as mutable as this instruction (for the copies of a video composition).
  func sameKindCopy() -> AVVideoCompositionInstruction {
    self is AVMutableVideoCompositionInstruction
      ? duplicate(into: AVMutableVideoCompositionInstruction())
      : duplicate(into: AVVideoCompositionInstruction())
  }

  private func duplicate<Made: AVVideoCompositionInstruction>(into made: Made) -> Made {
    made.storedTimeRange = storedTimeRange
    made.storedBackgroundColor = storedBackgroundColor
    made.storedLayerInstructions = storedLayerInstructions.map { $0.sameKindCopy() }
    made.storedEnablePostProcessing = storedEnablePostProcessing
    return made
  }

  /// The range covered, in composition time.
  open var timeRange: CMTimeRange { storedTimeRange }
  /// The colour behind the tracks during this instruction; nil is opaque black.
  open var backgroundColor: CGColor? { storedBackgroundColor }
  /// The tracks drawn, index 0 on top.
  open var layerInstructions: [AVVideoCompositionLayerInstruction] { storedLayerInstructions }
  /// Whether the Core Animation tool draws during this instruction (default true).
  open var enablePostProcessing: Bool { storedEnablePostProcessing }
  /// Always true (Reel evaluates ramps every frame).
  open var containsTweening: Bool { true }
  /// The layer instructions' tracks (`NSNumber`s of their track IDs), what a custom
  /// compositor is handed; nil (every video track) when there are no layer instructions.
  /// Apple declares it non-optional on this class: a subclass may override it as
  /// `[NSValue]`.
  open var requiredSourceTrackIDs: [NSValue]? {
    let layers = layerInstructions
    return layers.isEmpty ? nil : layers.map { NSNumber(value: $0.trackID) }
  }
  /// `kCMPersistentTrackID_Invalid`: Reel always composites.
  open var passthroughTrackID: CMPersistentTrackID { kCMPersistentTrackID_Invalid }
}

/// An instruction a program sets up, as AVFoundation's
/// `AVMutableVideoCompositionInstruction` (open: ported code extends it).
open class AVMutableVideoCompositionInstruction: AVVideoCompositionInstruction {
  public override init() { super.init() }

  /// The range covered, in composition time.
  open override var timeRange: CMTimeRange {
    get { storedTimeRange }
    set { storedTimeRange = newValue }
  }
  /// The colour behind the tracks during this instruction; nil is opaque black.
  open override var backgroundColor: CGColor? {
    get { storedBackgroundColor }
    set { storedBackgroundColor = newValue }
  }
  /// The tracks drawn, index 0 on top.
  open override var layerInstructions: [AVVideoCompositionLayerInstruction] {
    get { storedLayerInstructions }
    set { storedLayerInstructions = newValue }
  }
  /// Whether the Core Animation tool draws during this instruction.
  open override var enablePostProcessing: Bool {
    get { storedEnablePostProcessing }
    set { storedEnablePostProcessing = newValue }
  }
}
