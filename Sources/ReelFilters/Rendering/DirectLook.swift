import CReelKernels
import ReelCore

/// The commonest recipe, a look on a video frame — smooth colour filters and position-only
/// gains (vignettes) applied to a picture — rendered straight from 8-bit pixels to 8-bit
/// pixels in one pass (`reel_filter_look_row`), without float tiles.
///
/// The colour filters go through a ``ColorTable`` (checked against the exact chain), the gains
/// multiply linear light; pixels that are not opaque, or whose alpha the look changes, are
/// computed by the exact chain. Any other recipe takes the general path.
struct DirectLook {
  let picture: Image
  let left: Int
  let top: Int
  let table: ColorTable?
  let gains: [@Sendable (Double, Double) -> Float]
  /// The gains' factors over the render's pixels of the picture, when every gain has a key.
  let gainMap: GainMaps.Map?
  /// Every step, for the pixels the kernel leaves.
  let chain: ColorChain

  /// The direct form of `image` rendered over `rect`, or `nil` when it is not such a look (or
  /// its colour table is refused). The gains' factors come from `gainMaps` when it keeps them.
  init?(_ image: FilterImage, over rect: PixelRect, shared: SharedRenderState, gainMaps: GainMaps) {
    let readers = image.readerCounts()
    var elements: [(element: ColorChain.Element, image: FilterImage)] = []
    var current = image
    func isPicture(_ image: FilterImage) -> Bool {
      if case .picture = image.step { return true }
      return false
    }
    // Down the per-pixel steps to the picture, through images no other step reads.
    while !isPicture(current) {
      switch current.step {
      case .color(let operation, let input):
        elements.append((.color(operation), current))
        current = input
      case .positional(let operation, let input):
        elements.append((.positional(operation), current))
        current = input
      default:
        return nil
      }
      guard isPicture(current) || readers[ObjectIdentifier(current)] == 1 else { return nil }
    }
    guard case .picture(let picture, let x, let y) = current.step,
      let left = Int(exactly: x), let top = Int(exactly: y), !elements.isEmpty
    else { return nil }
    elements.reverse()
    let colours = elements.prefix { link in
      guard case .color(let operation) = link.element else { return false }
      return operation.isSmooth && !operation.coversPlane
    }
    var gains: [@Sendable (Double, Double) -> Float] = []
    var keys: [GainMaps.GainKey]? = []
    for link in elements.dropFirst(colours.count) {
      guard case .positional(let operation) = link.element, let gain = operation.gain else {
        return nil
      }
      gains.append(gain)
      if let key = operation.gainKey {
        keys?.append(GainMaps.GainKey(name: operation.name, values: key))
      } else {
        keys = nil
      }
    }
    if let last = colours.last {
      guard shared.tablesPayOff else { return nil }
      let tabulated = ColorChain(elements: colours.map(\.element))
      guard
        let table = shared.table(
          for: last.image, elements: tabulated.elements, make: { ColorTable(chain: tabulated) })
      else { return nil }
      self.table = table
    } else {
      self.table = nil
    }
    self.picture = picture
    self.left = left
    self.top = top
    self.gains = gains
    let area = rect.intersection(
      PixelRect(x: left, y: top, width: picture.width, height: picture.height))
    if let keys, !gains.isEmpty, !area.isEmpty {
      gainMap = gainMaps.map(for: GainMaps.Key(gains: keys, rect: area)) {
        Self.factors(of: gains, over: area)
      }
    } else {
      gainMap = nil
    }
    self.chain = ColorChain(elements: elements.map(\.element))
  }

  /// Whether ``write(_:to:stride:origin:)`` over the bands of `rect` writes every pixel of it
  /// (the picture covers it).
  func writesEveryPixel(of rect: PixelRect) -> Bool {
    PixelRect(x: left, y: top, width: picture.width, height: picture.height).contains(rect)
  }

  /// Writes the rows of `band` into `target`, the pixels of a picture whose top-left pixel is
  /// plane pixel (`origin.x`, `origin.y`) and whose rows are `stride` bytes apart. Pixels
  /// outside the source picture are left as they are (transparent).
  func write(_ band: PixelRect, to target: SharedPixels, stride: Int, origin: (x: Int, y: Int)) {
    guard let base = target.base else { return }
    let area = band.intersection(
      PixelRect(x: left, y: top, width: picture.width, height: picture.height))
    guard !area.isEmpty else { return }
    var flags = [UInt8](repeating: 0, count: area.width)
    var scratch = [Float](repeating: 1, count: gains.isEmpty ? 0 : 2 * area.width)
    let size = Int32(ColorTable.size)
    // An affine table is computed, not interpolated.
    let cube = table?.affine == nil ? table?.outputs ?? [] : []
    let affine = table?.affine ?? []
    withUnsafePointer(to: TransferFunction.kernelTables.tables) { tables in
      picture.withUnsafeBytes { bytes in
        guard let source = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        withCubeFloats(cube, affine) { cube, affine in
          for row in area.y..<area.maxY {
            let from = source + (row - top) * picture.bytesPerRow + (area.x - left) * 4
            let to = (base + (row - origin.y) * stride + (area.x - origin.x) * 4)
              .assumingMemoryBound(to: UInt8.self)
            var flagged: Int32 = 0
            flags.withUnsafeMutableBufferPointer { flags in
              withFactors(ofRow: row, from: area.x, count: area.width, scratch: &scratch) {
                factors, encodedFactors in
                flagged = reel_filter_look_row(
                  from, to, flags.baseAddress, Int32(area.width), cube, size, affine, factors,
                  encodedFactors, tables)
              }
            }
            guard flagged > 0 else { continue }
            for column in 0..<area.width where flags[column] != 0 {
              exactPixel(from + 4 * column, to + 4 * column, x: area.x + column, y: row)
            }
          }
        }
      }
    }
  }

  /// Calls `body` with the gains' factors for `count` pixels of plane row `row` from column
  /// `x` and the factors raised to 1/2.4 (from the kept map, or computed into `scratch`, which
  /// holds 2·`count` floats), or with `nil` twice when there are no gains.
  private func withFactors(
    ofRow row: Int, from x: Int, count: Int, scratch: inout [Float],
    _ body: (UnsafePointer<Float>?, UnsafePointer<Float>?) -> Void
  ) {
    guard !gains.isEmpty else { return body(nil, nil) }
    if let gainMap, gainMap.rect.contains(x: x, y: row),
      gainMap.rect.contains(x: x + count - 1, y: row)
    {
      let start = (row - gainMap.rect.y) * gainMap.rect.width + (x - gainMap.rect.x)
      return gainMap.factors.withUnsafeBufferPointer { factors in
        gainMap.encodedFactors.withUnsafeBufferPointer { encoded in
          body(factors.baseAddress.map { $0 + start }, encoded.baseAddress.map { $0 + start })
        }
      }
    }
    scratch.withUnsafeMutableBufferPointer { scratch in
      guard let base = scratch.baseAddress, scratch.count >= 2 * count else { return }
      let factors = UnsafeMutableBufferPointer(start: base, count: count)
      Self.computeFactors(of: gains, row: row, from: x, into: factors)
      for column in 0..<count {
        base[count + column] = GainMaps.Map.encodedFactor(factors[column])
      }
      body(base, base + count)
    }
  }

  /// The product of `gains` at the pixels of plane row `row` from column `x`, one per element
  /// of `factors`.
  private static func computeFactors(
    of gains: [@Sendable (Double, Double) -> Float], row: Int, from x: Int,
    into factors: UnsafeMutableBufferPointer<Float>
  ) {
    let y = Double(row) + 0.5
    let left = Double(x) + 0.5
    for (index, gain) in gains.enumerated() {
      for column in factors.indices {
        let factor = gain(left + Double(column), y)
        factors[column] = index == 0 ? factor : factors[column] * factor
      }
    }
  }

  /// The product of `gains` at every pixel of `area`, row by row, computed on every core.
  private static func factors(
    of gains: [@Sendable (Double, Double) -> Float], over area: PixelRect
  ) -> [Float] {
    [Float](unsafeUninitializedCapacity: area.area) { buffer, count in
      let target = SharedPixels(base: UnsafeMutableRawPointer(buffer.baseAddress))
      RenderBands(rect: area, reach: 0).forEach { band in
        guard let base = target.base?.assumingMemoryBound(to: Float.self) else { return }
        for row in band.y..<band.maxY {
          computeFactors(
            of: gains, row: row, from: area.x,
            into: UnsafeMutableBufferPointer(
              start: base + (row - area.y) * area.width, count: area.width))
        }
      }
      count = area.area
    }
  }

  /// Calls `body` with the floats of `cube` and of `affine`, each `nil` when it is empty.
  private func withCubeFloats(
    _ cube: [SIMD4<Float>], _ affine: [Float],
    _ body: (UnsafePointer<Float>?, UnsafePointer<Float>?) -> Void
  ) {
    affine.withUnsafeBufferPointer { affine in
      let affine = affine.isEmpty ? nil : affine.baseAddress
      guard !cube.isEmpty else { return body(nil, affine) }
      cube.withFloats { body($0, affine) }
    }
  }

  /// One pixel through the exact chain.
  private func exactPixel(
    _ source: UnsafePointer<UInt8>, _ target: UnsafeMutablePointer<UInt8>, x: Int, y: Int
  ) {
    var decoded = [SIMD4<Float>](repeating: .zero, count: 1)
    withUnsafePointer(to: TransferFunction.kernelTables.tables) { tables in
      decoded.withMutableFloats { reel_filter_decode_bgra(source, $0, 1, tables) }
    }
    let result = chain.apply(to: decoded[0], x: x, y: y)
    let encoded = FilterRenderer.encodedPremultiplied(result)
    target[0] = encoded.blue
    target[1] = encoded.green
    target[2] = encoded.red
    target[3] = encoded.alpha
  }
}
