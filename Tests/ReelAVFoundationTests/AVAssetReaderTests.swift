import AVFoundationCompat
import Foundation
import TestSupport
import Testing

@testable import ReelAVFoundation

/// AVAssetReader and its outputs, checked against ffmpeg's decoding of the same files.
@Suite("AVAssetReader", .serialized)
struct AVAssetReaderTests {
  /// A 320×240 test pattern, 1 s at 30 fps, with a tone.
  static func patternClip(in folder: URL) throws -> URL {
    try AVTestMedia.patternClip("pattern.mp4", in: folder)
  }

  /// Every frame's raw bytes as ffmpeg gives them in `pixelFormat`.
  static func ffmpegFrames(_ url: URL, pixelFormat: String, frameBytes: Int) throws -> [[UInt8]] {
    let output = try TestSupport.run(
      "ffmpeg",
      [
        "-v", "error", "-i", url.path, "-map", "0:v:0", "-fps_mode", "passthrough",
        "-sws_flags", "bilinear+full_chroma_int", "-f", "rawvideo", "-pix_fmt", pixelFormat, "-",
      ])
    #expect(output.status == 0, "\(output.stderr)")
    let data = [UInt8](output.stdout)
    return stride(from: 0, to: data.count - frameBytes + 1, by: frameBytes).map {
      Array(data[$0..<($0 + frameBytes)])
    }
  }

  /// The rows of a locked plane, without padding.
  static func rows(_ buffer: CVPixelBuffer, plane: Int?, rowBytes: Int, height: Int) -> [UInt8] {
    let base =
      plane.map { CVPixelBufferGetBaseAddressOfPlane(buffer, $0) }
      ?? CVPixelBufferGetBaseAddress(buffer)
    let stride =
      plane.map { CVPixelBufferGetBytesPerRowOfPlane(buffer, $0) }
      ?? CVPixelBufferGetBytesPerRow(buffer)
    guard let bytes = base?.assumingMemoryBound(to: UInt8.self) else { return [] }
    var out: [UInt8] = []
    for y in 0..<height { out += UnsafeBufferPointer(start: bytes + y * stride, count: rowBytes) }
    return out
  }

  @Test(
    "BGRA frames equal ffmpeg -pix_fmt bgra with the same matrix (≤ 1 level), at ffprobe's times")
  func bgraMatchesFFmpeg() throws {
    let folder = try AVTestMedia.folder()
    let clip = try Self.patternClip(in: folder)
    let asset = AVURLAsset(url: clip)
    let reader = try AVAssetReader(asset: asset)
    let track = try #require(asset.tracks(withMediaType: .video).first)
    let output = AVAssetReaderTrackOutput(
      track: track,
      outputSettings: [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA])
    output.alwaysCopiesSampleData = false
    #expect(reader.canAdd(output))
    reader.add(output)
    #expect(reader.startReading(), "\(String(describing: reader.error))")
    let expected = try Self.ffmpegFrames(clip, pixelFormat: "bgra", frameBytes: 320 * 240 * 4)
    let times = try AVAssetWriterTests.frameTimes(clip)
    var count = 0
    var worst = 0
    while let sample = output.copyNextSampleBuffer() {
      let buffer = try #require(CMSampleBufferGetImageBuffer(sample))
      #expect(CVPixelBufferGetPixelFormatType(buffer) == kCVPixelFormatType_32BGRA)
      #expect(CMSampleBufferGetNumSamples(sample) == 1)
      let pts = CMSampleBufferGetPresentationTimeStamp(sample)
      if count < times.count { #expect(abs(pts.seconds - times[count]) < 1e-6) }  // ffprobe prints µs
      #expect(abs(CMSampleBufferGetDuration(sample).seconds - 1.0 / 30) < 1e-9)
      CVPixelBufferLockBaseAddress(buffer, .readOnly)
      let bytes = Self.rows(buffer, plane: nil, rowBytes: 320 * 4, height: 240)
      CVPixelBufferUnlockBaseAddress(buffer, .readOnly)
      if count < expected.count {
        for (a, b) in zip(bytes, expected[count]) { worst = max(worst, abs(Int(a) - Int(b))) }
      }
      count += 1
    }
    #expect(count == 30)
    #expect(count == expected.count)
    #expect(worst <= 1, "largest difference from ffmpeg: \(worst)")
    #expect(reader.status == .completed)
    let format = try #require(track.formatDescriptions.first as! CMFormatDescription?)
    #expect(CMFormatDescriptionGetMediaSubType(format) == kCMVideoCodecType_H264)
    let dimensions = CMVideoFormatDescriptionGetDimensions(format)
    #expect(dimensions.width == 320 && dimensions.height == 240)
  }

  @Test("NV12 (420v) frames are the decoder's samples: equal to ffmpeg -pix_fmt nv12")
  func biPlanarMatchesFFmpeg() throws {
    let folder = try AVTestMedia.folder()
    let clip = try Self.patternClip(in: folder)
    let asset = AVURLAsset(url: clip)
    let reader = try AVAssetReader(asset: asset)
    let output = AVAssetReaderTrackOutput(
      track: try #require(asset.tracks(withMediaType: .video).first),
      outputSettings: [
        kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange
      ])
    reader.add(output)
    #expect(reader.startReading())
    let expected = try Self.ffmpegFrames(clip, pixelFormat: "nv12", frameBytes: 320 * 240 * 3 / 2)
    var index = 0
    while let sample = output.copyNextSampleBuffer(), index < expected.count {
      let buffer = try #require(CMSampleBufferGetImageBuffer(sample))
      #expect(CVPixelBufferGetPlaneCount(buffer) == 2)
      CVPixelBufferLockBaseAddress(buffer, .readOnly)
      let bytes =
        Self.rows(buffer, plane: 0, rowBytes: 320, height: 240)
        + Self.rows(buffer, plane: 1, rowBytes: 320, height: 120)
      CVPixelBufferUnlockBaseAddress(buffer, .readOnly)
      let differing = zip(bytes, expected[index]).filter { $0 != $1 }.count
      #expect(
        bytes.count == expected[index].count && differing == 0,
        "frame \(index): \(differing) bytes differ")
      index += 1
    }
    #expect(index == 30)
  }

  @Test("Sound reads as 16-bit PCM with its times; the format description says AAC")
  func audioPCM() throws {
    let folder = try AVTestMedia.folder()
    let clip = try Self.patternClip(in: folder)
    let asset = AVURLAsset(url: clip)
    let track = try #require(asset.tracks(withMediaType: .audio).first)
    let format = try #require(track.formatDescriptions.first as! CMAudioFormatDescription?)
    #expect(CMFormatDescriptionGetMediaSubType(format) == kAudioFormatMPEG4AAC)
    #expect(
      CMAudioFormatDescriptionGetStreamBasicDescription(format)?.pointee.mSampleRate == 48_000)
    let reader = try AVAssetReader(asset: asset)
    let output = AVAssetReaderTrackOutput(
      track: track,
      outputSettings: [
        AVFormatIDKey: kAudioFormatLinearPCM, AVLinearPCMBitDepthKey: 16,
        AVLinearPCMIsFloatKey: false, AVLinearPCMIsBigEndianKey: false,
        AVLinearPCMIsNonInterleaved: false,
      ])
    reader.add(output)
    #expect(reader.startReading(), "\(String(describing: reader.error))")
    var frames = 0
    var peak: Int16 = 0
    while let sample = output.copyNextSampleBuffer() {
      #expect(CMSampleBufferGetPresentationTimeStamp(sample).value == Int64(frames))
      var list = AudioBufferList()
      var block: CMBlockBuffer?
      #expect(
        CMSampleBufferGetAudioBufferListWithRetainedBlockBuffer(
          sample, bufferListSizeNeededOut: nil, bufferListOut: &list,
          bufferListSize: MemoryLayout<AudioBufferList>.size, blockBufferAllocator: nil,
          blockBufferMemoryAllocator: nil, flags: 0, blockBufferOut: &block) == noErr)
      let count = Int(list.mBuffers.mDataByteSize) / 2
      let values = UnsafeBufferPointer(
        start: list.mBuffers.mData?.assumingMemoryBound(to: Int16.self), count: count)
      peak = max(peak, values.max() ?? 0)
      #expect(CMBlockBufferGetDataLength(try #require(block)) == count * 2)
      frames += CMSampleBufferGetNumSamples(sample)
    }
    // 1 s at 48 kHz stereo (ffmpeg's sine source is −18 dBFS: peak ≈ 4 100).
    #expect(abs(frames - 48_000) <= 1024)
    #expect(peak > 3_000)
  }

  @Test("Random access: reset(forReadingTimeRanges:) reads later ranges, then earlier ones")
  func readsRangesBackwards() throws {
    let folder = try AVTestMedia.folder()
    let clip = try Self.patternClip(in: folder)
    let asset = AVURLAsset(url: clip)
    let reader = try AVAssetReader(asset: asset)
    let output = AVAssetReaderTrackOutput(
      track: try #require(asset.tracks(withMediaType: .video).first),
      outputSettings: [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32ARGB])
    output.supportsRandomAccess = true
    reader.timeRange = CMTimeRange(
      start: CMTime(value: 20, timescale: 30), duration: CMTime(value: 10, timescale: 30))
    reader.add(output)
    #expect(reader.startReading())
    func times() -> [Int64] {
      var found: [Int64] = []
      while let sample = output.copyNextSampleBuffer() {
        found.append(
          CMSampleBufferGetPresentationTimeStamp(sample).convertScale(30, method: .default).value)
      }
      return found
    }
    #expect(times() == Array(20..<30))
    #expect(reader.status == .reading)
    // Each reset after the ranges before were read to their end, as Apple requires.
    for start in [10, 0] {
      output.reset(forReadingTimeRanges: [
        NSValue(
          timeRange: CMTimeRange(
            start: CMTime(value: Int64(start), timescale: 30),
            duration: CMTime(value: 10, timescale: 30)))
      ])
      #expect(times() == Array(Int64(start)..<Int64(start + 10)))
    }
    output.markConfigurationAsFinal()
    #expect(output.copyNextSampleBuffer() == nil)
    #expect(reader.status == .completed)
  }

  @Test("A video composition is drawn frame by frame into pixel buffers")
  func videoCompositionOutput() throws {
    let folder = try AVTestMedia.folder()
    let clip = try AVTestMedia.flatClip("flat.mp4", in: folder, color: "0xC83228", seconds: 1)
    let asset = AVURLAsset(url: clip)
    let composition = AVMutableVideoComposition(propertiesOf: asset)
    composition.frameDuration = CMTime(value: 1, timescale: 10)
    let reader = try AVAssetReader(asset: asset)
    let output = AVAssetReaderVideoCompositionOutput(
      videoTracks: asset.tracks(withMediaType: .video), videoSettings: nil)
    output.videoComposition = composition
    reader.add(output)
    #expect(reader.startReading(), "\(String(describing: reader.error))")
    var count = 0
    while let sample = output.copyNextSampleBuffer() {
      #expect(
        CMSampleBufferGetPresentationTimeStamp(sample) == CMTime(value: Int64(count), timescale: 10)
      )
      let buffer = try #require(CMSampleBufferGetImageBuffer(sample))
      CVPixelBufferLockBaseAddress(buffer, .readOnly)
      let bytes = Self.rows(buffer, plane: nil, rowBytes: 320 * 4, height: 240)
      CVPixelBufferUnlockBaseAddress(buffer, .readOnly)
      // BGRA of 0xC83228 within 4:2:0 rounding.
      #expect(abs(Int(bytes[4 * 160 + 2]) - 200) <= 3 && abs(Int(bytes[4 * 160]) - 40) <= 3)
      count += 1
    }
    #expect(count == 10)
  }

  @Test("Compressed samples (nil settings) fail startReading naming it")
  func nilSettingsFail() throws {
    let folder = try AVTestMedia.folder()
    let clip = try Self.patternClip(in: folder)
    let asset = AVURLAsset(url: clip)
    let reader = try AVAssetReader(asset: asset)
    reader.add(
      AVAssetReaderTrackOutput(
        track: try #require(asset.tracks(withMediaType: .video).first), outputSettings: nil))
    #expect(!reader.startReading())
    #expect(reader.status == .failed)
    let reason = (reader.error as NSError?)?.localizedFailureReason ?? ""
    #expect(reason.contains("compressed"), "\(reason)")
  }
}
