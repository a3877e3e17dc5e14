// green-screen FOREGROUND BACKGROUND OUTPUT.mp4 [MIN-HUE MAX-HUE]
//   Keys FOREGROUND (a subject filmed in front of a green screen) over BACKGROUND, the way
//   Apple's sample code builds a chroma key: a CIColorCube whose table makes every colour with
//   a hue in [MIN-HUE, MAX-HUE] (default 0.3…0.4, the greens) transparent, composited over the
//   background frame with CISourceOverCompositing. The two clips are two tracks of a
//   composition; a custom compositor renders each frame with a CIContext into a buffer from
//   its render context.

import AVFoundationCompat

/// The chroma-key table: `size`³ RGBA floats, red fastest, premultiplied; alpha 0 where the
/// colour's hue is in the band.
func chromaKeyCube(size: Int, fromHue minHue: Double, toHue maxHue: Double) -> Data {
  var cube = [Float]()
  cube.reserveCapacity(size * size * size * 4)
  for z in 0..<size {
    let blue = Double(z) / Double(size - 1)
    for y in 0..<size {
      let green = Double(y) / Double(size - 1)
      for x in 0..<size {
        let red = Double(x) / Double(size - 1)
        let alpha: Double = (minHue...maxHue).contains(hue(red, green, blue)) ? 0 : 1
        cube += [Float(red * alpha), Float(green * alpha), Float(blue * alpha), Float(alpha)]
      }
    }
  }
  return cube.withUnsafeBufferPointer { Data(buffer: $0) }
}

/// The hue of an RGB colour, 0…1 (0 for greys).
func hue(_ red: Double, _ green: Double, _ blue: Double) -> Double {
  let maximum = max(red, green, blue)
  let delta = maximum - min(red, green, blue)
  guard delta > 0 else { return 0 }
  var sixths: Double
  if maximum == red {
    sixths = (green - blue) / delta
  } else if maximum == green {
    sixths = 2 + (blue - red) / delta
  } else {
    sixths = 4 + (red - green) / delta
  }
  if sixths < 0 { sixths += 6 }
  return sixths / 6
}

/// Which track is the subject and which the background.
final class KeyInstruction: NSObject, AVVideoCompositionInstructionProtocol {
  let timeRange: CMTimeRange
  let enablePostProcessing = false
  let containsTweening = false
  let passthroughTrackID = kCMPersistentTrackID_Invalid
  let requiredSourceTrackIDs: [NSValue]?
  let foreground: CMPersistentTrackID
  let background: CMPersistentTrackID

  init(foreground: CMPersistentTrackID, background: CMPersistentTrackID, timeRange: CMTimeRange) {
    self.foreground = foreground
    self.background = background
    self.timeRange = timeRange
    requiredSourceTrackIDs = [NSNumber(value: foreground), NSNumber(value: background)]
  }
}

enum KeyError: Error {
  case missingFrame
  case noFilter
}

/// The cube and hue band every compositor uses (set before the export starts).
enum KeySettings {
  nonisolated(unsafe) static var cube = Data()
  static let cubeSize = 64
}

/// Keys the foreground over the background with Core Image; requests are composed one at a
/// time, as they come (the filters are set up once and reused).
final class ChromaKeyCompositor: NSObject, AVVideoCompositing, @unchecked Sendable {
  private let context = CIContext()
  private let key = CIFilter(name: "CIColorCube")
  private let over = CIFilter(name: "CISourceOverCompositing")
  let sourcePixelBufferAttributes: [String: any Sendable]? = [
    kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA
  ]
  let requiredPixelBufferAttributesForRenderContext: [String: any Sendable] = [
    kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA
  ]

  override init() {
    super.init()
    key?.setValue(KeySettings.cubeSize, forKey: "inputCubeDimension")
    key?.setValue(KeySettings.cube, forKey: "inputCubeData")
  }

  func renderContextChanged(_ newRenderContext: AVVideoCompositionRenderContext) {}

  func startRequest(_ request: AVAsynchronousVideoCompositionRequest) {
    do {
      request.finish(withComposedVideoFrame: try compose(request))
    } catch {
      request.finish(with: error)
    }
  }

  private func compose(_ request: AVAsynchronousVideoCompositionRequest) throws -> CVPixelBuffer {
    guard let instruction = request.videoCompositionInstruction as? KeyInstruction,
      let subject = request.sourceFrame(byTrackID: instruction.foreground),
      let scenery = request.sourceFrame(byTrackID: instruction.background),
      let output = request.renderContext.newPixelBuffer()
    else { throw KeyError.missingFrame }
    guard let key, let over else { throw KeyError.noFilter }
    key.setValue(CIImage(cvPixelBuffer: subject), forKey: kCIInputImageKey)
    over.setValue(key.outputImage, forKey: kCIInputImageKey)
    over.setValue(CIImage(cvPixelBuffer: scenery), forKey: kCIInputBackgroundImageKey)
    guard let keyed = over.outputImage else { throw KeyError.noFilter }
    context.render(keyed, to: output)
    return output
  }
}

let arguments = CommandLine.arguments
guard arguments.count == 4 || arguments.count == 6 else {
  print("usage: green-screen FOREGROUND BACKGROUND OUTPUT.mp4 [MIN-HUE MAX-HUE]")
  exit(2)
}
let minHue = arguments.count == 6 ? Double(arguments[4]) ?? 0.3 : 0.3
let maxHue = arguments.count == 6 ? Double(arguments[5]) ?? 0.4 : 0.4
KeySettings.cube = chromaKeyCube(size: KeySettings.cubeSize, fromHue: minHue, toHue: maxHue)

do {
  let foreground = AVURLAsset(url: URL(fileURLWithPath: arguments[1]))
  let background = AVURLAsset(url: URL(fileURLWithPath: arguments[2]))
  guard let subjectVideo = foreground.tracks(withMediaType: .video).first,
    let sceneryVideo = background.tracks(withMediaType: .video).first
  else {
    print("failed: both inputs need a video track")
    exit(1)
  }
  let composition = AVMutableComposition()
  guard
    let subjectTrack = composition.addMutableTrack(
      withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid),
    let sceneryTrack = composition.addMutableTrack(
      withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid)
  else {
    print("failed: no composition tracks")
    exit(1)
  }
  let length = min(subjectVideo.timeRange.duration, sceneryVideo.timeRange.duration)
  try subjectTrack.insertTimeRange(
    CMTimeRange(start: .zero, duration: length), of: subjectVideo, at: .zero)
  try sceneryTrack.insertTimeRange(
    CMTimeRange(start: .zero, duration: length), of: sceneryVideo, at: .zero)

  let video = AVMutableVideoComposition()
  video.customVideoCompositorClass = ChromaKeyCompositor.self
  video.frameDuration = subjectVideo.minFrameDuration
  video.renderSize = subjectVideo.naturalSize
  video.instructions = [
    KeyInstruction(
      foreground: subjectTrack.trackID, background: sceneryTrack.trackID,
      timeRange: CMTimeRange(start: .zero, duration: length))
  ]

  guard
    let export = AVAssetExportSession(
      asset: composition, presetName: AVAssetExportPresetHighestQuality)
  else {
    print("failed: no export session")
    exit(1)
  }
  export.outputURL = URL(fileURLWithPath: arguments[3])
  export.outputFileType = .mp4
  export.videoComposition = video
  export.exportAsynchronously {
    switch export.status {
    case .completed:
      print("wrote \(arguments[3])")
      exit(0)
    default:
      print("failed: \(export.error.map { "\($0)" } ?? "status \(export.status.rawValue)")")
      exit(1)
    }
  }
} catch {
  print("failed: \(error)")
  exit(1)
}
dispatchMain()
