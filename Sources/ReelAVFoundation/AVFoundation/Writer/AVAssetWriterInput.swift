internal import ReelMedia

/// One track of a file an ``AVAssetWriter`` writes, as AVFoundation's `AVAssetWriterInput`.
///
/// Video takes pixel buffers (in sample buffers or through an
/// ``AVAssetWriterInputPixelBufferAdaptor``); audio takes linear PCM sample buffers
/// (16-bit integer or 32-bit float, interleaved) at the settings' sample rate and channel
/// count. Reel encodes each sample as it is appended, so an input is ready whenever its
/// writer is writing and it is not finished.
///
/// Thread rule: the mutable fields are read and written under `lock`.
open class AVAssetWriterInput: NSObject, @unchecked Sendable {
  /// Video or audio.
  public let mediaType: AVMediaType
  /// The encoding settings (Apple's keys), as given.
  public let outputSettings: [String: Any]?
  /// The format of the samples to come, as given (not needed by Reel).
  public let sourceFormatHint: CMFormatDescription?
  let lock = NSLock()
  private var finished = false
  private var appendedCount = 0
  /// The writer the input was added to (released when writing ends).
  var writer: AVAssetWriter? {
    get { lock.withLock { owner } }
    set { lock.withLock { owner = newValue } }
  }
  private var owner: AVAssetWriter?

  /// Accepted: Reel takes samples as fast as they come either way.
  open var expectsMediaDataInRealTime = false
  /// The track's display matrix, written into the file's track header: how players turn
  /// the frames to show them (`CGAffineTransform(rotationAngle: .pi / 2)` shows them turned
  /// 90° clockwise, as a portrait phone video; the translation is in pixels). Set it before
  /// `startWriting()`.
  open var transform: CGAffineTransform = .identity
  /// The track's timescale; 0 (default): 1/90 000 s for video.
  open var mediaTimeScale: CMTimeScale = 0
  /// Accepted (Reel writes the size of the frames).
  open var naturalSize: CGSize = .zero
  /// Accepted, not written.
  open var languageCode: String?
  /// Accepted, not written.
  open var extendedLanguageTag: String?
  /// Accepted: Reel encodes in one pass.
  open var performsMultiPassEncodingIfSupported = false
  /// Accepted: Reel's tracks are always enabled.
  open var marksOutputTrackAsEnabled = true

  /// An input of `mediaType` encoding with `outputSettings` (checked by `startWriting()`).
  public convenience init(mediaType: AVMediaType, outputSettings: [String: Any]?) {
    self.init(mediaType: mediaType, outputSettings: outputSettings, sourceFormatHint: nil)
  }

  /// An input with a hint of the samples' format.
  public init(
    mediaType: AVMediaType, outputSettings: [String: Any]?,
    sourceFormatHint: CMFormatDescription?
  ) {
    self.mediaType = mediaType
    self.outputSettings = outputSettings
    self.sourceFormatHint = sourceFormatHint
    super.init()
  }

  /// Whether a sample can be appended now: the writer is writing and the input not finished.
  open var isReadyForMoreMediaData: Bool {
    guard let writer, !lock.withLock({ finished }) else { return false }
    return writer.isWriting
  }

  /// Calls `block` on `queue` while the input is ready, for it to append samples (usually
  /// in a `while isReadyForMoreMediaData` loop) until it calls `markAsFinished()`. The
  /// block is called again after it returns having appended something; a call that appends
  /// nothing ends the requests.
  open func requestMediaDataWhenReady(
    on queue: DispatchQueue, using block: @escaping @Sendable () -> Void
  ) {
    queue.async {
      while self.isReadyForMoreMediaData {
        let before = self.lock.withLock { self.appendedCount }
        block()
        if self.lock.withLock({ self.appendedCount }) == before { return }
      }
    }
  }

  /// Appends a sample: a picture (video) or PCM (audio).
  ///
  /// - Returns: false when the input cannot take it (not writing, finished) or the writer
  ///   failed on it (`writer.error` says why).
  @discardableResult
  open func append(_ sampleBuffer: CMSampleBuffer) -> Bool {
    guard isReadyForMoreMediaData, let writer else { return false }
    let time = CMSampleBufferGetPresentationTimeStamp(sampleBuffer)
    let appended: Bool
    if mediaType == .video {
      guard let picture = sampleBuffer.imageBuffer else {
        writer.failAppend(
          CompatFailure(
            .operationNotSupportedForAsset,
            "a video input was given a sample without a pixel buffer (compressed samples are not written by Reel)"
          ))
        return false
      }
      appended = writer.appendPicture(picture, at: time)
    } else {
      do throws(CompatFailure) {
        let (samples, format) = try Self.floats(of: sampleBuffer)
        appended = writer.appendSound(samples, format: format, at: time)
      } catch {
        writer.failAppend(error)
        return false
      }
    }
    if appended { lock.withLock { appendedCount += 1 } }
    return appended
  }

  /// Appends a picture at `time` (the pixel-buffer adaptor's path).
  func appendPicture(_ buffer: CVPixelBuffer, at time: CMTime) -> Bool {
    guard isReadyForMoreMediaData, let writer else { return false }
    let appended = writer.appendPicture(buffer, at: time)
    if appended { lock.withLock { appendedCount += 1 } }
    return appended
  }

  /// No more samples: the input is no longer ready.
  open func markAsFinished() {
    lock.withLock { finished = true }
  }

  /// The interleaved float samples and format of a PCM sample buffer.
  static func floats(of sample: CMSampleBuffer) throws(CompatFailure) -> ([Float], AudioFormat) {
    guard let block = sample.dataBuffer,
      let stream = sample.format.streamDescription?.pointee,
      stream.mFormatID == kAudioFormatLinearPCM
    else {
      throw CompatFailure(
        .operationNotSupportedForAsset,
        "an audio input takes linear PCM sample buffers (compressed samples are not written by Reel)"
      )
    }
    let flags = stream.mFormatFlags
    let channels = Int(stream.mChannelsPerFrame)
    guard flags & kAudioFormatFlagIsNonInterleaved == 0, flags & kAudioFormatFlagIsBigEndian == 0,
      channels >= 1, let rate = Int(exactly: stream.mSampleRate)
    else {
      throw CompatFailure(
        .operationNotSupportedForAsset,
        "audio samples must be interleaved little-endian PCM with a whole sample rate")
    }
    let format = AudioFormat(sampleRate: rate, channelCount: channels)
    let bytes = UnsafeRawBufferPointer(start: block.memory.bytes, count: block.length)
    if flags & kAudioFormatFlagIsFloat != 0, stream.mBitsPerChannel == 32 {
      return (Array(bytes.bindMemory(to: Float.self)), format)
    }
    if flags & kAudioFormatFlagIsSignedInteger != 0, stream.mBitsPerChannel == 16 {
      return (bytes.bindMemory(to: Int16.self).map { Float($0) / 32768 }, format)
    }
    throw CompatFailure(
      .operationNotSupportedForAsset,
      "audio samples must be 32-bit float or 16-bit signed integer PCM (got \(stream.mBitsPerChannel) bits, flags \(flags))"
    )
  }
}

/// Appends pixel buffers to a video input, as AVFoundation's
/// `AVAssetWriterInputPixelBufferAdaptor`, with a pool of buffers like the source's.
open class AVAssetWriterInputPixelBufferAdaptor: NSObject, @unchecked Sendable {
  /// The input appended to.
  public let assetWriterInput: AVAssetWriterInput
  /// The attributes of the buffers the app will append (format, size), as given.
  public let sourcePixelBufferAttributes: [String: Any]?
  private let lock = NSLock()
  private var pool: CVPixelBufferPool?

  /// An adaptor for `input`, whose pool makes buffers of `sourcePixelBufferAttributes`
  /// (format default 32BGRA, size default the input's output size).
  public init(
    assetWriterInput input: AVAssetWriterInput, sourcePixelBufferAttributes: [String: Any]?
  ) {
    assetWriterInput = input
    self.sourcePixelBufferAttributes = sourcePixelBufferAttributes
    super.init()
  }

  /// A pool of buffers like the source's: nil until the writer has started writing (as on
  /// Apple), or when the attributes are invalid (reported once on standard error).
  open var pixelBufferPool: CVPixelBufferPool? {
    guard assetWriterInput.writer?.isWriting == true else { return nil }
    return lock.withLock {
      if let pool { return pool }
      var attributes = AttributeDictionary(sourcePixelBufferAttributes).values
      let output = AttributeDictionary(assetWriterInput.outputSettings)
      for (key, outputKey) in [
        (kCVPixelBufferWidthKey as String, AVVideoWidthKey),
        (kCVPixelBufferHeightKey as String, AVVideoHeightKey),
      ] where attributes[key] == nil {
        attributes[key] = output[outputKey]
      }
      do throws(CVFailure) {
        pool = try CVPixelBufferPool.make(attributes: attributes)
      } catch {
        _ = error.report("AVAssetWriterInputPixelBufferAdaptor.pixelBufferPool")
      }
      return pool
    }
  }

  /// Appends `pixelBuffer` shown from `presentationTime`.
  ///
  /// - Returns: false when the input is not ready or the writer failed on it.
  @discardableResult
  open func append(_ pixelBuffer: CVPixelBuffer, withPresentationTime presentationTime: CMTime)
    -> Bool
  {
    assetWriterInput.appendPicture(pixelBuffer, at: presentationTime)
  }
}
