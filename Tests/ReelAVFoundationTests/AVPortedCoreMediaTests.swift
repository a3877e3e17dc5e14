import AVFoundationCompat
import Foundation
import TestSupport
import Testing

@testable import ReelAVFoundation

/// CoreMedia as ported programs use it: sound built from PCM with the C functions
/// (ScaleVideo, TimeWarp), format-description extensions and `cancelLoading()`
/// (NextLevelSessionExporter, AssetReverser), checked with ffmpeg / ffprobe.
@Suite("Ported CoreMedia", .serialized)
struct AVPortedCoreMediaTests {
  /// A mono 16-bit 48 kHz LPCM format description, as the reader hands one out.
  static func monoFormat() -> CMFormatDescription {
    CMFormatDescription(
      mediaType: kCMMediaType_Audio, mediaSubType: kAudioFormatLinearPCM,
      stream: AudioStreamBasicDescription(
        mSampleRate: 48_000, mFormatID: kAudioFormatLinearPCM,
        mFormatFlags: kAudioFormatFlagIsSignedInteger | kAudioFormatFlagIsPacked,
        mBytesPerPacket: 2, mFramesPerPacket: 1, mBytesPerFrame: 2, mChannelsPerFrame: 1,
        mBitsPerChannel: 16, mReserved: 0))
  }

  /// ScaleVideo's `sampleBufferForSamples`: the PCM copied into a block it allocates, handed
  /// to `CMBlockBufferCreateWithMemoryBlock`, and a sample buffer without timing.
  static func sampleBuffer(_ samples: [Int16], format: CMFormatDescription) -> CMSampleBuffer? {
    var block: CMBlockBuffer?
    var sampleBuffer: CMSampleBuffer?
    let size = samples.count * MemoryLayout<Int16>.size
    let memory = UnsafeMutableRawPointer.allocate(
      byteCount: size, alignment: MemoryLayout<Int16>.alignment)
    _ = samples.withUnsafeBufferPointer { buffer in
      memory.initializeMemory(as: Int16.self, from: buffer.baseAddress!, count: buffer.count)
    }
    guard
      CMBlockBufferCreateWithMemoryBlock(
        allocator: kCFAllocatorDefault, memoryBlock: memory, blockLength: size,
        blockAllocator: nil, customBlockSource: nil, offsetToData: 0, dataLength: size,
        flags: 0, blockBufferOut: &block) == kCMBlockBufferNoErr, let block
    else { return nil }
    guard
      CMSampleBufferCreate(
        allocator: kCFAllocatorDefault, dataBuffer: block, dataReady: true,
        makeDataReadyCallback: nil, refcon: nil, formatDescription: format,
        sampleCount: samples.count, sampleTimingEntryCount: 0, sampleTimingArray: nil,
        sampleSizeEntryCount: 0, sampleSizeArray: nil, sampleBufferOut: &sampleBuffer) == noErr,
      let sampleBuffer, sampleBuffer.isValid, sampleBuffer.numSamples == samples.count
    else { return nil }
    return sampleBuffer
  }

  @Test("A sine built with CMBlockBufferCreateWithMemoryBlock + CMSampleBufferCreate is written")
  func untimedPCMIsWritten() throws {
    let format = Self.monoFormat()
    #expect(format.audioStreamBasicDescription?.mChannelsPerFrame == 1)
    #expect(format.audioStreamBasicDescription?.mSampleRate == 48_000)
    let output = try MediaOracle.folder().appendingPathComponent("sine.m4a")
    let writer = try AVAssetWriter(outputURL: output, fileType: .m4a)
    let input = AVAssetWriterInput(
      mediaType: .audio,
      outputSettings: [
        AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: 48_000, AVNumberOfChannelsKey: 1,
      ], sourceFormatHint: format)
    writer.add(input)
    #expect(writer.startWriting())
    writer.startSession(atSourceTime: .zero)
    // 1 s of a 440 Hz sine at half scale, in ten untimed buffers.
    let amplitude = 16_384.0
    for chunk in 0..<10 {
      let samples = (0..<4_800).map { index -> Int16 in
        let t = Double(chunk * 4_800 + index) / 48_000
        return Int16((amplitude * sin(2 * .pi * 440 * t)).rounded())
      }
      let sample = try #require(Self.sampleBuffer(samples, format: format))
      #expect(!sample.presentationTimeStamp.isValid)
      #expect(sample.formatDescription === format)
      #expect(input.append(sample), "\(String(describing: writer.error))")
    }
    input.markAsFinished()
    let done = DispatchSemaphore(value: 0)
    writer.finishWriting { done.signal() }
    done.wait()
    #expect(writer.status == .completed, "\(String(describing: writer.error))")

    let decoded = try MediaOracle.audio(output)
    #expect(abs(Double(decoded.count) / 48_000 - 1) < 0.05, "\(decoded.count) samples")
    // RMS of a half-scale sine: 0.5/√2.
    let rms = MediaOracle.rms(decoded, from: 0.1, to: 0.9)
    #expect(abs(rms - 0.5 / 2.0.squareRoot()) < 0.02, "rms \(rms)")
    // Its pitch, from zero crossings over 0.1…0.9 s: 440 Hz (the buffers follow each other
    // without gaps or overlaps, which would add crossings or silence).
    let window = Array(decoded[4_800..<43_200])
    let crossings = zip(window, window.dropFirst()).filter { $0 < 0 && $1 >= 0 }.count
    #expect(abs(Double(crossings) / 0.8 - 440) < 5, "\(crossings) rising crossings")
  }

  @Test("CMSampleBufferCreate refuses data that is not sampleCount frames of the format")
  func mismatchedLengthFails() throws {
    var block: CMBlockBuffer?
    let memory = UnsafeMutableRawPointer.allocate(byteCount: 10, alignment: 2)
    #expect(
      CMBlockBufferCreateWithMemoryBlock(
        allocator: nil, memoryBlock: memory, blockLength: 10, blockAllocator: nil,
        customBlockSource: nil, offsetToData: 0, dataLength: 10, flags: 0, blockBufferOut: &block)
        == kCMBlockBufferNoErr)
    var sample: CMSampleBuffer?
    #expect(
      CMSampleBufferCreate(
        allocator: nil, dataBuffer: block, dataReady: true, makeDataReadyCallback: nil,
        refcon: nil, formatDescription: Self.monoFormat(), sampleCount: 6,
        sampleTimingEntryCount: 0, sampleTimingArray: nil, sampleSizeEntryCount: 0,
        sampleSizeArray: nil, sampleBufferOut: &sample) == kCMSampleBufferError_InvalidMediaFormat)
    // One timing entry of one frame: the buffer's duration is all its frames.
    var timing = CMSampleTimingInfo(
      duration: CMTime(value: 1, timescale: 48_000), presentationTimeStamp: .zero,
      decodeTimeStamp: .invalid)
    #expect(
      CMSampleBufferCreate(
        allocator: nil, dataBuffer: block, dataReady: true, makeDataReadyCallback: nil,
        refcon: nil, formatDescription: Self.monoFormat(), sampleCount: 5,
        sampleTimingEntryCount: 1, sampleTimingArray: &timing, sampleSizeEntryCount: 0,
        sampleSizeArray: nil, sampleBufferOut: &sample) == noErr)
    #expect(try #require(sample).duration == CMTime(value: 5, timescale: 48_000))
  }

  @Test("AVAsset.cancelLoading(): the handler still runs; unloaded values are cancelled")
  func cancelLoading() async throws {
    let folder = try AVTestMedia.folder()
    let clip = try AVTestMedia.flatClip("clip.mp4", in: folder, color: "gray", seconds: 0.5)
    let asset = AVURLAsset(url: clip)
    asset.cancelLoading()
    var error: NSError?
    #expect(asset.statusOfValue(forKey: "duration", error: &error) == .cancelled)
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      asset.loadValuesAsynchronously(forKeys: ["duration"]) { done.resume() }
    }
    #expect(asset.statusOfValue(forKey: "duration", error: &error) == .loaded)
    asset.cancelLoading()  // loaded values stay loaded
    #expect(asset.statusOfValue(forKey: "duration", error: &error) == .loaded)
    #expect(abs(asset.duration.seconds - 0.5) < 0.05)
  }

  @Test("CMFormatDescriptionGetExtensions gives a file's colour tags under CoreVideo's names")
  func formatDescriptionExtensions() throws {
    let folder = try AVTestMedia.folder()
    let tagged = try AVTestMedia.clip(
      "hlg.mp4", in: folder, video: "color=c=gray:size=64x48:rate=30:duration=0.2",
      extra: [
        "-color_primaries", "bt2020", "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc",
      ])
    let track = try #require(AVURLAsset(url: tagged).tracks(withMediaType: .video).first)
    let description = try #require(track.formatDescriptions.first as? CMFormatDescription)
    let extensions = try #require(CMFormatDescriptionGetExtensions(description) as? [String: Any])
    #expect(
      extensions[kCVImageBufferTransferFunctionKey as String] as? String
        == kCVImageBufferTransferFunction_ITU_R_2100_HLG as String)
    #expect(
      extensions[kCVImageBufferColorPrimariesKey as String] as? String
        == kCVImageBufferColorPrimaries_ITU_R_2020 as String)
    #expect(
      extensions[kCVImageBufferYCbCrMatrixKey as String] as? String
        == kCVImageBufferYCbCrMatrix_ITU_R_2020 as String)

    let untagged = try AVTestMedia.clip(
      "plain.mp4", in: folder, video: "color=c=gray:size=64x48:rate=30:duration=0.2")
    let plainTrack = try #require(AVURLAsset(url: untagged).tracks(withMediaType: .video).first)
    let plain = try #require(plainTrack.formatDescriptions.first as? CMFormatDescription)
    let plainExtensions = CMFormatDescriptionGetExtensions(plain) as? [String: Any] ?? [:]
    #expect(plainExtensions[kCVImageBufferTransferFunctionKey as String] == nil)
  }
}
