// Thumbnails: a clip's thumbnails as an animated GIF, the way iOS apps make a preview GIF —
// AVAssetImageGenerator's asynchronous batch, then ImageIO. Written for Reel's examples;
// its only import is the one a ported file uses.
//
//     swift run Thumbnails VIDEO OUT.gif [COUNT] [WIDTH] [DELAY_SECONDS]

import AVFoundationCompat

final class ThumbnailMaker {
  let asset: AVAsset
  let count: Int
  let width: CGFloat

  init(url: URL, count: Int, width: CGFloat) {
    self.asset = AVURLAsset(url: url, options: [AVURLAssetPreferPreciseDurationAndTimingKey: true])
    self.count = count
    self.width = width
  }

  /// The times of `count` thumbnails spread evenly over the clip.
  func times() -> [NSValue] {
    let duration = asset.duration
    let step = CMTimeMultiplyByRatio(duration, multiplier: 1, divisor: Int32(count))
    return (0..<count).map { index in
      NSValue(time: CMTimeMultiply(step, multiplier: Int32(index)))
    }
  }

  /// Makes the thumbnails, in order, calling `completion` with them (nil if one failed).
  func makeThumbnails(completion: @escaping ([CGImage]?) -> Void) {
    let generator = AVAssetImageGenerator(asset: asset)
    generator.appliesPreferredTrackTransform = true
    generator.maximumSize = CGSize(width: width, height: 0)
    generator.requestedTimeToleranceBefore = .zero
    generator.requestedTimeToleranceAfter = .zero

    let requested = times()
    var images = [CGImage?](repeating: nil, count: requested.count)
    var remaining = requested.count
    var failed = false
    let lock = NSLock()
    generator.generateCGImagesAsynchronously(forTimes: requested) {
      requestedTime, image, _, result, error in
      lock.lock()
      defer { lock.unlock() }
      if result == .succeeded, let image = image,
        let index = requested.firstIndex(where: { $0.timeValue == requestedTime })
      {
        images[index] = image
      } else {
        print(
          "no thumbnail at \(requestedTime.seconds) s: \(error?.localizedDescription ?? "cancelled")"
        )
        failed = true
      }
      remaining -= 1
      if remaining == 0 {
        completion(failed ? nil : images.compactMap { $0 })
      }
    }
  }

  /// Writes `images` as a GIF that loops for ever, each shown for `delay` seconds.
  func writeGIF(_ images: [CGImage], to url: URL, delay: Double) -> Bool {
    let fileProperties =
      [
        kCGImagePropertyGIFDictionary as String: [kCGImagePropertyGIFLoopCount as String: 0]
      ] as CFDictionary
    let frameProperties =
      [
        kCGImagePropertyGIFDictionary as String: [kCGImagePropertyGIFDelayTime as String: delay]
      ] as CFDictionary
    guard
      let destination = CGImageDestinationCreateWithURL(url as CFURL, kUTTypeGIF, images.count, nil)
    else {
      return false
    }
    CGImageDestinationSetProperties(destination, fileProperties)
    for image in images {
      CGImageDestinationAddImage(destination, image, frameProperties)
    }
    return CGImageDestinationFinalize(destination)
  }
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
  print("usage: Thumbnails VIDEO OUT.gif [COUNT] [WIDTH] [DELAY_SECONDS]")
  exit(2)
}
let maker = ThumbnailMaker(
  url: URL(fileURLWithPath: arguments[1]),
  count: arguments.count > 3 ? Int(arguments[3]) ?? 8 : 8,
  width: arguments.count > 4 ? CGFloat(Double(arguments[4]) ?? 160) : 160)
let output = URL(fileURLWithPath: arguments[2])
let delay = arguments.count > 5 ? Double(arguments[5]) ?? 0.25 : 0.25

maker.makeThumbnails { images in
  DispatchQueue.main.async {
    guard let images = images, !images.isEmpty else {
      print("no thumbnails")
      exit(1)
    }
    if maker.writeGIF(images, to: output, delay: delay) {
      print("wrote \(images.count) thumbnails to \(output.path)")
      exit(0)
    } else {
      print("could not write \(output.path)")
      exit(1)
    }
  }
}
dispatchMain()
