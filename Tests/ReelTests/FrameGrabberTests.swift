import Foundation
import Reel
import TestSupport
import Testing

/// docs/semantics.md §8: frames of files and movies, upright, fitted in a maximum size,
/// compared with ffmpeg's decode.
@Suite("Frame grabber")
struct FrameGrabberTests {
  typealias O = ExportOracle

  /// Mean absolute difference between a grabbed image and an ffmpeg-decoded RGB frame.
  static func difference(_ image: Image, _ frame: O.RGBFrame) -> Double {
    var sum = 0
    for y in 0..<frame.height {
      for x in 0..<frame.width {
        let pixel = image[x: x, y: y]
        let expected = frame[x, y]
        sum +=
          abs(Int(pixel.red) - expected.r) + abs(Int(pixel.green) - expected.g)
          + abs(Int(pixel.blue) - expected.b)
      }
    }
    return Double(sum) / Double(frame.width * frame.height * 3)
  }

  @Test func aRotatedClipIsGrabbedUprightWithSidesSwapped() throws {
    let folder = try O.folder()
    let landscape = try O.makeClip(
      "wide.mp4", in: folder, video: "testsrc2=size=320x180:rate=30:duration=0.5")
    let portrait = try O.rotate90(landscape, in: folder, name: "portrait.mp4")
    let grabber = FrameGrabber(asset: try Asset(url: portrait))
    let still = try grabber.frame(at: O.time(1, 5))
    #expect(still.image.width == 180 && still.image.height == 320)
    #expect(still.actualTime == O.time(6, 30))
    let upright = try O.frames(portrait, autorotate: true)
    #expect(upright[6].width == 180 && upright[6].height == 320)
    #expect(Self.difference(still.image, upright[6]) < 3)
    // Without rotation: the coded picture.
    let coded = FrameGrabber(asset: try Asset(url: portrait))
    coded.appliesRotation = false
    let raw = try coded.frame(at: O.time(1, 5)).image
    #expect(raw.width == 320 && raw.height == 180)
    #expect(Self.difference(raw, try O.frames(portrait, autorotate: false)[6]) < 3)
  }

  @Test func aMaximumSizeFitsA1080pFrameInside480x480() throws {
    let folder = try O.folder()
    let hd = try O.makeClip(
      "hd.mp4", in: folder, video: "testsrc2=size=1920x1080:rate=30:duration=0.1")
    let grabber = FrameGrabber(asset: try Asset(url: hd))
    grabber.maximumSize = (480, 480)
    let still = try grabber.frame(at: .zero)
    #expect(still.image.width == 480 && still.image.height == 270)
    // Never upscaled.
    let small = FrameGrabber(asset: try Asset(url: MediaFixtures.url(for: .basic)))
    small.maximumSize = (480, 480)
    let kept = try small.frame(at: .zero).image
    #expect(kept.width == 320 && kept.height == 240)
    #expect(FrameGrabber.fitted(width: 1920, height: 1080, inside: (480, 480)) == (480, 270))
  }

  @Test func oneResultPerRequestedTimeInOrder() throws {
    let grabber = FrameGrabber(asset: try Asset(url: MediaFixtures.url(for: .basic)))
    let times = [O.time(1, 2), O.time(-1), O.time(1, 10), O.time(29, 30)]
    let results = grabber.frames(at: times)
    #expect(results.count == 4)
    let actual = results.map { try? $0.get().actualTime }
    #expect(actual == [O.time(15, 30), nil, O.time(3, 30), O.time(29, 30)])
  }

  @Test func aMovieFrameEqualsTheExportedFrame() async throws {
    let folder = try O.folder()
    var movie = try O.movie(of: MediaFixtures.url(for: .basic))
    let size = Size(width: 320, height: 240)
    movie.layers = LayerTree(
      root: .group(
        frame: Rect(origin: .zero, size: size),
        sublayers: [
          .color(.orange, frame: Rect(origin: .zero, size: size)),
          .video(frame: Rect(x: 32, y: 24, width: 256, height: 192)),
        ]),
      renderSize: size)
    let output = folder.appendingPathComponent("movie.mp4")
    try await O.export(movie, to: output)
    let exported = try O.frames(output)[12]
    let grabbed = try FrameGrabber(movie: movie).frame(at: O.time(12, 30)).image
    #expect(grabbed.width == 320 && grabbed.height == 240)
    #expect(Self.difference(grabbed, exported) < 5)
    #expect(Self.difference(grabbed, exported) < Self.difference(grabbed, try O.frames(output)[24]))
    // Outside the movie is an error.
    #expect(throws: (any Error).self) { try FrameGrabber(movie: movie).frame(at: O.time(2)) }
  }
}
