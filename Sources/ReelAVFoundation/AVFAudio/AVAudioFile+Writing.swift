internal import ReelMedia

/// Apple's settings for a written audio file, checked: what Reel writes and how.
struct AudioFileSettings {
  /// The encoding Reel writes.
  enum Encoding {
    /// AAC through ``MediaWriter`` (the container from the extension).
    case aac(AudioOutputSettings)
    /// Linear PCM in a WAV file.
    case wave(WaveSampleEncoding)
  }

  let encoding: Encoding
  /// The file's sample rate and channel count.
  let format: AudioFormat
  /// The settings as given (the file format's `settings`).
  let appleSettings: [String: Any]

  /// The keys of linear-PCM settings.
  static let linearPCMKeys: Set<String> = [
    AVLinearPCMBitDepthKey, AVLinearPCMIsFloatKey, AVLinearPCMIsBigEndianKey,
    AVLinearPCMIsNonInterleaved,
  ]

  /// Checks `settings` for a file at `url`.
  ///
  /// - Parameter where_: The API the settings were given to, for messages.
  /// - Throws: Naming the key, value or file extension Reel does not write.
  init(_ settings: [String: Any], url: URL, in where_: String) throws(CompatFailure) {
    appleSettings = settings
    let dictionary = AttributeDictionary(settings)
    let fileExtension = url.pathExtension.lowercased()
    switch dictionary.integer(AVFormatIDKey) {
    case .some(.some(let id)) where id == Int(kAudioFormatMPEG4AAC):
      // Apple ignores linear-PCM keys in compressed settings (they arrive with
      // `format.settings`); the AAC rules are the writer input's.
      var compressed = settings
      for key in Self.linearPCMKeys { compressed[key] = nil }
      guard let container = OutputContainer(fileExtension: fileExtension),
        container.allows(AudioCodec.aac)
      else {
        throw CompatFailure(
          .fileFormatNotRecognized,
          "\(where_): AAC is not written by Reel into a .\(fileExtension) file; use .m4a, .mp4, .mov or .mkv"
        )
      }
      let output = try WriterSettings.audio(compressed, in: where_)
      encoding = .aac(output)
      format = output.format
    case .some(.some(let id)) where id == Int(kAudioFormatLinearPCM):
      try WriterSettings.refuseUnknown(
        dictionary,
        known: Self.linearPCMKeys.union([AVFormatIDKey, AVSampleRateKey, AVNumberOfChannelsKey]),
        in: where_)
      guard fileExtension == "wav" || fileExtension == "wave" else {
        throw CompatFailure(
          .fileFormatNotRecognized,
          "\(where_): linear PCM is written by Reel into .wav files only, not .\(fileExtension) (CAF and AIFF are not supported)"
        )
      }
      format = try Self.rateAndChannels(dictionary, in: where_)
      encoding = .wave(try Self.waveEncoding(dictionary, in: where_))
    case .some(let other):
      throw CompatFailure(
        .encoderNotFound,
        "\(where_): AVFormatIDKey \(other.map { PixelLayout.name(OSType(truncatingIfNeeded: $0)) } ?? "?") is not written by Reel; use kAudioFormatMPEG4AAC or kAudioFormatLinearPCM"
      )
    case .none:
      throw CompatFailure(
        .unknown,
        "\(where_): AVFormatIDKey is required (kAudioFormatMPEG4AAC or kAudioFormatLinearPCM)")
    }
  }

  /// `AVSampleRateKey` (default 44 100 Hz) and `AVNumberOfChannelsKey` (default 2).
  private static func rateAndChannels(_ dictionary: AttributeDictionary, in where_: String)
    throws(CompatFailure) -> AudioFormat
  {
    let rate = (dictionary.number(AVSampleRateKey) ?? nil) ?? 44_100
    guard let sampleRate = Int(exactly: rate), (8_000...384_000).contains(sampleRate) else {
      throw CompatFailure(
        .unknown, "\(where_): AVSampleRateKey \(rate) must be a whole 8000…384000 Hz")
    }
    let channels = (dictionary.integer(AVNumberOfChannelsKey) ?? nil) ?? 2
    guard (1...8).contains(channels) else {
      throw CompatFailure(.unknown, "\(where_): AVNumberOfChannelsKey \(channels) must be 1…8")
    }
    return AudioFormat(sampleRate: sampleRate, channelCount: channels)
  }

  /// The WAV sample encoding from `AVLinearPCMBitDepthKey` (default 16, or 32 for float),
  /// `AVLinearPCMIsFloatKey` and `AVLinearPCMIsBigEndianKey` (must be false).
  private static func waveEncoding(_ dictionary: AttributeDictionary, in where_: String)
    throws(CompatFailure) -> WaveSampleEncoding
  {
    if case .some(let bigEndian) = dictionary.boolean(AVLinearPCMIsBigEndianKey),
      bigEndian != false
    {
      throw CompatFailure(
        .unknown,
        "\(where_): AVLinearPCMIsBigEndianKey true is not written by Reel: WAV is little-endian")
    }
    if case .some(.none) = dictionary.boolean(AVLinearPCMIsNonInterleaved) {
      throw CompatFailure(.unknown, "\(where_): AVLinearPCMIsNonInterleaved must be a Boolean")
    }
    let isFloat: Bool
    switch dictionary.boolean(AVLinearPCMIsFloatKey) {
    case .none: isFloat = false
    case .some(.some(let flag)): isFloat = flag
    case .some(.none):
      throw CompatFailure(.unknown, "\(where_): AVLinearPCMIsFloatKey must be a Boolean")
    }
    let bits = (dictionary.integer(AVLinearPCMBitDepthKey) ?? nil) ?? (isFloat ? 32 : 16)
    switch (isFloat, bits) {
    case (false, 16): return .int16
    case (false, 24): return .int24
    case (false, 32): return .int32
    case (true, 32): return .float32
    case (true, 64): return .float64
    default:
      throw CompatFailure(
        .unknown,
        "\(where_): AVLinearPCMBitDepthKey \(bits) is not written by Reel for \(isFloat ? "float" : "integer") samples; use \(isFloat ? "32 or 64" : "16, 24 or 32")"
      )
    }
  }
}

/// Where a written audio file's samples go: ``MediaWriter`` (AAC) or ``WaveFileWriter``.
/// Both write a temporary file that ``finish()`` moves onto the target; releasing an
/// unfinished sink removes it.
final class AudioFileSink {
  private let writer: Writer
  /// Sample frames written so far.
  private(set) var framesWritten: AVAudioFramePosition = 0
  private let format: AudioFormat

  private enum Writer {
    case media(MediaWriter)
    case wave(WaveFileWriter)
  }

  /// Opens the writer for `settings` at `url`, replacing an existing file when finished.
  init(_ settings: AudioFileSettings, url: URL) throws(CompatFailure) {
    format = settings.format
    do throws(MediaError) {
      switch settings.encoding {
      case .aac(let output):
        writer = .media(try MediaWriter(url: url, video: nil, audio: output, overwrite: true))
      case .wave(let encoding):
        writer = .wave(
          try WaveFileWriter(url: url, format: settings.format, encoding: encoding, overwrite: true)
        )
      }
    } catch {
      throw CompatFailure(error)
    }
  }

  /// Appends interleaved float samples (whole frames).
  func append(interleaved samples: [Float]) throws(MediaError) {
    guard !samples.isEmpty else { return }
    switch writer {
    case .media(let media):
      try media.appendAudio(
        ReelMedia.AudioBuffer(format: format, samples: samples, startFrame: framesWritten))
    case .wave(let wave):
      try wave.append(interleaved: samples)
    }
    framesWritten += AVAudioFramePosition(samples.count / format.channelCount)
  }

  /// Finishes the file and moves it onto its URL.
  func finish() throws(MediaError) {
    switch writer {
    case .media(let media): try media.finish()
    case .wave(let wave): try wave.finish()
    }
  }
}
