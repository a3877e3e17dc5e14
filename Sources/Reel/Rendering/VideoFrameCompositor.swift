import Foundation
import ReelCore
import ReelGraphics
import ReelMedia

/// Makes the composited video picture of a video composition at a time: the background
/// colour, then each visible track's source frame, cropped, transformed and faded as its
/// layer instruction says, bottom to top.
///
/// Sources are decoded with one ``VideoReader`` per composition track and source file, kept
/// open and read forward while frames are asked for in order (no seeking for sequential
/// frames) and closed after the first frame that does not use them; still images are
/// decoded once. Pictures are decoded in their coded orientation:
/// the layer instruction's transform carries the rotation that turns them upright.
///
/// Not Sendable: owns decoders; use it from one thread at a time.
public final class VideoFrameCompositor {
  /// The composition whose tracks are drawn.
  public let composition: Composition
  /// Render size, frame duration, background and instructions.
  public let videoComposition: VideoComposition
  /// Output width in pixels.
  public let width: Int
  /// Output height in pixels.
  public let height: Int

  private struct ReaderKey: Hashable {
    var trackID: TrackID
    var path: String
    var trackIndex: Int
  }
  private var readers: [ReaderKey: VideoReader] = [:]
  private var assets: [String: Asset] = [:]
  private var stills: [String: DecodedImage] = [:]
  private var pictureConverter: PictureConverter?
  /// Decoder threads per source reader opened from now on (0: FFmpeg's choice, one more than
  /// the cores). Export decodes on a thread of its own beside the encoder's threads and sets
  /// 1: as fast there, and each frame thread would keep its own pictures in memory.
  package var decoderThreadCount = 0
  /// Where the Y′CbCr pictures it makes (cross-fades) take their buffers from.
  package var pictures = YUVBufferPool.shared
  /// Where its readers report what they could not decode; nil for nowhere.
  package var damageLog: DamageLog?
  /// How many source readers (open decoders) the compositor holds.
  package var openReaderCount: Int { readers.count }
  /// The readers the frame being made has asked for.
  private var usedReaders: Set<ReaderKey> = []
  /// Whether pictures keep their alpha (an export that writes it): backgrounds keep their
  /// own alpha (a clear one stays clear), empty time is clear rather than black, and a
  /// composer's translucent answer is not flattened over black. False: every picture is
  /// opaque. Set it before the first picture, with no Y′CbCr matrix asked for.
  package var keepsAlpha = false

  /// Makes a compositor.
  ///
  /// - Throws: ``RenderError/invalidRenderSize(width:height:)`` when the video composition's
  ///   render size is not drawable.
  public init(composition: Composition, videoComposition: VideoComposition) throws(RenderError) {
    let (width, height) = videoComposition.pixelSize
    guard width >= 1, height >= 1, max(width, height) <= PixelLimits.maximumCanvasSide else {
      throw RenderError.invalidRenderSize(width: width, height: height)
    }
    self.composition = composition
    self.videoComposition = videoComposition
    self.width = width
    self.height = height
  }

  /// The composited picture at `time`.
  ///
  /// - Parameter time: Composition time in seconds.
  /// - Returns: An opaque image of the render size (the background colour where no track
  ///   draws; black when no instruction covers `time`).
  /// - Throws: ``MediaError`` when a source cannot be decoded; ``RenderError`` when drawing
  ///   fails.
  public func frame(at time: Time) throws -> Image {
    try frame(from: finishPicture(startPicture(at: time, matrix: nil)))
  }

  /// A picture as an image (Y′CbCr converted to BGRA).
  package func frame(from picture: VideoPicture) throws -> Image {
    try converter().image(from: picture)
  }

  /// The composited picture at `time`, kept in 4:2:0 Y′CbCr where it can be: a single
  /// covering video picture straight from its decoder (no conversion at all), or one
  /// untransformed picture faded over another covering one (a cross-fade, mixed sample by
  /// sample, which is exact for opaque pictures because the mix is linear). Everything else
  /// is drawn in RGB as ``frame(at:)`` draws it.
  ///
  /// - Parameters:
  ///   - time: Composition time in seconds.
  ///   - matrix: The matrix Y′CbCr pictures must use to be returned as they are; pictures in
  ///     another matrix are converted to RGB.
  /// - Returns: The picture, of the render size.
  /// - Throws: As ``frame(at:)``.
  @_spi(Benchmarks) public func picture(at time: Time, matrix: ColorMatrix) throws -> VideoPicture {
    try finishPicture(startPicture(at: time, matrix: matrix))
  }

  /// A frame begun by ``startPicture(at:matrix:)``: made already, or being composed by the
  /// video composition's ``VideoComposition/composer``.
  package struct PendingPicture {
    enum State {
      case made(VideoPicture)
      case composing(VideoCompositionRequest)
    }
    let state: State
    let time: Time
    let matrix: ColorMatrix?

    /// Whether the picture can be finished without waiting, after waiting up to `seconds`
    /// for the composer's answer.
    package func isReady(waiting seconds: Double) -> Bool {
      guard case .composing(let request) = state else { return true }
      return request.wait(seconds: seconds) != nil
    }
  }

  /// How many frames may be begun before the first of them is finished: the composer's
  /// ``VideoFrameComposer/framesInFlight``, else 1.
  package var framesInFlight: Int { max(1, videoComposition.composer?.framesInFlight ?? 1) }

  /// Begins the frame at `time`: decodes its sources and, with a composer, hands them over
  /// without waiting for the answer. Frames must be begun in time order and finished in the
  /// order they were begun (``finishPicture(_:)``).
  ///
  /// - Parameters:
  ///   - time: Composition time in seconds.
  ///   - matrix: As ``picture(at:matrix:)``; nil for a BGRA picture.
  /// - Throws: As ``frame(at:)``.
  package func startPicture(at time: Time, matrix: ColorMatrix?) throws -> PendingPicture {
    let keepsYUV = videoComposition.frameFilter == nil ? matrix : nil
    guard let composer = videoComposition.composer else {
      return PendingPicture(
        state: .made(try composite(at: time, keepingYUVIn: keepsYUV)), time: time, matrix: matrix)
    }
    defer { closeUnusedReaders() }
    guard
      let index = videoComposition.instructions.firstIndex(where: { $0.timeRange.contains(time) })
    else {
      return PendingPicture(
        state: .made(.bgra(try filled(color: emptyTime))), time: time, matrix: matrix)
    }
    let instruction = videoComposition.instructions[index]
    if let passthrough = instruction.passthroughTrackID {
      return PendingPicture(
        state: .made(try passedThrough(passthrough, at: time, instruction: instruction)),
        time: time, matrix: matrix)
    }
    let tracks = instruction.requiredSourceTrackIDs ?? composition.videoTracks.map(\.id)
    var sources: [TrackID: VideoPicture] = [:]
    for track in tracks {
      guard let layer = sourceLayer(track, at: time),
        let picture = try videoPicture(for: layer)
      else { continue }
      if composer.wantsRGBSources, case .yuv(let yuv) = picture {
        sources[track] = .bgra(try converter().image(from: yuv))
      } else {
        sources[track] = picture
      }
    }
    let request = VideoCompositionRequest(
      time: time, instructionIndex: index, width: width, height: height, sourcePictures: sources)
    composer.startComposing(request)
    return PendingPicture(state: .composing(request), time: time, matrix: matrix)
  }

  /// Finishes a frame begun by ``startPicture(at:matrix:)``: waits for the composer's answer
  /// (up to `seconds`, ``composerTimeout`` unless given), then applies the frame filter.
  ///
  /// - Returns: The picture, of the render size: in Y′CbCr only when the pending frame's
  ///   matrix was given and is the picture's, with no frame filter.
  /// - Throws: ``RenderError/composing(time:reason:)`` when the composer failed, gave the
  ///   frame up, answered with another size or not at all; as ``frame(at:)``.
  package func finishPicture(
    _ pending: PendingPicture, waitingUpTo seconds: Double = composerTimeout
  ) throws -> VideoPicture {
    var picture: VideoPicture
    switch pending.state {
    case .made(let made): picture = made
    case .composing(let request):
      guard let answer = request.wait(seconds: seconds) else {
        throw RenderError.composing(
          time: pending.time,
          reason:
            "the compositor did not finish the request within \(Int(Self.composerTimeout)) s; finish every request it is handed"
        )
      }
      switch answer {
      case .composed(let composed): picture = composed
      case .failed(let reason):
        throw RenderError.composing(time: pending.time, reason: "the compositor failed: \(reason)")
      case .cancelled:
        throw RenderError.composing(
          time: pending.time,
          reason:
            "the compositor finished the request as cancelled, but nothing was cancelled; finish it with a frame or an error"
        )
      }
      guard picture.width == width, picture.height == height else {
        throw RenderError.composing(
          time: pending.time,
          reason:
            "the compositor answered with a \(picture.width)×\(picture.height) frame for a \(width)×\(height) render; answer with a frame of the render size"
        )
      }
      if !keepsAlpha, case .bgra(let image) = picture { picture = .bgra(try opaque(image)) }
    }
    if let filter = videoComposition.frameFilter {
      let filtered = try filter.filteredFrame(
        try converter().image(from: picture), at: pending.time)
      guard filtered.width == width, filtered.height == height else {
        throw RenderError.frameFilterChangedSize(
          width: filtered.width, height: filtered.height, renderWidth: width,
          renderHeight: height, time: pending.time)
      }
      return .bgra(filtered)
    }
    if case .yuv(let yuv) = picture, yuv.matrix != pending.matrix {
      return .bgra(try converter().image(from: yuv))
    }
    return picture
  }

  /// Asks the composer to give up the frames begun and not finished (the export stopped).
  package func cancelPendingPictures() {
    videoComposition.composer?.cancelPendingRequests()
  }

  /// How long a composer may take to answer one request before the export fails, in seconds.
  package static let composerTimeout = 60.0

  /// The layer that reads one track's source at `time` as it is (no transform, opacity 1),
  /// or nil when the track is empty there.
  private func sourceLayer(_ track: TrackID, at time: Time) -> VideoFrameDescription.Layer? {
    guard let position = composition.position(at: time, track: track),
      !position.segment.isEmpty
    else { return nil }
    return VideoFrameDescription.Layer(
      trackID: track, source: position.segment.source, sourceTime: position.sourceTime,
      opacity: 1, transform: .identity, cropRectangle: nil)
  }

  /// A pass-through instruction's frame: the track's picture as it is when it has the render
  /// size, else drawn untransformed over the background (the background alone where the
  /// track is empty).
  private func passedThrough(
    _ track: TrackID, at time: Time, instruction: VideoCompositionInstruction
  ) throws -> VideoPicture {
    let background = backdrop(instruction.backgroundColor ?? videoComposition.backgroundColor)
    guard let layer = sourceLayer(track, at: time), let picture = try videoPicture(for: layer)
    else { return .bgra(try filled(color: background)) }
    if covers(picture, layer: layer) { return picture }
    var output = try filled(color: background)
    try draw(try converter().image(from: picture), layer: layer, onto: &output)
    return .bgra(output)
  }

  /// The colour behind every track: `color` opaque, or as it is when pictures keep alpha.
  private func backdrop(_ color: Color) -> Color { keepsAlpha ? color : color.withAlpha(1) }

  /// What a time no instruction covers shows: black, or nothing when pictures keep alpha.
  private var emptyTime: Color { keepsAlpha ? .clear : .black }

  /// A composed BGRA frame made opaque: drawn over black where it is not.
  private func opaque(_ image: Image) throws -> Image {
    var isOpaque = true
    image.withUnsafeBytes { bytes in
      for y in 0..<image.height where isOpaque {
        let row = y * image.bytesPerRow
        for x in 0..<image.width where bytes[row + 4 * x + 3] != 255 {
          isOpaque = false
          break
        }
      }
    }
    if isOpaque { return image }
    var output = try filled(color: .black)
    try draw(
      image,
      layer: VideoFrameDescription.Layer(
        trackID: TrackID(rawValue: 0), source: .empty, sourceTime: .zero, opacity: 1,
        transform: .identity, cropRectangle: nil), onto: &output)
    return output
  }

  /// The composited picture at `time`: in Y′CbCr when `matrix` is given and the frame allows
  /// it (see ``picture(at:matrix:)``), else in RGB.
  private func composite(at time: Time, keepingYUVIn matrix: ColorMatrix?) throws
    -> VideoPicture
  {
    // Every layer's source is read (so each reader stays in step and keeps decoding forward),
    // but drawing starts at the topmost picture that covers the whole frame: an opaque,
    // untransformed, full-size video picture hides the background and everything below it,
    // and is taken as it is (the common pass-through case) with no fill and no composite.
    defer { closeUnusedReaders() }
    guard let description = videoComposition.frameDescription(at: time, in: composition) else {
      return .bgra(try filled(color: emptyTime))
    }
    if let transition = description.transition {
      return .bgra(try transitionFrame(description, transition))
    }
    var pictures: [(VideoPicture, VideoFrameDescription.Layer)] = []
    var firstVisible = 0
    for layer in description.layers {
      guard let picture = try videoPicture(for: layer) else { continue }
      if covers(picture, layer: layer) {
        firstVisible = pictures.count
      }
      pictures.append((picture, layer))
    }
    let drawn = pictures[firstVisible...]
    if let (bottom, bottomLayer) = drawn.first,
      covers(bottom, layer: bottomLayer)
    {
      if drawn.count == 1 {
        if case .yuv(let yuv) = bottom, yuv.matrix != matrix {
          return .bgra(try converter().image(from: yuv))
        }
        return bottom
      }
      if drawn.count == 2, matrix != nil, case .yuv(let under) = bottom, under.matrix == matrix,
        let (top, topLayer) = drawn.last, case .yuv(let over) = top,
        over.matrix == matrix, over.width == width, over.height == height,
        topLayer.transform.isIdentity, topLayer.cropRectangle == nil
      {
        return .yuv(
          try RenderError.allocating(layer: "video composition") { () throws(GraphicsError) in
            try YUVCompositor.mix(
              over, opacity: topLayer.opacity, over: under, pool: self.pictures)
          })
      }
    }
    var output: Image
    var remaining = drawn
    if let (picture, layer) = remaining.first,
      covers(picture, layer: layer)
    {
      output = try converter().image(from: picture)
      remaining = remaining.dropFirst()
    } else {
      output = try filled(color: backdrop(description.backgroundColor))
    }
    for (picture, layer) in remaining {
      try draw(try converter().image(from: picture), layer: layer, onto: &output)
    }
    return .bgra(output)
  }

  /// A transition instruction's frame: the outgoing picture (the top layer) and the incoming
  /// one (the layer below), each drawn alone over the background, through the filter.
  private func transitionFrame(
    _ description: VideoFrameDescription, _ transition: VideoFrameDescription.Transition
  ) throws -> Image {
    let background = backdrop(description.backgroundColor)
    var drawn: [Image] = []
    for layer in description.layers {
      var canvas = try filled(color: background)
      if let picture = try picture(for: layer) {
        try draw(picture, layer: layer, onto: &canvas)
      }
      drawn.append(canvas)
    }
    let incoming = drawn.count >= 2 ? drawn[drawn.count - 2] : try filled(color: background)
    let outgoing = drawn.last ?? incoming
    let frame: Image
    do {
      frame = try transition.filter.filter.transition(
        from: outgoing, to: incoming, progress: transition.progress)
    } catch {
      throw RenderError.drawing(
        layer: "the \(transition.filter.name) transition", reason: "\(error)")
    }
    guard frame.width == width, frame.height == height else {
      throw RenderError.drawing(
        layer: "the \(transition.filter.name) transition",
        reason: "it made a \(frame.width)×\(frame.height) picture of a \(width)×\(height) frame")
    }
    return frame
  }

  /// The converter for Y′CbCr pictures that must be drawn in RGB, made on first use.
  private func converter() throws -> PictureConverter {
    if let pictureConverter { return pictureConverter }
    let made = try PictureConverter()
    pictureConverter = made
    return made
  }

  /// The source picture a layer shows, in the form its decoder made it when that is
  /// 4:2:0 Y′CbCr, or nil when the source has no frame at that time.
  private func videoPicture(for layer: VideoFrameDescription.Layer) throws -> VideoPicture? {
    guard case .track(let source) = layer.source else {
      return try picture(for: layer).map { .bgra($0) }
    }
    return try reader(for: layer, source: source).picture(at: layer.sourceTime)
  }

  /// Whether a layer's picture, drawn, would replace every output pixel exactly: a decoded
  /// video frame (opaque by its pixel format, ``TrackInfo/isOpaque``) of the output size at
  /// full opacity, with an identity transform and no crop.
  private func covers(_ picture: VideoPicture, layer: VideoFrameDescription.Layer) -> Bool {
    guard case .track(let source) = layer.source, source.track.isOpaque else { return false }
    return layer.opacity >= 1 && layer.transform.isIdentity && layer.cropRectangle == nil
      && picture.width == width && picture.height == height
  }

  /// The source picture a layer shows, or nil when the source has no frame at that time.
  private func picture(for layer: VideoFrameDescription.Layer) throws -> Image? {
    switch layer.source {
    case .track(let source):
      return try reader(for: layer, source: source).frame(at: layer.sourceTime)?.image
    case .still(let still):
      let decoded = try stills[still.path] ?? still.picture()
      stills[still.path] = decoded
      return decoded.frame(at: layer.sourceTime)
    case .empty:
      return nil
    }
  }

  /// Closes the readers the last frame did not use (a clip whose segment has ended), so the
  /// decoders of a long sequence do not accumulate; a source used again later is reopened.
  private func closeUnusedReaders() {
    if readers.count != usedReaders.count {
      readers = readers.filter { usedReaders.contains($0.key) }
    }
    usedReaders.removeAll(keepingCapacity: true)
  }

  /// The reader of a track layer's source, opened on first use.
  private func reader(for layer: VideoFrameDescription.Layer, source: SourceTrack)
    throws -> VideoReader
  {
    let key = ReaderKey(trackID: layer.trackID, path: source.path, trackIndex: source.track.index)
    usedReaders.insert(key)
    if let existing = readers[key] { return existing }
    let asset = try assets[source.path] ?? source.asset()
    assets[source.path] = asset
    let reader = try VideoReader(
      asset: asset, track: source.track, applyRotation: false,
      decoderThreadCount: decoderThreadCount, damageLog: damageLog)
    readers[key] = reader
    return reader
  }

  /// A frame of the render size in one colour.
  ///
  /// - Throws: ``RenderError/outOfMemory(_:)`` when it cannot be allocated.
  private func filled(color: Color) throws(RenderError) -> Image {
    try RenderError.allocating(layer: "video composition") { () throws(GraphicsError) in
      try Image.filled(width: width, height: height, color: color)
    }
  }

  /// Draws one layer's picture: crop, then transform, with its opacity.
  private func draw(_ picture: Image, layer: VideoFrameDescription.Layer, onto output: inout Image)
    throws
  {
    var source = picture
    var transform = layer.transform
    var clip: Compositor.Clip? = nil
    if let crop = layer.cropRectangle {
      let isRectilinear =
        (transform.b == 0 && transform.c == 0) || (transform.a == 0 && transform.d == 0)
      if isRectilinear {
        // The crop lands on an axis-aligned rectangle of the output: clip there, no copy.
        clip = .rect(transform.apply(to: crop))
      } else {
        let whole = crop.integral
        source = try RenderError.allocating(layer: "video composition") {
          () throws(GraphicsError) in try picture.cropped(to: whole)
        }
        transform = Transform2D(translationX: whole.minX, y: whole.minY).concatenating(transform)
      }
    }
    do {
      try Compositor.draw(
        source, onto: &output, transform: Transform3D(transform), opacity: layer.opacity,
        clip: clip)
    } catch {
      throw RenderError.drawing(
        layer: "video track \(layer.trackID.rawValue)", reason: error.description)
    }
  }
}
