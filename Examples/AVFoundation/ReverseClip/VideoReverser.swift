// Reverses a clip's video with AVAssetReader and AVAssetWriter: the track is read backwards
// one segment at a time (random access by time ranges, so only a segment's frames are in
// memory), each segment's frames are written last to first.

import AVFoundationCompat

final class VideoReverser {
  enum ReverseError: Error {
    case noVideoTrack
    case readerFailed(Error?)
    case writerFailed(Error?)
  }

  /// Seconds read at a time.
  let segmentSeconds: Double

  init(segmentSeconds: Double = 0.5) {
    self.segmentSeconds = segmentSeconds
  }

  func reverse(asset: AVAsset, to outputURL: URL) throws {
    guard let track = asset.tracks(withMediaType: .video).first else {
      throw ReverseError.noVideoTrack
    }
    let reader = try AVAssetReader(asset: asset)
    let readerOutput = AVAssetReaderTrackOutput(
      track: track,
      outputSettings: [
        kCVPixelBufferPixelFormatTypeKey as String: NSNumber(value: kCVPixelFormatType_32BGRA)
      ])
    readerOutput.supportsRandomAccess = true
    reader.add(readerOutput)

    let size = track.naturalSize
    let writer = try AVAssetWriter(outputURL: outputURL, fileType: .mov)
    let writerInput = AVAssetWriterInput(
      mediaType: .video,
      outputSettings: [
        AVVideoCodecKey: AVVideoCodecH264,
        AVVideoWidthKey: size.width,
        AVVideoHeightKey: size.height,
        AVVideoCompressionPropertiesKey: [AVVideoAverageBitRateKey: 4_000_000],
      ])
    writerInput.transform = track.preferredTransform
    let adaptor = AVAssetWriterInputPixelBufferAdaptor(
      assetWriterInput: writerInput, sourcePixelBufferAttributes: nil)
    writer.add(writerInput)

    let duration = track.timeRange.duration
    var frameDuration = track.minFrameDuration
    if !frameDuration.isValid { frameDuration = CMTime(value: 1, timescale: 30) }
    // The segments, last first.
    var segments: [CMTimeRange] = []
    var end = duration
    let step = CMTime(seconds: segmentSeconds, preferredTimescale: 600)
    while CMTimeCompare(end, .zero) > 0 {
      let start = CMTimeMaximum(.zero, CMTimeSubtract(end, step))
      segments.append(CMTimeRange(start: start, end: end))
      end = start
    }
    reader.timeRange = segments[0]
    guard reader.startReading() else { throw ReverseError.readerFailed(reader.error) }
    guard writer.startWriting() else { throw ReverseError.writerFailed(writer.error) }
    writer.startSession(atSourceTime: .zero)

    let lastFrameStart = CMTimeSubtract(duration, frameDuration)
    for (index, _) in segments.enumerated() {
      if index > 0 {
        readerOutput.reset(forReadingTimeRanges: [NSValue(timeRange: segments[index])])
      }
      var samples: [CMSampleBuffer] = []
      while let sample = readerOutput.copyNextSampleBuffer() {
        // The frame that straddles the segment's start belongs to the segment before.
        let time = CMSampleBufferGetPresentationTimeStamp(sample)
        if CMTimeCompare(time, segments[index].start) >= 0 { samples.append(sample) }
      }
      for sample in samples.reversed() {
        let sourceTime = CMSampleBufferGetPresentationTimeStamp(sample)
        let outputTime = CMTimeSubtract(lastFrameStart, sourceTime)
        while !writerInput.isReadyForMoreMediaData { usleep(1000) }
        guard let buffer = CMSampleBufferGetImageBuffer(sample),
          adaptor.append(buffer, withPresentationTime: outputTime)
        else { throw ReverseError.writerFailed(writer.error) }
      }
    }
    readerOutput.markConfigurationAsFinal()
    reader.cancelReading()
    writerInput.markAsFinished()
    let semaphore = DispatchSemaphore(value: 0)
    writer.finishWriting { semaphore.signal() }
    semaphore.wait()
    if writer.status != .completed { throw ReverseError.writerFailed(writer.error) }
  }
}
