internal import ReelAnimation
internal import ReelCore
internal import ReelGraphics

extension CALayer {
  /// A plain layer's content: its `contents` image (cut to `contentsRect`), or nothing.
  func contentsSnapshot(_ context: LayerSnapshotContext) throws(CompatFailure) -> LayerContent {
    guard let contents else { return .none }
    guard let cgImage = contents as? CGImage else {
      CompatWarnings.warnOnce(
        key: "contentsType|\(context.description)",
        "\(context.description) has contents of type \(type(of: contents)), not a CGImage: "
          + "as on Apple it shows nothing (pass a CGImage, such as UIImage.cgImage)")
      return .none
    }
    var image = cgImage.image
    let unit = CGRect(x: 0, y: 0, width: 1, height: 1)
    if contentsRect != unit {
      image = try croppedContents(image, context)
    }
    if contentsScale != 1, ![.resize, .resizeAspect, .resizeAspectFill].contains(contentsGravity) {
      throw CompatFailure(
        .invalidVideoComposition,
        "\(context.description) has contentsScale \(contentsScale) with contentsGravity "
          + "\"\(contentsGravity.rawValue)\": Reel places contents one image pixel per point; "
          + "set contentsScale to 1 or use a resizing gravity")
    }
    return .image(image)
  }

  /// The part of `image` that `contentsRect` shows (unit coordinates, y from the image's
  /// top as Core Animation's upright contents), rounded to whole pixels.
  private func croppedContents(_ image: Image, _ context: LayerSnapshotContext)
    throws(CompatFailure) -> Image
  {
    let (w, h) = (Double(image.width), Double(image.height))
    let rect = contentsRect.standardized.reelRect
    let x0 = (max(rect.minX, 0) * w).rounded()
    let y0 = (max(rect.minY, 0) * h).rounded()
    let x1 = (min(rect.maxX, 1) * w).rounded()
    let y1 = (min(rect.maxY, 1) * h).rounded()
    guard rect.minX >= 0, rect.minY >= 0, rect.maxX <= 1, rect.maxY <= 1, x1 > x0, y1 > y0 else {
      throw CompatFailure(
        .invalidVideoComposition,
        "\(context.description) has contentsRect \(contentsRect), which is not inside the "
          + "unit square: Reel shows a part of the contents, not repeated edges; use a "
          + "rectangle within (0, 0, 1, 1)")
    }
    do {
      return try image.cropped(to: Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
    } catch {
      throw CompatFailure(
        .invalidVideoComposition,
        "\(context.description): the contents could not be cut to contentsRect (\(error))")
    }
  }
}
