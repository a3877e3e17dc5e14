internal import ReelCore
internal import ReelMedia

/// Writes a movie from samples an app makes, as AVFoundation's `AVAssetWriter`, over
/// Reel's `MediaWriter`.
///
/// One video input (H.264 or HEVC) and one audio input (AAC) at most. Frames keep the
/// times they are appended at (to 1/90 000 s, relative to `startSession(atSourceTime:)`), so a
/// slideshow holding each picture for seconds is a variable-frame-rate file, as on Apple.
/// The file is written beside the target and renamed onto it when writing finishes; a
/// cancelled or failed writer leaves nothing. A file already at the URL fails
/// `startWriting()` (as on Apple: `AVError.fileAlreadyExists`).
///
/// Thread rule: every mutable field is read and written under `lock`; inputs append from
/// any queue.
open class AVAssetWriter: NSObject, @unchecked Sendable {
  /// Where a writer is.
  public enum Status: Int, Sendable {
    case unknown = 0
    case writing = 1
    case completed = 2
    case failed = 3
    case cancelled = 4
  }

  /// The file written.
  public let outputURL: URL
  /// Its container.
  public let outputFileType: AVFileType
  let container: OutputContainer
  let lock = NSLock()
  private var currentStatus = Status.unknown
  private var failure: Error?
  private var addedInputs: [AVAssetWriterInput] = []
  private var writer: MediaWriter?
  private var sessionStart: CMTime?
  private var sessionEnd: CMTime?
  /// How appended buffers of another size are fitted to the video frame (set by
  /// `startWriting()` from the video input's `AVVideoScalingModeKey`).
  private var frameScaling = AppendedFrameScaling.stretch
  /// The video input's `AVVideoWidthKey` × `AVVideoHeightKey`, the size appended frames are
  /// scaled to.
  private var videoFrameSize: (width: Int, height: Int)?
  /// The sample frame after the last sound appended (where untimed sound goes).
  private var soundEndFrame: Int64 = 0

  /// Accepted: Reel always writes `moov` first in MP4-family files (fast start).
  open var shouldOptimizeForNetworkUse = false
  /// The movie's timescale: accepted (Reel writes video at 1/90 000 s).
  open var movieTimeScale: CMTimeScale = 0
  /// Accepted: Reel writes its temporary file beside the target.
  open var directoryForTemporaryFiles: URL?

  /// A writer of `fileType` to `outputURL`.
  ///
  /// - Throws: `AVError.invalidOutputURLPathExtension` for a type Reel does not write
  ///   (`.mov`, `.mp4`, `.m4v`, `.m4a` are written) or a URL that is not a file.
  public init(outputURL: URL, fileType outputFileType: AVFileType) throws {
    guard outputURL.isFileURL, let container = outputFileType.container else {
      throw CompatFailure(
        .invalidOutputURLPathExtension,
        "AVAssetWriter: file type \(outputFileType.rawValue) at \(outputURL) is not written by Reel; use a file URL with .mov, .mp4, .m4v or .m4a"
      ).nsError
    }
    self.outputURL = outputURL
    self.outputFileType = outputFileType
    self.container = container
    super.init()
  }

  /// A writer of `fileType` to `url` (the iOS 14+ spelling).
  public convenience init(url: URL, fileType outputFileType: AVFileType) throws {
    try self.init(outputURL: url, fileType: outputFileType)
  }

  /// Where the writer is.
  open var status: Status { lock.withLock { currentStatus } }
  /// Why the writer failed, when `status` is `.failed`.
  open var error: Error? { lock.withLock { failure } }
  /// The inputs added.
  open var inputs: [AVAssetWriterInput] { lock.withLock { addedInputs } }
  /// The file's metadata, written when writing starts (set it before `startWriting()`):
  /// the items the export session writes (title, artist, description, album, copyright,
  /// software, creation date), others left out with a warning naming them.
  open var metadata: [AVMetadataItem] {
    get { lock.withLock { metadataItems } }
    set { lock.withLock { metadataItems = newValue } }
  }
  private var metadataItems: [AVMetadataItem] = []

  /// Whether Reel writes `outputSettings` for `mediaType` into this writer's file type: the
  /// settings parse as an input's would (every key known, a codec Reel encodes) and the
  /// container holds that media type.
  open func canApply(outputSettings: [String: Any]?, forMediaType mediaType: AVMediaType) -> Bool {
    guard availableMediaTypes.contains(mediaType) else { return false }
    do throws(CompatFailure) {
      switch mediaType {
      case .video: _ = try WriterSettings.video(outputSettings, timeScale: nil)
      case .audio: _ = try WriterSettings.audio(outputSettings)
      default: return false
      }
      return true
    } catch {
      return false
    }
  }
  /// The media types the container takes.
  open var availableMediaTypes: [AVMediaType] {
    container.carriesVideo ? [.video, .audio] : [.audio]
  }

  /// Whether `input` can be added: before writing starts, one input of each of video and
  /// audio, with settings Reel writes.
  open func canAdd(_ input: AVAssetWriterInput) -> Bool {
    lock.withLock { refusal(of: input) == nil }
  }

  private func refusal(of input: AVAssetWriterInput) -> String? {
    guard currentStatus == .unknown else { return "writing has started" }
    guard input.mediaType == .video || input.mediaType == .audio else {
      return "Reel writes video and audio inputs (not \(input.mediaType.rawValue))"
    }
    guard availableMediaTypes.contains(input.mediaType) else {
      return "a \(outputFileType.rawValue) file holds no \(input.mediaType.rawValue)"
    }
    if addedInputs.contains(where: { $0 === input || $0.mediaType == input.mediaType }) {
      return "Reel writes one \(input.mediaType == .video ? "video" : "audio") input per file"
    }
    return nil
  }

  /// Adds `input` (check with `canAdd(_:)` first; a refused input is reported once on
  /// standard error and not added).
  open func add(_ input: AVAssetWriterInput) {
    lock.withLock {
      if let refusal = refusal(of: input) {
        CompatWarnings.warnOnce(
          key: "AVAssetWriter.add|\(refusal)", "AVAssetWriter.add(_:) refused an input: \(refusal)")
        return
      }
      addedInputs.append(input)
      input.writer = self
    }
  }

  /// Checks the inputs' settings and opens the file.
  ///
  /// - Returns: true when writing; false with `status` `.failed` and `error` saying why (an
  ///   unsupported setting names its key; a file already at the URL is
  ///   `AVError.fileAlreadyExists`).
  @discardableResult
  open func startWriting() -> Bool {
    lock.withLock {
      guard currentStatus == .unknown else { return false }
      do throws(CompatFailure) {
        let video = addedInputs.first { $0.mediaType == .video }
        let audio = addedInputs.first { $0.mediaType == .audio }
        let videoSettings = try video.map { (input) throws(CompatFailure) in
          var settings = try WriterSettings.video(
            input.outputSettings, timeScale: input.mediaTimeScale > 0 ? input.mediaTimeScale : nil)
          if input.transform != .identity {
            // The track header's matrix, as Apple writes the input's transform (every
            // container the writer makes is MP4-family, which records it).
            settings.displayMatrix = input.transform.affine
          }
          return settings
        }
        if let video {
          frameScaling = try AppendedFrameScaling.of(
            AttributeDictionary(video.outputSettings),
            in: "AVAssetWriterInput(mediaType: .video, outputSettings:)")
        }
        let audioSettings = try audio.map { (input) throws(CompatFailure) in
          try WriterSettings.audio(input.outputSettings)
        }
        videoFrameSize = videoSettings.map { ($0.width, $0.height) }
        let items = metadataItems
        guard videoSettings != nil || audioSettings != nil else {
          throw CompatFailure(.exportFailed, "AVAssetWriter.startWriting(): add an input first")
        }
        do throws(MediaError) {
          writer = try MediaWriter(
            url: outputURL, container: container, video: videoSettings, audio: audioSettings,
            metadata: MetadataTags.tags(for: items))
        } catch {
          throw CompatFailure(error)
        }
        currentStatus = .writing
        return true
      } catch {
        fail(error)
        return false
      }
    }
  }

  /// Starts the file's timeline at `startTime`: a sample at `startTime` is at 0 in the file.
  open func startSession(atSourceTime startTime: CMTime) {
    lock.withLock {
      guard startTime.isNumeric else {
        fail(CompatFailure(.exportFailed, "startSession(atSourceTime:) needs a numeric time"))
        return
      }
      sessionStart = startTime
    }
  }

  /// Ends the session at `endTime`: samples after it are not written, and the last frame
  /// is shown until `endTime` (without a session end it lasts one frame at the expected
  /// frame rate).
  open func endSession(atSourceTime endTime: CMTime) {
    lock.withLock { sessionEnd = endTime }
  }

  /// Finishes every input, writes the file and renames it onto the URL, then calls
  /// `handler` on a background queue; `status` is then `.completed` or `.failed`.
  open func finishWriting(completionHandler handler: @escaping @Sendable () -> Void) {
    DispatchQueue.global().async {
      self.finishNow()
      handler()
    }
  }

  /// Finishes writing (see `finishWriting(completionHandler:)`).
  open func finishWriting() async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      finishWriting { done.resume() }
    }
  }

  private func finishNow() {
    let inputs: [AVAssetWriterInput] = lock.withLock {
      guard currentStatus == .writing, let writer else { return [] }
      do throws(MediaError) {
        if let end = sessionEnd, end.isNumeric, writer.outputVideoSize != nil {
          // The last frame lasts until the session's end.
          try writer.setVideoEndTime((end - (sessionStart ?? .zero)).time)
        }
        try writer.finish()
        currentStatus = .completed
      } catch {
        fail(CompatFailure(error))
      }
      self.writer = nil
      return addedInputs
    }
    for input in inputs { input.markAsFinished() }
  }

  /// Abandons the file: nothing is left at the URL; `status` becomes `.cancelled`.
  open func cancelWriting() {
    lock.withLock {
      guard currentStatus == .writing || currentStatus == .unknown else { return }
      writer?.cancel()
      writer = nil
      currentStatus = .cancelled
    }
  }

  // MARK: Appending (from the inputs)

  /// Records a failure: status `.failed`, `error` set, the temporary file removed. Called
  /// under `lock`.
  private func fail(_ failure: CompatFailure) {
    writer?.cancel()
    writer = nil
    currentStatus = .failed
    self.failure = failure.nsError
  }

  /// Whether appends are taken now.
  var isWriting: Bool { lock.withLock { currentStatus == .writing } }

  /// The file time of a sample at `time`, nil when it lies outside the session (dropped);
  /// throws when no session was started. Called under `lock`.
  private func fileTime(of time: CMTime, appending what: String) throws(CompatFailure) -> Time? {
    guard let sessionStart else {
      throw CompatFailure(
        .exportFailed, "\(what) before startSession(atSourceTime:); start the session first")
    }
    guard time.isNumeric else {
      throw CompatFailure(.exportFailed, "\(what) with a non-numeric presentation time")
    }
    if let sessionEnd, sessionEnd.isNumeric, time > sessionEnd { return nil }
    let relative = time - sessionStart
    guard relative >= .zero else { return nil }
    return relative.time
  }

  /// Encodes one picture at `time` (sample time); false after a failure.
  func appendPicture(_ buffer: CVPixelBuffer, at time: CMTime) -> Bool {
    lock.withLock {
      guard currentStatus == .writing, let writer else { return false }
      do throws(CompatFailure) {
        guard let fileTime = try fileTime(of: time, appending: "appending a frame") else {
          return true
        }
        var picture: VideoPicture
        do throws(CVFailure) {
          picture = try buffer.videoPicture()
        } catch {
          throw CompatFailure(.outOfMemory, error.reason)
        }
        if let size = videoFrameSize,
          picture.width != size.width || picture.height != size.height
        {
          let (from, onto) = frameScaling.rectangles(
            sourceWidth: picture.width, sourceHeight: picture.height, width: size.width,
            height: size.height)
          do throws(MediaError) {
            picture = try PictureScaler.scale(
              picture, sourceRect: from, toWidth: size.width, height: size.height,
              targetRect: onto)
          } catch {
            throw CompatFailure(error)
          }
        }
        do throws(MediaError) {
          try writer.appendVideo(picture, at: fileTime)
        } catch {
          throw CompatFailure(error)
        }
        return true
      } catch {
        fail(error)
        return false
      }
    }
  }

  /// Encodes interleaved PCM starting at `time`; false after a failure. A sample without a
  /// time (`CMSampleBufferCreate` with no timing entries) follows the previous sound
  /// directly, as on Apple.
  func appendSound(_ samples: [Float], format: AudioFormat, at time: CMTime) -> Bool {
    lock.withLock {
      guard currentStatus == .writing, let writer else { return false }
      do throws(CompatFailure) {
        let start: Int64
        if time.isValid {
          guard let fileTime = try fileTime(of: time, appending: "appending sound") else {
            return true
          }
          start = Int64((fileTime.seconds * Double(format.sampleRate)).rounded())
        } else {
          guard sessionStart != nil else {
            throw CompatFailure(
              .exportFailed,
              "appending sound before startSession(atSourceTime:); start the session first")
          }
          start = soundEndFrame
        }
        do throws(MediaError) {
          try writer.appendAudio(
            ReelMedia.AudioBuffer(format: format, samples: samples, startFrame: start))
        } catch {
          throw CompatFailure(error)
        }
        soundEndFrame = start + Int64(samples.count / max(format.channelCount, 1))
        return true
      } catch {
        fail(error)
        return false
      }
    }
  }

  /// Fails the writer with `failure` (an input's bad sample).
  func failAppend(_ failure: CompatFailure) {
    lock.withLock { if currentStatus == .writing { fail(failure) } }
  }
}
