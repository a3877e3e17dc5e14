import ReelAnimation
import ReelCore
import ReelGraphics

/// Draws a layer tree at a time into an image: the Core-Animation side of a frame.
///
/// Each frame the tree is evaluated (a pure function) into a render list; each item's
/// content is rasterised once and cached while its drawing stays the same (so a caption
/// that fades, moves or turns is drawn once and only composited afterwards), then composited
/// back to front with its transform (exact copies for whole-pixel translations, bilinear for
/// affine, Reel's perspective warp for 3D), opacity, clips and masks. Video layers show the
/// image given for their source each frame, placed by their contents gravity (stretched by
/// default, as AVFoundation does).
///
///     let renderer = try LayerRenderer(tree: tree)
///     let image = try renderer.render(at: Time(value: 1, timescale: 2),
///                                     videoFrames: [.main: videoImage])
///
/// Not Sendable: a renderer keeps a raster cache and is used from one thread at a time; make
/// one per rendering thread.
public final class LayerRenderer {
  /// The tree drawn.
  public let tree: LayerTree
  /// Output width in pixels.
  public let width: Int
  /// Output height in pixels.
  public let height: Int
  let rasterizer: LayerRasterizer
  /// The pool the Y′CbCr pictures it draws take their buffers from: an export's own,
  /// ``YUVBufferPool/shared`` elsewhere.
  package var pictures = YUVBufferPool.shared
  private var collectedWarnings: [String] = []
  /// How many times the tree has been evaluated into a render list (once per frame drawn,
  /// whichever path draws it).
  package private(set) var renderListEvaluationCount = 0

  /// Makes a renderer for `tree` at the tree's render size.
  ///
  /// - Parameters:
  ///   - tree: The layers to draw.
  ///   - limits: The budgets: the tree may hold at most ``ResourceLimits/maximumLayerCount``
  ///     layers, and at most ``ResourceLimits/rasterCacheBytes`` of rasters are kept between
  ///     frames (the rest are redrawn when used).
  /// - Throws: ``RenderError/invalidRenderSize(width:height:)`` when the render size is not
  ///   a drawable whole-pixel size; ``RenderError/limit(_:)`` when the tree has too many
  ///   layers; ``RenderError/drawing(layer:reason:)`` when it nests deeper than
  ///   ``LayerTree/maximumDepth``.
  public init(tree: LayerTree, limits: ResourceLimits = .default) throws(RenderError) {
    let (width, height) = PixelLimits.wholePixels(tree.renderSize)
    guard width >= 1, height >= 1, max(width, height) <= PixelLimits.maximumCanvasSide else {
      throw RenderError.invalidRenderSize(width: width, height: height)
    }
    do {
      try limits.checkLayers(of: tree)
    } catch {
      throw RenderError.limit(error)
    }
    if let problem = tree.depthProblem {
      throw RenderError.drawing(layer: "the root", reason: problem)
    }
    self.tree = tree
    self.width = width
    self.height = height
    rasterizer = LayerRasterizer(budget: limits.rasterCacheBytes)
    rasterizer.output = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
  }

  /// Warnings raised so far while drawing (font fallbacks), each once.
  public var warnings: [String] {
    collectedWarnings.append(contentsOf: rasterizer.takeWarnings())
    return collectedWarnings
  }

  /// How many drawings have been rasterised so far (a cache miss each).
  package var drawingsRasterised: Int { rasterizer.rasterisedCount }

  /// How many drawings have been rasterised so far (a cache miss each).
  @available(*, deprecated, message: "a test statistic, no longer public")
  public var rasterisedDrawingCount: Int { drawingsRasterised }

  /// The tree evaluated at `time` (a pure function of the tree), counted in
  /// ``renderListEvaluationCount``.
  ///
  /// - Parameter time: Composition time (seconds from the start of the timeline).
  package func renderList(at time: Time) -> RenderList {
    renderListEvaluationCount += 1
    return tree.renderList(at: time)
  }

  /// Bytes of rasters kept between frames now (at most
  /// ``ResourceLimits/rasterCacheBytes``).
  public var cachedRasterBytes: Int { rasterizer.cachedBytes }

  /// Renders the tree at `time`.
  ///
  /// - Parameters:
  ///   - time: Composition time (seconds from the start of the timeline).
  ///   - videoFrames: The current picture of each video source, by source ID
  ///     (``VideoSourceID/main`` is the composited video of a video composition).
  /// - Returns: A premultiplied image of the render size; transparent where nothing is
  ///   drawn and the tree has no background colour.
  /// - Throws: ``RenderError`` when a drawing fails or a video layer's source is missing.
  public func render(at time: Time, videoFrames: [VideoSourceID: Image] = [:])
    throws(RenderError) -> Image
  {
    var output = try Self.allocate(width: width, height: height)
    try render(at: time, videoFrames: videoFrames, onto: &output)
    return output
  }

  /// Renders the tree at `time`, with video pictures keyed by source names.
  @available(*, deprecated, message: "key the pictures by VideoSourceID ([.main: image])")
  @_disfavoredOverload
  public func render(at time: Time, videoFrames: [String: Image]) throws(RenderError) -> Image {
    try render(at: time, videoFrames: Self.keyed(videoFrames))
  }

  /// Renders the tree at `time` over `output`, with video pictures keyed by source names.
  @available(*, deprecated, message: "key the pictures by VideoSourceID ([.main: image])")
  @_disfavoredOverload
  public func render(at time: Time, videoFrames: [String: Image], onto output: inout Image)
    throws(RenderError)
  {
    try render(at: time, videoFrames: Self.keyed(videoFrames), onto: &output)
  }

  private static func keyed(_ frames: [String: Image]) -> [VideoSourceID: Image] {
    Dictionary(uniqueKeysWithValues: frames.map { (VideoSourceID($0.key), $0.value) })
  }

  /// A transparent image, or ``RenderError/outOfMemory(_:)``.
  static func allocate(width: Int, height: Int) throws(RenderError) -> Image {
    do {
      return try Image(checkedWidth: width, height: height)
    } catch {
      throw RenderError.outOfMemory(error)
    }
  }

  /// An uninitialised Y′CbCr picture from ``pictures``, or ``RenderError/outOfMemory(_:)``.
  func allocateYUV(width: Int, height: Int, matrix: ColorMatrix) throws(RenderError)
    -> YUVImage
  {
    do {
      return try YUVImage(
        uninitializedCheckedWidth: width, height: height, matrix: matrix, pool: pictures)
    } catch {
      throw RenderError.outOfMemory(error)
    }
  }

  /// Renders the tree at `time` over `output` (which must have the render size), keeping
  /// what is already there where the tree draws nothing.
  ///
  /// - Throws: ``RenderError`` as ``render(at:videoFrames:)``.
  public func render(at time: Time, videoFrames: [VideoSourceID: Image], onto output: inout Image)
    throws(RenderError)
  {
    try render(renderList(at: time), videoFrames: videoFrames, onto: &output)
  }

  private func render(
    _ list: RenderList, videoFrames: [VideoSourceID: Image], onto output: inout Image
  ) throws(RenderError) {
    if let background = list.backgroundColor, background.alpha > 0 {
      output.fill(
        Rect(x: 0, y: 0, width: Double(width), height: Double(height)), with: background)
    }
    for item in list.items {
      try draw(item, videoFrames: videoFrames, onto: &output)
    }
    rasterizer.endFrame()
    try applyFrameFilter(of: list, to: &output)
  }

  /// Renders the tree at `time` into `output`, whose pixels need not be initialised: the
  /// same pixels as filling it with `backdrop` and then calling
  /// ``render(at:videoFrames:onto:)``, but the fill is skipped when the tree's background
  /// colour or its first item covers the whole output opaquely (it would be overwritten).
  ///
  /// - Parameters:
  ///   - time: Composition time (seconds from the start of the timeline).
  ///   - videoFrames: The current picture of each video source, by source ID.
  ///   - backdrop: The premultiplied colour under everything drawn.
  ///   - output: An image of the render size; every pixel is written.
  /// - Throws: ``RenderError`` as ``render(at:videoFrames:)``.
  package func render(
    at time: Time, videoFrames: [VideoSourceID: Image], over backdrop: BGRA,
    onto output: inout Image
  ) throws(RenderError) {
    try render(renderList(at: time), videoFrames: videoFrames, over: backdrop, onto: &output)
  }

  /// Draws an evaluated render list of the tree into `output` as
  /// ``render(at:videoFrames:over:onto:)`` draws the tree at the list's time.
  package func render(
    _ list: RenderList, videoFrames: [VideoSourceID: Image], over backdrop: BGRA,
    onto output: inout Image
  ) throws(RenderError) {
    var items = list.items[...]
    if let background = list.backgroundColor, background.alpha > 0 {
      // The background is stored (not blended) over the whole output.
      output.fill(with: background.premultipliedBGRA)
    } else if let first = items.first {
      items = items.dropFirst()
      let prepared = try prepare(first, videoFrames: videoFrames)
      if let prepared, prepared.clip == nil, covers(prepared, opacity: first.opacity) {
        // An opaque item over everything: a copy gives the same pixels as OVER.
        try composite(prepared, item: first, onto: &output, blend: .copy)
      } else {
        output.fill(with: backdrop)
        if let prepared {
          try composite(prepared, item: first, onto: &output, blend: .sourceOver)
        }
      }
    } else {
      output.fill(with: backdrop)
    }
    for item in items {
      try draw(item, videoFrames: videoFrames, onto: &output)
    }
    rasterizer.endFrame()
    try applyFrameFilter(of: list, to: &output)
  }

  /// The list's whole-frame filter (the template's top-level `filters`) applied to the drawn
  /// frame, after every item.
  private func applyFrameFilter(of list: RenderList, to output: inout Image) throws(RenderError) {
    guard let filter = list.frameFilter else { return }
    let filtered: Image
    do {
      filtered = try filter.apply(to: output)
    } catch {
      throw RenderError.drawing(layer: "the whole frame's filters", reason: "\(error)")
    }
    guard filtered.width == output.width, filtered.height == output.height else {
      throw RenderError.drawing(
        layer: "the whole frame's filters",
        reason:
          "the filters made a \(filtered.width)×\(filtered.height) picture of a \(output.width)×\(output.height) frame"
      )
    }
    output = filtered
  }

  /// The content raster through the item's filter, or the raster itself when it has none.
  private func filtered(_ raster: Raster, for item: RenderItem) throws(RenderError) -> Raster {
    guard let filter = item.filter else { return raster }
    var result = raster
    do {
      result.image = try filter.apply(to: raster.image)
    } catch {
      throw RenderError.drawing(layer: item.layer.description, reason: "\(error)")
    }
    result.isOpaque = false
    return result
  }

  /// Whether `prepared`, drawn unclipped at `opacity`, replaces every output pixel with an
  /// opaque one: an opaque raster at full opacity placed by a whole-pixel translation over
  /// the whole output.
  private func covers(_ prepared: PreparedItem, opacity: Double) -> Bool {
    guard prepared.raster.isOpaque, opacity >= 1,
      let offset = prepared.transform.planeProjection.affineTransform?.integerTranslation
    else { return false }
    let image = prepared.raster.image
    return offset.x <= 0 && offset.y <= 0 && offset.x + image.width >= width
      && offset.y + image.height >= height
  }

  // MARK: - Items

  /// An item's raster, placement and clip, ready to composite.
  struct PreparedItem {
    var raster: Raster
    var transform: Transform3D
    var clip: Compositor.Clip?
  }

  private func draw(
    _ item: RenderItem, videoFrames: [VideoSourceID: Image], onto output: inout Image
  )
    throws(RenderError)
  {
    guard let prepared = try prepare(item, videoFrames: videoFrames) else { return }
    try composite(prepared, item: item, onto: &output, blend: .sourceOver)
  }

  /// The item's raster, transform and clip, or `nil` when it draws nothing.
  func prepare(_ item: RenderItem, videoFrames: [VideoSourceID: Image]) throws(RenderError)
    -> PreparedItem?
  {
    var raster: Raster
    if case .video(let sourceID, let size, let gravity) = item.drawing {
      guard let frame = videoFrames[sourceID] else {
        throw RenderError.missingVideoSource(
          layer: item.layer.description, sourceID: sourceID.rawValue)
      }
      guard frame.width > 0, frame.height > 0 else { return nil }
      let place = gravity.placement(
        of: Size(width: Double(frame.width), height: Double(frame.height)), in: size)
      // A new picture every frame: enlarged ahead only when that is not much more work than
      // the output itself (beyond, the compositor scales only what is visible).
      let outputPixels = width * height
      raster = try LayerRasterizer.placed(
        frame, in: place, enlargingUpTo: max(4 * outputPixels, 1 << 20))
    } else {
      guard let cached = try rasterizer.raster(for: item) else { return nil }
      raster = cached
    }
    raster = try filtered(raster, for: item)
    let transform = Transform3D(raster.toLayer).concatenating(item.transform.planeProjection)
    let clip = try clipRegion(for: item, videoFrames: videoFrames)
    if case .some(.empty) = clip { return nil }
    return PreparedItem(raster: raster, transform: transform, clip: clip?.compositorClip)
  }

  private func composite(
    _ prepared: PreparedItem, item: RenderItem, onto output: inout Image,
    blend: Compositor.BlendMode
  ) throws(RenderError) {
    do {
      try Compositor.draw(
        prepared.raster.image, onto: &output, transform: prepared.transform,
        opacity: item.opacity, clip: prepared.clip, blend: blend)
    } catch {
      throw RenderError.drawing(layer: item.layer.description, reason: error.description)
    }
  }

  // MARK: - Clips and masks

  /// A clip resolved to render pixels.
  private enum ResolvedClip {
    case region(Compositor.Clip)
    /// Nothing can show (a zero-area clip).
    case empty

    var compositorClip: Compositor.Clip? {
      if case .region(let clip) = self { return clip }
      return nil
    }
  }

  /// The region an item may draw in: nil for everywhere, a rectangle or rounded rectangle
  /// when one axis-aligned clip is all there is, otherwise a coverage mask in render pixels.
  private func clipRegion(for item: RenderItem, videoFrames: [VideoSourceID: Image])
    throws(RenderError)
    -> ResolvedClip?
  {
    if item.clips.isEmpty && item.masks.isEmpty { return nil }
    if item.masks.isEmpty, item.clips.count == 1, let simple = Self.axisAligned(item.clips[0]) {
      return simple
    }
    var coverage: Image? = nil
    for clip in item.clips {
      let shape = try clipCoverage(clip)
      coverage = coverage.map { Self.multiplyingAlpha($0, by: shape) } ?? shape
    }
    for mask in item.masks {
      var masked = try Self.allocate(width: width, height: height)
      for maskItem in mask.items {
        try draw(maskItem, videoFrames: videoFrames, onto: &masked)
      }
      coverage = coverage.map { Self.multiplyingAlpha($0, by: masked) } ?? masked
    }
    guard let coverage else { return nil }
    return .region(.mask(coverage))
  }

  /// A clip whose transform only scales and translates, as a rectangle in render pixels.
  private static func axisAligned(_ clip: Clip) -> ResolvedClip? {
    guard let affine = clip.transform.planeProjection.affineTransform, affine.b == 0, affine.c == 0,
      affine.a > 0, affine.d > 0
    else { return nil }
    let rect = affine.apply(to: clip.rect)
    if rect.width <= 0 || rect.height <= 0 { return .empty }
    if clip.cornerRadius <= 0 { return .region(.rect(rect)) }
    guard abs(affine.a - affine.d) < 1e-9 else { return nil }
    return .region(.roundedRect(rect, cornerRadius: clip.cornerRadius * affine.a))
  }

  /// The clip's shape drawn into a render-size coverage image.
  private func clipCoverage(_ clip: Clip) throws(RenderError) -> Image {
    var coverage = try Self.allocate(width: width, height: height)
    let shape = Drawing.fill(size: clip.rect.size, color: .white, cornerRadius: clip.cornerRadius)
    let toLayer = Transform2D(translationX: clip.rect.minX, y: clip.rect.minY)
    let placement = Transform3D(toLayer).concatenating(clip.transform.planeProjection)
    let (scale, area) = LayerRasterizer.placement(
      of: shape, scale: 1, transform: placement,
      output: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
    guard
      let raster = try LayerRasterizer.rasterise(
        shape, scale: scale, area: area, layer: clip.layer.description)
    else {
      return coverage
    }
    do {
      try Compositor.draw(
        raster.image, onto: &coverage,
        transform: Transform3D(raster.toLayer).concatenating(placement))
    } catch {
      throw RenderError.drawing(layer: clip.layer.description, reason: error.description)
    }
    return coverage
  }

  /// `image` with every pixel scaled by the alpha of the same pixel of `mask` (both
  /// premultiplied and the same size), rounding to nearest.
  static func multiplyingAlpha(_ image: Image, by mask: Image) -> Image {
    var result = image
    let width = min(image.width, mask.width)
    let height = min(image.height, mask.height)
    let stride = result.bytesPerRow
    let maskStride = mask.bytesPerRow
    mask.withUnsafeBytes { maskBytes in
      result.withUnsafeMutableBytes { bytes in
        for y in 0..<height {
          for x in 0..<width {
            let alpha = UInt32(maskBytes[y * maskStride + x * 4 + 3])
            if alpha == 255 { continue }
            let offset = y * stride + x * 4
            for channel in 0..<4 {
              bytes[offset + channel] = UInt8((UInt32(bytes[offset + channel]) * alpha + 127) / 255)
            }
          }
        }
      }
    }
    return result
  }
}
