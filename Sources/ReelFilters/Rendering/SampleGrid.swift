import CReelKernels
import Dispatch
import Foundation
import ReelCore

/// A grid of premultiplied linear samples, row by row: the working storage of the blurs. The
/// passes over it are the C kernels of `reel_filter_kernels.h`.
struct SampleGrid {
  let width: Int
  let height: Int
  var samples: [SIMD4<Float>]

  /// A grid of transparent black.
  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    samples = Array(repeating: .zero, count: width * height)
  }

  /// A grid holding `samples` (`width` × `height`, row by row).
  init(width: Int, height: Int, samples: [SIMD4<Float>]) {
    self.width = width
    self.height = height
    self.samples = samples
  }

  /// `storage` holding `count` transparent samples, its own buffer kept when it has the
  /// capacity (a buffer kept between renders, ``GridBuffers``).
  static func zeroed(_ storage: [SIMD4<Float>], count: Int) -> [SIMD4<Float>] {
    var samples = storage
    samples.removeAll(keepingCapacity: true)
    samples.append(contentsOf: repeatElement(.zero, count: count))
    return samples
  }

  /// The first pyramid level of `input` over `rect` (``halved()`` of its pixels), read a few
  /// rows at a time so that the full-size pixels are never all held at once.
  static func halving(_ input: FilterImage, over rect: PixelRect, evaluation: FilterEvaluation)
    -> SampleGrid
  {
    var result = SampleGrid(width: (rect.width + 1) / 2, height: (rect.height + 1) / 2)
    let height = result.height
    result.samples.withMutableFloats { output in
      halving(input, over: rect, rows: 0..<height, into: output, evaluation: evaluation)
    }
    return result
  }

  /// ``halving(_:over:evaluation:)`` with its rows shared out among the cores, each reading
  /// its part of `input` in an evaluation of its own of the render of `root` that `shared`
  /// belongs to: the same samples, summed in the same order.
  static func halvingOnEveryCore(
    _ input: FilterImage, over rect: PixelRect, root: FilterImage, shared: SharedRenderState
  ) -> SampleGrid {
    var result = SampleGrid(width: (rect.width + 1) / 2, height: (rect.height + 1) / 2)
    let height = result.height
    let cores = max(ProcessInfo.processInfo.activeProcessorCount, 1)
    let rows = max((height + cores - 1) / cores, 1)
    result.samples.withMutableFloats { output in
      let target = SharedPixels(base: UnsafeMutableRawPointer(output))
      DispatchQueue.concurrentPerform(iterations: (height + rows - 1) / rows) { part in
        guard let output = target.base?.assumingMemoryBound(to: Float.self) else { return }
        halving(
          input, over: rect, rows: (part * rows)..<min((part + 1) * rows, height), into: output,
          evaluation: FilterEvaluation(root: root, shared: shared))
      }
    }
    return result
  }

  /// Rows `rows` of the first pyramid level of `input` over `rect`, added into `output` (the
  /// level's samples, zero in those rows): each from the halved rows of `input` its vertical
  /// binomial taps read, in order.
  private static func halving(
    _ input: FilterImage, over rect: PixelRect, rows: Range<Int>,
    into output: UnsafeMutablePointer<Float>, evaluation: FilterEvaluation
  ) {
    guard !rows.isEmpty else { return }
    let width = (rect.width + 1) / 2
    var line = [SIMD4<Float>](repeating: .zero, count: width)
    let rowsPerRead = max(1, RenderBands.pixelsPerBand / max(rect.width, 1))
    // Sample row i reads fine rows 2i − 2 … 2i + 2.
    var top = rect.y + max(2 * rows.lowerBound - 2, 0)
    let bottom = rect.y + min(2 * rows.upperBound + 1, rect.height)
    while top < bottom {
      let count = min(rowsPerRead, bottom - top)
      let tile = evaluation.tile(
        of: input, in: PixelRect(x: rect.x, y: top, width: rect.width, height: count))
      for row in 0..<count {
        tile.pixels.withFloats { pixels in
          line.withMutableFloats { target in
            reel_filter_halve_row(
              pixels + 4 * row * rect.width, Int32(rect.width), target, Int32(width))
          }
        }
        addRow(line, contributingTo: top + row - rect.y, of: output, width: width, rows: rows)
      }
      top += count
    }
  }

  /// The binomial weights [1 4 6 4 1]/16 of one pyramid level.
  private static let binomial: [Float] = [1, 4, 6, 4, 1].map { $0 / 16 }

  /// Adds a horizontally halved row of the finer level (row `fineRow` of it) to the rows
  /// among `rows` of a level `width` samples wide (`output`) whose vertical binomial taps
  /// read it.
  static func addRow(
    _ line: [SIMD4<Float>], contributingTo fineRow: Int, of output: UnsafeMutablePointer<Float>,
    width: Int, rows: Range<Int>
  ) {
    line.withFloats { source in
      for tap in 0..<5 {
        let doubled = fineRow + 2 - tap
        guard doubled >= 0, doubled % 2 == 0, rows.contains(doubled / 2) else { continue }
        reel_filter_accumulate(
          output + 4 * (doubled / 2) * width, source, binomial[tap], Int32(4 * width))
      }
    }
  }

  /// The next pyramid level: filtered with [1 4 6 4 1]/16 in both directions and every other
  /// sample kept, so that sample j of the result sits on sample 2j of this grid. Reads beyond
  /// the edges are transparent black. Its samples are kept in `storage`'s buffer when that has
  /// the capacity.
  func halved(reusing storage: [SIMD4<Float>] = []) -> SampleGrid {
    let halfHeight = (height + 1) / 2
    var result = SampleGrid(
      width: (width + 1) / 2, height: halfHeight,
      samples: Self.zeroed(storage, count: (width + 1) / 2 * halfHeight))
    var line = [SIMD4<Float>](repeating: .zero, count: result.width)
    let halfWidth = result.width
    let halfRows = 0..<result.height
    result.samples.withMutableFloats { output in
      for row in 0..<height {
        samples.withFloats { pixels in
          line.withMutableFloats { target in
            reel_filter_halve_row(pixels + 4 * row * width, Int32(width), target, Int32(halfWidth))
          }
        }
        Self.addRow(line, contributingTo: row, of: output, width: halfWidth, rows: halfRows)
      }
    }
    return result
  }

  /// This grid's rows convolved with `weights` (2r + 1 taps), as wide as `outputWidth`.
  /// Unpadded, this grid is 2r samples wider and output column c reads columns c…c + 2r;
  /// padded, it is as wide and reads beyond its edges are transparent black.
  /// Its samples are kept in `storage`'s buffer when that has the capacity.
  func convolvedRows(
    weights: [Float], outputWidth: Int, padded: Bool, reusing storage: [SIMD4<Float>] = []
  ) -> SampleGrid {
    var result = SampleGrid(
      width: outputWidth, height: height,
      samples: Self.zeroed(storage, count: outputWidth * height))
    let width = self.width
    samples.withFloats { input in
      result.samples.withMutableFloats { output in
        weights.withUnsafeBufferPointer { weights in
          for row in 0..<height {
            reel_filter_convolve_row(
              input + 4 * row * width, output + 4 * row * outputWidth, Int32(outputWidth),
              weights.baseAddress, Int32(weights.count), padded ? 1 : 0)
          }
        }
      }
    }
    return result
  }

  /// This grid's columns convolved with `weights` (2r + 1 taps), `outputHeight` rows. Unpadded,
  /// this grid is 2r rows taller and output row y reads rows y…y + 2r; padded, it is as tall
  /// and reads beyond its top and bottom are transparent black.
  /// Its samples are kept in `storage`'s buffer when that has the capacity.
  func convolvedColumns(
    weights: [Float], outputHeight: Int, padded: Bool, reusing storage: [SIMD4<Float>] = []
  ) -> SampleGrid {
    var result = SampleGrid(
      width: width, height: outputHeight,
      samples: Self.zeroed(storage, count: width * outputHeight))
    let radius = weights.count / 2
    let width = self.width
    let height = self.height
    samples.withFloats { input in
      result.samples.withMutableFloats { output in
        for row in 0..<outputHeight {
          for (tap, weight) in weights.enumerated() {
            let sourceRow = padded ? row + tap - radius : row + tap
            guard sourceRow >= 0, sourceRow < height else { continue }
            reel_filter_accumulate(
              output + 4 * row * width, input + 4 * sourceRow * width, weight, Int32(4 * width))
          }
        }
      }
    }
    return result
  }

  /// Catmull–Rom interpolation of this grid back to pixels: sample (j, i) sits on the centre of
  /// plane pixel (origin.x + j·scale, origin.y + i·scale). The grid must hold the samples one
  /// before and two after every pixel of `rect`.
  func interpolated(scale: Int, origin: (x: Int, y: Int), into rect: PixelRect) -> LinearTile {
    guard let rows = Self.coarseRows(of: rect, scale: scale, originY: origin.y) else {
      return LinearTile(rect: rect)
    }
    let across = interpolatedAcross(
      scale: scale, originX: origin.x, columns: rect.x..<rect.maxX, rows: rows)
    return across.interpolatedDown(
      firstRow: rows.lowerBound, scale: scale, originY: origin.y, into: rect)
  }

  /// The rows of this grid that interpolating down to the rows of `rect` reads (the samples
  /// one before and two after each row), or nil for an empty rectangle.
  static func coarseRows(of rect: PixelRect, scale: Int, originY: Int) -> ClosedRange<Int>? {
    guard rect.height > 0 else { return nil }
    let first = taps(rect.y - originY, scale: scale).index - 1
    let last = taps(rect.maxY - 1 - originY, scale: scale).index + 2
    return first...last
  }

  /// Rows `rows` of this grid interpolated across to the pixel columns `columns` (the first
  /// half of ``interpolated(scale:origin:into:)``): a grid `columns.count` wide, one row per
  /// row of this grid.
  func interpolatedAcross(scale: Int, originX: Int, columns: Range<Int>, rows: ClosedRange<Int>)
    -> SampleGrid
  {
    let taps = columns.map { Self.taps($0 - originX, scale: scale) }
    let columnIndex = taps.map { Int32($0.index) }
    let columnWeights = taps.map(\.weights)
    let outputWidth = columns.count
    var across = SampleGrid(width: outputWidth, height: rows.count)
    let width = self.width
    samples.withFloats { input in
      across.samples.withMutableFloats { output in
        columnIndex.withUnsafeBufferPointer { index in
          columnWeights.withFloats { weights in
            for row in rows {
              reel_filter_interpolate_row(
                input + 4 * row * width, output + 4 * (row - rows.lowerBound) * outputWidth,
                Int32(outputWidth), index.baseAddress, weights)
            }
          }
        }
      }
    }
    return across
  }

  /// The pixels of `rect` interpolated down from this grid of rows already interpolated
  /// across to its columns (``interpolatedAcross(scale:originX:columns:rows:)``), whose first
  /// row is coarse row `firstRow`; it must hold the rows that `rect`'s rows read.
  func interpolatedDown(firstRow: Int, scale: Int, originY: Int, into rect: PixelRect)
    -> LinearTile
  {
    let rows = (0..<rect.height).map { Self.taps(rect.y + $0 - originY, scale: scale) }
    let tileWidth = rect.width
    return samples.withUnsafeBufferPointer { input in
      LinearTile(rect: rect) { output in
        input.baseAddress?.withMemoryRebound(to: Float.self, capacity: 4 * input.count) { input in
          output.baseAddress?.withMemoryRebound(to: Float.self, capacity: 4 * output.count) {
            output in
            for (row, tap) in rows.enumerated() {
              let first = input + 4 * (tap.index - 1 - firstRow) * tileWidth
              let floats = 4 * tileWidth
              withUnsafePointer(to: tap.weights) { weights in
                weights.withMemoryRebound(to: Float.self, capacity: 4) { weights in
                  reel_filter_combine4(
                    output + row * floats, first, first + floats, first + 2 * floats,
                    first + 3 * floats, weights, Int32(floats))
                }
              }
            }
          }
        }
      }
    }
  }

  /// The sample before a pixel `offset` pixels from the origin, and the Catmull–Rom weights of
  /// the samples index − 1 … index + 2.
  static func taps(_ offset: Int, scale: Int) -> (index: Int, weights: SIMD4<Float>) {
    let index = offset >= 0 ? offset / scale : -((-offset + scale - 1) / scale)
    let t = Float(offset - index * scale) / Float(scale)
    let t2 = t * t
    let t3 = t2 * t
    return (
      index,
      SIMD4(
        (-t3 + 2 * t2 - t) / 2, (3 * t3 - 5 * t2 + 2) / 2, (-3 * t3 + 4 * t2 + t) / 2,
        (t3 - t2) / 2)
    )
  }
}
