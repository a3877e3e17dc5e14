import CReelKernels
import Dispatch
import Foundation
import ReelCore
import Synchronization

/// The commonest large blur, a picture blurred with its edges extended outward
/// (`clampedToExtent().applyingGaussianBlur(sigma:).cropped(to:)`, a blurred video frame),
/// rendered from the 8-bit pixels to 8-bit pixels with the pyramid form of ``GaussianBlur``
/// and nothing else in between: the first level is made straight from decoded rows of the
/// picture (its edges repeated in the decoding), the grids come from buffers kept between
/// renders (``GridBuffers``), and each output row is interpolated down at the coarse grid's
/// width, then across and encoded in one pass (`reel_filter_interpolate_encode_row`).
///
/// The coarse grid is anchored to the plane as ``GaussianBlur``'s is, and each output pixel
/// is the same sums in the same order whatever rectangle is rendered, so bands and chunk
/// renders agree bit for bit. Any other recipe (a colour step under the blur, a small σ, a
/// fractional placement) takes the general path.
struct DirectBlur {
  let picture: Image
  let left: Int
  let top: Int
  /// The pixels written (the render's rectangle within the crops); the rest stays clear.
  let area: PixelRect
  /// The blurred coarse grid, its sample (j, i) on the centre of plane pixel
  /// (origin.x + j·scale, origin.y + i·scale).
  let grid: SampleGrid
  let origin: (x: Int, y: Int)
  let scale: Int
  /// For each column of ``area``: the coarse sample before it and its four Catmull–Rom
  /// weights.
  let columnIndex: [Int32]
  let columnWeights: [SIMD4<Float>]

  /// The direct form of `image` rendered over `rect`, or `nil` when `image` is not a large
  /// blur of a clamped picture at whole pixels. Makes the blurred coarse grid on every core,
  /// its working grids taken from `buffers` and given back.
  init?(_ image: FilterImage, over rect: PixelRect, buffers: GridBuffers) {
    var step = image
    var area = rect
    while case .crop(let kept, let input) = step.step {
      area = area.intersection(FilterEvaluation.pixelsCentred(in: kept))
      step = input
    }
    guard case .gaussianBlur(let sigma, let clamped) = step.step,
      case .clamp(let source) = clamped.step,
      case .picture(let picture, let x, let y) = source.step,
      let left = Int(exactly: x), let top = Int(exactly: y),
      picture.width > 0, picture.height > 0, !area.isEmpty
    else { return nil }
    let blur = GaussianBlur(sigma: sigma)
    let levels = blur.levels
    guard levels > 0 else { return nil }
    self.picture = picture
    self.left = left
    self.top = top
    self.area = area
    let scale = 1 << levels
    self.scale = scale
    let sourceRect = blur.coarseSource(for: area, levels: levels)
    origin = (sourceRect.x, sourceRect.y)
    var working: [[SIMD4<Float>]] = []
    var level = Self.firstLevel(
      of: picture, left: left, top: top, over: sourceRect,
      storage: buffers.take(count: ((sourceRect.width + 1) / 2) * ((sourceRect.height + 1) / 2)))
    for _ in 1..<levels {
      let next = level.halved(
        reusing: buffers.take(count: ((level.width + 1) / 2) * ((level.height + 1) / 2)))
      working.append(level.samples)
      level = next
    }
    let weights = GaussianBlur.weights(sigma: blur.reducedSigma(levels: levels))
    let across = level.convolvedRows(
      weights: weights, outputWidth: level.width, padded: true,
      reusing: buffers.take(count: level.samples.count))
    working.append(level.samples)
    grid = across.convolvedColumns(
      weights: weights, outputHeight: across.height, padded: true,
      reusing: buffers.take(count: across.samples.count))
    working.append(across.samples)
    buffers.give(working)
    let taps = (area.x..<area.maxX).map { SampleGrid.taps($0 - sourceRect.x, scale: scale) }
    columnIndex = taps.map { Int32($0.index) }
    columnWeights = taps.map(\.weights)
  }

  /// Gives the coarse grid's storage back to `buffers` (after the last ``write(_:to:stride:origin:)``).
  func release(to buffers: GridBuffers) {
    buffers.give([grid.samples])
  }

  /// Writes the rows of `band` into `target`, the pixels of a picture whose top-left pixel is
  /// plane pixel (`origin.x`, `origin.y`) and whose rows are `stride` bytes apart. Pixels
  /// outside ``area`` are left as they are.
  func write(_ band: PixelRect, to target: SharedPixels, stride: Int, origin: (x: Int, y: Int)) {
    guard let base = target.base else { return }
    let rows = band.intersection(area)
    guard !rows.isEmpty else { return }
    let gridWidth = grid.width
    var line = [SIMD4<Float>](repeating: .zero, count: gridWidth)
    let columns = (rows.x - area.x)..<(rows.maxX - area.x)
    withUnsafePointer(to: TransferFunction.kernelTables.tables) { tables in
      grid.samples.withFloats { samples in
        columnIndex.withUnsafeBufferPointer { index in
          columnWeights.withFloats { weights in
            guard let index = index.baseAddress else { return }
            for row in rows.y..<rows.maxY {
              let tap = SampleGrid.taps(row - self.origin.y, scale: scale)
              let first = samples + 4 * (tap.index - 1) * gridWidth
              let floats = 4 * gridWidth
              line.withMutableFloats { line in
                withUnsafePointer(to: tap.weights) { rowWeights in
                  rowWeights.withMemoryRebound(to: Float.self, capacity: 4) { rowWeights in
                    reel_filter_combine4(
                      line, first, first + floats, first + 2 * floats, first + 3 * floats,
                      rowWeights, Int32(floats))
                  }
                }
                let to = (base + (row - origin.y) * stride + (rows.x - origin.x) * 4)
                  .assumingMemoryBound(to: UInt8.self)
                reel_filter_interpolate_encode_row(
                  line, to, Int32(columns.count), index + columns.lowerBound,
                  weights + 4 * columns.lowerBound, tables)
              }
            }
          }
        }
      }
    }
  }

  /// The first pyramid level (``SampleGrid/halved()`` of the pixels) of the clamped picture
  /// placed at (`left`, `top`), over `rect`, in `storage`; its rows shared out among the
  /// cores, each summing the same rows in the same order.
  private static func firstLevel(
    of picture: Image, left: Int, top: Int, over rect: PixelRect, storage: [SIMD4<Float>]
  ) -> SampleGrid {
    let width = (rect.width + 1) / 2
    let height = (rect.height + 1) / 2
    var result = SampleGrid(
      width: width, height: height, samples: SampleGrid.zeroed(storage, count: width * height))
    let cores = max(ProcessInfo.processInfo.activeProcessorCount, 1)
    let rowsPerPart = max((height + cores - 1) / cores, 1)
    result.samples.withMutableFloats { output in
      let target = SharedPixels(base: UnsafeMutableRawPointer(output))
      DispatchQueue.concurrentPerform(iterations: (height + rowsPerPart - 1) / rowsPerPart) {
        part in
        guard let output = target.base?.assumingMemoryBound(to: Float.self) else { return }
        let rows = (part * rowsPerPart)..<min((part + 1) * rowsPerPart, height)
        var decoded = [SIMD4<Float>](repeating: .zero, count: rect.width)
        var line = [SIMD4<Float>](repeating: .zero, count: width)
        // Sample row i reads fine rows 2i − 2 … 2i + 2.
        let first = max(2 * rows.lowerBound - 2, 0)
        let last = min(2 * rows.upperBound + 1, rect.height)
        withUnsafePointer(to: TransferFunction.kernelTables.tables) { tables in
          picture.withUnsafeBytes { bytes in
            guard let source = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
              return
            }
            for fineRow in first..<last {
              let pictureRow = min(max(rect.y + fineRow - top, 0), picture.height - 1)
              decoded.withMutableFloats { decoded in
                reel_filter_decode_clamped_row(
                  source + pictureRow * picture.bytesPerRow, Int32(picture.width),
                  Int32(rect.x - left), Int32(rect.width), decoded, tables)
                line.withMutableFloats { line in
                  reel_filter_halve_row(decoded, Int32(rect.width), line, Int32(width))
                }
              }
              SampleGrid.addRow(
                line, contributingTo: fineRow, of: output, width: width, rows: rows)
            }
          }
        }
      }
    }
    return result
  }
}

/// Float grids kept between renders for the working levels of large blurs: at 1080p the
/// first level alone is 11 MB, and a grid allocated afresh for every frame takes fresh pages
/// from the system (the allocator's threshold for that is 128 KiB in an export), which the
/// kernel clears. At most ``budget`` bytes are kept; a render takes what it needs and gives
/// it back.
final class GridBuffers: Sendable {
  /// The most bytes kept (a 4K frame's working grids).
  static let budget = 96 << 20

  private let free = Mutex<[[SIMD4<Float>]]>([])

  /// A kept buffer for at least `count` samples (the smallest that holds them; else the
  /// largest kept, which will grow), or an empty one; its contents are left over.
  func take(count: Int) -> [SIMD4<Float>] {
    free.withLock { free in
      let fitting = free.indices.filter { free[$0].capacity >= count }
      if let index = fitting.min(by: { free[$0].capacity < free[$1].capacity }) {
        return free.remove(at: index)
      }
      guard let largest = free.indices.max(by: { free[$0].capacity < free[$1].capacity })
      else { return [] }
      return free.remove(at: largest)
    }
  }

  /// Keeps `buffers` for later renders, within ``budget`` (the largest first).
  func give(_ buffers: [[SIMD4<Float>]]) {
    free.withLock { free in
      free.append(contentsOf: buffers.filter { $0.capacity > 0 })
      free.sort { $0.capacity > $1.capacity }
      var bytes = 0
      free = free.filter { buffer in
        bytes += buffer.capacity * MemoryLayout<SIMD4<Float>>.stride
        return bytes <= Self.budget
      }
    }
  }
}
