import Foundation

/// How ``WaveFileWriter`` stores each sample: little-endian integers or IEEE floats.
public enum WaveSampleEncoding: Sendable, Hashable, CaseIterable {
  /// Signed 16-bit integers.
  case int16
  /// Signed 24-bit integers (3 bytes).
  case int24
  /// Signed 32-bit integers.
  case int32
  /// 32-bit IEEE floats.
  case float32
  /// 64-bit IEEE floats.
  case float64

  /// Bits of one sample.
  public var bitsPerSample: Int {
    switch self {
    case .int16: 16
    case .int24: 24
    case .int32, .float32: 32
    case .float64: 64
    }
  }

  /// Whether samples are IEEE floats (WAVE format tag 3) rather than integers (tag 1).
  public var isFloat: Bool { self == .float32 || self == .float64 }
}

/// Writes linear PCM into a RIFF WAVE file (`.wav`), from interleaved float samples.
///
/// Output is atomic like ``MediaWriter``'s: the samples go to a hidden temporary file beside
/// the target, which ``finish()`` completes (the header's sizes) and renames onto the target;
/// ``cancel()``, a failure or dropping the writer unfinished removes it. Integer encodings
/// round and clamp the float samples (−1…1 full scale). Files stay under 4 GiB (RIFF's
/// 32-bit sizes): an append past that throws.
///
/// Not Sendable: use a writer from one thread at a time.
public final class WaveFileWriter {
  /// The target path, as given.
  public let path: String
  /// The sample rate and channel count of the file and of every appended buffer.
  public let format: AudioFormat
  /// How samples are stored.
  public let encoding: WaveSampleEncoding
  /// Sample frames written so far.
  public private(set) var frameCount: Int64 = 0

  private let temporaryPath: String
  private let overwrite: Bool
  private var file: UnsafeMutablePointer<FILE>?
  private var finished = false
  private static let headerSize = 44

  /// Opens a writer: checks the format and the target and writes a provisional header.
  ///
  /// - Parameters:
  ///   - url: The file to write.
  ///   - format: Sample rate (1…384 000 Hz) and channel count (1…16).
  ///   - encoding: How samples are stored.
  ///   - overwrite: Replace an existing file at `url` when finishing; when `false` an
  ///     existing file makes this throw before anything is written.
  /// - Throws: ``MediaError/invalidArgument(path:reason:)`` for a format out of range;
  ///   ``MediaError/isDirectory(path:)``, ``MediaError/fileExists(path:)`` and
  ///   ``MediaError/unwritable(path:reason:)`` as ``MediaWriter`` does.
  public init(
    url: URL, format: AudioFormat, encoding: WaveSampleEncoding, overwrite: Bool = false
  ) throws(MediaError) {
    path = url.path
    guard (1...384_000).contains(format.sampleRate), (1...16).contains(format.channelCount) else {
      throw .invalidArgument(
        path: url.path,
        reason:
          "WAV at \(format.sampleRate) Hz × \(format.channelCount) channels; Reel writes 1…384000 Hz and 1…16 channels"
      )
    }
    self.format = format
    self.encoding = encoding
    self.overwrite = overwrite
    try MediaWriter.checkTarget(path: url.path, overwrite: overwrite)
    temporaryPath = try MediaWriter.makeTemporaryFile(beside: url.path)
    guard let file = fopen(temporaryPath, "wb") else {
      let reason = String(cString: strerror(errno))
      unlink(temporaryPath)
      throw .unwritable(path: url.path, reason: reason)
    }
    self.file = file
    do {
      try writeBytes(header(dataBytes: 0))
    } catch {
      cancel()
      throw error
    }
  }

  deinit { cancel() }

  /// Appends interleaved float samples (whole frames of ``format``'s channel count).
  ///
  /// - Throws: ``MediaError/invalidArgument(path:reason:)`` when the count is not a whole
  ///   number of frames, the file would pass 4 GiB, or the writer has finished or been
  ///   cancelled; ``MediaError/encodeFailed(path:reason:)`` when writing fails (the writer
  ///   is then cancelled).
  public func append(interleaved samples: [Float]) throws(MediaError) {
    guard file != nil else {
      throw .invalidArgument(path: path, reason: "the WAV writer has finished or was cancelled")
    }
    guard samples.count % format.channelCount == 0 else {
      throw .invalidArgument(
        path: path,
        reason: "\(samples.count) samples are not whole frames of \(format.channelCount) channels")
    }
    let bytesPerSample = encoding.bitsPerSample / 8
    let frames = Int64(samples.count / format.channelCount)
    let dataBytes = (frameCount + frames) * Int64(format.channelCount * bytesPerSample)
    guard dataBytes + Int64(Self.headerSize) <= Int64(UInt32.max) else {
      throw .invalidArgument(path: path, reason: "a WAV file cannot pass 4 GiB")
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(samples.count * bytesPerSample)
    for sample in samples { encode(sample, into: &bytes) }
    do {
      try writeBytes(bytes)
    } catch {
      cancel()
      throw error
    }
    frameCount += frames
  }

  /// Writes the final header and renames the temporary file onto the target.
  ///
  /// - Throws: ``MediaError/encodeFailed(path:reason:)`` when writing fails;
  ///   ``MediaError/fileExists(path:)`` when a file appeared at the target and `overwrite`
  ///   was false; ``MediaError/invalidArgument(path:reason:)`` when already finished or
  ///   cancelled. On failure the temporary file is removed.
  public func finish() throws(MediaError) {
    guard let file else {
      throw .invalidArgument(path: path, reason: "the WAV writer has finished or was cancelled")
    }
    let dataBytes = frameCount * Int64(format.channelCount * encoding.bitsPerSample / 8)
    do throws(MediaError) {
      guard fseek(file, 0, SEEK_SET) == 0 else {
        throw MediaError.encodeFailed(path: path, reason: String(cString: strerror(errno)))
      }
      try writeBytes(header(dataBytes: dataBytes))
      guard fflush(file) == 0 else {
        throw MediaError.encodeFailed(path: path, reason: String(cString: strerror(errno)))
      }
    } catch {
      cancel()
      throw error
    }
    fclose(file)
    self.file = nil
    finished = true
    try MediaWriter.commitTemporaryFile(temporaryPath, to: path, overwrite: overwrite)
  }

  /// Stops writing and removes the temporary file; the target is left as it was. Nothing
  /// happens after ``finish()``.
  public func cancel() {
    if let file {
      fclose(file)
      self.file = nil
    }
    if !finished {
      unlink(temporaryPath)
      finished = true
    }
  }

  private func writeBytes(_ bytes: [UInt8]) throws(MediaError) {
    guard let file else { return }
    let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    guard written == bytes.count else {
      throw .encodeFailed(
        path: path, reason: "writing WAV data: \(String(cString: strerror(errno)))")
    }
  }

  /// The 44-byte canonical header (`RIFF`, `fmt ` with tag 1 or 3, `data`).
  private func header(dataBytes: Int64) -> [UInt8] {
    let bytesPerFrame = format.channelCount * encoding.bitsPerSample / 8
    var bytes: [UInt8] = []
    func append32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    func append16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    let data = UInt32(clamping: dataBytes)
    bytes += Array("RIFF".utf8)
    append32(UInt32(clamping: Int64(Self.headerSize - 8) + Int64(data)))
    bytes += Array("WAVEfmt ".utf8)
    append32(16)
    append16(encoding.isFloat ? 3 : 1)
    append16(UInt16(format.channelCount))
    append32(UInt32(format.sampleRate))
    append32(UInt32(format.sampleRate * bytesPerFrame))
    append16(UInt16(bytesPerFrame))
    append16(UInt16(encoding.bitsPerSample))
    bytes += Array("data".utf8)
    append32(data)
    return bytes
  }

  private func encode(_ sample: Float, into bytes: inout [UInt8]) {
    func integer(_ fullScale: Double) -> Int64 {
      let value = sample.isNaN ? 0 : Double(max(-1, min(1, sample)))
      return Int64((value * fullScale).rounded())
    }
    switch encoding {
    case .int16:
      withUnsafeBytes(of: Int16(integer(32767)).littleEndian) { bytes += $0 }
    case .int24:
      let value = Int32(integer(8_388_607))
      withUnsafeBytes(of: value.littleEndian) { bytes += $0.prefix(3) }
    case .int32:
      withUnsafeBytes(of: Int32(integer(2_147_483_647)).littleEndian) { bytes += $0 }
    case .float32:
      withUnsafeBytes(of: sample.bitPattern.littleEndian) { bytes += $0 }
    case .float64:
      withUnsafeBytes(of: Double(sample).bitPattern.littleEndian) { bytes += $0 }
    }
  }
}
