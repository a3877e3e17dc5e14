import AVFoundationCompat
import Reel
import Testing

@testable import ReelAVFoundation

/// Shared helpers of the Core Animation tests: trees, renders and pixel checks.
enum CATestSupport {
  /// A full-size root layer of `size` holding `sublayers`, and the tool with `videoLayer`
  /// (or a hidden placeholder video layer when nil).
  static func tool(
    size: CGSize, sublayers: [CALayer], videoLayer: CALayer? = nil,
    configure: (CALayer) -> Void = { _ in }
  ) -> AVVideoCompositionCoreAnimationTool {
    let root = CALayer()
    root.frame = CGRect(origin: .zero, size: size)
    configure(root)
    for layer in sublayers { root.addSublayer(layer) }
    let video: CALayer
    if let videoLayer {
      video = videoLayer
    } else {
      video = CALayer()
      video.isHidden = true
      root.insertSublayer(video, at: 0)
    }
    return AVVideoCompositionCoreAnimationTool(postProcessingAsVideoLayer: video, in: root)
  }

  /// The tool's tree drawn at `seconds`, with `video` as the composited frame.
  static func render(
    _ tool: AVVideoCompositionCoreAnimationTool, size: CGSize, at seconds: Double,
    video: ReelCore.Image? = nil
  ) throws -> ReelCore.Image {
    let tree = try tool.snapshotLayerTree(renderSize: size)
    let renderer = try LayerRenderer(tree: tree)
    var frames: [VideoSourceID: ReelCore.Image] = [:]
    if let video { frames[.main] = video }
    return try renderer.render(
      at: Time(seconds: seconds, preferredTimescale: 6000), videoFrames: frames)
  }

  /// The Reel layer named `name` in a snapshot.
  static func layer(named name: String, in tree: LayerTree) -> Layer? {
    func find(_ layer: Layer) -> Layer? {
      if layer.name == name { return layer }
      for sublayer in layer.sublayers { if let found = find(sublayer) { return found } }
      return nil
    }
    return find(tree.root)
  }

  /// A solid image.
  static func solid(width: Int, height: Int, _ pixel: BGRA) -> ReelCore.Image {
    var image = ReelCore.Image(width: width, height: height)
    image.fill(with: pixel)
    return image
  }

  /// An image whose top half is `top` and bottom half `bottom`.
  static func halves(width: Int, height: Int, top: BGRA, bottom: BGRA) -> ReelCore.Image {
    var image = ReelCore.Image(width: width, height: height)
    let rowBytes = image.bytesPerRow
    image.withUnsafeMutableBytes { bytes in
      for y in 0..<height {
        let pixel = y < height / 2 ? top : bottom
        for x in 0..<width {
          let offset = y * rowBytes + x * 4
          bytes[offset] = pixel.blue
          bytes[offset + 1] = pixel.green
          bytes[offset + 2] = pixel.red
          bytes[offset + 3] = pixel.alpha
        }
      }
    }
    return image
  }

  static let red = BGRA(blue: 0, green: 0, red: 255, alpha: 255)
  static let green = BGRA(blue: 0, green: 255, red: 0, alpha: 255)
  static let blue = BGRA(blue: 255, green: 0, red: 0, alpha: 255)
  static let white = BGRA(blue: 255, green: 255, red: 255, alpha: 255)

  /// The box around the pixels for which `isInk` holds, as (minX, minY, maxX, maxY)
  /// inclusive, or nil.
  static func inkBox(_ image: ReelCore.Image, isInk: (BGRA) -> Bool) -> (
    minX: Int, minY: Int, maxX: Int, maxY: Int
  )? {
    var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
    for y in 0..<image.height {
      for x in 0..<image.width where isInk(image[x: x, y: y]) {
        if let b = box {
          box = (min(b.minX, x), min(b.minY, y), max(b.maxX, x), max(b.maxY, y))
        } else {
          box = (x, y, x, y)
        }
      }
    }
    return box
  }

  /// Bright pixels (text ink drawn in white).
  static func isBright(_ pixel: BGRA) -> Bool {
    pixel.alpha > 128 && pixel.red > 128 && pixel.green > 128 && pixel.blue > 128
  }

  /// The failure a snapshot throws, or nil when it succeeds.
  static func failure(_ tool: AVVideoCompositionCoreAnimationTool, size: CGSize) -> CompatFailure? {
    do {
      _ = try tool.snapshotLayerTree(renderSize: size)
      return nil
    } catch {
      return error
    }
  }

  /// A CGImage of Reel's pixels.
  static func cgImage(_ image: ReelCore.Image) -> CGImage { CGImage(image) }

  /// A UIFont drawn with an installed family.
  static func font(_ family: String = "DejaVu Sans", size: CGFloat, weight: Int = 400) -> UIFont {
    UIFont(fontName: family, pointSize: size, family: family, weight: weight, isItalic: false)
  }
}
