import Dispatch
import Foundation
import ReelCore

/// A rectangle cut into bands of whole rows, rendered one band at a time on every core.
///
/// A band is one render of the recipe over its rows; its steps read what they reach beyond
/// them again (a blur's 4σ rows), so bands are tall where the recipe reaches far: at least
/// eight times the reach, so that at most a quarter of the work is done twice, unless that
/// leaves cores idle (then one band per core, at least twice the reach). Without a bound
/// (a rotation), the rectangle is cut only once per core. Per-pixel recipes get bands of at
/// most 7 680 pixels (four rows of 1080p), whose float pixels (120 KB) stay in the caches and
/// under the allocator's 128 KiB threshold for fresh pages (`HeapMemory`).
struct RenderBands {
  /// The bands, top to bottom.
  let bands: [PixelRect]

  /// Pixels per band for a recipe that reads nothing beyond its pixel.
  static let pixelsPerBand = 7_680

  /// Below this many pixels, a rectangle is one band.
  static let smallestSplit = 65_536

  /// Cuts `rect` for a recipe that reads `reach` rows beyond each band (`nil`: unbounded).
  init(rect: PixelRect, reach: Int?) {
    let cores = max(ProcessInfo.processInfo.activeProcessorCount, 1)
    guard rect.area >= Self.smallestSplit, rect.height > 1 else {
      bands = [rect]
      return
    }
    let oneBandPerCore = (rect.height + cores - 1) / cores
    var rows: Int
    if let reach {
      let perPixel = max(Self.pixelsPerBand / max(rect.width, 1), 1)
      rows = max(perPixel, 8 * reach)
      // Fewer bands than cores leave cores idle: cut one band per core while each is at least
      // twice the reach tall (then a band reads at most as many rows again as its own).
      if rows > oneBandPerCore { rows = max(oneBandPerCore, 2 * reach, perPixel) }
      // Bands of equal height, so that none is left to run alone at the end.
      let count = (rect.height + rows - 1) / rows
      rows = (rect.height + count - 1) / count
    } else {
      rows = oneBandPerCore
    }
    var bands: [PixelRect] = []
    var top = rect.y
    while top < rect.maxY {
      let height = min(rows, rect.maxY - top)
      bands.append(PixelRect(x: rect.x, y: top, width: rect.width, height: height))
      top += height
    }
    self.bands = bands
  }

  /// Calls `body` for every band, on as many threads as there are cores.
  func forEach(_ body: @Sendable (PixelRect) -> Void) {
    let bands = self.bands
    guard bands.count > 1 else {
      bands.forEach(body)
      return
    }
    DispatchQueue.concurrentPerform(iterations: bands.count) { index in
      body(bands[index])
    }
  }
}

/// The base address of a picture's pixels, shared by the threads that fill disjoint rows of it.
struct SharedPixels: @unchecked Sendable {
  let base: UnsafeMutableRawPointer?
}
