internal import ReelCore
internal import ReelMedia

/// Decoded samples of one file track, as AVFoundation's `AVAssetReaderTrackOutput`.
///
/// Video comes in pixel buffers of the format `kCVPixelBufferPixelFormatTypeKey` asks for:
/// `32BGRA` (the decoder's picture itself, converted with the matrix and range the stream is
/// tagged with, as `ffmpeg -pix_fmt bgra` does), `32ARGB`, `420YpCbCr8BiPlanarVideoRange` /
/// `FullRange` or `420YpCbCr8Planar` (the decoder's 4:2:0 samples). Pictures are the stored
/// ones: the track's `preferredTransform` is not applied, as on Apple. Sound comes as
/// interleaved linear PCM (see ``AVAssetReaderAudioSettings``).
open class AVAssetReaderTrackOutput: AVAssetReaderOutput, @unchecked Sendable {
  /// The track read.
  public let track: AVAssetTrack
  /// The settings, as given.
  public let outputSettings: [String: Any]?
  private var video: VideoReader?
  private var audio: AudioReader?
  private var layout = PixelLayout.bgra
  private var pcm: PCMLayout?
  private var rangeEnd = Time.positiveInfinity
  /// The frame at the start of the range just sought, returned first.
  private var seekedFrame: (picture: VideoPicture, time: Time, duration: Time?)?

  /// An output of `track`'s samples decoded as `outputSettings` say (nil: compressed
  /// samples, which Reel does not give: `startReading()` fails naming it).
  public init(track: AVAssetTrack, outputSettings: [String: Any]?) {
    self.track = track
    self.outputSettings = outputSettings
    super.init()
  }

  open override var mediaType: AVMediaType { track.mediaType }

  override func open(reader: AVAssetReader) throws(CompatFailure) {
    let where_ = "AVAssetReaderTrackOutput(track:outputSettings:)"
    guard let outputSettings else {
      throw CompatFailure(
        .operationNotSupportedForAsset,
        "\(where_): nil output settings (compressed samples) is not supported by Reel; ask for decoded samples (kCVPixelBufferPixelFormatTypeKey, or AVFormatIDKey kAudioFormatLinearPCM)"
      )
    }
    guard let file = track.file, let asset = (track.asset ?? reader.asset).file else {
      throw CompatFailure(
        .operationNotSupportedForAsset,
        "\(where_): the track is a composition's; read compositions with AVAssetReaderVideoCompositionOutput / AVAssetReaderAudioMixOutput"
      )
    }
    let probed: Asset
    switch asset.probe() {
    case .success(let found): probed = found
    case .failure(let failure): throw failure
    }
    switch track.mediaType {
    case .video:
      layout = try Self.videoLayout(outputSettings, track: file.info, in: where_)
      do throws(MediaError) {
        video = try VideoReader(asset: probed, track: file.info, applyRotation: false)
      } catch {
        throw CompatFailure(error)
      }
    case .audio:
      let parsed = try PCMLayout(outputSettings, track: file.info, in: where_)
      pcm = parsed
      do throws(MediaError) {
        audio = try AudioReader(asset: probed, track: file.info, format: parsed.format)
      } catch {
        throw CompatFailure(error)
      }
    default:
      throw CompatFailure(
        .operationNotSupportedForAsset,
        "\(where_): Reel reads video and audio tracks (not \(track.mediaType.rawValue))")
    }
  }

  /// The pixel layout the video settings ask for.
  static func videoLayout(_ settings: [String: Any], track: TrackInfo, in where_: String)
    throws(CompatFailure) -> PixelLayout
  {
    let attributes: PixelBufferAttributes
    do throws(CVFailure) {
      attributes = try PixelBufferAttributes(settings)
    } catch {
      throw CompatFailure(.exportFailed, "\(where_): \(error.reason)")
    }
    if let width = attributes.width, let height = attributes.height,
      width != track.width || height != track.height
    {
      throw CompatFailure(
        .operationNotSupportedForAsset,
        "\(where_): Reel gives pictures at the track's size \(track.width ?? 0)×\(track.height ?? 0), not \(width)×\(height); scale them yourself"
      )
    }
    let format = attributes.format ?? kCVPixelFormatType_32BGRA
    guard let layout = PixelLayout(format) else {
      throw CompatFailure(
        .operationNotSupportedForAsset,
        "\(where_): pixel format \(PixelLayout.name(format)) is not given by Reel; use one of \(PixelLayout.supportedNames)"
      )
    }
    return layout
  }

  override func seek(to range: CMTimeRange) throws(CompatFailure) {
    rangeEnd = range.reelEnd
    do throws(MediaError) {
      if let video {
        // The frame shown at the range's start, then forward (4:2:0 layouts take the
        // decoder's picture before the frame is converted for its time).
        let start = max(range.start.time, .zero)
        let yuv = layout == .planar || layout.isBiPlanar ? try video.picture(at: start) : nil
        seekedFrame = try video.frame(at: start).map { frame in
          (yuv ?? .bgra(frame.image), frame.time, frame.duration)
        }
      } else if let audio, let pcm {
        let frame = (max(range.start.time, .zero).seconds * Double(pcm.format.sampleRate))
          .rounded(.down)
        try audio.seek(toFrame: Int64(frame))
      }
    } catch {
      throw CompatFailure(error)
    }
  }

  override func nextSample() throws(CompatFailure) -> CMSampleBuffer? {
    if let video { return try nextPicture(from: video) }
    if let audio, let pcm {
      let read: ReelMedia.AudioBuffer?
      do throws(MediaError) {
        read = try audio.read(frameCount: 4096)
      } catch {
        throw CompatFailure(error)
      }
      guard let buffer = read, buffer.frameCount > 0, buffer.startTime < rangeEnd else {
        return nil
      }
      return try pcm.sampleBuffer(buffer)
    }
    return nil
  }

  private func nextPicture(from video: VideoReader) throws(CompatFailure) -> CMSampleBuffer? {
    let next: (picture: VideoPicture, time: Time, duration: Time?)?
    do throws(MediaError) {
      if let seekedFrame {
        next = seekedFrame
        self.seekedFrame = nil
      } else if layout == .planar || layout.isBiPlanar {
        next = try video.nextPicture()
      } else {
        next = try video.nextFrame().map { (.bgra($0.image), $0.time, $0.duration) }
      }
    } catch {
      throw CompatFailure(error)
    }
    guard let next, next.time < rangeEnd else { return nil }
    let buffer = try Self.pixelBuffer(layout: layout, from: next.picture)
    let duration =
      next.duration ?? track.file?.info.nominalFrameDuration ?? Time(value: 1, timescale: 30)
    return CMSampleBuffer(
      image: buffer,
      timing: CMSampleTimingInfo(
        duration: CMTime(duration), presentationTimeStamp: CMTime(next.time),
        decodeTimeStamp: CMTime(next.time)))
  }

  /// A pixel buffer of `layout` over or from `picture`.
  static func pixelBuffer(layout: PixelLayout, from picture: VideoPicture) throws(CompatFailure)
    -> CVPixelBuffer
  {
    var source = picture
    if case .bgra(let image) = source, layout == .planar || layout.isBiPlanar {
      // The decoder gave RGB (another pixel format, a rotation): to 4:2:0 with the size rule.
      do throws(MediaError) {
        let converter = try PictureConverter()
        source = .yuv(
          try converter.yuv(from: image, matrix: .forSize(width: image.width, height: image.height))
        )
      } catch {
        throw CompatFailure(error)
      }
    }
    switch CVBuffer.make(layout: layout, from: source) {
    case .success(let buffer): return buffer
    case .failure(let failure): throw CompatFailure(.outOfMemory, failure.reason)
    }
  }
}

extension PixelLayout {
  var isBiPlanar: Bool {
    switch self {
    case .biPlanar, .biPlanar10: true
    default: false
    }
  }
}

/// Apple's linear-PCM settings for reading, as Reel reads them: `AVFormatIDKey`
/// `kAudioFormatLinearPCM`; `AVLinearPCMBitDepthKey` 16 or 32 (default 32);
/// `AVLinearPCMIsFloatKey` (default true for 32 bits); big-endian and non-interleaved are
/// refused; `AVSampleRateKey` and `AVNumberOfChannelsKey` default to the track's (Reel
/// resamples and remixes to what is asked).
struct PCMLayout {
  var format: AudioFormat
  var isFloat: Bool
  var bitsPerSample: Int

  init(_ settings: [String: Any], track: TrackInfo?, in where_: String) throws(CompatFailure) {
    let dictionary = AttributeDictionary(settings)
    try WriterSettings.refuseUnknown(
      dictionary,
      known: [
        AVFormatIDKey, AVLinearPCMBitDepthKey, AVLinearPCMIsFloatKey, AVLinearPCMIsBigEndianKey,
        AVLinearPCMIsNonInterleaved, AVSampleRateKey, AVNumberOfChannelsKey, AVChannelLayoutKey,
      ], in: where_)
    guard case .some(.some(let id)) = dictionary.integer(AVFormatIDKey),
      id == Int(kAudioFormatLinearPCM)
    else {
      throw CompatFailure(
        .operationNotSupportedForAsset,
        "\(where_): Reel reads sound as linear PCM only: set AVFormatIDKey to kAudioFormatLinearPCM"
      )
    }
    if (dictionary.boolean(AVLinearPCMIsBigEndianKey) ?? nil) == true
      || (dictionary.boolean(AVLinearPCMIsNonInterleaved) ?? nil) == true
    {
      throw CompatFailure(
        .operationNotSupportedForAsset,
        "\(where_): Reel gives interleaved little-endian PCM (AVLinearPCMIsBigEndianKey and AVLinearPCMIsNonInterleaved must be false)"
      )
    }
    let bits = (dictionary.integer(AVLinearPCMBitDepthKey) ?? nil) ?? 32
    let isFloat = (dictionary.boolean(AVLinearPCMIsFloatKey) ?? nil) ?? (bits == 32)
    guard (isFloat && bits == 32) || (!isFloat && bits == 16) else {
      throw CompatFailure(
        .operationNotSupportedForAsset,
        "\(where_): Reel gives 32-bit float or 16-bit integer PCM (asked: \(bits)-bit \(isFloat ? "float" : "integer"))"
      )
    }
    let rate =
      (dictionary.number(AVSampleRateKey) ?? nil).flatMap { Int(exactly: $0) }
      ?? track?.sampleRate ?? 48_000
    let channels = (dictionary.integer(AVNumberOfChannelsKey) ?? nil) ?? track?.channelCount ?? 2
    guard (1...768_000).contains(rate), (1...8).contains(channels) else {
      throw CompatFailure(
        .operationNotSupportedForAsset,
        "\(where_): \(rate) Hz × \(channels) channels is out of range (1…768000 Hz, 1…8 channels)")
    }
    format = AudioFormat(sampleRate: rate, channelCount: channels)
    self.isFloat = isFloat
    bitsPerSample = bits
  }

  var streamDescription: AudioStreamBasicDescription {
    let bytesPerFrame = UInt32(bitsPerSample / 8 * format.channelCount)
    return AudioStreamBasicDescription(
      mSampleRate: Double(format.sampleRate), mFormatID: kAudioFormatLinearPCM,
      mFormatFlags: (isFloat ? kAudioFormatFlagIsFloat : kAudioFormatFlagIsSignedInteger)
        | kAudioFormatFlagIsPacked,
      mBytesPerPacket: bytesPerFrame, mFramesPerPacket: 1, mBytesPerFrame: bytesPerFrame,
      mChannelsPerFrame: UInt32(format.channelCount), mBitsPerChannel: UInt32(bitsPerSample),
      mReserved: 0)
  }

  /// A sample buffer of `buffer`'s sound in this layout.
  func sampleBuffer(_ buffer: ReelMedia.AudioBuffer) throws(CompatFailure) -> CMSampleBuffer {
    let block: CMBlockBuffer?
    if isFloat {
      block = buffer.samples.withUnsafeBytes { CMBlockBuffer(copying: $0) }
    } else {
      let integers = buffer.samples.map { Int16(clamping: Int(($0 * 32768).rounded())) }
      block = integers.withUnsafeBytes { CMBlockBuffer(copying: $0) }
    }
    guard let block else { throw CompatFailure(.outOfMemory, "no memory for a sound sample") }
    let rate = Int32(format.sampleRate)
    return CMSampleBuffer(
      imageBuffer: nil, dataBuffer: block,
      formatDescription: CMFormatDescription(
        mediaType: kCMMediaType_Audio, mediaSubType: kAudioFormatLinearPCM,
        stream: streamDescription),
      timing: CMSampleTimingInfo(
        duration: CMTime(value: Int64(buffer.frameCount), timescale: rate),
        presentationTimeStamp: CMTime(value: buffer.startFrame, timescale: rate),
        decodeTimeStamp: CMTime(value: buffer.startFrame, timescale: rate)),
      sampleCount: buffer.frameCount)
  }
}
