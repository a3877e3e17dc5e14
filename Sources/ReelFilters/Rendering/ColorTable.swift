import CReelKernels
import Foundation
import ReelCore
import Synchronization

/// A chain of smooth colour operations tabulated over the colour cube, for opaque 8-bit
/// pictures: 33³ outputs of the exact chain, interpolated per pixel (what a 3D
/// LUT does, trilinearly), which costs a few nanoseconds a pixel whatever the chain. Inputs and outputs are
/// encoded values (the outputs not premultiplied), where a chain is nearly linear: the
/// identity is exact, and the steep start of the sRGB curve never gets interpolated.
///
/// A table is used only if it reproduces the exact chain: when it is made, the chain is also
/// computed at the centre of every cell (where interpolation is furthest from the samples)
/// and compared with the interpolated value, in 8-bit levels of the encoded output; beyond
/// ``tolerance`` the table is refused and the chain is applied exactly.
struct ColorTable: Sendable {
  /// Samples per side.
  static let size = 33

  /// The largest difference, in 8-bit levels, that the check accepts.
  static let tolerance: Float = 0.5

  /// size³ outputs, encoded colour and alpha, red fastest.
  let outputs: [SIMD4<Float>]

  /// The outputs as an affine map of the encoded input, when they are one within
  /// ``affineTolerance`` and leave alpha at 1 (colour controls, a colour matrix on encoded
  /// values): the output (r, g, b, a) for black, then its change per unit of encoded red,
  /// green and blue. Interpolating the samples of an affine map gives the map itself, which
  /// the kernels then compute directly instead.
  let affine: [Float]?

  /// The largest difference from an affine map, in encoded units (a fortieth of an 8-bit
  /// level), that still counts as one: the samples carry the transfer tables' own error.
  static let affineTolerance: Float = 1e-4

  /// The table of `chain` (colour operations only), or `nil` when interpolating it strays
  /// from the chain by more than ``tolerance`` at a cell centre.
  init?(chain: ColorChain) {
    let size = Self.size
    let last = Float(size - 1)
    var outputs = [SIMD4<Float>]()
    outputs.reserveCapacity(size * size * size)
    let nodes = Self.nodeLevels
    for blue in 0..<size {
      for green in 0..<size {
        for red in 0..<size {
          outputs.append(Self.exact(chain, SIMD3(nodes[red], nodes[green], nodes[blue])))
        }
      }
    }
    self.outputs = outputs
    affine = Self.affineMap(of: outputs)
    let centres = Self.centreLevels
    for blue in 0..<(size - 1) {
      for green in 0..<(size - 1) {
        for red in 0..<(size - 1) {
          let want = Self.levels(
            Self.exact(chain, SIMD3(centres[red], centres[green], centres[blue])))
          let got = Self.levels(
            interpolated((SIMD3(Float(red), Float(green), Float(blue)) + 0.5) / last))
          guard (want - got).max() <= Self.tolerance, (got - want).max() <= Self.tolerance
          else { return nil }
        }
      }
    }
  }

  /// The affine map the samples `outputs` are (see ``affine``), or nil.
  private static func affineMap(of outputs: [SIMD4<Float>]) -> [Float]? {
    let size = Self.size
    let last = size - 1
    func at(_ red: Int, _ green: Int, _ blue: Int) -> SIMD4<Float> {
      outputs[(blue * size + green) * size + red]
    }
    let black = at(0, 0, 0)
    let red = at(last, 0, 0) - black
    let green = at(0, last, 0) - black
    let blue = at(0, 0, last) - black
    guard black.w == 1, red.w == 0, green.w == 0, blue.w == 0 else { return nil }
    let step = 1 / Float(last)
    for b in 0..<size {
      for g in 0..<size {
        for r in 0..<size {
          let mapped =
            black + red * (Float(r) * step) + green * (Float(g) * step)
            + blue * (Float(b) * step)
          let difference = at(r, g, b) - mapped
          guard difference.max() <= Self.affineTolerance,
            -difference.min() <= Self.affineTolerance
          else { return nil }
        }
      }
    }
    return [black, red, green, blue].flatMap { [$0.x, $0.y, $0.z, $0.w] }
  }

  /// Linear light at each sample of a side (encoded i / (size − 1)).
  private static let nodeLevels: [Float] = (0..<size).map {
    Float(TransferFunction.linear(fromEncoded: Double($0) / Double(size - 1)))
  }

  /// Linear light at the centre of each cell of a side (encoded (i + ½) / (size − 1)).
  private static let centreLevels: [Float] = (0..<(size - 1)).map {
    Float(TransferFunction.linear(fromEncoded: (Double($0) + 0.5) / Double(size - 1)))
  }

  /// The chain applied to one opaque colour given in linear light: its encoded colour (not
  /// premultiplied, not clamped) and alpha.
  private static func exact(_ chain: ColorChain, _ linear: SIMD3<Float>) -> SIMD4<Float> {
    let result = chain.apply(to: SIMD4(linear, 1), x: 0, y: 0)
    let alpha = TransferFunction.unit(result.w)
    guard alpha > 0 else { return .zero }
    func encoded(_ value: Float) -> Float {
      let straight = value / alpha
      if straight >= 0 && straight <= 1 { return TransferFunction.encodedFloat(straight) }
      let linear = Double(straight)
      return Float(
        linear <= 0.003_130_8
          ? linear * 12.92 : 1.055 * Foundation.pow(linear, 1 / 2.4) - 0.055)
    }
    return SIMD4(encoded(result.x), encoded(result.y), encoded(result.z), alpha)
  }

  /// An encoded colour with its alpha in 8-bit levels as it will be written: clamped, times
  /// alpha, unrounded.
  private static func levels(_ pixel: SIMD4<Float>) -> SIMD4<Float> {
    let alpha = min(max(pixel.w, 0), 1)
    func level(_ value: Float) -> Float { min(max(value, 0), 1) * 255 * alpha }
    return SIMD4(level(pixel.x), level(pixel.y), level(pixel.z), alpha * 255)
  }

  /// The trilinear interpolation at encoded channels (0…1), as the C kernels compute it.
  func interpolated(_ encoded: SIMD3<Float>) -> SIMD4<Float> {
    let size = Self.size
    let position = encoded * Float(size - 1)
    let cell = SIMD3<Int>(
      min(Int(position.x), size - 2), min(Int(position.y), size - 2),
      min(Int(position.z), size - 2))
    let f = position - SIMD3(Float(cell.x), Float(cell.y), Float(cell.z))
    func at(_ dr: Int, _ dg: Int, _ db: Int) -> SIMD4<Float> {
      outputs[((cell.z + db) * size + cell.y + dg) * size + cell.x + dr]
    }
    func mix(_ a: SIMD4<Float>, _ b: SIMD4<Float>, _ t: Float) -> SIMD4<Float> { a + (b - a) * t }
    let near = mix(mix(at(0, 0, 0), at(1, 0, 0), f.x), mix(at(0, 1, 0), at(1, 1, 0), f.x), f.y)
    let far = mix(mix(at(0, 0, 1), at(1, 0, 1), f.x), mix(at(0, 1, 1), at(1, 1, 1), f.x), f.y)
    return mix(near, far, f.z)
  }

  /// The pixels of `picture` (placed at `left`, `top`) over `rect` through the table; the
  /// pixels that are not opaque go through `chain` exactly.
  func tile(
    of picture: Image, left: Int, top: Int, in rect: PixelRect, chain: ColorChain
  ) -> LinearTile {
    var tile = LinearTile(rect: rect)
    let area = rect.intersection(
      PixelRect(x: left, y: top, width: picture.width, height: picture.height))
    guard !area.isEmpty else { return tile }
    var flags = [UInt8](repeating: 0, count: area.width)
    let size = Int32(Self.size)
    withUnsafePointer(to: TransferFunction.kernelTables.tables) { tables in
      picture.withUnsafeBytes { bytes in
        guard let source = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        outputs.withFloats { cube in
          tile.pixels.withMutableFloats { pixels in
            for row in area.y..<area.maxY {
              let from = source + (row - top) * picture.bytesPerRow + (area.x - left) * 4
              let start = (row - rect.y) * rect.width + (area.x - rect.x)
              flags.withUnsafeMutableBufferPointer { flags in
                reel_filter_apply_color_table(
                  from, pixels + 4 * start, flags.baseAddress, Int32(area.width), cube, size,
                  tables)
              }
              for column in 0..<area.width where flags[column] != 0 {
                let offset = 4 * (start + column)
                let pixel = SIMD4(
                  pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3])
                let result = chain.apply(to: pixel, x: 0, y: 0)
                for channel in 0..<4 { pixels[offset + channel] = result[channel] }
              }
            }
          }
        }
      }
    }
    return tile
  }
}

/// What the bands of one render share: the colour tables, made once by whichever band
/// needs one first, and the coarse grids of blurs prepared for the whole render.
final class SharedRenderState: Sendable {
  private let tables = Mutex<[ObjectIdentifier: ColorTable?]>([:])
  /// The renderer's tables kept between renders.
  private let kept: KeptColorTables?
  private let coarseGrids = Mutex<[ObjectIdentifier: GaussianBlur.CoarseGrid]>([:])

  /// Whether the render is large enough for a colour table to pay for itself: making one
  /// computes the chain about 70 000 times, so it is worth it from a quarter-megapixel on.
  let tablesPayOff: Bool

  /// The state of a render of `area` pixels, with the tables `kept` between renders.
  init(area: Int, kept: KeptColorTables? = nil) {
    tablesPayOff = area >= 1 << 18
    self.kept = kept
  }

  /// The table for the chain `elements` whose last step is `image`, made by `make` the first
  /// time (or taken from the tables kept between renders, when the chain has a key).
  func table(
    for image: FilterImage, elements: [ColorChain.Element], make: () -> ColorTable?
  ) -> ColorTable? {
    tables.withLock { tables in
      if let made = tables[ObjectIdentifier(image)] { return made }
      let table: ColorTable?
      if let kept, let key = KeptColorTables.Key(elements) {
        table = kept.table(for: key, make: make)
      } else {
        table = make()
      }
      tables[ObjectIdentifier(image)] = table
      return table
    }
  }

  /// Keeps `grid`, the coarse grid of the blur step `image`, for the bands to interpolate.
  func keep(_ grid: GaussianBlur.CoarseGrid, for image: FilterImage) {
    coarseGrids.withLock { $0[ObjectIdentifier(image)] = grid }
  }

  /// The coarse grid kept for the blur step `image`, if any.
  func coarseGrid(for image: FilterImage) -> GaussianBlur.CoarseGrid? {
    coarseGrids.withLock { $0[ObjectIdentifier(image)] }
  }
}

/// Colour tables kept between renders: a video's frames ask for the same look again and
/// again, and making a table computes its chain about 70 000 times. Only chains whose
/// operations all have a key (``ColorOperation/key``) are kept, under their names, spaces and
/// keys; a refused table is kept as refused. At most ``capacity``, the most recently used.
final class KeptColorTables: Sendable {
  /// What a table is the table of.
  struct Key: Hashable, Sendable {
    let names: [String]
    let values: [[Double]]

    /// The key of a chain of colour operations that all have keys, else nil.
    init?(_ elements: [ColorChain.Element]) {
      var names: [String] = []
      var values: [[Double]] = []
      for element in elements {
        guard case .color(let operation) = element, let key = operation.key else { return nil }
        names.append("\(operation.name) \(operation.space)")
        values.append(key)
      }
      self.names = names
      self.values = values
    }
  }

  /// The most tables kept (each 33³ colours, 575 KB).
  static let capacity = 16

  private let kept = Mutex<[(key: Key, table: ColorTable?)]>([])

  /// The table kept for `key`, or the one `make` makes (kept).
  func table(for key: Key, make: () -> ColorTable?) -> ColorTable? {
    kept.withLock { kept in
      if let index = kept.firstIndex(where: { $0.key == key }) {
        let entry = kept.remove(at: index)
        kept.insert(entry, at: 0)
        return entry.table
      }
      let table = make()
      kept.insert((key, table), at: 0)
      if kept.count > Self.capacity { kept.removeLast(kept.count - Self.capacity) }
      return table
    }
  }
}
