internal import ReelAnimation
internal import ReelCore

/// Where a layer is while its tree is snapshotted.
struct LayerSnapshotContext {
  /// How messages name the layer (class, name, place in the tree).
  var description: String
  /// Whether the layer's parent space is mirrored on screen (y-up): under the tool it starts
  /// true and each `isGeometryFlipped` on the way toggles it.
  var mirrored: Bool
  /// Whether the layer's own bounds space (its sublayers' space) is mirrored on screen.
  var ownSpaceMirrored: Bool
}

/// Turns a CALayer tree into Reel layers: geometry, appearance, content (by each class's
/// `snapshotContent`), mask, sublayers and animations.
final class LayerSnapshotter {
  private let videoLayers: Set<ObjectIdentifier>
  private var inProgress: Set<ObjectIdentifier> = []

  init(videoLayers: [CALayer]) {
    self.videoLayers = Set(videoLayers.map(ObjectIdentifier.init))
  }

  /// Whether `layer` is `root` or under it (sublayers, not masks).
  func isInTree(_ layer: CALayer, root: CALayer) -> Bool {
    var current: CALayer? = layer
    while let candidate = current {
      if candidate === root { return true }
      current = candidate.superlayer
    }
    return false
  }

  /// A layer's name in messages: `CATextLayer "title" (animationLayer.sublayers[2])`.
  static func describe(_ layer: CALayer, at path: String?) -> String {
    let kind = String(describing: type(of: layer))
    let name = layer.name.map { " \"\($0)\"" } ?? ""
    return kind + name + (path.map { " (\($0))" } ?? "")
  }

  /// The Reel layer of `layer` and its subtree.
  ///
  /// - Parameters:
  ///   - path: Where the layer is, for messages.
  ///   - mirrored: Whether the layer's parent space is y-up on screen.
  func snapshot(_ layer: CALayer, path: String, mirrored: Bool) throws(CompatFailure) -> Layer {
    // The flipped container is a level of its own above the tool's animation layer.
    guard inProgress.count + 2 <= LayerTree.maximumDepth else {
      throw CompatFailure(
        .invalidVideoComposition,
        "the layer tree nests more than \(LayerTree.maximumDepth - 1) levels of layers under the "
          + "animation tool's parent (\(Self.describe(layer, at: nil)) is deeper): Reel draws at "
          + "most that many (deeper trees would exhaust a thread's stack); group fewer layers "
          + "inside each other")
    }
    let description = Self.describe(layer, at: path)
    guard inProgress.insert(ObjectIdentifier(layer)).inserted else {
      throw CompatFailure(
        .invalidVideoComposition,
        "\(description) contains itself (as a sublayer or mask of its own subtree): a layer "
          + "tree must not have cycles")
    }
    defer { inProgress.remove(ObjectIdentifier(layer)) }
    try Self.checkUnsupportedGeometry(layer, description)
    try Self.checkContentsFilters(layer, description)
    // As Core Animation before it renders: a layer waiting for display draws its contents.
    layer.displayIfNeeded()

    let context = LayerSnapshotContext(
      description: description, mirrored: mirrored,
      ownSpaceMirrored: mirrored != layer.isGeometryFlipped)
    var properties = try Self.properties(of: layer, context)
    let content: LayerContent
    if videoLayers.contains(ObjectIdentifier(layer)) {
      content = .video(VideoContent(sourceID: .main))
    } else {
      content = try layer.snapshotContent(context)
    }
    let animations = try AnimationSnapshot.animations(
      of: layer, layerDescription: description, model: &properties)

    var sublayers: [Layer] = []
    for (index, sublayer) in layer.sublayerStorage.enumerated() {
      sublayers.append(
        try snapshot(
          sublayer, path: "\(path).sublayers[\(index)]", mirrored: context.ownSpaceMirrored))
    }
    var mask: Layer?
    if let maskLayer = layer.mask {
      mask = try snapshot(maskLayer, path: "\(path).mask", mirrored: context.ownSpaceMirrored)
    }
    return Layer(
      name: layer.name, properties: properties, content: content, sublayers: sublayers,
      mask: mask, animations: animations)
  }

  /// Fails on what Reel's layer model cannot represent: a layer's own timing, anchorPointZ.
  private static func checkUnsupportedGeometry(_ layer: CALayer, _ description: String)
    throws(CompatFailure)
  {
    let timed =
      layer.beginTime != 0 || layer.speed != 1 || layer.timeOffset != 0
      || layer.repeatCount != 0 || layer.repeatDuration != 0 || layer.autoreverses
      || layer.duration != 0 || layer.fillMode != .removed
    if timed {
      throw CompatFailure(
        .invalidVideoComposition,
        "\(description) sets its own timing (beginTime, duration, speed, timeOffset, repeat "
          + "or fill of the layer itself): Reel times animations, not layers; set the timing "
          + "on the layer's animations instead")
    }
    if layer.anchorPointZ != 0 {
      throw CompatFailure(
        .invalidVideoComposition,
        "\(description) sets anchorPointZ \(layer.anchorPointZ): Reel's layers have their "
          + "anchor point in the plane; move the layer with zPosition or a transform instead")
    }
  }

  /// The layer's model values as Reel's properties.
  private static func properties(of layer: CALayer, _ context: LayerSnapshotContext)
    throws(CompatFailure) -> LayerProperties
  {
    var p = layer.geometry
    p.sublayerTransform = layer.sublayerTransform.transform3D
    p.isGeometryFlipped = layer.isGeometryFlipped
    p.opacity = Double(layer.opacity)
    p.isHidden = layer.isHidden
    p.backgroundColor = layer.backgroundColor?.color ?? .clear
    p.borderWidth = Double(layer.borderWidth)
    p.borderColor = layer.borderColor?.color ?? .clear
    p.cornerRadius = Double(layer.cornerRadius)
    p.masksToBounds = layer.masksToBounds
    p.shadow = Shadow(
      color: layer.shadowColor?.color ?? .clear, opacity: Double(layer.shadowOpacity),
      offset: Point(x: Double(layer.shadowOffset.width), y: Double(layer.shadowOffset.height)),
      radius: Double(layer.shadowRadius))
    p.contentsGravity = try gravity(layer.contentsGravity, context)
    layer.snapshotAppearance(&p)
    return p
  }

  /// Reel's gravity for Core Animation's: "top" is the maximum y of the layer's own space,
  /// which is the top on screen where that space is y-up and the bottom where it is not.
  static func gravity(_ gravity: CALayerContentsGravity, _ context: LayerSnapshotContext)
    throws(CompatFailure) -> ContentsGravity
  {
    let onScreen: ContentsGravity
    switch gravity {
    case .resize: onScreen = .resize
    case .resizeAspect: onScreen = .resizeAspect
    case .resizeAspectFill: onScreen = .resizeAspectFill
    case .center: onScreen = .center
    case .left: onScreen = .left
    case .right: onScreen = .right
    case .top: onScreen = .top
    case .bottom: onScreen = .bottom
    case .topLeft: onScreen = .topLeft
    case .topRight: onScreen = .topRight
    case .bottomLeft: onScreen = .bottomLeft
    case .bottomRight: onScreen = .bottomRight
    default:
      throw CompatFailure(
        .invalidVideoComposition,
        "\(context.description) has contentsGravity \"\(gravity.rawValue)\", which is not one "
          + "of Core Animation's; use a CALayerContentsGravity constant such as .resizeAspect")
    }
    guard !context.ownSpaceMirrored else { return onScreen }
    switch onScreen {
    case .top: return .bottom
    case .bottom: return .top
    case .topLeft: return .bottomLeft
    case .topRight: return .bottomRight
    case .bottomLeft: return .topLeft
    case .bottomRight: return .topRight
    default: return onScreen
    }
  }
}

extension LayerSnapshotter {
  /// Fails for nearest-neighbour sampling (Reel samples contents bilinearly); warns that
  /// trilinear is drawn as linear.
  static func checkContentsFilters(_ layer: CALayer, _ description: String) throws(CompatFailure) {
    for (name, filter) in [
      ("minificationFilter", layer.minificationFilter),
      ("magnificationFilter", layer.magnificationFilter),
    ] {
      if filter == .nearest {
        throw CompatFailure(
          .invalidVideoComposition,
          "\(description) has \(name) .nearest: Reel samples layer contents bilinearly only; "
            + "use .linear (or scale the image to its size in pixels yourself)")
      }
      if filter == .trilinear {
        CompatWarnings.warnOnce(
          key: "trilinear|\(description)|\(name)",
          "\(description) has \(name) .trilinear: drawn as .linear (Reel has no mipmaps)")
      }
    }
  }
}
