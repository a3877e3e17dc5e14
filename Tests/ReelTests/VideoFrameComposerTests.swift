import Dispatch
import Foundation
import Reel
import ReelCore
import Synchronization
import TestSupport
import Testing

/// Paints each frame one grey level from its time, answering on a concurrent queue with
/// delays that make later frames finish first; records what it was handed.
final class GreyComposer: VideoFrameComposer {
  struct Seen {
    var times: [Double] = []
    var sources: [[TrackID: (Int, Int, Bool)]] = []
    var pending = 0
    var mostPending = 0
  }
  let seen = Mutex(Seen())
  let queue = DispatchQueue(label: "grey-composer", attributes: .concurrent)
  var wantsRGBSources: Bool { false }
  var framesInFlight: Int { 4 }

  static func level(_ time: Time) -> UInt8 { UInt8(30 + 10 * Int((time.seconds * 30).rounded())) }

  func startComposing(_ request: VideoCompositionRequest) {
    seen.withLock {
      $0.times.append(request.time.seconds)
      $0.sources.append(
        request.sourcePictures.mapValues { picture in
          if case .yuv = picture { return (picture.width, picture.height, true) }
          return (picture.width, picture.height, false)
        })
      $0.pending += 1
      $0.mostPending = max($0.mostPending, $0.pending)
    }
    let index = Int((request.time.seconds * 30).rounded())
    queue.asyncAfter(deadline: .now() + .milliseconds(15 * (3 - index % 4))) {
      do {
        var image = try Image(checkedWidth: request.width, height: request.height)
        let level = Self.level(request.time)
        image.withUnsafeMutableBytes { bytes in
          for offset in stride(from: 0, to: bytes.count, by: 4) {
            bytes[offset] = level
            bytes[offset + 1] = level
            bytes[offset + 2] = level
            bytes[offset + 3] = 255
          }
        }
        self.seen.withLock { $0.pending -= 1 }
        request.finish(.bgra(image))
      } catch {
        request.finish(throwing: error)
      }
    }
  }

  func cancelPendingRequests() {}
}

/// Reel's own hook for custom compositing (``VideoFrameComposer``): what a composer is handed,
/// and that its answers, however late and in whatever order, become the frames in order.
@Suite("Video frame composers")
struct VideoFrameComposerTests {
  typealias O = ExportOracle

  @Test func answersFinishedOutOfOrderAreEncodedInFrameOrder() async throws {
    let folder = try O.folder()
    let clip = try O.makeClip(
      "clip.mp4", in: folder, video: "testsrc2=size=320x240:rate=30:duration=0.5")
    var movie = try O.movie(of: clip)
    var video = movie.resolvedVideoComposition
    let composer = GreyComposer()
    video.composer = composer
    movie.videoComposition = video
    let output = folder.appendingPathComponent("grey.mp4")
    _ = try await O.export(movie, to: output, settings: ExportSettings(crf: 1))
    let seen = composer.seen.withLock { $0 }
    #expect(seen.times.count == 15)
    #expect(seen.mostPending >= 2, "the composer was never handed two frames at once")
    // The clip's one track, as decoded: 4:2:0, its stored size.
    let track = try #require(movie.composition.videoTracks.first?.id)
    for sources in seen.sources {
      #expect(sources.count == 1)
      #expect(sources[track].map { $0.0 == 320 && $0.1 == 240 && $0.2 } == true)
    }
    let frames = try MediaOracle.frames(output)
    #expect(frames.count == 15)
    for (index, frame) in frames.enumerated() {
      let want = Int(GreyComposer.level(Time(frame: Int64(index), frameDuration: O.time(1, 30))))
      let (r, g, b) = frame[160, 120]
      #expect(
        abs(r - want) <= 2 && abs(g - want) <= 2 && abs(b - want) <= 2,
        "frame \(index): \(r) \(g) \(b), want \(want)")
    }
  }

  @Test func aPassThroughInstructionIsNotHandedToTheComposer() throws {
    let folder = try O.folder()
    let clip = try O.makeClip(
      "clip.mp4", in: folder, video: "color=c=0xC83228:size=320x240:rate=30:duration=0.5")
    let movie = try O.movie(of: clip)
    var video = movie.resolvedVideoComposition
    let track = try #require(movie.composition.videoTracks.first?.id)
    let half = O.time(1, 4)
    var first = VideoCompositionInstruction(timeRange: O.range(.zero, half))
    first.passthroughTrackID = track
    let second = VideoCompositionInstruction(timeRange: O.range(half, half))
    video.instructions = [first, second]
    let composer = GreyComposer()
    video.composer = composer
    try video.validate(against: movie.composition)
    let compositor = try VideoFrameCompositor(
      composition: movie.composition, videoComposition: video)
    let passed = try compositor.frame(at: O.time(1, 10))
    let composed = try compositor.frame(at: O.time(9, 30))
    #expect(composer.seen.withLock { $0.times } == [0.3])
    passed.withUnsafeBytes { bytes in
      let centre = 120 * passed.bytesPerRow + 160 * 4
      #expect(abs(Int(bytes[centre + 2]) - 200) <= 3 && abs(Int(bytes[centre]) - 40) <= 3)
    }
    composed.withUnsafeBytes { bytes in
      let centre = 120 * composed.bytesPerRow + 160 * 4
      #expect(Int(bytes[centre]) == Int(GreyComposer.level(O.time(9, 30))))
    }
    // A pass-through track the composition lacks is named by validation.
    video.instructions[0].passthroughTrackID = TrackID(rawValue: 99)
    #expect(throws: VideoCompositionError.self) { try video.validate(against: movie.composition) }
  }
}
