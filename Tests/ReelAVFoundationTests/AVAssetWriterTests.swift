import AVFoundationCompat
import Foundation
import TestSupport
import Testing

@testable import ReelAVFoundation

/// AVAssetWriter with the pixel-buffer adaptor, checked with ffprobe / ffmpeg.
@Suite("AVAssetWriter", .serialized)
struct AVAssetWriterTests {
  /// The colours of the ten slides: background and a block drawn over it.
  static func slideColours(_ index: Int) -> (background: [Double], block: [Double]) {
    let backgrounds: [[Double]] = [
      [200, 60, 40], [40, 80, 220], [60, 180, 90], [230, 200, 60], [120, 40, 160],
      [30, 30, 30], [220, 220, 220], [90, 140, 200], [200, 100, 150], [100, 120, 40],
    ]
    let background = backgrounds[index]
    return (background, background.map { 255 - $0 })
  }

  /// Where slide `index`'s block is, in top-left pixels (16-aligned, so 4:2:0 keeps it).
  static func blockRect(_ index: Int) -> (x: Int, y: Int, width: Int, height: Int) {
    (x: 32 + 16 * index, y: 48 + 8 * (index % 3) * 2, width: 96, height: 64)
  }

  /// The times of the slides, in 1/600 s: irregular, as a slideshow with varying holds.
  static let slideTimes: [Int64] = [0, 600, 1500, 1800, 2520, 3600, 3660, 4500, 5400, 6000]

  static func videoSettings(width: Int, height: Int) -> [String: Any] {
    [
      AVVideoCodecKey: AVVideoCodecType.h264,
      AVVideoWidthKey: width,
      AVVideoHeightKey: height,
      AVVideoCompressionPropertiesKey: [AVVideoQualityKey: 1.0],
    ]
  }

  /// Presentation times of every video frame, from ffprobe.
  static func frameTimes(_ url: URL) throws -> [Double] {
    let probe = try TestSupport.ffprobeJSON([
      "-select_streams", "v:0", "-show_frames", "-show_entries", "frame=pts_time", url.path,
    ])
    let frames = probe["frames"] as? [[String: Any]] ?? []
    return frames.compactMap { ($0["pts_time"] as? String).flatMap(Double.init) }
  }

  @Test("A 10-image slideshow through the adaptor keeps each image's pixels and its times")
  func slideshow() throws {
    let folder = try MediaOracle.folder()
    let output = folder.appendingPathComponent("slideshow.mp4")
    let writer = try AVAssetWriter(outputURL: output, fileType: .mp4)
    let input = AVAssetWriterInput(
      mediaType: .video, outputSettings: Self.videoSettings(width: 320, height: 240))
    let adaptor = AVAssetWriterInputPixelBufferAdaptor(
      assetWriterInput: input,
      sourcePixelBufferAttributes: [
        kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA,
        kCVPixelBufferWidthKey as String: 320, kCVPixelBufferHeightKey as String: 240,
      ])
    #expect(writer.canAdd(input))
    writer.add(input)
    #expect(adaptor.pixelBufferPool == nil)  // nil before writing, as on Apple
    #expect(writer.startWriting(), "\(String(describing: writer.error))")
    writer.startSession(atSourceTime: .zero)
    let pool = try #require(adaptor.pixelBufferPool)
    for index in 0..<10 {
      var made: CVPixelBuffer?
      #expect(CVPixelBufferPoolCreatePixelBuffer(nil, pool, &made) == kCVReturnSuccess)
      let buffer = try #require(made)
      CVPixelBufferLockBaseAddress(buffer, [])
      let context = try #require(
        CGContext(
          data: CVPixelBufferGetBaseAddress(buffer), width: 320, height: 240,
          bitsPerComponent: 8, bytesPerRow: CVPixelBufferGetBytesPerRow(buffer),
          space: CGColorSpaceCreateDeviceRGB(),
          bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
            | CGBitmapInfo.byteOrder32Little.rawValue))
      let (background, block) = Self.slideColours(index)
      context.setFillColor(
        red: background[0] / 255, green: background[1] / 255, blue: background[2] / 255, alpha: 1)
      context.fill(CGRect(x: 0, y: 0, width: 320, height: 240))
      context.setFillColor(
        red: block[0] / 255, green: block[1] / 255, blue: block[2] / 255, alpha: 1)
      let rect = Self.blockRect(index)
      // y-up: the top-left rectangle's bottom edge is at 240 − y − height.
      context.fill(
        CGRect(x: rect.x, y: 240 - rect.y - rect.height, width: rect.width, height: rect.height))
      CVPixelBufferUnlockBaseAddress(buffer, [])
      #expect(input.isReadyForMoreMediaData)
      #expect(
        adaptor.append(
          buffer, withPresentationTime: CMTime(value: Self.slideTimes[index], timescale: 600)))
    }
    input.markAsFinished()
    writer.endSession(atSourceTime: CMTime(value: 6600, timescale: 600))
    let done = DispatchSemaphore(value: 0)
    writer.finishWriting { done.signal() }
    done.wait()
    #expect(writer.status == .completed, "\(String(describing: writer.error))")

    let times = try Self.frameTimes(output)
    #expect(times == Self.slideTimes.map { Double($0) / 600 })
    // endSession(atSourceTime: 11 s): the last slide is shown until then.
    #expect(abs(try MediaOracle.duration(output) - 11) < 0.01)
    let frames = try MediaOracle.frames(output)
    #expect(frames.count == 10)
    for (index, frame) in frames.enumerated() {
      let (background, block) = Self.slideColours(index)
      let rect = Self.blockRect(index)
      var total = 0.0
      for y in 0..<240 {
        for x in 0..<320 {
          let inside =
            x >= rect.x && x < rect.x + rect.width && y >= rect.y && y < rect.y + rect.height
          let expected = inside ? block : background
          let pixel = frame[x, y]
          total +=
            abs(Double(pixel.r) - expected[0]) + abs(Double(pixel.g) - expected[1])
            + abs(Double(pixel.b) - expected[2])
        }
      }
      let mean = total / Double(320 * 240 * 3)
      #expect(mean <= 2, "slide \(index): mean |Δ| \(mean)")
    }
  }

  @Test("Settings Reel does not write fail startWriting naming the key; nothing is left")
  func unsupportedSettingsFailLoudly() throws {
    let folder = try MediaOracle.folder()
    let output = folder.appendingPathComponent("refused.mov")
    for (settings, named) in [
      (
        [AVVideoCodecKey: AVVideoCodecType.proRes4444, AVVideoWidthKey: 64, AVVideoHeightKey: 64]
          as [String: Any], "ap4h"
      ),
      (
        [
          AVVideoCodecKey: AVVideoCodecH264, AVVideoWidthKey: 64, AVVideoHeightKey: 64,
          "Sharpness": 3,
        ], "Sharpness"
      ),
      (
        [
          AVVideoCodecKey: AVVideoCodecH264, AVVideoWidthKey: 64, AVVideoHeightKey: 64,
          AVVideoCompressionPropertiesKey: ["RealTime": true],
        ], "RealTime"
      ),
    ] {
      let writer = try AVAssetWriter(outputURL: output, fileType: .mov)
      writer.add(AVAssetWriterInput(mediaType: .video, outputSettings: settings))
      #expect(!writer.startWriting())
      #expect(writer.status == .failed)
      let reason = (writer.error as NSError?)?.localizedFailureReason ?? ""
      #expect(reason.contains(named), "\(reason)")
    }
    let passthrough = try AVAssetWriter(outputURL: output, fileType: .mov)
    passthrough.add(AVAssetWriterInput(mediaType: .video, outputSettings: nil))
    #expect(!passthrough.startWriting())
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  @Test("canApply(outputSettings:forMediaType:) answers as startWriting would")
  func canApplyAnswersAsStartWritingWould() throws {
    let folder = try MediaOracle.folder()
    let movie = try AVAssetWriter(
      outputURL: folder.appendingPathComponent("a.mov"), fileType: .mov)
    #expect(
      movie.canApply(
        outputSettings: Self.videoSettings(width: 64, height: 48), forMediaType: .video))
    let aac: [String: Any] = [
      AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: 48_000, AVNumberOfChannelsKey: 2,
    ]
    #expect(movie.canApply(outputSettings: aac, forMediaType: .audio))
    for refused in [
      [AVVideoCodecKey: AVVideoCodecType.proRes4444, AVVideoWidthKey: 64, AVVideoHeightKey: 64]
        as [String: Any],
      [
        AVVideoCodecKey: AVVideoCodecH264, AVVideoWidthKey: 64, AVVideoHeightKey: 64,
        "Sharpness": 3,
      ],
    ] {
      #expect(!movie.canApply(outputSettings: refused, forMediaType: .video), "\(refused)")
    }
    #expect(!movie.canApply(outputSettings: nil, forMediaType: .video))
    #expect(!movie.canApply(outputSettings: aac, forMediaType: .text))
    let sound = try AVAssetWriter(
      outputURL: folder.appendingPathComponent("a.m4a"), fileType: .m4a)
    #expect(
      !sound.canApply(
        outputSettings: Self.videoSettings(width: 64, height: 48), forMediaType: .video))
    #expect(sound.canApply(outputSettings: aac, forMediaType: .audio))
  }

  @Test("The writer's metadata is the file's: title and creation date, read back by ffprobe")
  func metadataIsWritten() throws {
    let folder = try MediaOracle.folder()
    let output = folder.appendingPathComponent("tagged.mp4")
    let writer = try AVAssetWriter(outputURL: output, fileType: .mp4)
    let title = AVMutableMetadataItem()
    title.identifier = .commonIdentifierTitle
    title.value = "Slides" as NSString
    let created = AVMutableMetadataItem()
    created.identifier = .commonIdentifierCreationDate
    created.value = Date(timeIntervalSince1970: 1_700_000_000) as NSDate
    writer.metadata = [title, created]
    #expect(writer.metadata.count == 2)
    let input = AVAssetWriterInput(
      mediaType: .video, outputSettings: Self.videoSettings(width: 64, height: 48))
    let adaptor = AVAssetWriterInputPixelBufferAdaptor(
      assetWriterInput: input, sourcePixelBufferAttributes: nil)
    writer.add(input)
    #expect(writer.startWriting())
    writer.startSession(atSourceTime: .zero)
    for index in 0..<3 {
      let buffer = try CVPixelBufferTests.make(64, 48, kCVPixelFormatType_32BGRA)
      #expect(
        adaptor.append(buffer, withPresentationTime: CMTime(value: Int64(index), timescale: 10)))
    }
    input.markAsFinished()
    let done = DispatchSemaphore(value: 0)
    writer.finishWriting { done.signal() }
    done.wait()
    #expect(writer.status == .completed, "\(String(describing: writer.error))")
    let probe = try TestSupport.ffprobeJSON(["-show_format", output.path])
    let tags = try #require((probe["format"] as? [String: Any])?["tags"] as? [String: Any])
    #expect(tags["title"] as? String == "Slides")
    #expect((tags["creation_time"] as? String)?.hasPrefix("2023-11-14T22:13:20") == true, "\(tags)")
  }

  @Test("Sample buffers with CMSampleTimingInfo, audio PCM, cancel leaves nothing")
  func sampleBuffersAndAudio() throws {
    let folder = try MediaOracle.folder()
    let output = folder.appendingPathComponent("av.mov")
    let writer = try AVAssetWriter(url: output, fileType: .mov)
    let video = AVAssetWriterInput(
      mediaType: .video,
      outputSettings: [
        AVVideoCodecKey: AVVideoCodecH264, AVVideoWidthKey: 160, AVVideoHeightKey: 120,
        AVVideoCompressionPropertiesKey: [
          AVVideoAverageBitRateKey: 400_000,
          AVVideoProfileLevelKey: AVVideoProfileLevelH264HighAutoLevel,
          AVVideoExpectedSourceFrameRateKey: 25,
        ],
      ])
    let audio = AVAssetWriterInput(
      mediaType: .audio,
      outputSettings: [
        AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: 48_000, AVNumberOfChannelsKey: 1,
        AVEncoderBitRateKey: 96_000,
      ])
    writer.add(video)
    writer.add(audio)
    #expect(!writer.canAdd(AVAssetWriterInput(mediaType: .video, outputSettings: nil)))
    #expect(writer.startWriting(), "\(String(describing: writer.error))")
    writer.startSession(atSourceTime: CMTime(value: 10, timescale: 1))
    for index in 0..<25 {
      var made: CVPixelBuffer?
      _ = CVPixelBufferCreate(
        nil, 160, 120, kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange, nil, &made)
      let buffer = try #require(made)
      var format: CMVideoFormatDescription?
      #expect(
        CMVideoFormatDescriptionCreateForImageBuffer(
          allocator: nil, imageBuffer: buffer, formatDescriptionOut: &format) == noErr)
      var timing = CMSampleTimingInfo(
        duration: CMTime(value: 1, timescale: 25),
        presentationTimeStamp: CMTime(value: Int64(250 + index), timescale: 25),
        decodeTimeStamp: .invalid)
      var sample: CMSampleBuffer?
      #expect(
        CMSampleBufferCreateReadyWithImageBuffer(
          allocator: nil, imageBuffer: buffer, formatDescription: try #require(format),
          sampleTiming: &timing, sampleBufferOut: &sample) == noErr)
      #expect(video.append(try #require(sample)))
    }
    // One second of a 440 Hz tone, 16-bit mono, in 4 samples.
    for part in 0..<4 {
      let frames = 12_000
      var pcm = [Int16](repeating: 0, count: frames)
      for i in 0..<frames {
        let t = Double(part * frames + i) / 48_000
        pcm[i] = Int16(sin(2 * Double.pi * 440 * t) * 16_000)
      }
      let sample = try Self.pcmSample(pcm, startFrame: Int64(10 * 48_000 + part * frames))
      #expect(audio.append(sample), "\(String(describing: writer.error))")
    }
    video.markAsFinished()
    audio.markAsFinished()
    let done = DispatchSemaphore(value: 0)
    writer.finishWriting { done.signal() }
    done.wait()
    #expect(writer.status == .completed, "\(String(describing: writer.error))")
    let times = try Self.frameTimes(output)
    #expect(times.count == 25)
    #expect(times.first == 0)
    #expect(abs((times.last ?? 0) - 24.0 / 25) < 1e-9)
    let streams = try MediaOracle.streams(output)
    #expect(
      streams.contains { ($0["codec_name"] as? String) == "aac" && ($0["channels"] as? Int) == 1 })
    let samples = try MediaOracle.audio(output)
    #expect(MediaOracle.rms(samples, from: 0.2, to: 0.8) > 0.2)

    // Cancel: nothing at the URL.
    let cancelled = folder.appendingPathComponent("cancelled.mp4")
    let other = try AVAssetWriter(outputURL: cancelled, fileType: .mp4)
    other.add(
      AVAssetWriterInput(
        mediaType: .video, outputSettings: Self.videoSettings(width: 64, height: 64)))
    #expect(other.startWriting())
    other.cancelWriting()
    #expect(other.status == .cancelled)
    #expect(!FileManager.default.fileExists(atPath: cancelled.path))
  }

  /// A sample buffer of 16-bit mono PCM at 48 kHz.
  static func pcmSample(_ pcm: [Int16], startFrame: Int64) throws -> CMSampleBuffer {
    let block = try #require(pcm.withUnsafeBytes { CMBlockBuffer(copying: $0) })
    let stream = AudioStreamBasicDescription(
      mSampleRate: 48_000, mFormatID: kAudioFormatLinearPCM,
      mFormatFlags: kAudioFormatFlagIsSignedInteger | kAudioFormatFlagIsPacked,
      mBytesPerPacket: 2, mFramesPerPacket: 1, mBytesPerFrame: 2, mChannelsPerFrame: 1,
      mBitsPerChannel: 16, mReserved: 0)
    return CMSampleBuffer(
      imageBuffer: nil, dataBuffer: block,
      formatDescription: CMFormatDescription(
        mediaType: kCMMediaType_Audio, mediaSubType: kAudioFormatLinearPCM, stream: stream),
      timing: CMSampleTimingInfo(
        duration: CMTime(value: Int64(pcm.count), timescale: 48_000),
        presentationTimeStamp: CMTime(value: startFrame, timescale: 48_000),
        decodeTimeStamp: .invalid),
      sampleCount: pcm.count)
  }
}
