import CFFmpeg
import Foundation

/// Writes a movie file from ``Image``s with presentation times and interleaved float PCM.
///
/// The container comes from the file extension: `.mp4`, `.mov`, `.m4v`, `.mkv` (H.264 by
/// default, HEVC allowed), `.webm` (VP9 and Opus only) or `.m4a` (AAC audio only). Video is
/// converted from BGRA to limited-range 4:2:0 Y′CbCr with the BT.601 or BT.709 matrix and
/// tagged with what was used. MP4-family files get `moov` before `mdat` (fast start).
///
/// Output is atomic: everything is written to a hidden temporary file beside the target
/// (`.<name>.reel-XXXXXX.tmp`), which ``finish()`` renames onto the target. ``cancel()``,
/// a failure, or dropping the writer without finishing removes the temporary file and leaves
/// any existing target untouched.
///
///     let writer = try MediaWriter(
///       url: URL(fileURLWithPath: "out.mp4"),
///       video: VideoOutputSettings(width: 320, height: 240, frameDuration: Time(value: 1, timescale: 30)),
///       audio: AudioOutputSettings())
///     for index in 0..<30 { try writer.appendVideo(frames[index], at: Time(value: Int64(index), timescale: 30)) }
///     try writer.appendAudio(tone)
///     try writer.finish()
///
/// Not Sendable: use a writer from one thread at a time.
public final class MediaWriter {
  /// The target path, as given.
  public let path: String
  /// The size of the encoded pictures in pixels (the settings' size, rounded down to even
  /// numbers when ``VideoOutputSettings/roundOddDimensions`` is set), or `nil` without video.
  public let outputVideoSize: (width: Int, height: Int)?
  /// The video codec in use, or `nil` without video.
  public let videoCodec: VideoCodec?
  /// The audio codec in use, or `nil` without audio.
  public let audioCodec: AudioCodec?
  /// The colour matrix video is converted and tagged with, or `nil` without video.
  public let colorMatrix: ColorMatrix?

  enum State {
    case writing
    case finished
    case cancelled
    case failed(MediaError)
  }

  let temporaryPath: String
  /// Whether ``finish()`` may replace a file at ``path``.
  let overwrite: Bool
  /// Whether the temporary file has been removed (or renamed onto the target).
  var temporaryFileGone = false
  let muxer: OutputMuxer
  var state = State.writing
  let video: VideoTrack?
  let audio: AudioTrack?

  /// Opens a writer: checks the settings, creates the temporary file and writes the
  /// container header.
  ///
  /// - Parameters:
  ///   - url: The file to write; its extension chooses the container unless `container`
  ///     is given.
  ///   - container: The container, when the caller has already chosen it (an export plan);
  ///     nil: the one `url`'s extension names.
  ///   - video: Video settings, or `nil` for no video track.
  ///   - audio: Audio settings, or `nil` for no audio track.
  ///   - overwrite: Replace an existing file at `url` when finishing. When `false`, an
  ///     existing file makes this initializer throw before anything is written, and a file
  ///     that appears at `url` while writing makes ``finish()`` throw (it is never replaced).
  ///   - metadata: Container-level tags to write (such as `comment`), by key; empty for none.
  /// - Throws: ``MediaError/unsupportedContainer(path:fileExtension:)`` for an unknown
  ///   extension; ``MediaError/codecNotAllowed(path:codec:container:)``;
  ///   ``MediaError/oddDimensions(path:width:height:)``;
  ///   ``MediaError/invalidArgument(path:reason:)`` for sizes, times or formats out of range;
  ///   ``MediaError/isDirectory(path:)``; ``MediaError/fileExists(path:)`` when the target
  ///   exists (without `overwrite`); ``MediaError/unwritable(path:reason:)`` when the folder
  ///   cannot be written;
  ///   ``MediaError/unsupportedCodec(path:codec:)`` when FFmpeg lacks the encoder;
  ///   ``MediaError/encodeFailed(path:reason:)`` when the encoder or muxer refuses to start.
  public init(
    url: URL, container: OutputContainer? = nil, video: VideoOutputSettings?,
    audio: AudioOutputSettings?, overwrite: Bool = false, metadata: [String: String] = [:]
  ) throws(MediaError) {
    FFmpegLogging.configure()
    let path = url.path
    self.path = path
    let (container, videoPlan, audioPlan) = try Self.plans(
      url: url, container: container, video: video, audio: audio)
    outputVideoSize = videoPlan.map { ($0.width, $0.height) }
    videoCodec = videoPlan?.codec
    audioCodec = audioPlan?.codec
    colorMatrix = videoPlan?.matrix

    try MediaWriter.checkTarget(path: path, overwrite: overwrite)
    self.overwrite = overwrite
    temporaryPath = try MediaWriter.makeTemporaryFile(beside: path)

    do {
      let muxer = try OutputMuxer(muxerName: container.muxerName, path: temporaryPath)
      self.muxer = muxer
      self.video = try videoPlan.map { (plan) throws(FFmpegError) in
        try VideoTrack(plan: plan, muxer: muxer, container: container)
      }
      self.audio = try audioPlan.map { (plan) throws(FFmpegError) in
        try AudioTrack(plan: plan, muxer: muxer)
      }
      try muxer.setMetadata(metadata)
      try muxer.open(
        fastStart: container.supportsFastStart,
        options: videoPlan.map { Self.loopOptions(container, plays: $0.settings.loopCount) } ?? [])
    } catch {
      unlink(temporaryPath)
      throw MediaWriter.mediaError(error, path: path)
    }
  }

  deinit {
    if case .finished = state { return }
    removeTemporaryFile()
  }

  /// Encodes one picture.
  ///
  /// - Parameters:
  ///   - image: A picture of the size given in the video settings.
  ///   - time: Its presentation time in seconds (`value / timescale`), ≥ 0 and later than the
  ///     previous picture's. It is rounded to the nearest multiple of the frame duration's
  ///     time base (for `frameDuration` 1/30: to 1/30 s; for 1001/30000: to 1/30000 s).
  /// - Throws: ``MediaError/invalidArgument(path:reason:)`` when there is no video track, the
  ///   image has the wrong size, the time does not increase, or the writer has finished;
  ///   ``MediaError/cancelled(path:)`` after ``cancel()``;
  ///   ``MediaError/encodeFailed(path:reason:)`` when encoding or writing fails (the writer
  ///   is then failed: its temporary file is removed and ``finish()`` throws the error).
  public func appendVideo(_ image: Image, at time: Time) throws(MediaError) {
    try checkWriting()
    guard let video else {
      throw .invalidArgument(
        path: path, reason: "no video track was configured; pass video settings to write images")
    }
    guard image.width == video.plan.sourceWidth && image.height == video.plan.sourceHeight else {
      throw .invalidArgument(
        path: path,
        reason:
          "image is \(image.width)×\(image.height) but the video settings say \(video.plan.sourceWidth)×\(video.plan.sourceHeight)"
      )
    }
    let pts = try checkedTicks(for: time, video: video)
    do {
      try video.encode(image, presentationTicks: pts, muxer: muxer)
    } catch {
      throw fail(with: error)
    }
  }
  /// Appends one 4:2:0 picture shown from `time` until the next picture (or the end).
  ///
  /// The picture goes to the encoder as it is, with no colour conversion, so it must be in
  /// the writer's ``colorMatrix`` and of the encoded size (``outputVideoSize``); anything
  /// else is refused rather than converted behind the caller's back (an export plan sets
  /// both, so its pictures always fit).
  ///
  /// - Parameters:
  ///   - picture: The picture, of the size given in the video settings.
  ///   - time: Presentation time in seconds from the start of the file; must increase.
  /// - Throws: As ``appendVideo(_:at:)-(Image,_)``, and
  ///   ``MediaError/invalidArgument(path:reason:)`` for a picture in another matrix, or of
  ///   an odd size the writer rounds down.
  public func appendVideo(_ picture: YUVImage, at time: Time) throws(MediaError) {
    try checkWriting()
    guard let video else {
      throw .invalidArgument(
        path: path, reason: "no video track was configured; pass video settings to write images")
    }
    guard picture.width == video.plan.sourceWidth, picture.height == video.plan.sourceHeight
    else {
      throw .invalidArgument(
        path: path,
        reason:
          "picture is \(picture.width)×\(picture.height) but the video settings say \(video.plan.sourceWidth)×\(video.plan.sourceHeight)"
      )
    }
    guard picture.width == video.plan.width, picture.height == video.plan.height else {
      throw .invalidArgument(
        path: path,
        reason:
          "picture is \(picture.width)×\(picture.height), an odd size the writer rounds down to \(video.plan.width)×\(video.plan.height), which a Y′CbCr picture cannot be scaled to here; append it as an Image, or use even sizes"
      )
    }
    guard !video.plan.codec.descriptor.pixelFormat.carriesAlpha else {
      throw .invalidArgument(
        path: path,
        reason:
          "\(video.plan.codec.descriptor.displayName) is encoded from RGB with alpha, which a 4:2:0 picture has none of; append an Image (premultiplied BGRA)"
      )
    }
    guard picture.matrix == video.plan.matrix else {
      throw .invalidArgument(
        path: path,
        reason:
          "picture is in the \(picture.matrix) matrix but the writer encodes \(video.plan.matrix); make the picture in \(video.plan.matrix), or set VideoOutputSettings.colorMatrix to \(picture.matrix)"
      )
    }
    let pts = try checkedTicks(for: time, video: video)
    do {
      try video.encode(picture, presentationTicks: pts, muxer: muxer)
    } catch {
      throw fail(with: error)
    }
  }

  /// Whether the packets of every frame the video settings keep
  /// (``VideoOutputSettings/keptFrameCount``) are written: frames appended from now on
  /// change nothing in the file, so the caller can stop and ``finish()``. Always `false`
  /// without a kept frame count.
  public var hasWrittenKeptVideoFrames: Bool { video?.hasWrittenKeptFrames ?? false }

  /// How many frames the video encoder holds back: its packet *n* (from 0, in decode
  /// order) comes out when frame *n* + delay is appended (x264: its lookahead and one frame
  /// per extra thread). `nil` until the first packet is out, or without video. With a kept
  /// frame count *K*, appending frames up to index *K* − 1 + delay writes every kept frame;
  /// drawing more is wasted.
  public var videoEncoderDelay: Int? { video?.encoderDelay }

  /// Appends one picture in either form (see the `Image` and `YUVImage` overloads).
  ///
  /// - Throws: As ``appendVideo(_:at:)-(Image,_)``.
  public func appendVideo(_ picture: VideoPicture, at time: Time) throws(MediaError) {
    switch picture {
    case .bgra(let image): try appendVideo(image, at: time)
    case .yuv(let yuv): try appendVideo(yuv, at: time)
    }
  }

  /// The encoder ticks of `time`, checked to come after the previous frame's.
  private func checkedTicks(for time: Time, video: VideoTrack) throws(MediaError) -> Int64 {
    let pts = try video.plan.presentationTicks(for: time, path: path)
    if let last = video.lastPresentationTicks, pts <= last {
      throw .invalidArgument(
        path: path,
        reason:
          "frame time \(time.value)/\(time.timescale) s is not after the previous frame; times must increase by at least 1/\(video.plan.timeBaseDenominator) s"
      )
    }
    return pts
  }

  /// Encodes audio. Buffers may have any length; their ``AudioBuffer/startFrame`` places
  /// them on the track: a gap after the previous buffer is filled with silence, an overlap
  /// is an error.
  ///
  /// - Parameter buffer: Interleaved float PCM in exactly the settings' ``AudioFormat``.
  /// - Throws: ``MediaError/invalidArgument(path:reason:)`` when there is no audio track, the
  ///   format differs, the buffer overlaps audio already written, or the writer has finished;
  ///   ``MediaError/cancelled(path:)`` after ``cancel()``;
  ///   ``MediaError/encodeFailed(path:reason:)`` when encoding or writing fails.
  public func appendAudio(_ buffer: AudioBuffer) throws(MediaError) {
    try checkWriting()
    guard let audio else {
      throw .invalidArgument(
        path: path, reason: "no audio track was configured; pass audio settings to write sound")
    }
    let expected = audio.plan.format
    guard buffer.format == expected else {
      throw .invalidArgument(
        path: path,
        reason:
          "audio buffer is \(buffer.format.sampleRate) Hz × \(buffer.format.channelCount) channels but the audio settings say \(expected.sampleRate) Hz × \(expected.channelCount)"
      )
    }
    guard buffer.startFrame >= audio.nextInputFrame else {
      throw .invalidArgument(
        path: path,
        reason:
          "audio buffer starts at sample frame \(buffer.startFrame), before the end of the audio already written (\(audio.nextInputFrame)); buffers must not overlap"
      )
    }
    do {
      try audio.append(buffer, muxer: muxer)
    } catch {
      throw fail(with: error)
    }
  }

  /// Flushes the encoders, writes the trailer (moving `moov` to the front for MP4-family
  /// files) and renames the temporary file onto the target.
  ///
  /// - Throws: ``MediaError/encodeFailed(path:reason:)`` when flushing or muxing fails;
  ///   ``MediaError/fileExists(path:)`` when a file appeared at the target while writing and
  ///   `overwrite` was false (that file is kept); ``MediaError/unwritable(path:reason:)``
  ///   when the rename fails;
  ///   ``MediaError/cancelled(path:)`` after ``cancel()``;
  ///   ``MediaError/invalidArgument(path:reason:)`` after a successful `finish()`; the
  ///   earlier error when an append already failed. On any failure the temporary file is removed and the target left as it was.
  public func finish() throws(MediaError) {
    try checkWriting()
    do {
      try audio?.flush(muxer: muxer)
      try video?.flush(muxer: muxer)
      try muxer.finish()
    } catch {
      throw fail(with: error)
    }
    if let video, video.plan.settings.keepsAlpha,
      video.plan.codec.descriptor.preferredContainer == .webp
    {
      do {
        try WebPCanvasAlpha.set(inFileAt: temporaryPath, reportedPath: path)
      } catch {
        state = .failed(error)
        removeTemporaryFile()
        throw error
      }
    }
    do {
      try MediaWriter.commitTemporaryFile(temporaryPath, to: path, overwrite: overwrite)
    } catch {
      temporaryFileGone = true
      state = .failed(error)
      throw error
    }
    temporaryFileGone = true
    state = .finished
  }

  /// Abandons the output: closes and removes the temporary file, leaving any existing
  /// target untouched. Safe to call more than once; does nothing after ``finish()``
  /// succeeded.
  public func cancel() {
    switch state {
    case .finished, .cancelled: return
    case .writing, .failed: break
    }
    removeTemporaryFile()
    state = .cancelled
  }

  // MARK: - Helpers

  private func checkWriting() throws(MediaError) {
    switch state {
    case .writing: return
    case .finished:
      throw .invalidArgument(path: path, reason: "the writer has already finished this file")
    case .cancelled: throw .cancelled(path: path)
    case .failed(let error): throw error
    }
  }

  /// Records an encoding failure so later calls report it, removes the temporary file (a
  /// failed writer can never finish), and returns the public error.
  private func fail(with error: FFmpegError) -> MediaError {
    let mediaError = MediaWriter.mediaError(error, path: path)
    state = .failed(mediaError)
    removeTemporaryFile()
    return mediaError
  }

  private func removeTemporaryFile() {
    muxer.close()
    guard !temporaryFileGone else { return }
    unlink(temporaryPath)
    temporaryFileGone = true
  }

  static func mediaError(_ error: FFmpegError, path: String) -> MediaError {
    if error.code == reel_AVERROR_ENCODER_NOT_FOUND() {
      // The call reads `avcodec_find_encoder_by_name(<encoder>)`: report the encoder's name.
      let call = error.call
      if let open = call.firstIndex(of: "("), let close = call.lastIndex(of: ")"), open < close {
        return .unsupportedCodec(path: path, codec: String(call[call.index(after: open)..<close]))
      }
      return .unsupportedCodec(path: path, codec: call)
    }
    if error.call == "avio_open" || error.code == reel_AVERROR(ENOSPC)
      || error.code == reel_AVERROR(EACCES)
    {
      return .unwritable(path: path, reason: error.message)
    }
    return .encodeFailed(path: path, reason: error.description)
  }
}
