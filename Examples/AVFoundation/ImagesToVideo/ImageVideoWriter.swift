// Turns still images into a movie with AVAssetWriter and a pixel-buffer adaptor: each image
// is drawn, aspect-fit on black, into a buffer from the adaptor's pool with CGContext, and
// held on screen for its own duration. Written the way iOS slideshow apps do it.

import AVFoundationCompat

final class ImageVideoWriter {
  enum WriterError: Error {
    case cannotStart(Error?)
    case noPool
    case failed(Error?)
  }

  let size: CGSize
  let outputURL: URL

  init(outputURL: URL, size: CGSize) {
    self.outputURL = outputURL
    self.size = size
  }

  /// Writes `images`, image i shown for `durations[i]` seconds, then calls `completion`.
  func write(images: [UIImage], durations: [Double], completion: @escaping (Error?) -> Void) {
    let writer: AVAssetWriter
    do {
      writer = try AVAssetWriter(outputURL: outputURL, fileType: .mp4)
    } catch {
      completion(error)
      return
    }
    let settings: [String: Any] = [
      AVVideoCodecKey: AVVideoCodecType.h264,
      AVVideoWidthKey: Int(size.width),
      AVVideoHeightKey: Int(size.height),
      AVVideoCompressionPropertiesKey: [
        AVVideoQualityKey: 1.0,
        AVVideoProfileLevelKey: AVVideoProfileLevelH264HighAutoLevel,
      ],
    ]
    let input = AVAssetWriterInput(mediaType: .video, outputSettings: settings)
    input.expectsMediaDataInRealTime = false
    let attributes: [String: Any] = [
      kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA,
      kCVPixelBufferWidthKey as String: Int(size.width),
      kCVPixelBufferHeightKey as String: Int(size.height),
      kCVPixelBufferCGImageCompatibilityKey as String: true,
      kCVPixelBufferCGBitmapContextCompatibilityKey as String: true,
    ]
    let adaptor = AVAssetWriterInputPixelBufferAdaptor(
      assetWriterInput: input, sourcePixelBufferAttributes: attributes)
    guard writer.canAdd(input) else {
      completion(WriterError.cannotStart(nil))
      return
    }
    writer.add(input)
    guard writer.startWriting() else {
      completion(WriterError.cannotStart(writer.error))
      return
    }
    writer.startSession(atSourceTime: .zero)

    let cursor = Cursor()
    let queue = DispatchQueue(label: "image-video-writer")
    input.requestMediaDataWhenReady(on: queue) {
      while input.isReadyForMoreMediaData && cursor.index < images.count {
        guard let pool = adaptor.pixelBufferPool,
          let buffer = self.pixelBuffer(from: images[cursor.index], pool: pool)
        else {
          input.markAsFinished()
          writer.cancelWriting()
          completion(WriterError.noPool)
          return
        }
        if !adaptor.append(buffer, withPresentationTime: cursor.time) {
          input.markAsFinished()
          completion(WriterError.failed(writer.error))
          return
        }
        cursor.time = CMTimeAdd(
          cursor.time, CMTime(seconds: durations[cursor.index], preferredTimescale: 600))
        cursor.index += 1
      }
      if cursor.index == images.count {
        input.markAsFinished()
        writer.endSession(atSourceTime: cursor.time)
        writer.finishWriting {
          completion(writer.status == .completed ? nil : WriterError.failed(writer.error))
        }
      }
    }
  }

  /// Which image is next, and when it starts.
  private final class Cursor {
    var index = 0
    var time = CMTime.zero
  }

  /// A buffer from `pool` with `image` drawn aspect-fit on black.
  private func pixelBuffer(from image: UIImage, pool: CVPixelBufferPool) -> CVPixelBuffer? {
    var pixelBuffer: CVPixelBuffer?
    let status = CVPixelBufferPoolCreatePixelBuffer(kCFAllocatorDefault, pool, &pixelBuffer)
    guard status == kCVReturnSuccess, let buffer = pixelBuffer, let cgImage = image.cgImage else {
      return nil
    }
    CVPixelBufferLockBaseAddress(buffer, [])
    defer { CVPixelBufferUnlockBaseAddress(buffer, []) }
    guard
      let context = CGContext(
        data: CVPixelBufferGetBaseAddress(buffer),
        width: CVPixelBufferGetWidth(buffer),
        height: CVPixelBufferGetHeight(buffer),
        bitsPerComponent: 8,
        bytesPerRow: CVPixelBufferGetBytesPerRow(buffer),
        space: CGColorSpaceCreateDeviceRGB(),
        bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
          | CGBitmapInfo.byteOrder32Little.rawValue)
    else { return nil }
    context.setFillColor(UIColor.black.cgColor)
    context.fill(CGRect(origin: .zero, size: size))
    let imageSize = CGSize(width: cgImage.width, height: cgImage.height)
    let scale = min(size.width / imageSize.width, size.height / imageSize.height)
    let drawn = CGSize(width: imageSize.width * scale, height: imageSize.height * scale)
    let rect = CGRect(
      x: (size.width - drawn.width) / 2, y: (size.height - drawn.height) / 2,
      width: drawn.width, height: drawn.height)
    context.draw(cgImage, in: rect)
    return buffer
  }
}
