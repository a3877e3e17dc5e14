import ReelCore

/// A layer tree to draw over a canvas: the root layer, the render size and the canvas
/// colour. Evaluating it at a time is a pure function giving a ``RenderList``.
///
/// The root's position is measured in render pixels (the canvas is its parent). Each layer
/// draws, back to front: its shadow, background, content, sublayers (by zPosition, ties in
/// order), border. Hidden layers and their subtrees are skipped, and so are items whose
/// accumulated opacity is 0.
///
/// 3D: each layer's transform acts about its anchor point; perspective comes from `m34` in
/// the layer's transform or an ancestor's sublayer transform. As Core Animation, a layer's
/// sublayers are flattened into its plane (z is dropped after applying the parent's
/// sublayer transform), so there is no depth sorting beyond zPosition order among siblings.
///
/// Flipped geometry (``LayerProperties/isGeometryFlipped``, as Core Animation): a flipped
/// layer's sublayers and mask are positioned with y up from its bounds' bottom edge, so
/// their geometry, transforms and shape or gradient drawings are mirrored vertically. A
/// layer under an odd number of flipped ancestors draws its images, image sequences, text
/// and video upright all the same (its items are flipped back within its bounds, and its
/// shadow offset follows the mirrored geometry); under an even number the flips cancel.
public struct LayerTree: Sendable {
  /// The root layer.
  public var root: Layer
  /// The render size in pixels.
  public var renderSize: Size
  /// The canvas colour under the root (nil: transparent).
  public var backgroundColor: Color?
  /// A filter applied to the whole drawn frame after every layer (the template's top-level
  /// `filters`), reading the root layer's ``LayerProperties/filterParameters``; nil: none.
  public var frameFilter: (any LayerFilter)?

  /// The most levels of layers Reel draws: the root is level 1, its sublayers (and mask)
  /// level 2, …. Evaluation recurses once a level, so a deeper tree could exhaust a thread's
  /// stack; the export and the layer renderer refuse one (``depthProblem``), and
  /// ``renderList(atSeconds:)`` draws nothing below this level. (A template cannot nest
  /// this deep: its JSON is limited to 512 levels, two per layer.)
  public static let maximumDepth = 256

  /// Levels of layers under and including the root (masks count as a level below their
  /// layer), counted without recursion.
  public var depth: Int {
    var deepest = 0
    var pending = [(root, 1)]
    while let (layer, level) = pending.popLast() {
      deepest = max(deepest, level)
      for sublayer in layer.sublayers { pending.append((sublayer, level + 1)) }
      if let mask = layer.mask { pending.append((mask, level + 1)) }
    }
    return deepest
  }

  /// Why Reel will not draw this tree, when it nests deeper than ``maximumDepth``; nil when
  /// it is drawable.
  public var depthProblem: String? {
    let depth = self.depth
    guard depth > Self.maximumDepth else { return nil }
    return
      "the layer tree nests \(depth) levels of layers; Reel draws at most \(Self.maximumDepth) (deeper trees would exhaust a thread's stack): group fewer layers inside each other"
  }

  /// Makes a tree.
  public init(root: Layer, renderSize: Size, backgroundColor: Color? = nil) {
    self.root = root
    self.renderSize = renderSize
    self.backgroundColor = backgroundColor
  }

  /// The render list at a composition time.
  public func renderList(at time: Time) -> RenderList {
    renderList(atSeconds: time.seconds)
  }

  /// The render list at a composition time in seconds.
  public func renderList(atSeconds seconds: Double) -> RenderList {
    var items: [RenderItem] = []
    Evaluator(time: seconds).emit(
      root, identity: LayerIdentity(path: [], name: root.name), level: 1, parentSpace: flatten,
      mirrored: false, opacity: 1, clips: [], masks: [], into: &items)
    var list = RenderList(
      size: renderSize, backgroundColor: backgroundColor, time: seconds, items: items)
    list.frameFilter = frameFilter.map {
      AppliedLayerFilter(
        filter: $0, parameters: root.presentation(atSeconds: seconds).filterParameters)
    }
    return list
  }
}

extension Layer {
  /// The render list of this layer as the root of a tree (see ``LayerTree``).
  public func renderList(at time: Time, renderSize: Size, backgroundColor: Color? = nil)
    -> RenderList
  {
    LayerTree(root: self, renderSize: renderSize, backgroundColor: backgroundColor).renderList(
      at: time)
  }

  /// The render list of this layer as the root of a tree, at a time in seconds.
  public func renderList(atSeconds seconds: Double, renderSize: Size, backgroundColor: Color? = nil)
    -> RenderList
  {
    LayerTree(root: self, renderSize: renderSize, backgroundColor: backgroundColor)
      .renderList(atSeconds: seconds)
  }
}

/// Drops z, keeping w: projects a 3D layer into its parent's plane.
private let flatten: Transform3D = {
  var matrix = Transform3D.identity
  matrix.m33 = 0
  return matrix
}()

private struct Evaluator {
  let time: Double

  /// The transform from a layer's local pixels to render pixels, given the transform from
  /// its parent's coordinate space (the space its position is in) to render pixels.
  func localTransform(_ p: LayerProperties, parentSpace: Transform3D) -> Transform3D {
    let anchor = p.anchorOffset
    var matrix = Transform3D(translationX: -anchor.x, y: -anchor.y, z: 0)
    let effective = p.effectiveTransform
    if !effective.isIdentity { matrix = matrix.concatenating(effective) }
    return
      matrix
      .concatenating(Transform3D(translationX: p.position.x, y: p.position.y, z: p.zPosition))
      .concatenating(parentSpace)
  }

  /// The space a layer's sublayers are positioned in (its bounds coordinates), mapped to
  /// render pixels: bounds origin, sublayer transform about the anchor (both in the
  /// sublayers' coordinates), the vertical flip of flipped geometry, then flattening.
  func sublayerSpace(_ p: LayerProperties, local: Transform3D, includeSublayerTransform: Bool)
    -> Transform3D
  {
    var matrix = Transform3D(translationX: -p.bounds.origin.x, y: -p.bounds.origin.y, z: 0)
    if includeSublayerTransform, !p.sublayerTransform.isIdentity {
      var anchor = p.anchorOffset
      if p.isGeometryFlipped { anchor.y = p.bounds.size.height - anchor.y }
      matrix =
        matrix
        .concatenating(Transform3D(translationX: -anchor.x, y: -anchor.y, z: 0))
        .concatenating(p.sublayerTransform)
        .concatenating(Transform3D(translationX: anchor.x, y: anchor.y, z: 0))
    }
    if p.isGeometryFlipped { matrix = matrix.concatenating(verticalFlip(p.bounds.size.height)) }
    return matrix.concatenating(flatten).concatenating(local)
  }

  /// Mirrors local pixels vertically within a height: y ↦ height − y.
  func verticalFlip(_ height: Double) -> Transform3D {
    var matrix = Transform3D.identity
    matrix.m22 = -1
    matrix.m42 = height
    return matrix
  }

  /// Emits a layer's items, then its sublayers'.
  ///
  /// - Parameter mirrored: Whether `parentSpace` is mirrored by an odd number of flipped
  ///   ancestors (``LayerProperties/isGeometryFlipped``).
  func emit(
    _ layer: Layer, identity: LayerIdentity, level: Int, parentSpace: Transform3D,
    mirrored: Bool, opacity inherited: Double, clips inheritedClips: [Clip],
    masks inheritedMasks: [Mask], into items: inout [RenderItem]
  ) {
    guard level <= LayerTree.maximumDepth else { return }
    let p = layer.presentation(atSeconds: time)
    guard !p.isHidden else { return }
    let opacity = inherited * min(max(p.opacity, 0), 1)
    guard opacity > 0 else { return }
    let local = localTransform(p, parentSpace: parentSpace)
    let size = p.bounds.size
    // In a mirrored space the layer's rectangle (background, border, clip: symmetric) and its
    // upright content are drawn flipped back within the bounds, so pictures and text read
    // the right way up; shapes and gradients follow the mirrored geometry.
    let unmirrored = mirrored ? verticalFlip(size.height).concatenating(local) : local
    let upright = mirrored && layer.content.staysUpright
    let drawn = upright ? unmirrored : local

    var clips = inheritedClips
    if p.masksToBounds {
      clips.append(
        Clip(
          layer: identity, rect: Rect(origin: .zero, size: size), cornerRadius: p.cornerRadius,
          transform: unmirrored))
    }
    let sublayersMirrored = mirrored != p.isGeometryFlipped
    var masks = inheritedMasks
    if let maskLayer = layer.mask {
      var maskItems: [RenderItem] = []
      let maskIdentity = LayerIdentity(path: identity.path + [-1], name: maskLayer.name)
      emit(
        maskLayer, identity: maskIdentity, level: level + 1,
        parentSpace: sublayerSpace(p, local: local, includeSublayerTransform: false),
        mirrored: sublayersMirrored, opacity: 1, clips: [], masks: [], into: &maskItems)
      masks.append(Mask(layer: identity, items: maskItems))
    }

    func item(_ part: RenderItem.Part, _ drawing: Drawing, transform: Transform3D? = nil)
      -> RenderItem
    {
      RenderItem(
        layer: identity, part: part, drawing: drawing, transform: transform ?? drawn,
        opacity: opacity, clips: clips, masks: masks)
    }

    let background: Drawing? =
      p.backgroundColor.alpha > 0 && !p.bounds.isEmpty
      ? .fill(size: size, color: p.backgroundColor, cornerRadius: p.cornerRadius) : nil
    let content = layer.content.drawing(with: p, atSeconds: time)
    let border: Drawing? =
      p.borderWidth > 0 && p.borderColor.alpha > 0 && !p.bounds.isEmpty
      ? .border(
        size: size, width: p.borderWidth, color: p.borderColor, cornerRadius: p.cornerRadius)
      : nil

    let casters = [background, content, border].compactMap { $0 }
    if p.shadow.isVisible, !casters.isEmpty {
      var shadow = p.shadow
      // Drawn flipped back, the offset is mirrored so that it follows the layer's geometry.
      if upright { shadow.offset.y = -shadow.offset.y }
      items.append(item(.shadow, .shadow(shadow, casters: casters)))
    }
    // The layer's own drawing (background and content) goes through its filter.
    let filter = layer.contentFilter.map {
      AppliedLayerFilter(filter: $0, parameters: p.filterParameters)
    }
    if let background {
      var backgroundItem = item(.background, background, transform: unmirrored)
      backgroundItem.filter = filter
      items.append(backgroundItem)
    }
    if let content {
      var contentItem = item(.content, content)
      contentItem.filter = filter
      items.append(contentItem)
    }

    if !layer.sublayers.isEmpty {
      let space = sublayerSpace(p, local: local, includeSublayerTransform: true)
      let ordered = layer.sublayers.enumerated()
        .map {
          (
            index: $0.offset, layer: $0.element,
            z: $0.element.presentation(atSeconds: time).zPosition
          )
        }
        .sorted { $0.z != $1.z ? $0.z < $1.z : $0.index < $1.index }
      for child in ordered {
        emit(
          child.layer,
          identity: LayerIdentity(path: identity.path + [child.index], name: child.layer.name),
          level: level + 1, parentSpace: space, mirrored: sublayersMirrored, opacity: opacity,
          clips: clips,
          masks: masks, into: &items)
      }
    }

    if let border { items.append(item(.border, border, transform: unmirrored)) }
  }
}
