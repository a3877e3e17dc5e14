// Re-encodes a movie with explicit settings dictionaries: an AVAssetReader decodes the video
// (to NV12 pixel buffers) and the audio (to 16-bit PCM), an AVAssetWriter encodes them with
// the bit rates asked for, each track pumped on its own queue. The shape of the export
// utilities in iOS apps that need control AVAssetExportSession does not give.

import AVFoundationCompat

final class Transcoder {
  enum TranscodeError: Error {
    case noVideoTrack
    case cannotRead(Error?)
    case cannotWrite(Error?)
  }

  let videoBitRate: Int
  let audioBitRate: Int

  init(videoBitRate: Int, audioBitRate: Int) {
    self.videoBitRate = videoBitRate
    self.audioBitRate = audioBitRate
  }

  func transcode(
    asset: AVAsset, to outputURL: URL, completion: @escaping (Result<URL, Error>) -> Void
  ) {
    do {
      try start(asset: asset, outputURL: outputURL, completion: completion)
    } catch {
      completion(.failure(error))
    }
  }

  private func start(
    asset: AVAsset, outputURL: URL, completion: @escaping (Result<URL, Error>) -> Void
  ) throws {
    guard let videoTrack = asset.tracks(withMediaType: .video).first else {
      throw TranscodeError.noVideoTrack
    }
    let audioTrack = asset.tracks(withMediaType: .audio).first
    let reader = try AVAssetReader(asset: asset)
    let writer = try AVAssetWriter(outputURL: outputURL, fileType: .mp4)
    writer.shouldOptimizeForNetworkUse = true

    let videoOutput = AVAssetReaderTrackOutput(
      track: videoTrack,
      outputSettings: [
        kCVPixelBufferPixelFormatTypeKey as String:
          kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange
      ])
    videoOutput.alwaysCopiesSampleData = false
    reader.add(videoOutput)
    let size = videoTrack.naturalSize
    let frameRate = videoTrack.nominalFrameRate
    let videoInput = AVAssetWriterInput(
      mediaType: .video,
      outputSettings: [
        AVVideoCodecKey: AVVideoCodecType.h264,
        AVVideoWidthKey: NSNumber(value: Int(size.width)),
        AVVideoHeightKey: NSNumber(value: Int(size.height)),
        AVVideoCompressionPropertiesKey: [
          AVVideoAverageBitRateKey: NSNumber(value: videoBitRate),
          AVVideoMaxKeyFrameIntervalKey: NSNumber(value: Int(frameRate.rounded()) * 2),
          AVVideoExpectedSourceFrameRateKey: NSNumber(value: frameRate),
          AVVideoProfileLevelKey: AVVideoProfileLevelH264HighAutoLevel,
        ],
      ])
    videoInput.expectsMediaDataInRealTime = false
    writer.add(videoInput)

    var audioOutput: AVAssetReaderTrackOutput?
    var audioInput: AVAssetWriterInput?
    if let audioTrack = audioTrack {
      let output = AVAssetReaderTrackOutput(
        track: audioTrack,
        outputSettings: [
          AVFormatIDKey: kAudioFormatLinearPCM,
          AVLinearPCMBitDepthKey: 16,
          AVLinearPCMIsFloatKey: false,
          AVLinearPCMIsBigEndianKey: false,
          AVLinearPCMIsNonInterleaved: false,
          AVSampleRateKey: 44_100,
          AVNumberOfChannelsKey: 2,
        ])
      reader.add(output)
      let input = AVAssetWriterInput(
        mediaType: .audio,
        outputSettings: [
          AVFormatIDKey: kAudioFormatMPEG4AAC,
          AVSampleRateKey: 44_100,
          AVNumberOfChannelsKey: 2,
          AVEncoderBitRateKey: audioBitRate,
        ])
      writer.add(input)
      audioOutput = output
      audioInput = input
    }

    guard reader.startReading() else { throw TranscodeError.cannotRead(reader.error) }
    guard writer.startWriting() else { throw TranscodeError.cannotWrite(writer.error) }
    writer.startSession(atSourceTime: .zero)

    let group = DispatchGroup()
    func pump(_ output: AVAssetReaderOutput, into input: AVAssetWriterInput, label: String) {
      group.enter()
      input.requestMediaDataWhenReady(on: DispatchQueue(label: label)) {
        while input.isReadyForMoreMediaData {
          if let sample = output.copyNextSampleBuffer() {
            if !input.append(sample) {
              input.markAsFinished()
              group.leave()
              return
            }
          } else {
            input.markAsFinished()
            group.leave()
            return
          }
        }
      }
    }
    pump(videoOutput, into: videoInput, label: "transcode.video")
    if let audioOutput = audioOutput, let audioInput = audioInput {
      pump(audioOutput, into: audioInput, label: "transcode.audio")
    }
    group.notify(queue: .global()) {
      if reader.status == .failed {
        writer.cancelWriting()
        completion(.failure(TranscodeError.cannotRead(reader.error)))
        return
      }
      writer.finishWriting {
        if writer.status == .completed {
          completion(.success(outputURL))
        } else {
          completion(.failure(TranscodeError.cannotWrite(writer.error)))
        }
      }
    }
  }
}
