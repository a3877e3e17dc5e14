import ReelCore

/// Draws particles — small pictures placed by affine maps and tinted by a colour — into the
/// smallest image that holds them, at output resolution (the drawing of an emitter layer).
///
/// Each sprite's picture is multiplied by its colour (red, green and blue per channel, alpha
/// as opacity) and drawn with bilinear filtering; sprites are drawn over each other in
/// order (source-over), or added to each other (saturating) when `additive`.
public enum ParticleRenderer {
  /// One picture to draw.
  public struct Sprite: Sendable, Hashable {
    /// The index of its picture in the `images` passed to ``render(_:images:additive:clip:)``.
    public var image: Int
    /// Maps the picture's pixels (origin top-left) to the layer's coordinates.
    public var transform: AffineTransform
    /// Multiplies the picture's colour and alpha.
    public var color: Color

    /// Makes a sprite.
    public init(image: Int, transform: AffineTransform, color: Color) {
      self.image = image
      self.transform = transform
      self.color = color
    }
  }

  /// Draws sprites.
  ///
  /// - Parameters:
  ///   - sprites: What to draw, in order; a sprite whose picture index is out of range or
  ///     empty is skipped.
  ///   - images: The premultiplied pictures.
  ///   - additive: Whether colours add up instead of blending over each other.
  ///   - clip: The part of the layer's coordinates worth drawing, or nil for all.
  /// - Returns: The image, tight around the sprites' rectangles (rounded out to whole
  ///   pixels), and the layer coordinates of its top-left corner; a 0×0 image when nothing
  ///   is drawn.
  /// - Throws: ``GraphicsError/invalidSize(width:height:)`` when the sprites need an image
  ///   wider or taller than a canvas may be (pass a `clip`), ``GraphicsError/outOfMemory(_:)``.
  public static func render(
    _ sprites: [Sprite], images: [Image], additive: Bool = false, clip: Rect? = nil
  ) throws(GraphicsError) -> (image: Image, origin: Point) {
    let empty = (Image(width: 0, height: 0), Point.zero)
    var box: Rect?
    for sprite in sprites where images.indices.contains(sprite.image) {
      let picture = images[sprite.image]
      guard picture.width > 0, picture.height > 0 else { continue }
      let rect = sprite.transform.apply(
        to: Rect(x: 0, y: 0, width: Double(picture.width), height: Double(picture.height)))
      guard rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite
      else { continue }
      box = box.map { $0.union(rect) } ?? rect
    }
    guard var area = box else { return empty }
    if let clip {
      guard let visible = area.intersection(clip) else { return empty }
      area = visible
    }
    let minX = area.minX.rounded(.down)
    let minY = area.minY.rounded(.down)
    let width = (area.maxX.rounded(.up) - minX).saturatingInt
    let height = (area.maxY.rounded(.up) - minY).saturatingInt
    guard width > 0, height > 0 else { return empty }
    var canvas = try Canvas(width: width, height: height)
    let toCanvas = AffineTransform(translationX: -minX, y: -minY)
    var tinted: [TintKey: Image] = [:]
    for sprite in sprites where images.indices.contains(sprite.image) {
      let picture = images[sprite.image]
      guard picture.width > 0, picture.height > 0, sprite.color.alpha > 0 else { continue }
      let key = TintKey(
        image: sprite.image, red: sprite.color.red, green: sprite.color.green,
        blue: sprite.color.blue)
      let source: Image
      if let cached = tinted[key] {
        source = cached
      } else {
        source = Self.tinted(picture, by: sprite.color)
        // Keeps a bounded number of tinted copies (colour ranges make every particle's
        // colour different; those are tinted, drawn and freed one by one).
        if tinted.count < Self.tintedCopiesKept { tinted[key] = source }
      }
      canvas.transform = sprite.transform.concatenating(toCanvas)
      let opacity = sprite.color.alpha
      try canvas.withCheckedContext("particles") { cr in
        CairoSurface.reading(source) { surface in
          cr.setOperator(additive ? .add : .over)
          cr.paint(surface, opacity: opacity)
        }
      }
    }
    return (canvas.image, Point(x: minX, y: minY))
  }

  /// How many tinted copies of pictures one render keeps for reuse.
  static let tintedCopiesKept = 64

  private struct TintKey: Hashable {
    var image: Int
    var red: Double
    var green: Double
    var blue: Double
  }

  /// `image` with red, green and blue multiplied by the colour's (premultiplied values stay
  /// premultiplied: each channel only shrinks).
  static func tinted(_ image: Image, by color: Color) -> Image {
    guard color.red < 1 || color.green < 1 || color.blue < 1 else { return image }
    var result = image
    let (r, g, b) = (color.red, color.green, color.blue)
    let (width, height) = (result.width, result.height)
    let stride = result.bytesPerRow
    result.withUnsafeMutableBytes { bytes in
      for y in 0..<height {
        let row = y * stride
        for x in 0..<width {
          let i = row + x * 4
          bytes[i] = UInt8((Double(bytes[i]) * b).rounded())
          bytes[i + 1] = UInt8((Double(bytes[i + 1]) * g).rounded())
          bytes[i + 2] = UInt8((Double(bytes[i + 2]) * r).rounded())
        }
      }
    }
    return result
  }
}
