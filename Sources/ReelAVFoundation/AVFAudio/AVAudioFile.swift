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

  /// A file's format described by the settings it was written with (``settings`` returns
  /// them); nil for a format out of range.
  init?(fileSettings: [String: Any], format: AudioFormat) {
    guard format.channelCount > 0, format.sampleRate > 0 else { return nil }
    commonFormat = .pcmFormatFloat32
    sampleRate = Double(format.sampleRate)
    channelCount = AVAudioChannelCount(format.channelCount)
    isInterleaved = false
    encodedSettings = fileSettings
    super.init()
  }

  /// The settings a written file's format came from; nil for PCM formats.
  private var encodedSettings: [String: Any]? = nil

  /// The format as Apple's settings dictionary: `AVFormatIDKey` `kAudioFormatLinearPCM`,
  /// `AVSampleRateKey`, `AVNumberOfChannelsKey`, `AVLinearPCMBitDepthKey`,
  /// `AVLinearPCMIsFloatKey`, `AVLinearPCMIsBigEndianKey` (false) and
  /// `AVLinearPCMIsNonInterleaved`; a written file's ``AVAudioFile/fileFormat`` gives the
  /// settings the file was opened with.
  open var settings: [String: Any] {
    if let encodedSettings { return encodedSettings }
    let bits: Int
    switch commonFormat {
    case .pcmFormatFloat32, .pcmFormatInt32: bits = 32
    case .pcmFormatFloat64: bits = 64
    case .pcmFormatInt16: bits = 16
    case .otherFormat: bits = 0
    }
    return [
      AVFormatIDKey: Int(kAudioFormatLinearPCM), AVSampleRateKey: sampleRate,
      AVNumberOfChannelsKey: Int(channelCount), AVLinearPCMBitDepthKey: bits,
      AVLinearPCMIsFloatKey: commonFormat == .pcmFormatFloat32 || commonFormat == .pcmFormatFloat64,
      AVLinearPCMIsBigEndianKey: false, AVLinearPCMIsNonInterleaved: !isInterleaved,
    ]
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

  /// The valid frames as interleaved float samples (16-bit samples scaled by 1/32767, as they are read).
  func interleavedFloats() -> [Float] {
    let channels = Int(format.channelCount)
    let frames = Int(validFrames)
    var samples = [Float](repeating: 0, count: frames * channels)
    for channel in 0..<channels {
      if let floatChannels {
        for frame in 0..<frames {
          samples[frame * channels + channel] = floatChannels[channel][frame]
        }
      } else if let int16Channels {
        for frame in 0..<frames {
          samples[frame * channels + channel] = Float(int16Channels[channel][frame]) / 32767
        }
      }
    }
    return samples
  }

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

/// An audio file, as AVFAudio's `AVAudioFile`: read through FFmpeg (any audio it decodes),
/// or written — AAC into `.m4a`/`.mp4`/`.mov`/`.mkv` through ``MediaWriter``, linear PCM
/// into `.wav`. A written file appears at its URL (atomically) when ``close()`` is called
/// or the object is released. Reading files have a ``processingFormat`` that is the standard
/// format at the file's rate and channel count (at most 8 channels).
open class AVAudioFile: NSObject, @unchecked Sendable {
  /// The file.
  public let url: URL
  /// The file's own format: when reading, float samples at its rate and channel count
  /// (Reel decodes every codec to float); when writing, the settings' format (its
  /// ``AVAudioFormat/settings`` are the settings the file was opened with).
  public let fileFormat: AVAudioFormat
  /// The format ``read(into:)`` delivers and ``write(from:)`` takes.
  public let processingFormat: AVAudioFormat
  private var mode: Mode
  /// Why ``close()`` could not finish the file being written, if it could not.
  private(set) var closeFailure: MediaError?
  private var position: AVAudioFramePosition = 0

  /// What the file is doing.
  enum Mode {
    case reading(AudioReader, length: AVAudioFramePosition)
    case writing(AudioFileSink)
    case closed(length: AVAudioFramePosition)
  }

  /// Opens the audio file at `fileURL` for reading.
  ///
  /// - Throws: An `NSError` in `AVFoundationErrorDomain` naming the file and why (no audio
  ///   track, not media, unreadable).
  public convenience init(forReading fileURL: URL) throws {
    try self.init(forReading: fileURL, decodingTo: nil)
  }

  /// Opens `fileURL` for reading, decoding (resampling, remixing) to `decoded` — nil: the
  /// file's own rate and channel count (at most 8) — which is then the processing format.
  init(forReading fileURL: URL, decodingTo decoded: AudioFormat?) throws {
    url = fileURL
    do throws(MediaError) {
      let asset = try Asset(path: fileURL.path, keepingFileOpen: true)
      let track = try asset.firstAudioTrack()
      let fileRate = track.sampleRate ?? 48_000
      let fileChannels = min(max(track.channelCount ?? 2, 1), 8)
      let rate = decoded?.sampleRate ?? fileRate
      let channels = decoded?.channelCount ?? fileChannels
      let reader = try AudioReader(
        asset: asset, track: track, format: AudioFormat(sampleRate: rate, channelCount: channels))
      let duration = track.duration ?? asset.duration
      mode = .reading(
        reader, length: AVAudioFramePosition((duration.seconds * Double(rate)).rounded()))
      guard
        let file = AVAudioFormat(
          commonFormat: .pcmFormatFloat32, sampleRate: Double(fileRate),
          channels: AVAudioChannelCount(fileChannels), interleaved: false),
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

  /// Opens `fileURL` for writing with Apple's settings; buffers are written in the standard
  /// format (deinterleaved 32-bit float) at the settings' rate and channel count. An
  /// existing file is replaced when the file is closed.
  ///
  /// The settings: `AVFormatIDKey` `kAudioFormatMPEG4AAC` (the container from the
  /// extension: `.m4a`, `.mp4`, `.mov`, `.mkv`; with `AVEncoderBitRateKey` or
  /// `AVEncoderBitRatePerChannelKey`) or `kAudioFormatLinearPCM` (`.wav` only, with
  /// `AVLinearPCMBitDepthKey` 16/24/32, or 32/64 with `AVLinearPCMIsFloatKey`; little-endian;
  /// `AVLinearPCMIsNonInterleaved` describes buffers and is accepted either way);
  /// `AVSampleRateKey` (default 44 100 Hz) and `AVNumberOfChannelsKey` (default 2).
  ///
  /// - Throws: An `NSError` in `AVFoundationErrorDomain` naming the key, value or extension
  ///   Reel does not write, or why the file cannot be created.
  public convenience init(forWriting fileURL: URL, settings: [String: Any]) throws {
    try self.init(
      forWriting: fileURL, settings: settings, commonFormat: .pcmFormatFloat32, interleaved: false)
  }

  /// Opens `fileURL` for writing with Apple's settings (see ``init(forWriting:settings:)``);
  /// buffers are written in `format` (32-bit float or 16-bit integer, deinterleaved: the
  /// buffers Reel has).
  ///
  /// - Throws: As ``init(forWriting:settings:)``, and for another processing format.
  public init(
    forWriting fileURL: URL, settings: [String: Any], commonFormat format: AVAudioCommonFormat,
    interleaved: Bool
  ) throws {
    url = fileURL
    do throws(CompatFailure) {
      let target = try AudioFileSettings(settings, url: fileURL, in: "AVAudioFile(forWriting:)")
      guard format == .pcmFormatFloat32 || format == .pcmFormatInt16, !interleaved else {
        throw CompatFailure(
          .unknown,
          "AVAudioFile(forWriting:settings:commonFormat:interleaved:): a \(interleaved ? "interleaved " : "")\(format) processing format is not supported by Reel; use deinterleaved .pcmFormatFloat32 or .pcmFormatInt16"
        )
      }
      guard
        let processing = AVAudioFormat(
          commonFormat: format, sampleRate: Double(target.format.sampleRate),
          channels: AVAudioChannelCount(target.format.channelCount), interleaved: false),
        let file = AVAudioFormat(fileSettings: target.appleSettings, format: target.format)
      else {
        throw CompatFailure(.unknown, "AVAudioFile(forWriting:): no format for \(settings)")
      }
      processingFormat = processing
      fileFormat = file
      mode = .writing(try AudioFileSink(target, url: fileURL))
    } catch {
      throw error.nsError
    }
    super.init()
  }

  deinit { close() }

  /// The file's length in sample frames: from its audio track's duration when reading; the
  /// frames written so far when writing.
  open var length: AVAudioFramePosition {
    switch mode {
    case .reading(_, let length), .closed(let length): return length
    case .writing(let sink): return sink.framesWritten
    }
  }

  /// Whether the file is open (not yet closed), as Apple's `isOpen`.
  open var isOpen: Bool {
    if case .closed = mode { return false }
    return true
  }

  /// The next frame ``read(into:)`` reads (setting it seeks), or, when writing, the frame
  /// the next ``write(from:)`` writes (the end: Reel writes files in order, so setting it
  /// warns and is ignored).
  open var framePosition: AVAudioFramePosition {
    get {
      if case .writing(let sink) = mode { return sink.framesWritten }
      return position
    }
    set {
      guard case .reading(let reader, _) = mode else {
        CompatWarnings.warnOnce(
          key: "AVAudioFile.framePosition.write|\(url.path)",
          "AVAudioFile.framePosition = \(newValue) is ignored: Reel writes and reads files in order; this one is not open for reading"
        )
        return
      }
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
  /// - Throws: An `NSError` when the file cannot be decoded, is not open for reading, or
  ///   when the buffer's format is not the processing format's rate and channel count.
  open func read(into buffer: AVAudioPCMBuffer) throws {
    try read(into: buffer, frameCount: buffer.frameCapacity)
  }

  /// Reads up to `frames` frames (at most the buffer's capacity) from ``framePosition`` on.
  ///
  /// - Throws: As ``read(into:)``.
  open func read(into buffer: AVAudioPCMBuffer, frameCount frames: AVAudioFrameCount) throws {
    guard case .reading(let reader, _) = mode else {
      throw CompatFailure(
        .unknown, "AVAudioFile.read(into:): \(url.path) is not open for reading"
      ).nsError
    }
    try checkFormat(of: buffer, in: "read(into:)")
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

  /// Appends the buffer's `frameLength` frames to a file opened for writing.
  ///
  /// - Throws: An `NSError` when the file is not open for writing (or was closed), the
  ///   buffer's rate or channel count is not the processing format's, or encoding or
  ///   writing fails (the file is then abandoned: nothing appears at its URL).
  open func write(from buffer: AVAudioPCMBuffer) throws {
    guard case .writing(let sink) = mode else {
      throw CompatFailure(
        .unknown, "AVAudioFile.write(from:): \(url.path) is not open for writing"
      ).nsError
    }
    try checkFormat(of: buffer, in: "write(from:)")
    do throws(MediaError) {
      try sink.append(interleaved: buffer.interleavedFloats())
    } catch {
      mode = .closed(length: sink.framesWritten)
      throw CompatFailure(error).nsError
    }
  }

  /// Closes the file: a file being written is finished (its encoder flushed, its header
  /// completed) and moved onto its URL. Also done when the object is released. A failure
  /// to finish is reported as a warning naming the file (Apple's `close()` does not throw),
  /// and nothing appears at the URL.
  open func close() {
    switch mode {
    case .reading(_, let length):
      mode = .closed(length: length)
    case .writing(let sink):
      mode = .closed(length: sink.framesWritten)
      do throws(MediaError) {
        try sink.finish()
      } catch {
        closeFailure = error
        CompatWarnings.warnOnce(
          key: "AVAudioFile.close|\(url.path)",
          "AVAudioFile.close(): \(url.path) could not be finished and was not written: \(error)")
      }
    case .closed:
      break
    }
  }

  private func checkFormat(of buffer: AVAudioPCMBuffer, in method: String) throws {
    guard buffer.format.sampleRate == processingFormat.sampleRate,
      buffer.format.channelCount == processingFormat.channelCount
    else {
      throw CompatFailure(
        .unknown,
        "AVAudioFile.\(method): the buffer is \(buffer.format.sampleRate) Hz × \(buffer.format.channelCount), the file's processing format \(processingFormat.sampleRate) Hz × \(processingFormat.channelCount)"
      ).nsError
    }
  }
}
