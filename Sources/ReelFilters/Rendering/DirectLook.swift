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
  /// Every step, for the pixels the kernel leaves.
  let chain: ColorChain

  /// The direct form of `image`, or `nil` when it is not such a look (or its colour table is
  /// refused).
  init?(_ image: FilterImage, shared: SharedRenderState) {
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
    for link in elements.dropFirst(colours.count) {
      guard case .positional(let operation) = link.element, let gain = operation.gain else {
        return nil
      }
      gains.append(gain)
    }
    if let last = colours.last {
      guard shared.tablesPayOff else { return nil }
      let tabulated = ColorChain(elements: colours.map(\.element))
      guard let table = shared.table(for: last.image, make: { ColorTable(chain: tabulated) })
      else { return nil }
      self.table = table
    } else {
      self.table = nil
    }
    self.picture = picture
    self.left = left
    self.top = top
    self.gains = gains
    self.chain = ColorChain(elements: elements.map(\.element))
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
    var factors = [Float](repeating: 1, count: gains.isEmpty ? 0 : area.width)
    let size = Int32(ColorTable.size)
    let cube = table?.outputs ?? []
    withUnsafePointer(to: TransferFunction.kernelTables.tables) { tables in
      picture.withUnsafeBytes { bytes in
        guard let source = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        withCubeFloats(cube) { cube in
          for row in area.y..<area.maxY {
            let from = source + (row - top) * picture.bytesPerRow + (area.x - left) * 4
            let to = (base + (row - origin.y) * stride + (area.x - origin.x) * 4)
              .assumingMemoryBound(to: UInt8.self)
            if !gains.isEmpty {
              let y = Double(row) + 0.5
              let left = Double(area.x) + 0.5
              factors.withUnsafeMutableBufferPointer { factors in
                for (index, gain) in gains.enumerated() {
                  for column in 0..<area.width {
                    let factor = gain(left + Double(column), y)
                    factors[column] = index == 0 ? factor : factors[column] * factor
                  }
                }
              }
            }
            flags.withUnsafeMutableBufferPointer { flags in
              factors.withUnsafeBufferPointer { factors in
                reel_filter_look_row(
                  from, to, flags.baseAddress, Int32(area.width), cube,
                  size, gains.isEmpty ? nil : factors.baseAddress, tables)
              }
            }
            for column in 0..<area.width where flags[column] != 0 {
              exactPixel(from + 4 * column, to + 4 * column, x: area.x + column, y: row)
            }
          }
        }
      }
    }
  }

  /// Calls `body` with the table's floats, or with `nil` when there is no table.
  private func withCubeFloats(
    _ cube: [SIMD4<Float>], _ body: (UnsafePointer<Float>?) -> Void
  ) {
    guard !cube.isEmpty else { return body(nil) }
    cube.withFloats { body($0) }
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
