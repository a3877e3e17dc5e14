internal import ReelAnimation
internal import ReelCore

extension CAGradientLayer {
  /// The gradient as Reel's, in the layer's own geometry (unit points map to its bounds;
  /// under a mirrored space the gradient is mirrored with it, as on Apple).
  func gradientSnapshot(_ context: LayerSnapshotContext) throws(CompatFailure) -> LayerContent {
    guard let colors, !colors.isEmpty else { return try contentsSnapshot(context) }
    var reelColors: [Color] = []
    for (index, value) in colors.enumerated() {
      guard let color = value as? CGColor else {
        throw CompatFailure(
          .invalidVideoComposition,
          "\(context.description): colors[\(index)] is a \(Swift.type(of: value)), not a CGColor "
            + "(Apple draws nothing then); pass UIColor's .cgColor")
      }
      reelColors.append(color.color)
    }
    let kind: Gradient.Kind
    switch type {
    case .axial: kind = .axial
    case .radial: kind = .radial
    case .conic: kind = .conic
    default:
      throw CompatFailure(
        .invalidVideoComposition,
        "\(context.description) has type \"\(type.rawValue)\", which is not one of Core "
          + "Animation's gradient types; use .axial, .radial or .conic")
    }
    return .gradient(
      Gradient(
        kind: kind, colors: reelColors, locations: locations?.map(\.doubleValue),
        startPoint: startPoint.reelPoint, endPoint: endPoint.reelPoint))
  }
}
