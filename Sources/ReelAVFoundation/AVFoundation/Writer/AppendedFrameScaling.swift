internal import ReelMedia

/// How a video input fits appended pixel buffers of another size into its
/// `AVVideoWidthKey` × `AVVideoHeightKey` frame: Apple's `AVVideoScalingModeKey` values.
///
/// Without the key Apple documents no default; Reel stretches, as VideoToolbox's documented
/// default transfer mode (`kVTScalingMode_Normal`) does. The scaling itself is libyuv's
/// bilinear scaler (``PictureScaler``).
enum AppendedFrameScaling: Equatable {
  /// `AVVideoScalingModeResize` (and the absent key): the whole buffer stretched to the frame.
  case stretch
  /// `AVVideoScalingModeResizeAspect`: the whole buffer, aspect kept, centred, black bars.
  case aspectFit
  /// `AVVideoScalingModeResizeAspectFill`: the frame filled, aspect kept, the buffer's
  /// overflow cropped equally on both sides.
  case aspectFill
  /// `AVVideoScalingModeFit`: as `aspectFit` but never enlarged. Apple then writes a smaller
  /// file; Reel keeps the declared frame size and centres the unenlarged picture on black.
  case fitWithoutEnlarging

  /// The mode of a video input's output settings.
  ///
  /// - Throws: ``CompatFailure`` naming the value when it is not one of Apple's four.
  static func of(_ settings: AttributeDictionary, in where_: String) throws(CompatFailure)
    -> AppendedFrameScaling
  {
    switch settings.string(AVVideoScalingModeKey) {
    case .none, .some(AVVideoScalingModeResize): return .stretch
    case .some(AVVideoScalingModeResizeAspect): return .aspectFit
    case .some(AVVideoScalingModeResizeAspectFill): return .aspectFill
    case .some(AVVideoScalingModeFit): return .fitWithoutEnlarging
    case .some(let other):
      throw CompatFailure(
        .exportFailed,
        "\(where_): AVVideoScalingModeKey \(other.map { "\"\($0)\"" } ?? "(not a string)") is not one of AVVideoScalingModeResize, ResizeAspect, ResizeAspectFill, Fit"
      )
    }
  }

  /// The rectangle of a `sourceWidth` × `sourceHeight` buffer that is shown, and where it
  /// goes in a `width` × `height` frame (whole pixels, centred, each at least 1 × 1).
  func rectangles(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int)
    -> (source: PixelRect, target: PixelRect)
  {
    let whole = PixelRect(x: 0, y: 0, width: sourceWidth, height: sourceHeight)
    let frame = PixelRect(x: 0, y: 0, width: width, height: height)
    let horizontal = Double(width) / Double(sourceWidth)
    let vertical = Double(height) / Double(sourceHeight)
    func centred(_ w: Double, _ h: Double, in outerWidth: Int, _ outerHeight: Int) -> PixelRect {
      let w = min(max(Int(w.rounded()), 1), outerWidth)
      let h = min(max(Int(h.rounded()), 1), outerHeight)
      return PixelRect(x: (outerWidth - w) / 2, y: (outerHeight - h) / 2, width: w, height: h)
    }
    switch self {
    case .stretch:
      return (whole, frame)
    case .aspectFit, .fitWithoutEnlarging:
      var factor = min(horizontal, vertical)
      if self == .fitWithoutEnlarging { factor = min(factor, 1) }
      let target = centred(
        Double(sourceWidth) * factor, Double(sourceHeight) * factor, in: width, height)
      return (whole, target)
    case .aspectFill:
      let factor = max(horizontal, vertical)
      let source = centred(
        Double(width) / factor, Double(height) / factor, in: sourceWidth, sourceHeight)
      return (source, frame)
    }
  }
}
