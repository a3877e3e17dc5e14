import ReelCore
import ReelMedia

extension VideoComposition {
  /// The size a video track is shown at: after its pixel aspect ratio and its rotation.
  ///
  /// - Parameter track: A video track's description.
  /// - Returns: Width × height in pixels (`displayWidth × displayHeight` when known, else the
  ///   coded size with width and height swapped for 90° and 270°); zero when the track has no
  ///   size.
  public static func displaySize(of track: TrackInfo) -> Size {
    if let width = track.displayWidth, let height = track.displayHeight {
      return Size(width: Double(width), height: Double(height))
    }
    let width = Double(track.width ?? 0)
    let height = Double(track.height ?? 0)
    return isQuarterTurn(track.rotation)
      ? Size(width: height, height: width) : Size(width: width, height: height)
  }

  /// The transform that turns a track's coded picture upright, with its top-left at the
  /// origin, in y-down pixel space (the role of `AVAssetTrack.preferredTransform`).
  ///
  /// The coded picture (`width × height`) is first stretched by its pixel aspect ratio
  /// (to its unrotated display size), then turned clockwise by the track's rotation about
  /// its own area: for 90° a point (x, y) goes to (h − y, x), for 180° to (w − x, h − y), for
  /// 270° to (y, w − x). The result covers `[0, displayWidth) × [0, displayHeight)`.
  /// Entries are exact (no sine/cosine rounding).
  ///
  /// - Parameter track: A video track's description.
  /// - Returns: Coded pixels → upright display pixels; identity for a track with no size.
  public static func preferredTransform(for track: TrackInfo) -> Transform2D {
    guard let codedWidth = track.width, let codedHeight = track.height, codedWidth > 0,
      codedHeight > 0
    else { return .identity }
    let display = displaySize(of: track)
    let turned = isQuarterTurn(track.rotation)
    let uprightWidth = turned ? display.height : display.width
    let uprightHeight = turned ? display.width : display.height
    let scaleX = uprightWidth > 0 ? uprightWidth / Double(codedWidth) : 1
    let scaleY = uprightHeight > 0 ? uprightHeight / Double(codedHeight) : 1
    let w = Double(codedWidth) * scaleX
    let h = Double(codedHeight) * scaleY
    let rotation: Transform2D
    switch normalizedRotation(track.rotation) {
    case 90: rotation = Transform2D(a: 0, b: 1, c: -1, d: 0, tx: h, ty: 0)
    case 180: rotation = Transform2D(a: -1, b: 0, c: 0, d: -1, tx: w, ty: h)
    case 270: rotation = Transform2D(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: w)
    default: rotation = .identity
    }
    let stretch = Transform2D(scaleX: scaleX, y: scaleY)
    return stretch.isIdentity ? rotation : stretch.concatenating(rotation)
  }

  /// The transform that fits an upright picture inside the render frame, centred, keeping
  /// its aspect ratio (letterbox or pillarbox): scale `s = min(W / w, H / h)`, then move by
  /// `((W − w·s) / 2, (H − h·s) / 2)`.
  ///
  /// - Parameters:
  ///   - size: The upright picture's size in pixels.
  ///   - renderSize: The frame's size in pixels.
  /// - Returns: Upright pixels → frame pixels; identity when `size` has no area.
  public static func fitTransform(from size: Size, into renderSize: Size) -> Transform2D {
    guard size.width > 0, size.height > 0 else { return .identity }
    let scale = min(renderSize.width / size.width, renderSize.height / size.height)
    return Transform2D(
      a: scale, b: 0, c: 0, d: scale, tx: (renderSize.width - size.width * scale) / 2,
      ty: (renderSize.height - size.height * scale) / 2)
  }

  /// A track's whole transform for the default look: upright (``preferredTransform(for:)``),
  /// then fitted and centred (``fitTransform(from:into:)``).
  ///
  /// - Parameters:
  ///   - track: A video track's description.
  ///   - renderSize: The frame's size in pixels.
  /// - Returns: Coded pixels → frame pixels.
  public static func fittedTransform(for track: TrackInfo, into renderSize: Size) -> Transform2D {
    preferredTransform(for: track).concatenating(
      fitTransform(from: displaySize(of: track), into: renderSize))
  }

  /// The upright size of a segment's picture: a track's display size, a still image's size,
  /// or nil for an empty segment or audio.
  ///
  /// - Parameter source: A segment's source.
  public static func displaySize(of source: TrackSegment.Source) -> Size? {
    switch source {
    case .track(let track):
      guard track.track.kind == .video else { return nil }
      let size = displaySize(of: track.track)
      return size.width > 0 && size.height > 0 ? size : nil
    case .still(let image):
      return Size(width: Double(image.width), height: Double(image.height))
    case .empty:
      return nil
    }
  }

  /// A segment source's transform for the default look (upright, fitted, centred): the
  /// transform a renderer applies to the decoded picture of `source`.
  ///
  /// - Parameters:
  ///   - source: A segment's source.
  ///   - renderSize: The frame's size in pixels.
  /// - Returns: Coded pixels → frame pixels; identity for an empty source.
  public static func fittedTransform(for source: TrackSegment.Source, into renderSize: Size)
    -> Transform2D
  {
    switch source {
    case .track(let track):
      return fittedTransform(for: track.track, into: renderSize)
    case .still(let image):
      return fitTransform(
        from: Size(width: Double(image.width), height: Double(image.height)), into: renderSize)
    case .empty:
      return .identity
    }
  }

  /// The upright transform of a segment's source (identity for stills and empties).
  static func preferredTransform(for source: TrackSegment.Source) -> Transform2D {
    if case .track(let track) = source { return preferredTransform(for: track.track) }
    return .identity
  }

  /// `rotation` as 0, 90, 180 or 270.
  private static func normalizedRotation(_ rotation: Int?) -> Int {
    let value = (rotation ?? 0) % 360
    return value < 0 ? value + 360 : value
  }

  private static func isQuarterTurn(_ rotation: Int?) -> Bool {
    let value = normalizedRotation(rotation)
    return value == 90 || value == 270
  }
}
