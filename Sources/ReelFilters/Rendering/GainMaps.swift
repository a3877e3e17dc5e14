import Foundation
import ReelCore
import Synchronization

/// The factors of position-only gains (vignettes) over the pixels of a render, kept between
/// renders: a video's frames ask for the same gains over the same rectangle again and again,
/// and computing a vignette's cosine for every pixel costs more than the rest of a look.
///
/// A map is kept only for gains that name everything they depend on
/// (``PositionalOperation/init(name:key:gain:)``), under their names, keys and the
/// rectangle; the maps kept hold at most ``budget`` bytes, the most recently used first.
final class GainMaps: Sendable {
  /// What a map is the factors of.
  struct Key: Hashable, Sendable {
    /// Each gain's name and key, first applied first.
    let gains: [GainKey]
    /// The pixels of the map.
    let rect: PixelRect
  }

  /// One gain's name and the numbers it depends on.
  struct GainKey: Hashable, Sendable {
    let name: String
    let values: [Double]
  }

  /// The factors of one or more gains, multiplied, over a rectangle: row by row from its
  /// top-left pixel; with each factor raised to 1/2.4, which scales encoded values on the
  /// sRGB curve's power part as the factor scales linear light.
  final class Map: Sendable {
    let rect: PixelRect
    let factors: [Float]
    let encodedFactors: [Float]

    init(rect: PixelRect, factors: [Float]) {
      self.rect = rect
      self.factors = factors
      encodedFactors = factors.map(Self.encodedFactor)
    }

    /// `factor`^(1/2.4), or 0 for a factor that is not positive.
    static func encodedFactor(_ factor: Float) -> Float {
      factor > 0 ? Float(Foundation.pow(Double(factor), 1 / 2.4)) : 0
    }
  }

  /// The most bytes of factors kept (two 4K maps, or eight 1080p maps).
  static let budget = 64 << 20

  /// The maps kept, the most recently used first.
  private let kept = Mutex<[(key: Key, map: Map)]>([])

  /// The map of `gains` over `rect`, made by `make` when none is kept; `make` computes the
  /// factors outside the lock.
  func map(for key: Key, make: () -> [Float]) -> Map {
    if let found = kept.withLock({ kept -> Map? in
      guard let index = kept.firstIndex(where: { $0.key == key }) else { return nil }
      let entry = kept.remove(at: index)
      kept.insert(entry, at: 0)
      return entry.map
    }) {
      return found
    }
    let map = Map(rect: key.rect, factors: make())
    kept.withLock { kept in
      guard !kept.contains(where: { $0.key == key }) else { return }
      kept.insert((key, map), at: 0)
      var bytes = 0
      kept = kept.filter { entry in
        bytes += 2 * entry.map.factors.count * MemoryLayout<Float>.size
        return bytes <= Self.budget
      }
    }
    return map
  }
}
