import ReelAnimation
import ReelCore
import ReelGraphics
import ReelMedia

extension MovieRenderer {
  /// The composite side of a frame: the layer tree drawn over the video picture, scaled to
  /// the output size and, for the encoder, converted to 4:2:0 Y′CbCr. The one owner of the
  /// choice between drawing a frame in Y′CbCr and in RGB.
  ///
  /// Not Sendable: keeps a raster cache and scratch images; export runs it on its composite
  /// thread.
  package final class CompositeStep {
    let drawWidth: Int
    let drawHeight: Int
    private let outputWidth: Int
    private let outputHeight: Int
    private let matrix: ColorMatrix
    private let allowsYUV: Bool
    private let layers: LayerRenderer?
    private let converter: PictureConverter
    /// Whether frames keep their alpha (see ``Configuration/keepsAlpha``).
    private let keepsAlpha: Bool
    /// Whether the encoder takes BGRA (see ``Configuration/encoderTakesRGB``).
    private let encoderTakesRGB: Bool
    /// What the layers are drawn over where nothing else is: black, or clear when frames
    /// keep their alpha.
    private let backdrop: BGRA
    // Scratch images of the RGB path, reused frame after frame: the video picture in BGRA
    // and the canvas. Encoder pictures leave in Y′CbCr, so neither escapes the step.
    private var source = Image(width: 0, height: 0)
    private var canvas = Image(width: 0, height: 0)
    /// Frames made so far that were drawn in Y′CbCr.
    private(set) var yuvFrameCount = 0

    package init(_ configuration: Configuration) throws {
      let movie = configuration.movie
      layers = try movie.layers.map { tree throws(RenderError) in
        let renderer = try LayerRenderer(tree: tree, limits: configuration.limits)
        renderer.pictures = configuration.pictures
        renderer.rasterizer.shared = configuration.sharedRasters
        return renderer
      }
      (drawWidth, drawHeight) = movie.drawSize
      outputWidth = configuration.outputWidth
      outputHeight = configuration.outputHeight
      matrix = configuration.matrix
      keepsAlpha = configuration.keepsAlpha
      encoderTakesRGB = configuration.encoderTakesRGB || keepsAlpha
      allowsYUV = configuration.allowsYUV && !encoderTakesRGB
      backdrop = (keepsAlpha ? Color.clear : Color.black).premultipliedBGRA
      converter = try PictureConverter(pictures: configuration.pictures)
    }

    var renderListEvaluationCount: Int { layers?.renderListEvaluationCount ?? 0 }

    var warnings: [String] { layers?.warnings ?? [] }

    /// The frame at `time` over `video`, of the output size; in Y′CbCr when the whole frame
    /// could be drawn that way.
    ///
    /// The tree is evaluated once. The frame is drawn in Y′CbCr when the configuration
    /// allows it, the video picture is in Y′CbCr, the tree is drawn at the output size and
    /// ``LayerRenderer/renderYUV(_:picture:sourceID:matrix:)`` takes every item; otherwise
    /// the same render list is drawn in RGB over black.
    package func outputPicture(from video: VideoPicture, at time: Time) throws -> VideoPicture {
      var picture = video
      var drawnInYUV = false
      if let layers {
        let list = layers.renderList(at: time)
        if allowsYUV, case .yuv(let yuv) = picture, layers.width == outputWidth,
          layers.height == outputHeight,
          let rendered = try layers.renderYUV(list, picture: yuv, matrix: matrix)
        {
          picture = .yuv(rendered)
          drawnInYUV = true
        } else {
          try converter.convert(picture, into: &source)
          if canvas.width != layers.width || canvas.height != layers.height {
            canvas = try Image(uninitializedCheckedWidth: layers.width, height: layers.height)
          }
          try layers.render(list, videoFrames: [.main: source], over: backdrop, onto: &canvas)
          picture = .bgra(canvas)
        }
      } else if case .yuv = picture {
        drawnInYUV = true
      }
      if picture.width != outputWidth || picture.height != outputHeight {
        drawnInYUV = false
        let image = try converter.image(from: picture)
        let width = outputWidth
        let height = outputHeight
        picture = .bgra(
          try RenderError.allocating(layer: RenderError.wholeFrame) { () throws(GraphicsError) in
            try image.scaled(toWidth: width, height: height)
          })
      }
      if drawnInYUV { yuvFrameCount += 1 }
      return picture
    }

    /// ``outputPicture(from:at:)`` as the encoder takes it: in 4:2:0 Y′CbCr, converted here
    /// when drawn in RGB (and of even size), so the queue to the encoder holds 4:2:0 frames
    /// (less than half the memory of BGRA) and the scratch images stay unshared. An encoder
    /// that takes RGB (alpha, animated images) gets BGRA (the canvas is let go), for the
    /// writer to convert to its own format.
    package func encoderPicture(from video: VideoPicture, at time: Time) throws -> VideoPicture {
      var picture = try outputPicture(from: video, at: time)
      if encoderTakesRGB {
        canvas = Image(width: 0, height: 0)
        return .bgra(try converter.image(from: picture))
      }
      if case .bgra(let image) = picture, image.width % 2 == 0, image.height % 2 == 0 {
        picture = .yuv(try converter.yuv(from: image, matrix: matrix))
      }
      return picture
    }

    /// ``outputPicture(from:at:)`` as an image for a still, which leaves the step: the
    /// scratch canvas is let go so the next frame does not copy it before drawing.
    package func image(from video: VideoPicture, at time: Time) throws -> Image {
      let image = try converter.image(from: outputPicture(from: video, at: time))
      canvas = Image(width: 0, height: 0)
      source = Image(width: 0, height: 0)
      return image
    }
  }
}
