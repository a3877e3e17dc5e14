import ReelCore

/// Evaluates recipes (``FilterImage``) into pixels: each step once per render, only over the
/// pixels that the rectangle asked for needs (Core Image's `CIContext`).
public struct FilterRenderer: Sendable {
  /// Makes a renderer.
  public init() {}

  /// The premultiplied linear pixels of `image` over `rect` (transparent outside its extent).
  public func render(_ image: FilterImage, in rect: PixelRect) -> LinearTile {
    let evaluation = FilterEvaluation()
    return evaluation.tile(of: image, in: rect)
  }

  /// The pixels of `image` over `rect` as an 8-bit premultiplied sRGB picture whose top-left
  /// pixel is the rectangle's.
  ///
  /// - Throws: `PixelAllocationError` when `rect` is too large to allocate.
  public func renderPicture(_ image: FilterImage, in rect: PixelRect) throws(PixelAllocationError)
    -> Image
  {
    var picture = try Image(checkedWidth: rect.width, height: rect.height)
    let tile = render(image, in: rect)
    let stride = picture.bytesPerRow
    picture.withUnsafeMutableBytes { bytes in
      for row in 0..<rect.height {
        for column in 0..<rect.width {
          let pixel = tile.pixels[row * rect.width + column]
          let offset = row * stride + column * 4
          let encoded = Self.encodedPremultiplied(pixel)
          bytes[offset] = encoded.blue
          bytes[offset + 1] = encoded.green
          bytes[offset + 2] = encoded.red
          bytes[offset + 3] = encoded.alpha
        }
      }
    }
    return picture
  }

  /// One premultiplied linear pixel as premultiplied 8-bit sRGB.
  @inline(__always)
  static func encodedPremultiplied(_ pixel: SIMD4<Float>) -> BGRA {
    let alpha = min(max(pixel.w, 0), 1)
    let alphaLevel = UInt8((alpha * 255).rounded())
    guard alphaLevel > 0 else { return BGRA(blue: 0, green: 0, red: 0, alpha: 0) }
    if alphaLevel == 255 {
      return BGRA(
        blue: TransferFunction.encodedLevel(pixel.z), green: TransferFunction.encodedLevel(pixel.y),
        red: TransferFunction.encodedLevel(pixel.x), alpha: 255)
    }
    let scale = Float(alphaLevel)
    func level(_ value: Float) -> UInt8 {
      let encoded = TransferFunction.encodedFloat(value / alpha)
      return UInt8(min(max((encoded * scale).rounded(), 0), scale))
    }
    return BGRA(blue: level(pixel.z), green: level(pixel.y), red: level(pixel.x), alpha: alphaLevel)
  }
}

/// One render: the tiles made so far, so that a step two others read is evaluated once.
final class FilterEvaluation {
  private struct Key: Hashable {
    let image: ObjectIdentifier
    let rect: PixelRect
  }
  private var made: [Key: LinearTile] = [:]

  func tile(of image: FilterImage, in rect: PixelRect) -> LinearTile {
    guard !rect.isEmpty else { return LinearTile(rect: rect) }
    let key = Key(image: ObjectIdentifier(image), rect: rect)
    if let tile = made[key] { return tile }
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
      tile = evaluate(image.step, in: rect)
    } else {
      tile = Self.embed(evaluate(image.step, in: needed), in: rect)
    }
    made[key] = tile
    return tile
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

  private func evaluate(_ step: FilterStep, in rect: PixelRect) -> LinearTile {
    switch step {
    case .picture(let picture, let x, let y):
      return PictureDecoding.tile(of: picture, x: x, y: y, in: rect)
    case .constant(let colour):
      return LinearTile(rect: rect, pixels: Array(repeating: colour, count: rect.area))
    case .crop(let kept, let input):
      var tile = self.tile(of: input, in: rect)
      for y in rect.y..<rect.maxY {
        for x in rect.x..<rect.maxX
        where !kept.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) {
          tile.pixels[(y - rect.y) * rect.width + (x - rect.x)] = .zero
        }
      }
      return tile
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
    case .color(let operation, let input):
      var tile = self.tile(of: input, in: rect)
      for index in tile.pixels.indices {
        tile.pixels[index] = operation.apply(toPremultiplied: tile.pixels[index])
      }
      return tile
    case .positional(let operation, let input):
      var tile = self.tile(of: input, in: rect)
      for y in rect.y..<rect.maxY {
        for x in rect.x..<rect.maxX {
          let index = (y - rect.y) * rect.width + (x - rect.x)
          tile.pixels[index] = operation.function(
            tile.pixels[index], Double(x) + 0.5, Double(y) + 0.5)
        }
      }
      return tile
    case .gaussianBlur(let sigma, let input):
      return GaussianBlur(sigma: sigma).apply(to: input, in: rect, evaluation: self)
    case .spatial(let operation):
      return operation.render(in: rect, evaluation: self)
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
    var tile = LinearTile(rect: rect)
    for y in rect.y..<rect.maxY {
      for x in rect.x..<rect.maxX {
        tile.pixels[(y - rect.y) * rect.width + (x - rect.x)] = inner.clampedPixel(x: x, y: y)
      }
    }
    return tile
  }
}
