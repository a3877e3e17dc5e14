import CReelKernels
import ReelCore

/// Evaluates recipes (``FilterImage``) into pixels: each step once per render, only over the
/// pixels that the rectangle asked for needs (Core Image's `CIContext`).
public struct FilterRenderer: Sendable {
  /// The factors of vignettes and other position-only gains, kept between renders.
  private let gainMaps = GainMaps()
  /// The colour tables of looks, kept between renders.
  private let colorTables = KeptColorTables()
  /// The working grids of large blurs, kept between renders.
  private let gridBuffers = GridBuffers()
  /// The pictures of the last direct renders, taken again once their users let them go.
  private let pictures = KeptPictures()

  /// Makes a renderer.
  public init() {}

  /// The premultiplied linear pixels of `image` over `rect` (transparent outside its extent).
  public func render(_ image: FilterImage, in rect: PixelRect) -> LinearTile {
    let evaluation = FilterEvaluation(
      root: image, shared: SharedRenderState(area: rect.area, kept: colorTables))
    return evaluation.tile(of: image, in: rect)
  }

  /// The pixels of `image` over `rect` as an 8-bit premultiplied sRGB picture whose top-left
  /// pixel is the rectangle's.
  ///
  /// A large rectangle is rendered in bands of rows, on every core: each band is one render
  /// of the recipe over its rows (plus what its steps reach beyond them), so that the float
  /// pixels of a band stay in the processor's caches. A picture asked for over its own pixels
  /// comes back as it is.
  ///
  /// - Throws: `PixelAllocationError` when `rect` is too large to allocate.
  public func renderPicture(_ image: FilterImage, in rect: PixelRect) throws(PixelAllocationError)
    -> Image
  {
    if case .picture(let picture, let x, let y) = image.step, x == Double(rect.x),
      y == Double(rect.y), picture.width == rect.width, picture.height == rect.height
    {
      return picture
    }
    if let blur = DirectBlur(image, over: rect, buffers: gridBuffers) {
      var picture = try newPicture(for: rect, writtenWhole: blur.area == rect)
      let stride = picture.bytesPerRow
      picture.withUnsafeMutableBytes { bytes in
        let target = SharedPixels(base: bytes.baseAddress)
        RenderBands(rect: rect, reach: 0).forEach { band in
          blur.write(band, to: target, stride: stride, origin: (rect.x, rect.y))
        }
      }
      blur.release(to: gridBuffers)
      if blur.area == rect { pictures.keep(picture) }
      return picture
    }
    let shared = SharedRenderState(area: rect.area, kept: colorTables)
    let look = DirectLook(image, over: rect, shared: shared, gainMaps: gainMaps)
    let writtenWhole = look?.writesEveryPixel(of: rect) == true
    var picture = try newPicture(for: rect, writtenWhole: writtenWhole)
    let stride = picture.bytesPerRow
    let preparedBlur = look == nil && Self.preparesBlur(of: image, over: rect, shared: shared)
    let bands = RenderBands(rect: rect, reach: preparedBlur ? 0 : image.rowReach)
    defer { if writtenWhole { pictures.keep(picture) } }
    picture.withUnsafeMutableBytes { bytes in
      let target = SharedPixels(base: bytes.baseAddress)
      bands.forEach { band in
        if let look {
          look.write(band, to: target, stride: stride, origin: (rect.x, rect.y))
          return
        }
        let tile = FilterEvaluation(root: image, shared: shared).tile(of: image, in: band)
        Self.write(tile, to: target, stride: stride, originY: rect.y)
      }
    }
    return picture
  }

  /// The picture a render of `rect` writes into: one the renderer made earlier that no one
  /// holds any more, or a new one, not cleared when the render writes every pixel
  /// (`writtenWhole`); else a new cleared one.
  private func newPicture(for rect: PixelRect, writtenWhole: Bool) throws(PixelAllocationError)
    -> Image
  {
    guard writtenWhole else { return try Image(checkedWidth: rect.width, height: rect.height) }
    if let kept = pictures.take(width: rect.width, height: rect.height) { return kept }
    return try Image(uninitializedCheckedWidth: rect.width, height: rect.height)
  }

  /// For a recipe that is a large Gaussian blur (cropped or not), makes the blur's coarse grid
  /// for all of `rect` on every core and keeps it in `shared`, so that the bands interpolate
  /// it and need not be taller than per-pixel ones; returns whether it did.
  private static func preparesBlur(
    of image: FilterImage, over rect: PixelRect, shared: SharedRenderState
  ) -> Bool {
    var step = image
    var area = rect
    while case .crop(let kept, let input) = step.step {
      area = area.intersection(FilterEvaluation.pixelsCentred(in: kept))
      step = input
    }
    guard case .gaussianBlur(let sigma, let input) = step.step, !area.isEmpty else { return false }
    let blur = GaussianBlur(sigma: sigma)
    guard blur.levels > 0 else { return false }
    blur.prepare(step, input: input, over: area, root: image, shared: shared)
    return true
  }

  /// Writes `tile` as 8-bit premultiplied sRGB into the rows of a picture whose first row is
  /// plane row `originY`.
  private static func write(_ tile: LinearTile, to target: SharedPixels, stride: Int, originY: Int)
  {
    guard let base = target.base else { return }
    let width = tile.rect.width
    withUnsafePointer(to: TransferFunction.kernelTables.tables) { tables in
      tile.pixels.withFloats { pixels in
        for row in 0..<tile.rect.height {
          let line = (base + (tile.rect.y - originY + row) * stride)
            .assumingMemoryBound(to: UInt8.self)
          reel_filter_encode_bgra(pixels + 4 * row * width, line, Int32(width), tables)
        }
      }
    }
  }

  /// One premultiplied linear pixel as premultiplied 8-bit sRGB.
  @inline(__always)
  static func encodedPremultiplied(_ pixel: SIMD4<Float>) -> BGRA {
    let alpha = TransferFunction.unit(pixel.w)
    let alphaLevel = UInt8(alpha * 255 + 0.5)
    guard alphaLevel > 0 else { return BGRA(blue: 0, green: 0, red: 0, alpha: 0) }
    if alphaLevel == 255 {
      return BGRA(
        blue: TransferFunction.encodedLevel(pixel.z), green: TransferFunction.encodedLevel(pixel.y),
        red: TransferFunction.encodedLevel(pixel.x), alpha: 255)
    }
    let scale = Float(alphaLevel)
    func level(_ value: Float) -> UInt8 {
      let encoded = TransferFunction.encodedFloat(value / alpha)
      let level = encoded * scale + 0.5
      return UInt8(level > 0 ? (level < scale ? level : scale) : 0)
    }
    return BGRA(blue: level(pixel.z), green: level(pixel.y), red: level(pixel.x), alpha: alphaLevel)
  }
}

/// One render: the tiles of images that two or more steps read, so that each is evaluated once.
final class FilterEvaluation {
  /// The tiles kept for each image that two or more steps read.
  private var made: [ObjectIdentifier: [LinearTile]] = [:]
  /// How many steps of the recipe read each image: a chain of per-pixel steps is fused only
  /// through images that one step reads (an image two steps read keeps its own tile).
  private let readers: [ObjectIdentifier: Int]

  /// What the evaluations of the bands of one render share.
  let shared: SharedRenderState

  /// An evaluation of the recipe `root`, one of the bands of a render that share `shared`.
  init(root: FilterImage, shared: SharedRenderState) {
    readers = root.readerCounts()
    self.shared = shared
  }

  /// An evaluation that fuses and shares nothing (a part of a step's work).
  init() {
    readers = [:]
    shared = SharedRenderState(area: 0)
  }

  func tile(of image: FilterImage, in rect: PixelRect) -> LinearTile {
    guard !rect.isEmpty else { return LinearTile(rect: rect) }
    let key = ObjectIdentifier(image)
    // A kept tile that holds the rectangle serves it (a sharpening reads its input over the
    // rectangle after its blur read it over a larger one).
    if let kept = made[key]?.first(where: { $0.rect.contains(rect) }) {
      return kept.rect == rect ? kept : kept.cropped(to: rect)
    }
    // Only what another step reads again is kept (the rest is freed as soon as it is used).
    let needed: PixelRect
    if image.extent.isInfinite {
      needed = rect
    } else if let covered = PixelRect(covering: image.extent) {
      needed = rect.intersection(covered)
    } else {
      needed = PixelRect(x: rect.x, y: rect.y, width: 0, height: 0)
    }
    let tile: LinearTile
    if needed.isEmpty {
      tile = LinearTile(rect: rect)
    } else if needed == rect {
      tile = evaluate(image, in: rect)
    } else {
      tile = Self.embed(evaluate(image, in: needed), in: rect)
    }
    if readers[key, default: 0] > 1 { made[key, default: []].append(tile) }
    return tile
  }

  /// The pixels whose centres (x + ½, y + ½) lie inside `rect` (half-open, as
  /// `Rect.contains`): columns ⌈minX − ½⌉ ..< ⌈maxX − ½⌉, rows likewise.
  static func pixelsCentred(in rect: Rect) -> PixelRect {
    func first(_ edge: Double) -> Int {
      let value = (edge - 0.5).rounded(.up)
      return Int(exactly: min(max(value, -1e15), 1e15)) ?? 0
    }
    let left = first(rect.minX)
    let top = first(rect.minY)
    return PixelRect(
      x: left, y: top, width: max(first(rect.maxX) - left, 0),
      height: max(first(rect.maxY) - top, 0))
  }

  /// `inner` inside a transparent tile of `rect`.
  static func embed(_ inner: LinearTile, in rect: PixelRect) -> LinearTile {
    var tile = LinearTile(rect: rect)
    let area = inner.rect.intersection(rect)
    for y in area.y..<area.maxY {
      let source = (y - inner.rect.y) * inner.rect.width + (area.x - inner.rect.x)
      let target = (y - rect.y) * rect.width + (area.x - rect.x)
      for offset in 0..<area.width { tile.pixels[target + offset] = inner.pixels[source + offset] }
    }
    return tile
  }

  private func evaluate(_ image: FilterImage, in rect: PixelRect) -> LinearTile {
    switch image.step {
    case .picture(let picture, let x, let y):
      return PictureDecoding.tile(of: picture, x: x, y: y, in: rect)
    case .constant(let colour):
      return LinearTile(rect: rect, pixels: Array(repeating: colour, count: rect.area))
    case .crop(let kept, let input):
      // The pixels whose centres are inside `kept`: a rectangle of whole pixels.
      let inside = Self.pixelsCentred(in: kept).intersection(rect)
      if inside == rect { return self.tile(of: input, in: rect) }
      guard !inside.isEmpty else { return LinearTile(rect: rect) }
      return Self.embed(self.tile(of: input, in: inside), in: rect)
    case .transform(let transform, let input):
      return transformed(input, by: transform, in: rect)
    case .clamp(let input):
      return clamped(input, in: rect)
    case .blend(let mode, let source, let background):
      let top = self.tile(of: source, in: rect)
      var result = self.tile(of: background, in: rect)
      for index in result.pixels.indices {
        result.pixels[index] = mode.blend(top.pixels[index], over: result.pixels[index])
      }
      return result
    case .color, .positional:
      // The chain of per-pixel steps down to the first image another step also reads, or
      // to the first step of another kind; last step first.
      var chain: [(element: ColorChain.Element, image: FilterImage)] = []
      var current = image
      var source: FilterImage?
      while let (element, input) = Self.perPixel(current.step) {
        chain.append((element, current))
        source = input
        guard readers[ObjectIdentifier(input)] == 1 else { break }
        current = input
      }
      guard let source else { return LinearTile(rect: rect) }
      chain.reverse()
      if let tile = tabulated(chain, of: source, in: rect) { return tile }
      var tile = self.tile(of: source, in: rect)
      ColorChain(elements: chain.map(\.element)).apply(to: &tile)
      return tile
    case .gaussianBlur(let sigma, let input):
      return GaussianBlur(sigma: sigma).apply(
        to: input, in: rect, evaluation: self, image: image)
    case .spatial(let operation):
      return operation.render(in: rect, evaluation: self)
    }
  }

  /// `chain` (first step first) applied to the picture `source` through a ``ColorTable`` for
  /// its leading smooth colour operations, or `nil` when the table does not apply (the
  /// source is not a picture at whole pixels, no smooth operation leads, the render is too
  /// small to pay for a table, or the table's check refused it).
  private func tabulated(
    _ chain: [(element: ColorChain.Element, image: FilterImage)], of source: FilterImage,
    in rect: PixelRect
  ) -> LinearTile? {
    guard shared.tablesPayOff, case .picture(let picture, let x, let y) = source.step,
      let left = Int(exactly: x), let top = Int(exactly: y)
    else { return nil }
    let leading = chain.prefix { link in
      guard case .color(let operation) = link.element else { return false }
      return operation.isSmooth && !operation.coversPlane
    }
    guard let last = leading.last else { return nil }
    let tabulatedChain = ColorChain(elements: leading.map(\.element))
    guard
      let table = shared.table(
        for: last.image, elements: tabulatedChain.elements,
        make: { ColorTable(chain: tabulatedChain) })
    else { return nil }
    var tile = table.tile(of: picture, left: left, top: top, in: rect, chain: tabulatedChain)
    let rest = chain.dropFirst(leading.count).map(\.element)
    if !rest.isEmpty { ColorChain(elements: rest).apply(to: &tile) }
    return tile
  }

  /// A per-pixel step as an element of a colour chain, and the image it reads.
  private static func perPixel(_ step: FilterStep) -> (ColorChain.Element, FilterImage)? {
    switch step {
    case .color(let operation, let input): (.color(operation), input)
    case .positional(let operation, let input): (.positional(operation), input)
    default: nil
    }
  }

  private func transformed(_ input: FilterImage, by transform: AffineTransform, in rect: PixelRect)
    -> LinearTile
  {
    guard let inverse = transform.inverted() else { return LinearTile(rect: rect) }
    if let shift = transform.integerTranslation {
      let moved = self.tile(
        of: input,
        in: PixelRect(
          x: rect.x - shift.x, y: rect.y - shift.y, width: rect.width, height: rect.height))
      return LinearTile(rect: rect, pixels: moved.pixels)
    }
    guard let source = PixelRect(covering: inverse.apply(to: rect.rect))?.expanded(dx: 1, dy: 1)
    else { return LinearTile(rect: rect) }
    var tile = LinearTile(rect: rect)
    let reachable =
      input.extent.isInfinite
      ? source : source.intersection(PixelRect(covering: input.extent) ?? source)
    if reachable.area > Self.largestSourceArea(for: rect) {
      // A strong minification of a wide input: each output pixel reads only the 2×2 pixels
      // around its sample, rather than one tile of everything the rectangle maps back to.
      for y in rect.y..<rect.maxY {
        for x in rect.x..<rect.maxX {
          let point = inverse.apply(to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
          guard let left = Int(exactly: (point.x - 0.5).rounded(.down)),
            let top = Int(exactly: (point.y - 0.5).rounded(.down))
          else { continue }
          let corner = self.tile(of: input, in: PixelRect(x: left, y: top, width: 2, height: 2))
          tile.pixels[(y - rect.y) * rect.width + (x - rect.x)] = corner.bilinearSample(
            x: point.x, y: point.y)
        }
      }
      return tile
    }
    // Only what the input has: beyond its extent it is clear, as the sampler reads a tile.
    let sourceTile = self.tile(of: input, in: reachable)
    for y in rect.y..<rect.maxY {
      for x in rect.x..<rect.maxX {
        let point = inverse.apply(to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
        tile.pixels[(y - rect.y) * rect.width + (x - rect.x)] = sourceTile.bilinearSample(
          x: point.x, y: point.y)
      }
    }
    return tile
  }

  /// The most pixels a transform reads as one tile for an output of `rect`: beyond it (a
  /// strong minification), each output pixel is sampled on its own.
  static func largestSourceArea(for rect: PixelRect) -> Int {
    max(16 * rect.area, 1 << 22)
  }

  private func clamped(_ input: FilterImage, in rect: PixelRect) -> LinearTile {
    guard let extent = PixelRect(covering: input.extent), !extent.isEmpty else {
      return LinearTile(rect: rect)
    }
    func clamp(_ value: Int, _ low: Int, _ high: Int) -> Int { min(max(value, low), high) }
    let left = clamp(rect.x, extent.x, extent.maxX - 1)
    let right = clamp(rect.maxX - 1, extent.x, extent.maxX - 1)
    let top = clamp(rect.y, extent.y, extent.maxY - 1)
    let bottom = clamp(rect.maxY - 1, extent.y, extent.maxY - 1)
    let inner = self.tile(
      of: input, in: PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1))
    let columns = (rect.x..<rect.maxX).map { clamp($0, left, right) - left }
    let innerWidth = inner.rect.width
    let tile = LinearTile(rect: rect) { target in
      inner.pixels.withUnsafeBufferPointer { source in
        columns.withUnsafeBufferPointer { columns in
          for y in rect.y..<rect.maxY {
            let from = (clamp(y, top, bottom) - top) * innerWidth
            let to = (y - rect.y) * rect.width
            for (offset, column) in columns.enumerated() {
              target[to + offset] = source[from + column]
            }
          }
        }
      }
    }
    return tile
  }
}
