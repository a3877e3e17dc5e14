import Foundation
import ReelAnimation
import ReelCore

// Raster resolution for layers shown larger than their own pixels.
//
// Content is drawn at output resolution: one layer pixel is one raster pixel, and the
// compositor maps it through the item's transform. When that transform enlarges (a layer
// scaled up, or zoomed towards the viewer in 3D), a raster drawn at layer size would be
// magnified with bilinear sampling and look soft. So the rasterizer measures how many
// render pixels one layer pixel covers at most (the transform's largest local
// magnification, exact for affine transforms) and, when that is above 1.25, draws the
// content that many times larger, rounded up to a step of √2 (1.41, 2, 2.83, 4, 5.66, 8):
// the raster is then never magnified, only minified by less than √2, and a layer zooming
// from 1× to 4× is redrawn five times, not every frame. Up to 1.25× the layer-size raster
// is kept (a spring overshooting to 1.16 does not redraw; the softening is slight and
// brief). Rasters are capped at 8× and at 8192 pixels per side. Below 1× (a layer shrunk by
// its transform) the layer-size raster is minified by the compositor. Video frames are
// never redrawn this way (they have their own pixels) and shadows stay at layer size
// (they are blurred anyway).
extension LayerRasterizer {
  /// The largest raster scale used.
  static let maximumRasterScale = 8.0
  /// Rasters are not scaled beyond this many pixels per side.
  static let maximumScaledSide = 8192.0

  /// Raster pixels per layer pixel for `item`: 1, or a √2 step above 1.25 when its
  /// transform enlarges the layer (see the notes at the top of this file).
  static func rasterScale(for item: RenderItem) -> Double {
    let kind = item.drawing.kind
    guard kind.followsMagnification, let size = kind.layerSize else { return 1 }
    let magnification = largestMagnification(of: item.transform, over: size)
    guard magnification > 1.25, magnification.isFinite else { return 1 }
    let steps = (2 * log2(min(magnification, maximumRasterScale))).rounded(.up)
    var scale = min(pow(2, steps / 2), maximumRasterScale)
    let side = max(size.width, size.height, 1)
    while scale > 1, side * scale > maximumScaledSide { scale /= 2.0.squareRoot() }
    return max(scale, 1)
  }

  /// How many render pixels one layer pixel spans at most, sampled at the corners and the
  /// centre of a `size` rectangle (exact for affine transforms, where it is constant).
  static func largestMagnification(of transform: Transform3D, over size: Size) -> Double {
    let points = [
      Point(x: 0, y: 0), Point(x: size.width, y: 0), Point(x: 0, y: size.height),
      Point(x: size.width, y: size.height), Point(x: size.width / 2, y: size.height / 2),
    ]
    var largest = 0.0
    for point in points {
      guard let here = transform.project(point),
        let right = transform.project(Point(x: point.x + 1, y: point.y)),
        let down = transform.project(Point(x: point.x, y: point.y + 1))
      else { continue }
      let across =
        ((right.x - here.x) * (right.x - here.x) + (right.y - here.y) * (right.y - here.y))
        .squareRoot()
      let along = ((down.x - here.x) * (down.x - here.x) + (down.y - here.y) * (down.y - here.y))
        .squareRoot()
      largest = max(largest, across, along)
    }
    return largest
  }
}
