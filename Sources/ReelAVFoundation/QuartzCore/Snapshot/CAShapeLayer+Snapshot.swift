internal import ReelAnimation
internal import ReelCore

extension CAShapeLayer {
  /// The key path of the outline (animated by Reel's `ShapePathAnimation`).
  static let pathKeyPath = "path"

  /// The key paths only a shape layer animates.
  static let shapeKeyPaths: Set<String> = [
    pathKeyPath, "fillColor", "strokeColor", "lineWidth", "strokeStart", "strokeEnd",
    "lineDashPhase", "miterLimit",
  ]

  /// The animatable shape values as Reel's layer properties (nil colours paint nothing).
  func shapeAppearance(_ p: inout LayerProperties) {
    p.fillColor = fillColor?.color ?? .clear
    p.strokeColor = strokeColor?.color ?? .clear
    p.lineWidth = Double(lineWidth)
    p.strokeStart = Double(strokeStart)
    p.strokeEnd = Double(strokeEnd)
    p.lineDashPhase = Double(lineDashPhase)
    p.miterLimit = Double(miterLimit)
  }

  /// A path in the layer's local pixels: its coordinates less the bounds' origin.
  func localPath(_ path: CGPath) -> Path {
    let origin = bounds.origin
    guard origin != .zero else { return path.path }
    return path.path.applying(
      Transform2D(translationX: -Double(origin.x), y: -Double(origin.y)))
  }

  /// The path and how it is painted, as Reel's shape content in the layer's local pixels
  /// (the path's coordinates less the bounds' origin; under a mirrored space the shape is
  /// mirrored with the geometry, as on Apple).
  func shapeSnapshot(_ context: LayerSnapshotContext) throws(CompatFailure) -> LayerContent {
    guard let path, !path.isEmpty else { return try contentsSnapshot(context) }
    if contents != nil {
      CompatWarnings.warnOnce(
        key: "shapeContents|\(context.description)",
        "\(context.description) has both a path and contents: Reel draws the path only")
    }
    let rule: FillRule
    switch fillRule {
    case .nonZero: rule = .nonZero
    case .evenOdd: rule = .evenOdd
    default:
      throw CompatFailure(
        .invalidVideoComposition,
        "\(context.description) has fillRule \"\(fillRule.rawValue)\", which is not one of "
          + "Core Animation's; use .nonZero or .evenOdd")
    }
    let cap: LineCap
    switch lineCap {
    case .butt: cap = .butt
    case .round: cap = .round
    case .square: cap = .square
    default:
      throw CompatFailure(
        .invalidVideoComposition,
        "\(context.description) has lineCap \"\(lineCap.rawValue)\", which is not one of Core "
          + "Animation's; use .butt, .round or .square")
    }
    let join: LineJoin
    switch lineJoin {
    case .miter: join = .miter
    case .round: join = .round
    case .bevel: join = .bevel
    default:
      throw CompatFailure(
        .invalidVideoComposition,
        "\(context.description) has lineJoin \"\(lineJoin.rawValue)\", which is not one of "
          + "Core Animation's; use .miter, .round or .bevel")
    }
    let dashes = (lineDashPattern ?? []).map(\.doubleValue)
    if dashes.contains(where: { !$0.isFinite || $0 < 0 }) {
      throw CompatFailure(
        .invalidVideoComposition,
        "\(context.description) has lineDashPattern \(dashes), with a negative or infinite "
          + "length; use lengths of 0 or more")
    }
    // A pattern of only zero lengths draws a solid line on Apple.
    let pattern = dashes.contains(where: { $0 > 0 }) ? dashes : []
    return .shape(
      ShapeContent(
        path: localPath(path), fillRule: rule,
        strokeStyle: StrokeStyle(
          width: Double(lineWidth), cap: cap, join: join, miterLimit: Double(miterLimit),
          dashPattern: pattern, dashPhase: Double(lineDashPhase))))
  }
}
