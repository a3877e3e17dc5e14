// custom-dissolve FIRST SECOND OUTPUT.mp4 [OVERLAP-SECONDS]
//   Plays FIRST then SECOND, overlapping by OVERLAP-SECONDS (default 0.5), with a
//   cross-dissolve written by hand: a custom video compositor (AVVideoCompositing) that mixes
//   the two tracks' BGRA pixel buffers byte by byte, on a concurrent queue, the way apps write
//   their own transitions. Outside the overlap the instructions pass one track through.

import AVFoundationCompat

/// One range of the movie: either one track passed through, or a dissolve from one track to
/// the other.
final class DissolveInstruction: NSObject, AVVideoCompositionInstructionProtocol {
  let timeRange: CMTimeRange
  let enablePostProcessing = false
  let containsTweening: Bool
  let requiredSourceTrackIDs: [NSValue]?
  let passthroughTrackID: CMPersistentTrackID
  /// The tracks mixed, when this is a dissolve.
  let fromTrack: CMPersistentTrackID
  let toTrack: CMPersistentTrackID

  init(passingThrough track: CMPersistentTrackID, timeRange: CMTimeRange) {
    self.timeRange = timeRange
    containsTweening = false
    requiredSourceTrackIDs = nil
    passthroughTrackID = track
    fromTrack = track
    toTrack = track
  }

  init(dissolvingFrom from: CMPersistentTrackID, to: CMPersistentTrackID, timeRange: CMTimeRange) {
    self.timeRange = timeRange
    containsTweening = true
    requiredSourceTrackIDs = [NSNumber(value: from), NSNumber(value: to)]
    passthroughTrackID = kCMPersistentTrackID_Invalid
    fromTrack = from
    toTrack = to
  }
}

enum DissolveError: Error {
  case missingFrame(CMPersistentTrackID)
  case noBuffer
}

/// Mixes two BGRA frames: out = from · (1 − p) + to · p, p the progress through the
/// instruction's range.
/// Its state is guarded by `stateQueue` (hence `@unchecked Sendable`, as on Apple).
final class DissolveCompositor: NSObject, AVVideoCompositing, @unchecked Sendable {
  private let renderQueue = DispatchQueue(label: "dissolve.render", attributes: .concurrent)
  private let stateQueue = DispatchQueue(label: "dissolve.state")
  private var renderContext: AVVideoCompositionRenderContext?
  private var cancelled = false

  let sourcePixelBufferAttributes: [String: any Sendable]? = [
    kCVPixelBufferPixelFormatTypeKey as String: [kCVPixelFormatType_32BGRA]
  ]
  let requiredPixelBufferAttributesForRenderContext: [String: any Sendable] = [
    kCVPixelBufferPixelFormatTypeKey as String: [kCVPixelFormatType_32BGRA]
  ]

  func renderContextChanged(_ newRenderContext: AVVideoCompositionRenderContext) {
    stateQueue.sync { renderContext = newRenderContext }
  }

  func startRequest(_ request: AVAsynchronousVideoCompositionRequest) {
    renderQueue.async {
      if self.stateQueue.sync(execute: { self.cancelled }) {
        request.finishCancelledRequest()
        return
      }
      do {
        request.finish(withComposedVideoFrame: try self.compose(request))
      } catch {
        request.finish(with: error)
      }
    }
  }

  func cancelAllPendingVideoCompositionRequests() {
    stateQueue.sync { cancelled = true }
    renderQueue.async(flags: .barrier) {
      self.stateQueue.sync { self.cancelled = false }
    }
  }

  private func compose(_ request: AVAsynchronousVideoCompositionRequest) throws -> CVPixelBuffer {
    guard let instruction = request.videoCompositionInstruction as? DissolveInstruction else {
      throw DissolveError.noBuffer
    }
    guard let from = request.sourceFrame(byTrackID: instruction.fromTrack) else {
      throw DissolveError.missingFrame(instruction.fromTrack)
    }
    guard let to = request.sourceFrame(byTrackID: instruction.toTrack) else {
      throw DissolveError.missingFrame(instruction.toTrack)
    }
    guard let output = request.renderContext.newPixelBuffer() else { throw DissolveError.noBuffer }
    let range = instruction.timeRange
    let elapsed = CMTimeGetSeconds(request.compositionTime - range.start)
    let progress = max(0, min(1, elapsed / CMTimeGetSeconds(range.duration)))
    let weight = Int((progress * 256).rounded())

    CVPixelBufferLockBaseAddress(from, .readOnly)
    CVPixelBufferLockBaseAddress(to, .readOnly)
    CVPixelBufferLockBaseAddress(output, [])
    defer {
      CVPixelBufferUnlockBaseAddress(output, [])
      CVPixelBufferUnlockBaseAddress(to, .readOnly)
      CVPixelBufferUnlockBaseAddress(from, .readOnly)
    }
    let width = min(
      CVPixelBufferGetWidth(output), CVPixelBufferGetWidth(from), CVPixelBufferGetWidth(to))
    let height = min(
      CVPixelBufferGetHeight(output), CVPixelBufferGetHeight(from), CVPixelBufferGetHeight(to))
    guard let fromBase = CVPixelBufferGetBaseAddress(from),
      let toBase = CVPixelBufferGetBaseAddress(to),
      let outBase = CVPixelBufferGetBaseAddress(output)
    else { throw DissolveError.noBuffer }
    let fromRow = CVPixelBufferGetBytesPerRow(from)
    let toRow = CVPixelBufferGetBytesPerRow(to)
    let outRow = CVPixelBufferGetBytesPerRow(output)
    for y in 0..<height {
      let a = fromBase.advanced(by: y * fromRow).assumingMemoryBound(to: UInt8.self)
      let b = toBase.advanced(by: y * toRow).assumingMemoryBound(to: UInt8.self)
      let o = outBase.advanced(by: y * outRow).assumingMemoryBound(to: UInt8.self)
      for i in 0..<(width * 4) {
        o[i] = UInt8((Int(a[i]) * (256 - weight) + Int(b[i]) * weight + 128) >> 8)
      }
    }
    return output
  }
}

let arguments = CommandLine.arguments
guard arguments.count == 4 || arguments.count == 5 else {
  print("usage: custom-dissolve FIRST SECOND OUTPUT.mp4 [OVERLAP-SECONDS]")
  exit(2)
}
let overlap = CMTime(
  seconds: arguments.count == 5 ? Double(arguments[4]) ?? 0.5 : 0.5, preferredTimescale: 600)
let first = AVURLAsset(url: URL(fileURLWithPath: arguments[1]))
let second = AVURLAsset(url: URL(fileURLWithPath: arguments[2]))

do {
  guard let firstVideo = first.tracks(withMediaType: .video).first,
    let secondVideo = second.tracks(withMediaType: .video).first
  else {
    print("failed: both inputs need a video track")
    exit(1)
  }
  let composition = AVMutableComposition()
  guard
    let trackA = composition.addMutableTrack(
      withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid),
    let trackB = composition.addMutableTrack(
      withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid)
  else {
    print("failed: no composition tracks")
    exit(1)
  }
  try trackA.insertTimeRange(firstVideo.timeRange, of: firstVideo, at: .zero)
  let secondStart = firstVideo.timeRange.duration - overlap
  try trackB.insertTimeRange(secondVideo.timeRange, of: secondVideo, at: secondStart)
  let end = secondStart + secondVideo.timeRange.duration

  let video = AVMutableVideoComposition()
  video.customVideoCompositorClass = DissolveCompositor.self
  video.frameDuration = firstVideo.minFrameDuration
  video.renderSize = firstVideo.naturalSize
  video.instructions = [
    DissolveInstruction(
      passingThrough: trackA.trackID, timeRange: CMTimeRange(start: .zero, end: secondStart)),
    DissolveInstruction(
      dissolvingFrom: trackA.trackID, to: trackB.trackID,
      timeRange: CMTimeRange(start: secondStart, duration: overlap)),
    DissolveInstruction(
      passingThrough: trackB.trackID,
      timeRange: CMTimeRange(start: secondStart + overlap, end: end)),
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
