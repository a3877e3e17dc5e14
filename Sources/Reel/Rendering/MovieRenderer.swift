import ReelAnimation
import ReelCore
import ReelGraphics
import ReelMedia

/// Draws a movie's frames: the composited video of its video composition
/// (``VideoFrameCompositor``), then its layer tree over and around it (``LayerRenderer``),
/// scaled to the output size — the one route every frame takes, for export and for stills.
///
///     let renderer = try MovieRenderer(movie: movie)
///     let still = try renderer.frame(at: Time(value: 3, timescale: 2))   // 1.5 s
///
/// A frame is made in two steps, which export runs on two threads
/// (``MovieRenderer/DecodeStep`` and ``MovieRenderer/CompositeStep``): the source picture at
/// a time (decoding, the video composition), then the frame over it (the layer tree
/// evaluated once, the one choice between drawing in 4:2:0 Y′CbCr and in RGB, scaling, and
/// for the encoder the conversion to 4:2:0).
///
/// Not Sendable: owns decoders and a raster cache; use it from one thread at a time.
public final class MovieRenderer {
  /// Width in pixels frames are drawn at (the layer tree's render size, else the video
  /// composition's).
  public var drawWidth: Int { composite.drawWidth }
  /// Height in pixels frames are drawn at.
  public var drawHeight: Int { composite.drawHeight }
  /// Width in pixels of the pictures made.
  public var outputWidth: Int { configuration.outputWidth }
  /// Height in pixels of the pictures made.
  public var outputHeight: Int { configuration.outputHeight }

  private let configuration: Configuration
  private let decode: DecodeStep
  private let composite: CompositeStep

  /// A renderer for stills: frames drawn in RGB at the draw size, as
  /// ``FrameGrabber`` returns them.
  ///
  /// - Parameters:
  ///   - movie: The movie drawn.
  ///   - limits: The budgets for drawing its layers (layer count, raster cache).
  /// - Throws: ``RenderError/invalidRenderSize(width:height:)`` when the video composition's
  ///   or the layer tree's render size is not drawable; ``RenderError/limit(_:)`` when the
  ///   tree has too many layers; ``MediaError`` when the converter cannot be made.
  public convenience init(movie: Movie, limits: ResourceLimits = .default) throws {
    try self.init(Configuration(still: movie, limits: limits))
  }

  /// A renderer for stills that keep their alpha when `keepsAlpha` is on: drawn over a clear
  /// backdrop, as an export with alpha draws them (``FrameGrabber/keepsAlpha``).
  ///
  /// - Throws: As ``init(movie:limits:)``.
  convenience init(movie: Movie, limits: ResourceLimits, keepsAlpha: Bool) throws {
    var configuration = Configuration(still: movie, limits: limits)
    configuration.keepsAlpha = keepsAlpha
    try self.init(configuration)
  }

  /// A renderer of pictures of a chosen size for the encoder.
  ///
  /// - Parameters:
  ///   - movie: The movie drawn.
  ///   - outputWidth: Width of the pictures made, in pixels.
  ///   - outputHeight: Height of the pictures made, in pixels.
  ///   - matrix: The Y′CbCr matrix of the encoder's pictures.
  ///   - limits: The budgets for drawing the layers.
  ///   - drawsInYUVWherePossible: Whether frames stay in 4:2:0 Y′CbCr where what is drawn
  ///     allows it (as export draws them), else every frame is drawn in RGB.
  /// - Throws: As ``init(movie:limits:)``.
  @_spi(Benchmarks)
  public convenience init(
    movie: Movie, outputWidth: Int, outputHeight: Int, matrix: ColorMatrix,
    limits: ResourceLimits = .default, drawsInYUVWherePossible: Bool = true
  ) throws {
    try self.init(
      Configuration(
        movie: movie, outputWidth: outputWidth, outputHeight: outputHeight, matrix: matrix,
        limits: limits, allowsYUV: drawsInYUVWherePossible, decoderThreadCount: 0))
  }

  init(_ configuration: Configuration) throws {
    self.configuration = configuration
    decode = try DecodeStep(configuration)
    composite = try CompositeStep(configuration)
  }

  /// The frame at `time` as a premultiplied image of the output size: the layers drawn over
  /// black (a translucent tree background is kept translucent, as the layer renderer
  /// stores it).
  ///
  /// - Parameter time: Composition time in seconds.
  /// - Throws: ``MediaError`` when a source cannot be decoded; ``RenderError`` or
  ///   ``PixelAllocationError`` when drawing fails.
  public func frame(at time: Time) throws -> Image {
    try image(from: sourcePicture(at: time), at: time)
  }

  /// The decode-side step: the composited video picture at `time`.
  ///
  /// - Parameter time: Composition time in seconds.
  /// - Throws: As ``frame(at:)``.
  @_spi(Benchmarks)
  public func sourcePicture(at time: Time) throws -> VideoPicture {
    try decode.picture(at: time)
  }

  /// The composite-side step: the frame at `time` over the video picture `source`, of the
  /// output size, in Y′CbCr when it was drawn that way.
  ///
  /// - Throws: As ``frame(at:)``.
  @_spi(Benchmarks)
  public func outputPicture(from source: VideoPicture, at time: Time) throws -> VideoPicture {
    try composite.outputPicture(from: source, at: time)
  }

  /// The composite-side step as export runs it: ``outputPicture(from:at:)`` in 4:2:0
  /// Y′CbCr (converted when it was drawn in RGB and its size is even).
  ///
  /// - Throws: As ``frame(at:)``.
  @_spi(Benchmarks)
  public func encoderPicture(from source: VideoPicture, at time: Time) throws -> VideoPicture {
    try composite.encoderPicture(from: source, at: time)
  }

  /// The composite-side step as stills take it: ``outputPicture(from:at:)`` as an image
  /// that the renderer keeps no reference to (the next frame draws on a new canvas).
  ///
  /// - Throws: As ``frame(at:)``.
  @_spi(Benchmarks)
  public func image(from source: VideoPicture, at time: Time) throws -> Image {
    try composite.image(from: source, at: time)
  }

  /// How many times the layer tree has been evaluated into a render list (once per frame).
  package var renderListEvaluationCount: Int { composite.renderListEvaluationCount }

  /// Frames made so far that were drawn in Y′CbCr.
  package var yuvFrameCount: Int { composite.yuvFrameCount }

  /// Warnings raised so far while drawing the layers (font fallbacks), each once.
  public var warnings: [String] { composite.warnings }
}

extension MovieRenderer {
  /// What a renderer draws and how: the movie, the output size and matrix, the budgets and
  /// whether frames may stay in Y′CbCr. Export makes one from its ``ExportPlan`` and builds
  /// each step on the thread that runs it.
  package struct Configuration: Sendable {
    var movie: Movie
    var outputWidth: Int
    var outputHeight: Int
    var matrix: ColorMatrix
    var limits: ResourceLimits
    /// Whether frames stay in 4:2:0 Y′CbCr where what is drawn allows it.
    var allowsYUV: Bool
    /// Whether frames keep their alpha: drawn in RGB over a clear backdrop, and handed to
    /// the encoder in BGRA (``ExportPlan/keepsAlpha``).
    var keepsAlpha = false
    /// Whether the encoder takes BGRA (``ExportPlan/encoderTakesRGB``): frames are drawn in
    /// RGB and handed over as they are, not converted to 4:2:0.
    var encoderTakesRGB = false
    /// Decoder threads per source reader (0: FFmpeg's choice).
    var decoderThreadCount: Int
    /// The pool the Y′CbCr pictures of the steps take their buffers from: an export's own
    /// (freed with it), ``YUVBufferPool/shared`` for stills.
    var pictures = YUVBufferPool.shared
    /// Where the readers report what they could not decode: an export's log; nil for stills.
    var damage: DamageLog?
    /// Layer rasters shared with other exports (``ExportSettings/sharedRasters``), or nil.
    var sharedRasters: SharedRasterCache?

    init(
      movie: Movie, outputWidth: Int, outputHeight: Int, matrix: ColorMatrix,
      limits: ResourceLimits, allowsYUV: Bool, decoderThreadCount: Int
    ) {
      self.movie = movie
      self.outputWidth = outputWidth
      self.outputHeight = outputHeight
      self.matrix = matrix
      self.limits = limits
      self.allowsYUV = allowsYUV
      self.decoderThreadCount = decoderThreadCount
    }

    /// Stills: RGB at the draw size.
    init(still movie: Movie, limits: ResourceLimits) {
      let size = movie.drawSize
      self.init(
        movie: movie, outputWidth: size.width, outputHeight: size.height, matrix: .bt709,
        limits: limits, allowsYUV: false, decoderThreadCount: 0)
    }

    /// Export: the plan's output size and matrix; one decoder thread per source, measured
    /// as fast as frame threading there (the encoder's threads keep the cores busy) with
    /// 15 MB less per open decoder (docs/performance.md).
    init(plan: ExportPlan, movie: Movie, settings: ExportSettings) {
      let size = plan.outputSize ?? (plan.drawWidth, plan.drawHeight)
      self.init(
        movie: movie, outputWidth: size.width, outputHeight: size.height,
        matrix: plan.outputMatrix, limits: settings.limits,
        allowsYUV: settings.allowsYUVFastPath && !plan.encoderTakesRGB, decoderThreadCount: 1)
      keepsAlpha = plan.keepsAlpha
      encoderTakesRGB = plan.encoderTakesRGB
      sharedRasters = settings.sharedRasters
    }
  }

  /// The decode side of a frame: the sources decoded and the video composition drawn, in
  /// Y′CbCr when the configuration allows it and the frame is a picture the decoder made or
  /// a cross-fade of two (see ``VideoFrameCompositor/picture(at:matrix:)``).
  ///
  /// Not Sendable: owns decoders; export runs it on its decode thread.
  package final class DecodeStep {
    private let compositor: VideoFrameCompositor
    /// The matrix pictures are kept in Y′CbCr for; nil to draw every one in RGB.
    private let yuvMatrix: ColorMatrix?

    package init(_ configuration: Configuration) throws(RenderError) {
      let movie = configuration.movie
      compositor = try VideoFrameCompositor(
        composition: movie.composition, videoComposition: movie.resolvedVideoComposition)
      compositor.decoderThreadCount = configuration.decoderThreadCount
      compositor.pictures = configuration.pictures
      compositor.damageLog = configuration.damage
      compositor.keepsAlpha = configuration.keepsAlpha
      yuvMatrix = configuration.allowsYUV && !configuration.keepsAlpha ? configuration.matrix : nil
    }

    /// The composited video picture at `time` (composition seconds).
    package func picture(at time: Time) throws -> VideoPicture {
      try finishPicture(startPicture(at: time))
    }

    /// How many frames may be begun before the first is finished (more than 1 only with a
    /// composer, which may compose several at once).
    package var framesInFlight: Int { compositor.framesInFlight }

    /// Begins the picture at `time`; finish the pictures begun in the order they were begun.
    package func startPicture(at time: Time) throws -> VideoFrameCompositor.PendingPicture {
      try compositor.startPicture(at: time, matrix: yuvMatrix)
    }

    /// The picture begun by ``startPicture(at:)``, waited for.
    package func finishPicture(
      _ pending: VideoFrameCompositor.PendingPicture,
      waitingUpTo seconds: Double = VideoFrameCompositor.composerTimeout
    ) throws -> VideoPicture {
      let picture = try compositor.finishPicture(pending, waitingUpTo: seconds)
      if yuvMatrix == nil, case .yuv = picture {
        return .bgra(try compositor.frame(from: picture))
      }
      return picture
    }

    /// Gives up the pictures begun and not finished (the export stopped).
    package func cancelPendingPictures() { compositor.cancelPendingPictures() }
  }
}
