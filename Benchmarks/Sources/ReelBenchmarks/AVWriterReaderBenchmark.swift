import AVFoundationCompat
import Foundation

/// 1080p frames through Apple's writer and reader names over Reel: `avwrite` copies raw BGRA
/// frames from a file (looped, as `ffmpeg -stream_loop` reads it) into pixel buffers from the
/// adaptor's pool and appends them to an H.264 writer at x264 veryfast CRF 23; `avread` reads
/// a clip's frames back as BGRA pixel buffers. bench/bench.py times each program beside
/// ffmpeg doing the same.
enum AVWriterReaderBenchmark {
  struct Failure: Error, CustomStringConvertible { var description: String }

  /// Writes `frameCount` 1920×1080 frames at 30 fps to `output`, the raw BGRA frames of
  /// `rawPath` (1920 × 1080 × 4 bytes each) in a loop.
  static func write(rawFrames rawPath: String, to output: String, frameCount: Int) throws {
    let raw = try Data(contentsOf: URL(fileURLWithPath: rawPath), options: .alwaysMapped)
    let frameBytes = 1920 * 1080 * 4
    let rawCount = raw.count / frameBytes
    guard rawCount > 0 else { throw Failure(description: "\(rawPath) holds no 1080p BGRA frame") }
    let url = URL(fileURLWithPath: output)
    try? FileManager.default.removeItem(at: url)
    let writer = try AVAssetWriter(outputURL: url, fileType: .mp4)
    let input = AVAssetWriterInput(
      mediaType: .video,
      outputSettings: [
        AVVideoCodecKey: AVVideoCodecType.h264, AVVideoWidthKey: 1920, AVVideoHeightKey: 1080,
        // CRF 23 (x264's default), as the ffmpeg side: quality 0.85 ↦ 51 − 33·0.85 = 23.
        AVVideoCompressionPropertiesKey: [
          AVVideoQualityKey: 0.85, AVVideoExpectedSourceFrameRateKey: 30,
        ],
      ])
    let adaptor = AVAssetWriterInputPixelBufferAdaptor(
      assetWriterInput: input,
      sourcePixelBufferAttributes: [
        kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA
      ])
    writer.add(input)
    guard writer.startWriting() else {
      throw Failure(description: "\(String(describing: writer.error))")
    }
    writer.startSession(atSourceTime: .zero)
    guard let pool = adaptor.pixelBufferPool else { throw Failure(description: "no pool") }
    for index in 0..<frameCount {
      var made: CVPixelBuffer?
      CVPixelBufferPoolCreatePixelBuffer(nil, pool, &made)
      guard let buffer = made else { throw Failure(description: "no buffer") }
      CVPixelBufferLockBaseAddress(buffer, [])
      if let base = CVPixelBufferGetBaseAddress(buffer) {
        let row = CVPixelBufferGetBytesPerRow(buffer)
        raw.withUnsafeBytes { (frames: UnsafeRawBufferPointer) in
          guard let start = frames.baseAddress else { return }
          let frame = start + (index % rawCount) * frameBytes
          for y in 0..<1080 {
            (base + y * row).copyMemory(from: frame + y * 1920 * 4, byteCount: 1920 * 4)
          }
        }
      }
      CVPixelBufferUnlockBaseAddress(buffer, [])
      guard adaptor.append(buffer, withPresentationTime: CMTime(value: Int64(index), timescale: 30))
      else { throw Failure(description: "\(String(describing: writer.error))") }
    }
    input.markAsFinished()
    let done = DispatchSemaphore(value: 0)
    writer.finishWriting { done.signal() }
    done.wait()
    guard writer.status == .completed else {
      throw Failure(description: "\(String(describing: writer.error))")
    }
  }

  /// Reads every frame of `input`'s video as BGRA; prints the count.
  static func read(_ input: String) throws {
    let asset = AVURLAsset(url: URL(fileURLWithPath: input))
    guard let track = asset.tracks(withMediaType: .video).first else {
      throw Failure(description: "no video track in \(input)")
    }
    let reader = try AVAssetReader(asset: asset)
    let output = AVAssetReaderTrackOutput(
      track: track,
      outputSettings: [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA])
    output.alwaysCopiesSampleData = false
    reader.add(output)
    guard reader.startReading() else {
      throw Failure(description: "\(String(describing: reader.error))")
    }
    var count = 0
    var checksum = 0
    while let sample = output.copyNextSampleBuffer() {
      if let buffer = CMSampleBufferGetImageBuffer(sample) {
        CVPixelBufferLockBaseAddress(buffer, .readOnly)
        if let base = CVPixelBufferGetBaseAddress(buffer) {
          checksum &+= Int(
            base.load(fromByteOffset: 540 * CVPixelBufferGetBytesPerRow(buffer), as: UInt8.self))
        }
        CVPixelBufferUnlockBaseAddress(buffer, .readOnly)
      }
      count += 1
    }
    guard reader.status == .completed else {
      throw Failure(description: "\(String(describing: reader.error))")
    }
    print("read \(count) frames (checksum \(checksum))")
  }
}
