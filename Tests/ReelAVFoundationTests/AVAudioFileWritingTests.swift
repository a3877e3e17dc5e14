import AVFoundationCompat
import Foundation
import TestSupport
import Testing

@testable import ReelAVFoundation

@Suite("AVAudioFile writing: AAC and WAV files, settings, atomic output")
struct AVAudioFileWritingTests {
  /// A sine of `frequency` Hz at amplitude `amplitude` on every channel of a buffer.
  static func sine(
    _ format: AVAudioFormat, frames: Int, from start: Int, frequency: Double, amplitude: Double
  ) throws -> AVAudioPCMBuffer {
    let buffer = try #require(
      AVAudioPCMBuffer(pcmFormat: format, frameCapacity: AVAudioFrameCount(frames)))
    buffer.frameLength = AVAudioFrameCount(frames)
    for channel in 0..<Int(format.channelCount) {
      for frame in 0..<frames {
        let value =
          amplitude * sin(2 * Double.pi * frequency * Double(start + frame) / format.sampleRate)
        if let floats = buffer.floatChannelData {
          floats[channel][frame] = Float(value)
        } else if let shorts = buffer.int16ChannelData {
          shorts[channel][frame] = Int16((value * 32767).rounded())
        }
      }
    }
    return buffer
  }

  /// Writes `seconds` of a 440 Hz sine (amplitude 0.5) in 4800-frame buffers, checking
  /// `length` and `framePosition` as it goes and that nothing is at the URL before closing.
  static func writeSine(
    to url: URL, settings: [String: Any], commonFormat: AVAudioCommonFormat = .pcmFormatFloat32,
    seconds: Double
  ) throws {
    let file = try AVAudioFile(
      forWriting: url, settings: settings, commonFormat: commonFormat, interleaved: false)
    let total = Int(seconds * file.processingFormat.sampleRate)
    var written = 0
    while written < total {
      let count = min(4800, total - written)
      try file.write(
        from: sine(
          file.processingFormat, frames: count, from: written, frequency: 440, amplitude: 0.5))
      written += count
      #expect(file.length == AVAudioFramePosition(written))
      #expect(file.framePosition == AVAudioFramePosition(written))
    }
    #expect(!FileManager.default.fileExists(atPath: url.path), "nothing at the URL before close")
    file.close()
    #expect(!file.isOpen)
    #expect(FileManager.default.fileExists(atPath: url.path))
  }

  static func expectedSine(_ n: Int, rate: Double = 48_000) -> Float {
    Float(0.5 * sin(2 * Double.pi * 440 * Double(n) / rate))
  }

  @Test("AAC into .m4a: ffprobe sees AAC 48 kHz stereo 1 s; the decoded samples are the sine")
  func aacM4A() throws {
    let folder = try AVTestMedia.folder()
    let url = folder.appendingPathComponent("sine.m4a")
    try Self.writeSine(
      to: url,
      settings: [
        AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: 48_000, AVNumberOfChannelsKey: 2,
        AVEncoderBitRateKey: 128_000,
      ], seconds: 1)
    let stream = try #require(try AVTestMedia.streams(url).first)
    #expect(stream["codec_name"] as? String == "aac")
    #expect(stream["sample_rate"] as? String == "48000")
    #expect(stream["channels"] as? Int == 2)
    let duration = try MediaOracle.duration(url)
    #expect(abs(duration - 1) < 0.03, "duration \(duration)")
    let samples = try MediaOracle.audio(url)
    #expect(abs(samples.count - 48_000) < 1100, "\(samples.count) samples")
    // Compare the middle (away from the codec's start and end ramps) to the sine.
    var squaredError = 0.0
    var squaredSignal = 0.0
    for n in 4_800..<43_200 where n < samples.count {
      let expected = Self.expectedSine(n)
      squaredError += Double((samples[n] - expected) * (samples[n] - expected))
      squaredSignal += Double(expected * expected)
    }
    let relative = (squaredError / squaredSignal).squareRoot()
    #expect(relative < 0.05, "relative RMS error \(relative)")
    // Reading it back through AVAudioFile gives the same rate and channels.
    let reread = try AVAudioFile(forReading: url)
    #expect(
      reread.processingFormat.sampleRate == 48_000 && reread.processingFormat.channelCount == 2)
    #expect(reread.fileFormat.sampleRate == 48_000)
  }

  @Test("linear PCM into .wav: 16-bit integer within one step, 32-bit float exactly")
  func pcmWAV() throws {
    let folder = try AVTestMedia.folder()
    let cases: [(name: String, bits: Int, isFloat: Bool, codec: String, tolerance: Float)] = [
      ("s16.wav", 16, false, "pcm_s16le", 1.0 / 32767 + 1e-6),
      ("s24.wav", 24, false, "pcm_s24le", 1e-6),
      ("f32.wav", 32, true, "pcm_f32le", 0),
    ]
    for item in cases {
      let url = folder.appendingPathComponent(item.name)
      try Self.writeSine(
        to: url,
        settings: [
          AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 48_000.0,
          AVNumberOfChannelsKey: 1, AVLinearPCMBitDepthKey: item.bits,
          AVLinearPCMIsFloatKey: item.isFloat, AVLinearPCMIsBigEndianKey: false,
          AVLinearPCMIsNonInterleaved: false,
        ], seconds: 0.5)
      let stream = try #require(try AVTestMedia.streams(url).first)
      #expect(stream["codec_name"] as? String == item.codec)
      #expect(stream["sample_rate"] as? String == "48000")
      #expect(stream["channels"] as? Int == 1)
      #expect(abs(try MediaOracle.duration(url) - 0.5) < 0.001)
      let samples = try MediaOracle.audio(url)
      #expect(samples.count == 24_000, "\(item.name): \(samples.count) samples")
      var worst: Float = 0
      for n in 0..<min(samples.count, 24_000) {
        worst = max(worst, abs(samples[n] - Self.expectedSine(n)))
      }
      #expect(worst <= item.tolerance, "\(item.name): max |Δ| \(worst)")
    }
  }

  @Test("16-bit buffers write through the int16 processing format; format.settings round-trips")
  func int16ProcessingAndSettings() throws {
    let folder = try AVTestMedia.folder()
    let url = folder.appendingPathComponent("from-int16.wav")
    let standard = try #require(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 2))
    let settings = standard.settings
    #expect(settings[AVFormatIDKey] as? Int == Int(kAudioFormatLinearPCM))
    #expect(settings[AVLinearPCMBitDepthKey] as? Int == 32)
    #expect(settings[AVLinearPCMIsFloatKey] as? Bool == true)
    #expect(settings[AVLinearPCMIsNonInterleaved] as? Bool == true)
    // Apple's idiom: a file in the buffers' own format.
    try Self.writeSine(to: url, settings: settings, commonFormat: .pcmFormatInt16, seconds: 0.25)
    let stream = try #require(try AVTestMedia.streams(url).first)
    #expect(stream["codec_name"] as? String == "pcm_f32le")
    #expect(stream["channels"] as? Int == 2)
    let samples = try MediaOracle.audio(url)
    var worst: Float = 0
    for n in 0..<min(samples.count, 12_000) {
      worst = max(worst, abs(samples[n] - Self.expectedSine(n)))
    }
    #expect(samples.count == 12_000 && worst <= 1.0 / 32767 + 1e-6, "max |Δ| \(worst)")
    let file = try AVAudioFile(
      forWriting: folder.appendingPathComponent("x.m4a"),
      settings: [
        AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: 44_100, AVNumberOfChannelsKey: 1,
      ])
    #expect(file.fileFormat.settings[AVFormatIDKey] as? AudioFormatID == kAudioFormatMPEG4AAC)
    #expect(file.processingFormat.isStandard && file.processingFormat.sampleRate == 44_100)
  }

  /// The failure reason of the error `body` throws.
  static func failureReason(_ body: () throws -> Void) -> String {
    do {
      try body()
      return "(no error)"
    } catch {
      return (error as NSError).userInfo[NSLocalizedFailureReasonErrorKey] as? String ?? "\(error)"
    }
  }

  @Test("bad settings fail naming the key, value or extension; nothing is left behind")
  func badSettings() throws {
    let folder = try AVTestMedia.folder()
    let wav = folder.appendingPathComponent("bad.wav")
    let pcm: [String: Any] = [AVFormatIDKey: kAudioFormatLinearPCM]
    let cases: [(URL, [String: Any], String)] = [
      (wav, pcm.merging(["AVFancyKey": 1]) { $1 }, "AVFancyKey"),
      (wav, pcm.merging([AVLinearPCMBitDepthKey: 12]) { $1 }, "AVLinearPCMBitDepthKey 12"),
      (wav, pcm.merging([AVLinearPCMIsBigEndianKey: true]) { $1 }, "AVLinearPCMIsBigEndianKey"),
      (wav, pcm.merging([AVSampleRateKey: 1.5]) { $1 }, "AVSampleRateKey"),
      (wav, pcm.merging([AVNumberOfChannelsKey: 0]) { $1 }, "AVNumberOfChannelsKey"),
      (folder.appendingPathComponent("bad.caf"), pcm, ".caf"),
      (wav, [AVFormatIDKey: kAudioFormatOpus], "AVFormatIDKey"),
      (wav, [AVSampleRateKey: 44_100], "AVFormatIDKey is required"),
      (wav, [AVFormatIDKey: kAudioFormatMPEG4AAC], ".wav"),
      (
        folder.appendingPathComponent("bad.m4a"),
        [AVFormatIDKey: kAudioFormatMPEG4AAC, AVEncoderBitRateKey: -5], "AVEncoderBitRateKey"
      ),
    ]
    for (url, settings, named) in cases {
      let reason = Self.failureReason { _ = try AVAudioFile(forWriting: url, settings: settings) }
      #expect(reason.contains(named), "\(settings): \(reason)")
      #expect(!FileManager.default.fileExists(atPath: url.path))
    }
    let interleaved = Self.failureReason {
      _ = try AVAudioFile(
        forWriting: wav, settings: pcm, commonFormat: .pcmFormatFloat32, interleaved: true)
    }
    #expect(interleaved.contains("interleaved"), "\(interleaved)")
    // A buffer of another rate is refused; a file dropped unclosed is still finished.
    let url = folder.appendingPathComponent("dropped.wav")
    do {
      let file = try AVAudioFile(
        forWriting: url, settings: pcm.merging([AVSampleRateKey: 48_000]) { $1 })
      let other = try #require(AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 2))
      let wrong = try Self.sine(other, frames: 10, from: 0, frequency: 440, amplitude: 0.5)
      #expect(throws: (any Error).self) { try file.write(from: wrong) }
      #expect(throws: (any Error).self) {
        try file.read(into: wrong)
      }
    }
    #expect(FileManager.default.fileExists(atPath: url.path))
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".tmp")
    }
    #expect(leftovers.isEmpty, "\(leftovers)")
  }
}

@Suite("ExtAudioFile over AVAudioFile: client formats, rate changes, writing, OSStatus codes")
struct ExtAudioFileTests {
  static func clientFormat(rate: Double, channels: UInt32, float: Bool)
    -> AudioStreamBasicDescription
  {
    let bytes: UInt32 = float ? 4 : 2
    return AudioStreamBasicDescription(
      mSampleRate: rate, mFormatID: kAudioFormatLinearPCM,
      mFormatFlags: (float ? kAudioFormatFlagIsFloat : kAudioFormatFlagIsSignedInteger)
        | kAudioFormatFlagIsPacked,
      mBytesPerPacket: bytes * channels, mFramesPerPacket: 1, mBytesPerFrame: bytes * channels,
      mChannelsPerFrame: channels, mBitsPerChannel: bytes * 8, mReserved: 0)
  }

  /// Reads `frames` client frames of raw bytes.
  static func read(_ file: ExtAudioFileRef, frames: UInt32, bytesPerFrame: Int) -> (
    OSStatus, UInt32, [UInt8]
  ) {
    var bytes = [UInt8](repeating: 0, count: Int(frames) * bytesPerFrame)
    var count = frames
    let status = bytes.withUnsafeMutableBytes { raw -> OSStatus in
      var list = AudioBufferList(
        mNumberBuffers: 1,
        mBuffers: AudioBuffer(
          mNumberChannels: 1, mDataByteSize: UInt32(raw.count), mData: raw.baseAddress))
      return ExtAudioFileRead(file, &count, &list)
    }
    return (status, count, bytes)
  }

  @Test("an ffmpeg-made 44.1 kHz WAV reads as float at its rate and as 16-bit at 22.05 kHz")
  func readConverts() throws {
    let folder = try AVTestMedia.folder()
    let url = folder.appendingPathComponent("ext-tone.wav")
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "sine=frequency=441:sample_rate=44100:duration=0.5", "-c:a",
      "pcm_s16le", url.path,
    ])
    var opened: ExtAudioFileRef?
    #expect(ExtAudioFileOpenURL(url as CFURL, &opened) == noErr)
    let file = try #require(opened)
    var format = AudioStreamBasicDescription()
    var size = UInt32(MemoryLayout<AudioStreamBasicDescription>.size)
    #expect(
      ExtAudioFileGetProperty(file, kExtAudioFileProperty_FileDataFormat, &size, &format) == noErr)
    #expect(format.mSampleRate == 44_100 && format.mChannelsPerFrame == 1)
    var length: Int64 = 0
    var lengthSize = UInt32(MemoryLayout<Int64>.size)
    #expect(
      ExtAudioFileGetProperty(file, kExtAudioFileProperty_FileLengthFrames, &lengthSize, &length)
        == noErr)
    #expect(length == 22_050)
    // Float at the file's rate: ffmpeg's sine is amplitude 1/8.
    var float = Self.clientFormat(rate: 44_100, channels: 1, float: true)
    #expect(
      ExtAudioFileSetProperty(
        file, kExtAudioFileProperty_ClientDataFormat, UInt32(MemoryLayout.size(ofValue: float)),
        &float) == noErr)
    let (status, count, bytes) = Self.read(file, frames: 1000, bytesPerFrame: 4)
    #expect(status == noErr && count == 1000)
    var worst: Float = 0
    bytes.withUnsafeBytes { raw in
      for n in 0..<1000 {
        let expected = Float(sin(2 * Double.pi * 441 * Double(n) / 44_100) / 8)
        worst = max(worst, abs(raw.loadUnaligned(fromByteOffset: n * 4, as: Float.self) - expected))
      }
    }
    #expect(worst < 1e-3, "max |Δ| \(worst)")
    // 16-bit stereo at 22.05 kHz from the start: FFmpeg resamples and duplicates the channel.
    #expect(ExtAudioFileSeek(file, 0) == noErr)
    var shorts = Self.clientFormat(rate: 22_050, channels: 2, float: false)
    #expect(
      ExtAudioFileSetProperty(
        file, kExtAudioFileProperty_ClientDataFormat, UInt32(MemoryLayout.size(ofValue: shorts)),
        &shorts) == noErr)
    #expect(
      ExtAudioFileGetProperty(file, kExtAudioFileProperty_FileLengthFrames, &lengthSize, &length)
        == noErr && length == 22_050, "file frames stay file frames")
    var total = 0
    var pairs: [(Int16, Int16)] = []
    while true {
      let (status, count, bytes) = Self.read(file, frames: 4096, bytesPerFrame: 4)
      #expect(status == noErr)
      if count == 0 { break }
      bytes.withUnsafeBytes { raw in
        for n in 0..<Int(count) {
          pairs.append(
            (
              raw.loadUnaligned(fromByteOffset: n * 4, as: Int16.self),
              raw.loadUnaligned(fromByteOffset: n * 4 + 2, as: Int16.self)
            ))
        }
      }
      total += Int(count)
    }
    #expect(abs(total - 11_025) <= 64, "\(total) frames at 22.05 kHz")
    var worstShort = 0
    for n in 200..<min(10_000, pairs.count) {
      let expected = Int((sin(2 * Double.pi * 441 * Double(n) / 22_050) / 8 * 32767).rounded())
      worstShort = max(
        worstShort, abs(Int(pairs[n].0) - expected), abs(Int(pairs[n].0) - Int(pairs[n].1)))
    }
    #expect(worstShort < 200, "max |Δ| \(worstShort) of 32767")
    #expect(ExtAudioFileDispose(file) == noErr)
  }

  @Test("writing a WAV and an M4A from interleaved 16-bit client samples; codes for misuse")
  func writeAndErrors() throws {
    let folder = try AVTestMedia.folder()
    var desc = Self.clientFormat(rate: 48_000, channels: 2, float: false)
    for (name, type) in [("ext.wav", kAudioFileWAVEType), ("ext.m4a", kAudioFileM4AType)] {
      let url = folder.appendingPathComponent(name)
      var fileFormat = desc
      if type == kAudioFileM4AType {
        fileFormat = AudioStreamBasicDescription(
          mSampleRate: 48_000, mFormatID: kAudioFormatMPEG4AAC, mFormatFlags: 0,
          mBytesPerPacket: 0, mFramesPerPacket: 1024, mBytesPerFrame: 0, mChannelsPerFrame: 2,
          mBitsPerChannel: 0, mReserved: 0)
      }
      var created: ExtAudioFileRef?
      #expect(
        ExtAudioFileCreateWithURL(
          url as CFURL, type, &fileFormat, nil, AudioFileFlags.eraseFile.rawValue, &created)
          == noErr)
      let file = try #require(created)
      #expect(
        ExtAudioFileSetProperty(
          file, kExtAudioFileProperty_ClientDataFormat, UInt32(MemoryLayout.size(ofValue: desc)),
          &desc) == noErr)
      var samples = [Int16](repeating: 0, count: 48_000 * 2)
      for n in 0..<48_000 {
        let value = Int16((0.5 * sin(2 * Double.pi * 440 * Double(n) / 48_000) * 32767).rounded())
        samples[2 * n] = value
        samples[2 * n + 1] = value
      }
      let status = samples.withUnsafeMutableBytes { raw -> OSStatus in
        var list = AudioBufferList(
          mNumberBuffers: 1,
          mBuffers: AudioBuffer(
            mNumberChannels: 2, mDataByteSize: UInt32(raw.count), mData: raw.baseAddress))
        return ExtAudioFileWrite(file, 48_000, &list)
      }
      #expect(status == noErr)
      #expect(ExtAudioFileDispose(file) == noErr)
      let stream = try #require(try AVTestMedia.streams(url).first)
      #expect(stream["codec_name"] as? String == (type == kAudioFileWAVEType ? "pcm_s16le" : "aac"))
      #expect(stream["channels"] as? Int == 2 && stream["sample_rate"] as? String == "48000")
      #expect(abs(try MediaOracle.duration(url) - 1) < 0.03)
      let decoded = try MediaOracle.audio(url)
      let limit: Float = type == kAudioFileWAVEType ? 2e-4 : 0.05
      var squaredError = 0.0
      var squaredSignal = 0.0
      for n in 4_800..<43_200 where n < decoded.count {
        let expected = Float(0.5 * sin(2 * Double.pi * 440 * Double(n) / 48_000))
        squaredError += Double((decoded[n] - expected) * (decoded[n] - expected))
        squaredSignal += Double(expected * expected)
      }
      #expect(Float((squaredError / squaredSignal).squareRoot()) < limit, "\(name)")
    }
    // Misuse: CAF, AAC in WAVE, an existing file without eraseFile, a non-PCM client format.
    let caf = folder.appendingPathComponent("ext.caf")
    var created: ExtAudioFileRef?
    #expect(
      ExtAudioFileCreateWithURL(caf as CFURL, kAudioFileCAFType, &desc, nil, 0, &created)
        == kAudioFileUnsupportedFileTypeError)
    var aac = desc
    aac.mFormatID = kAudioFormatMPEG4AAC
    #expect(
      ExtAudioFileCreateWithURL(
        folder.appendingPathComponent("x.wav") as CFURL, kAudioFileWAVEType, &aac, nil, 0,
        &created) == kAudioFileUnsupportedDataFormatError)
    #expect(
      ExtAudioFileCreateWithURL(
        folder.appendingPathComponent("ext.wav") as CFURL, kAudioFileWAVEType, &desc, nil, 0,
        &created) == kAudioFilePermissionsError)
    var opened: ExtAudioFileRef?
    #expect(
      ExtAudioFileOpenURL(folder.appendingPathComponent("none.wav") as CFURL, &opened)
        == kAudio_FileNotFoundError)
    #expect(
      ExtAudioFileOpenURL(folder.appendingPathComponent("ext.wav") as CFURL, &opened) == noErr)
    let file = try #require(opened)
    #expect(
      ExtAudioFileSetProperty(
        file, kExtAudioFileProperty_ClientDataFormat, UInt32(MemoryLayout.size(ofValue: aac)), &aac)
        == kExtAudioFileError_NonPCMClientFormat)
    #expect(
      ExtAudioFileSetProperty(file, kExtAudioFileProperty_FileLengthFrames, 8, &aac)
        == kExtAudioFileError_InvalidProperty)
    #expect(ExtAudioFileSeek(file, -1) == kExtAudioFileError_InvalidSeek)
    #expect(ExtAudioFileDispose(file) == noErr)
  }
}
