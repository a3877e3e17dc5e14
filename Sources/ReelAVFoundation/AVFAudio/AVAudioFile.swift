internal import ReelCore
internal import ReelMedia

/// Sample frames, as AVFAudio's `AVAudioFrameCount`.
public typealias AVAudioFrameCount = UInt32
/// A position in sample frames, as AVFAudio's `AVAudioFramePosition`.
public typealias AVAudioFramePosition = Int64
/// A channel count, as AVFAudio's `AVAudioChannelCount`.
public typealias AVAudioChannelCount = UInt32

/// The sample type of a PCM format, as AVFAudio's `AVAudioCommonFormat` (Apple's raw values).
@frozen public enum AVAudioCommonFormat: UInt, Sendable {
  case otherFormat = 0
  case pcmFormatFloat32 = 1
  case pcmFormatFloat64 = 2
  case pcmFormatInt16 = 3
  case pcmFormatInt32 = 4
}

/// A PCM format, as AVFAudio's `AVAudioFormat`. Reel reads audio as 32-bit float; this
/// type describes the float formats ("standard": deinterleaved float) and 16-bit ones.
open class AVAudioFormat: NSObject, @unchecked Sendable {
  /// The sample type.
  public let commonFormat: AVAudioCommonFormat
  /// Samples per second per channel (Hz).
  public let sampleRate: Double
  /// The number of channels.
  public let channelCount: AVAudioChannelCount
  /// Whether the channels' samples alternate in one buffer.
  public let isInterleaved: Bool

  /// Deinterleaved 32-bit float at `sampleRate` with `channels` channels; nil for 0
  /// channels or a rate that is not positive.
  public init?(standardFormatWithSampleRate sampleRate: Double, channels: AVAudioChannelCount) {
    guard channels > 0, sampleRate > 0, sampleRate.isFinite else { return nil }
    commonFormat = .pcmFormatFloat32
    self.sampleRate = sampleRate
    channelCount = channels
    isInterleaved = false
    super.init()
  }

  /// A PCM format; nil for `.otherFormat`, 0 channels or a rate that is not positive.
  public init?(
    commonFormat format: AVAudioCommonFormat, sampleRate: Double, channels: AVAudioChannelCount,
    interleaved: Bool
  ) {
    guard format != .otherFormat, channels > 0, sampleRate > 0, sampleRate.isFinite else {
      return nil
    }
    commonFormat = format
    self.sampleRate = sampleRate
    channelCount = channels
    isInterleaved = interleaved
    super.init()
  }

  /// Whether this is the standard format (deinterleaved 32-bit float).
  open var isStandard: Bool { commonFormat == .pcmFormatFloat32 && !isInterleaved }

  /// Whether `object` is a format with the same values.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? AVAudioFormat else { return false }
    return other.commonFormat == commonFormat && other.sampleRate == sampleRate
      && other.channelCount == channelCount && other.isInterleaved == isInterleaved
  }
}

/// A buffer of PCM samples, as AVFAudio's `AVAudioPCMBuffer`: one array a channel
/// (deinterleaved formats) of `frameCapacity` frames, of which `frameLength` are valid.
open class AVAudioPCMBuffer: NSObject, @unchecked Sendable {
  /// The buffer's format.
  public let format: AVAudioFormat
  /// How many frames the buffer holds at most.
  public let frameCapacity: AVAudioFrameCount
  private var validFrames: AVAudioFrameCount = 0
  private let floatChannels: UnsafeMutablePointer<UnsafeMutablePointer<Float>>?
  private let int16Channels: UnsafeMutablePointer<UnsafeMutablePointer<Int16>>?

  /// A buffer for `frameCapacity` frames of `format`; nil for an interleaved format or a
  /// sample type other than 32-bit float or 16-bit integer (not supported here).
  public init?(pcmFormat format: AVAudioFormat, frameCapacity: AVAudioFrameCount) {
    guard !format.isInterleaved,
      format.commonFormat == .pcmFormatFloat32 || format.commonFormat == .pcmFormatInt16
    else {
      CompatWarnings.warnOnce(
        key: "AVAudioPCMBuffer|\(format.commonFormat)|\(format.isInterleaved)",
        "AVAudioPCMBuffer(pcmFormat:frameCapacity:) is nil: Reel's buffers are deinterleaved 32-bit float or 16-bit integer"
      )
      return nil
    }
    self.format = format
    self.frameCapacity = frameCapacity
    let channels = Int(format.channelCount)
    let frames = Int(frameCapacity)
    if format.commonFormat == .pcmFormatFloat32 {
      let list = UnsafeMutablePointer<UnsafeMutablePointer<Float>>.allocate(capacity: channels)
      for channel in 0..<channels {
        let samples = UnsafeMutablePointer<Float>.allocate(capacity: max(frames, 1))
        samples.initialize(repeating: 0, count: max(frames, 1))
        (list + channel).initialize(to: samples)
      }
      floatChannels = list
      int16Channels = nil
    } else {
      let list = UnsafeMutablePointer<UnsafeMutablePointer<Int16>>.allocate(capacity: channels)
      for channel in 0..<channels {
        let samples = UnsafeMutablePointer<Int16>.allocate(capacity: max(frames, 1))
        samples.initialize(repeating: 0, count: max(frames, 1))
        (list + channel).initialize(to: samples)
      }
      int16Channels = list
      floatChannels = nil
    }
    super.init()
  }

  deinit {
    let channels = Int(format.channelCount)
    if let floatChannels {
      for channel in 0..<channels { floatChannels[channel].deallocate() }
      floatChannels.deallocate()
    }
    if let int16Channels {
      for channel in 0..<channels { int16Channels[channel].deallocate() }
      int16Channels.deallocate()
    }
  }

  /// The valid frames (at most ``frameCapacity``; larger values are clamped).
  open var frameLength: AVAudioFrameCount {
    get { validFrames }
    set { validFrames = min(newValue, frameCapacity) }
  }

  /// One pointer a channel to its float samples; nil unless the format is 32-bit float.
  open var floatChannelData: UnsafePointer<UnsafeMutablePointer<Float>>? {
    floatChannels.map { UnsafePointer($0) }
  }

  /// One pointer a channel to its 16-bit samples; nil unless the format is 16-bit.
  open var int16ChannelData: UnsafePointer<UnsafeMutablePointer<Int16>>? {
    int16Channels.map { UnsafePointer($0) }
  }

  /// Samples between one frame and the next in a channel's array: 1 (deinterleaved).
  open var stride: Int { 1 }

  /// Stores interleaved float `samples` (whole frames) from frame 0, converting to 16-bit
  /// (rounded, clamped) for an integer buffer; sets ``frameLength``.
  func store(interleaved samples: [Float], channels: Int) {
    let frames = min(samples.count / max(channels, 1), Int(frameCapacity))
    for channel in 0..<Int(format.channelCount) {
      let from = min(channel, channels - 1)
      if let floatChannels {
        for frame in 0..<frames { floatChannels[channel][frame] = samples[frame * channels + from] }
      } else if let int16Channels {
        for frame in 0..<frames {
          let value = (max(-1, min(1, samples[frame * channels + from])) * 32767).rounded()
          int16Channels[channel][frame] = Int16(value)
        }
      }
    }
    validFrames = AVAudioFrameCount(frames)
  }
}

/// An audio file read through FFmpeg, as AVFAudio's `AVAudioFile` (reading only: writing
/// is not supported yet and does not compile). Its `processingFormat` is the standard
/// format at the file's rate and channel count (at most 8 channels).
open class AVAudioFile: NSObject, @unchecked Sendable {
  /// The file.
  public let url: URL
  /// The file's own format, as float samples at its rate and channel count (Reel decodes
  /// every codec to float).
  public let fileFormat: AVAudioFormat
  /// The format ``read(into:)`` delivers: deinterleaved 32-bit float.
  public let processingFormat: AVAudioFormat
  /// The file's length in sample frames (from its audio track's duration).
  public let length: AVAudioFramePosition
  private let reader: AudioReader
  private var position: AVAudioFramePosition = 0

  /// Opens the audio file at `fileURL` for reading.
  ///
  /// - Throws: An `NSError` in `AVFoundationErrorDomain` naming the file and why (no audio
  ///   track, not media, unreadable).
  public init(forReading fileURL: URL) throws {
    url = fileURL
    do throws(MediaError) {
      let asset = try Asset(path: fileURL.path, keepingFileOpen: true)
      let track = try asset.firstAudioTrack()
      let rate = track.sampleRate ?? 48_000
      let channels = min(max(track.channelCount ?? 2, 1), 8)
      reader = try AudioReader(
        asset: asset, track: track, format: AudioFormat(sampleRate: rate, channelCount: channels))
      let duration = track.duration ?? asset.duration
      length = AVAudioFramePosition((duration.seconds * Double(rate)).rounded())
      guard
        let file = AVAudioFormat(
          commonFormat: .pcmFormatFloat32, sampleRate: Double(rate),
          channels: AVAudioChannelCount(channels), interleaved: false),
        let processing = AVAudioFormat(
          standardFormatWithSampleRate: Double(rate), channels: AVAudioChannelCount(channels))
      else {
        throw MediaError.invalidArgument(
          path: fileURL.path, reason: "audio format \(rate) Hz × \(channels) channels")
      }
      fileFormat = file
      processingFormat = processing
    } catch {
      throw CompatFailure(error).nsError
    }
    super.init()
  }

  /// The next frame ``read(into:)`` reads; setting it seeks.
  open var framePosition: AVAudioFramePosition {
    get { position }
    set {
      do {
        try reader.seek(toFrame: max(0, newValue))
        position = max(0, newValue)
      } catch {
        CompatWarnings.warnOnce(
          key: "AVAudioFile.seek|\(url.path)",
          "AVAudioFile.framePosition = \(newValue) did not seek: \(error)")
      }
    }
  }

  /// Reads as many frames as `buffer` holds from ``framePosition`` on; at the end of the
  /// file the buffer's `frameLength` is 0.
  ///
  /// - Throws: An `NSError` when the file cannot be decoded, or when the buffer's format is
  ///   not the processing format's rate and channel count.
  open func read(into buffer: AVAudioPCMBuffer) throws {
    try read(into: buffer, frameCount: buffer.frameCapacity)
  }

  /// Reads up to `frames` frames (at most the buffer's capacity) from ``framePosition`` on.
  ///
  /// - Throws: As ``read(into:)``.
  open func read(into buffer: AVAudioPCMBuffer, frameCount frames: AVAudioFrameCount) throws {
    guard buffer.format.sampleRate == processingFormat.sampleRate,
      buffer.format.channelCount == processingFormat.channelCount
    else {
      throw CompatFailure(
        .unknown,
        "AVAudioFile.read(into:): the buffer is \(buffer.format.sampleRate) Hz × \(buffer.format.channelCount), the file's processing format \(processingFormat.sampleRate) Hz × \(processingFormat.channelCount)"
      ).nsError
    }
    let wanted = Int(min(frames, buffer.frameCapacity))
    guard wanted > 0 else {
      buffer.frameLength = 0
      return
    }
    do throws(MediaError) {
      guard let read = try reader.read(frameCount: wanted) else {
        buffer.frameLength = 0
        return
      }
      buffer.store(interleaved: read.samples, channels: read.format.channelCount)
      position += AVAudioFramePosition(buffer.frameLength)
    } catch {
      throw CompatFailure(error).nsError
    }
  }
}
