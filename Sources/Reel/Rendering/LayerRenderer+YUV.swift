import ReelAnimation
import ReelCore
import ReelGraphics

extension LayerRenderer {
  /// Renders the tree at `time` straight onto a 4:2:0 picture, when every item of the frame
  /// can be drawn that way; nil when one needs the RGB path (``render(at:videoFrames:)``).
  ///
  /// The Y′CbCr path gives the pixels of the RGB path up to rounding: compositing in 4:2:0
  /// with each 2×2 block's chroma taken as constant is exactly compositing in RGB and
  /// averaging the chroma of each block afterwards (see ``YUVCompositor``). What it needs:
  /// - at most one video layer, showing `sourceID` opaquely (opacity 1, no mask, not
  ///   clipped inside its picture), placed by a scale and translation onto a rectangle with
  ///   even pixel edges inside the output (a copy of the decoded picture, resampled
  ///   bilinearly when the sizes differ);
  /// - no masks and no clips other than axis-aligned rectangles, on any item;
  /// - `picture` in `matrix`, the matrix of the output.
  /// Solid rectangles with whole-pixel edges are filled directly; every other item is
  /// composited from its cached raster (in place for a whole-pixel translation, through a
  /// small scratch image of its bounding box otherwise).
  ///
  /// - Parameters:
  ///   - time: Composition time (seconds from the start of the timeline).
  ///   - picture: The current picture of the video source.
  ///   - sourceID: The source video layers show it for.
  ///   - matrix: The output's matrix.
  /// - Returns: The rendered picture, or nil when the frame needs the RGB path.
  /// - Throws: ``RenderError`` when a drawing fails.
  package func renderYUV(
    at time: Time, picture: YUVImage, sourceID: VideoSourceID = .main, matrix: ColorMatrix
  ) throws(RenderError) -> YUVImage? {
    guard picture.matrix == matrix else { return nil }
    return try renderYUV(renderList(at: time), picture: picture, sourceID: sourceID, matrix: matrix)
  }

  /// Draws an evaluated render list of the tree onto a 4:2:0 picture as
  /// ``renderYUV(at:picture:sourceID:matrix:)`` draws the tree at the list's time; nil when
  /// the frame needs the RGB path, which may then draw the same list
  /// (``render(_:videoFrames:over:onto:)``) with the rasters this pass made still cached.
  package func renderYUV(
    _ list: RenderList, picture: YUVImage, sourceID: VideoSourceID = .main, matrix: ColorMatrix
  ) throws(RenderError) -> YUVImage? {
    guard picture.matrix == matrix else { return nil }
    // Filters work on RGB pictures: a frame with any takes the RGB path.
    guard list.frameFilter == nil, !list.items.contains(where: { $0.filter != nil }) else {
      return nil
    }
    let canvas = (width: width, height: height)
    var steps: [YUVStep] = []
    var videoRect: PixelBox? = nil
    var videoIndex: Int? = nil
    // Rasters are all held until the frame is composited, so their bytes are bounded by the
    // raster budget; a frame that needs more takes the RGB path, which draws one at a time.
    var heldBytes = 0
    for item in list.items {
      guard item.masks.isEmpty else { return nil }
      let fastPath = item.drawing.kind.yuvFastPath
      if case .video(let source, let size, let gravity)? = fastPath {
        guard source == sourceID, videoRect == nil, item.opacity >= 1,
          let rect = Self.videoRectangle(
            of: picture, in: size, gravity: gravity, item: item, canvas: canvas)
        else { return nil }
        videoRect = rect
        videoIndex = steps.count
        steps.append(.video(rect))
        continue
      }
      guard let clip = Self.clipRectangle(for: item, canvas: canvas) else { return nil }
      if case .empty = clip { continue }
      if case .solidRectangle(let size, let color)? = fastPath,
        let rect = Self.wholePixelBoxangle(Rect(origin: .zero, size: size), item: item)
      {
        steps.append(.fill(rect.intersection(clip.rect), color, item.opacity))
        // Frames that take the RGB path draw the fill from its raster: keep it cached.
        rasterizer.keep(item)
        continue
      }
      guard let prepared = try prepare(item, videoFrames: [:]) else { continue }
      heldBytes += prepared.raster.image.byteCount
      guard heldBytes <= rasterizer.budget else { return nil }
      steps.append(.raster(prepared, item.opacity, clip.rect, item.layer.description))
    }
    guard let videoIndex, let videoRect else {
      // No video layer: the RGB path draws the tree alone.
      return nil
    }
    // Items under a video that covers the whole output cannot show.
    let coversOutput =
      videoRect.x0 == 0 && videoRect.y0 == 0 && videoRect.x1 == width && videoRect.y1 == height
    var output: YUVImage
    var remaining = steps[...]
    if coversOutput {
      remaining = steps[(videoIndex + 1)...]
      if picture.width == width && picture.height == height {
        output = picture
        do {
          try output.makeWritable(in: pictures)
        } catch {
          throw RenderError.outOfMemory(error)
        }
      } else {
        output = try allocateYUV(width: width, height: height, matrix: matrix)
        guard
          YUVCompositor.scale(picture, intoX: 0, y: 0, width: width, height: height, of: &output)
        else { return nil }
      }
    } else {
      output = try allocateYUV(width: width, height: height, matrix: matrix)
      // The RGB path's backdrop: the tree's background stored over black.
      Self.fillOverBlack(&output, color: list.backgroundColor ?? .black)
    }
    for step in remaining {
      switch step {
      case .video(let rect):
        guard
          YUVCompositor.scale(
            picture, intoX: rect.x0, y: rect.y0, width: rect.width, height: rect.height,
            of: &output)
        else { return nil }
      case .fill(let rect, let color, let opacity):
        guard !rect.isEmpty else { continue }
        YUVCompositor.fill(
          x: rect.x0, y: rect.y0, width: rect.width, height: rect.height,
          color: color, opacity: opacity, into: &output)
      case .raster(let prepared, let opacity, let clip, let layer):
        try Self.composite(
          prepared, opacity: opacity, clip: clip, layer: layer, canvas: canvas, onto: &output)
      }
    }
    // Only a frame drawn here ends the raster cache's frame: after a nil return the RGB path
    // draws the same frame, and must find the rasters this pass touched still cached.
    rasterizer.endFrame()
    return output
  }

  // MARK: - Planning

  /// One drawing operation of a Y′CbCr frame.
  private enum YUVStep {
    case video(PixelBox)
    case fill(PixelBox, Color, Double)
    case raster(PreparedItem, Double, PixelBox, String)
  }

  /// An item's clip as whole pixels, the whole output when it has none.
  private enum ClipRectangle {
    case rect(PixelBox)
    case empty

    var rect: PixelBox {
      if case .rect(let rect) = self { return rect }
      return PixelBox(x0: 0, y0: 0, x1: 0, y1: 0)
    }
  }

  /// The item's clips intersected as one whole-pixel rectangle, or nil when a clip is not an
  /// axis-aligned rectangle without rounded corners.
  ///
  /// One clip is a rectangle in the RGB path too (pixels whose centres it holds), but
  /// several are multiplied as antialiased coverage masks there, which partly cover a pixel
  /// a fractional edge cuts: several clips are only taken when every edge is a whole pixel.
  private static func clipRectangle(for item: RenderItem, canvas: (width: Int, height: Int))
    -> ClipRectangle?
  {
    var box = PixelBox(x0: 0, y0: 0, x1: canvas.width, y1: canvas.height)
    for clip in item.clips {
      guard clip.cornerRadius <= 0,
        let affine = clip.transform.planeProjection.affineTransform, affine.b == 0,
        affine.c == 0, affine.a > 0, affine.d > 0
      else { return nil }
      let rect = affine.apply(to: clip.rect)
      if rect.width <= 0 || rect.height <= 0 { return .empty }
      if item.clips.count > 1 {
        guard let whole = wholePixelBoxangle(rect, axisAligned: affine) else { return nil }
        box = box.intersection(whole)
      } else {
        box = box.intersection(PixelBox(centresIn: rect))
      }
    }
    return box.isEmpty ? .empty : .rect(box)
  }

  /// `rect` (layer pixels) in output pixels when the item's transform maps it onto a
  /// rectangle whose edges are whole pixels.
  private static func wholePixelBoxangle(_ rect: Rect, item: RenderItem) -> PixelBox? {
    guard let affine = item.transform.planeProjection.affineTransform else { return nil }
    return wholePixelBoxangle(affine.apply(to: rect), axisAligned: affine)
  }

  private static func wholePixelBoxangle(_ mapped: Rect, axisAligned affine: Transform2D)
    -> PixelBox?
  {
    guard affine.b == 0, affine.c == 0, affine.a > 0, affine.d > 0 else { return nil }
    let edges = [mapped.minX, mapped.minY, mapped.maxX, mapped.maxY]
    var whole: [Int] = []
    for edge in edges {
      let rounded = edge.rounded()
      guard abs(edge - rounded) <= 1e-6, abs(rounded) < 1e9 else { return nil }
      whole.append(PixelLimits.integer(rounded))
    }
    return PixelBox(x0: whole[0], y0: whole[1], x1: whole[2], y1: whole[3])
  }

  /// Where the video picture lands: a rectangle with even edges inside the output, reached
  /// by a scale and translation; nil otherwise.
  private static func videoRectangle(
    of picture: YUVImage, in size: Size, gravity: ContentsGravity, item: RenderItem,
    canvas: (width: Int, height: Int)
  ) -> PixelBox? {
    let place = gravity.placement(
      of: Size(width: Double(picture.width), height: Double(picture.height)), in: size)
    guard let affine = item.transform.planeProjection.affineTransform,
      let rect = wholePixelBoxangle(affine.apply(to: place), axisAligned: affine),
      rect.x0 % 2 == 0, rect.y0 % 2 == 0, rect.x1 % 2 == 0, rect.y1 % 2 == 0,
      rect.x0 >= 0, rect.y0 >= 0, rect.x1 <= canvas.width, rect.y1 <= canvas.height,
      !rect.isEmpty
    else { return nil }
    // A clip may not cut into the picture (it would need a partial copy).
    guard case .rect(let box) = clipRectangle(for: item, canvas: canvas),
      box.intersection(rect) == rect
    else { return nil }
    return rect
  }

  // MARK: - Drawing

  /// Fills the whole picture with `color` composited over opaque black.
  private static func fillOverBlack(_ picture: inout YUVImage, color: Color) {
    if color.alpha < 1 {
      YUVCompositor.fill(
        x: 0, y: 0, width: picture.width, height: picture.height, color: .black, opacity: 1,
        into: &picture)
    }
    if color.alpha > 0 {
      YUVCompositor.fill(
        x: 0, y: 0, width: picture.width, height: picture.height, color: color, opacity: 1,
        into: &picture)
    }
  }

  /// Composites a prepared raster: in place when it is placed by a whole-pixel translation,
  /// otherwise drawn into a scratch image of its bounding box first.
  private static func composite(
    _ prepared: PreparedItem, opacity: Double, clip: PixelBox, layer: String,
    canvas: (width: Int, height: Int), onto output: inout YUVImage
  ) throws(RenderError) {
    let raster = prepared.raster.image
    let transform = prepared.transform
    let clipTuple = (x: clip.x0, y: clip.y0, width: clip.width, height: clip.height)
    if let offset = transform.affineTransform?.integerTranslation {
      YUVCompositor.blend(
        raster, opacity: opacity, atX: offset.x, y: offset.y, clip: clipTuple, into: &output)
      return
    }
    // The bounding box of the drawn quad, in whole output pixels, inside the clip.
    let corners = [
      Point(x: 0, y: 0), Point(x: Double(raster.width), y: 0),
      Point(x: 0, y: Double(raster.height)),
      Point(x: Double(raster.width), y: Double(raster.height)),
    ]
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    for corner in corners {
      guard let projected = transform.project(corner), projected.x.isFinite, projected.y.isFinite
      else {
        // Part of the quad is behind the viewer: draw through the whole clip.
        minX = Double(clip.x0)
        minY = Double(clip.y0)
        maxX = Double(clip.x1)
        maxY = Double(clip.y1)
        break
      }
      minX = min(minX, projected.x)
      minY = min(minY, projected.y)
      maxX = max(maxX, projected.x)
      maxY = max(maxY, projected.y)
    }
    let box = PixelBox(
      x0: max(clip.x0, PixelLimits.integer((minX - 1).rounded(.down))),
      y0: max(clip.y0, PixelLimits.integer((minY - 1).rounded(.down))),
      x1: min(clip.x1, PixelLimits.integer((maxX + 1).rounded(.up))),
      y1: min(clip.y1, PixelLimits.integer((maxY + 1).rounded(.up))))
    guard !box.isEmpty else { return }
    var scratch = try LayerRenderer.allocate(width: box.width, height: box.height)
    let shifted = transform.concatenating(
      Transform3D(Transform2D(translationX: Double(-box.x0), y: Double(-box.y0))))
    do {
      try Compositor.draw(raster, onto: &scratch, transform: shifted, opacity: opacity)
    } catch {
      throw RenderError.drawing(layer: layer, reason: error.description)
    }
    YUVCompositor.blend(scratch, opacity: 1, atX: box.x0, y: box.y0, clip: clipTuple, into: &output)
  }
}
