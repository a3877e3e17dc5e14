import Reel
import TestSupport
import Testing

@Suite("Default video composition and orientation")
struct DefaultVideoCompositionTests {
  private func corners(width: Double, height: Double, _ transform: Transform2D) -> [Point] {
    [Point(x: 0, y: 0), Point(x: width, y: 0), Point(x: 0, y: height), Point(x: width, y: height)]
      .map { transform.apply(to: $0) }
  }

  @Test func preferredTransformTurnsEachRotationUpright() {
    // A clockwise quarter turn of a w×h picture sends (x, y) to (h − y, x); a half turn to
    // (w − x, h − y); three quarters to (y, w − x).
    let (w, h) = (320.0, 240.0)
    let expected: [Int: [Point]] = [
      0: [Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: 0, y: h), Point(x: w, y: h)],
      90: [Point(x: h, y: 0), Point(x: h, y: w), Point(x: 0, y: 0), Point(x: 0, y: w)],
      180: [Point(x: w, y: h), Point(x: 0, y: h), Point(x: w, y: 0), Point(x: 0, y: 0)],
      270: [Point(x: 0, y: w), Point(x: 0, y: 0), Point(x: h, y: w), Point(x: h, y: 0)],
    ]
    for (rotation, points) in expected {
      let transform = VideoComposition.preferredTransform(for: videoTrackInfo(rotation: rotation))
      #expect(corners(width: w, height: h, transform) == points, "rotation \(rotation)")
    }
  }

  @Test func portraitClipGetsAPortraitRenderSizeAndStaysUpright() throws {
    var composition = Composition()
    try composition.addClip(media("/media/portrait.mp4", duration: seconds(2), rotation: 90))
    let video = VideoComposition.default(for: composition)
    #expect(video.renderSize == Size(width: 240, height: 320))
    try video.validate(against: composition)
    let layer = try #require(video.instructions.first?.layerInstructions.first)
    let transform = layer.transform(at: seconds(1))
    // The coded 320×240 picture's top-left lands at the top-right of the 240×320 frame.
    #expect(
      corners(width: 320, height: 240, transform)
        == [Point(x: 240, y: 0), Point(x: 240, y: 320), Point(x: 0, y: 0), Point(x: 0, y: 320)])
  }

  @Test func clipsAreFittedAndCentredInAGivenRenderSize() throws {
    var composition = Composition()
    try composition.addClip(media("/media/a.mp4", duration: seconds(2)))
    try composition.addClip(media("/media/p.mp4", duration: seconds(2), rotation: 90))
    let video = VideoComposition.default(
      for: composition, renderSize: Size(width: 640, height: 640))
    try video.validate(against: composition)
    let layer = try #require(video.instructions.first?.layerInstructions.first)
    // Landscape 320×240 into 640×640: scale 2 → 640×480, 80 px bands above and below.
    #expect(layer.transform(at: seconds(1)) == Transform2D(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 80))
    // Portrait 240×320 upright into 640×640: scale 2 → 480×640, 80 px bands on each side.
    let portrait = layer.transform(at: seconds(3))
    #expect(
      corners(width: 320, height: 240, portrait)
        == [Point(x: 560, y: 0), Point(x: 560, y: 640), Point(x: 80, y: 0), Point(x: 80, y: 640)])
  }

  @Test func fitTransformScalesByTheSmallerRatio() {
    let fit = VideoComposition.fitTransform(
      from: Size(width: 1080, height: 1920), into: Size(width: 1920, height: 1080))
    let s = 1080.0 / 1920.0
    #expect(fit == Transform2D(a: s, b: 0, c: 0, d: s, tx: (1920 - 1080 * s) / 2, ty: 0))
  }

  @Test func defaultFrameDurationIsTheFastestNominalRateCappedAt60() throws {
    var composition = Composition()
    try composition.addClip(media("/a.mp4", duration: seconds(1), frameDuration: time(1001, 30000)))
    #expect(VideoComposition.default(for: composition).frameDuration == time(1001, 30000))
    try composition.addClip(media("/b.mp4", duration: seconds(1), frameDuration: time(1, 50)))
    #expect(VideoComposition.default(for: composition).frameDuration == time(1, 50))
    try composition.addClip(media("/c.mp4", duration: seconds(1), frameDuration: time(1, 120)))
    #expect(VideoComposition.default(for: composition).frameDuration == time(1, 60))
  }

  @Test func theLargestClipSetsTheRenderSizeRoundedToEven() throws {
    var composition = Composition()
    try composition.addClip(media("/a.mp4", duration: seconds(1), width: 161, height: 121))
    #expect(VideoComposition.default(for: composition).renderSize == Size(width: 162, height: 122))
    try composition.addClip(media("/b.mp4", duration: seconds(1), width: 640, height: 360))
    #expect(VideoComposition.default(for: composition).renderSize == Size(width: 640, height: 360))
  }

  @Test func aRotatedFileIsShownUpright() throws {
    let asset = try Asset(url: MediaFixtures.url(for: .portraitRotated))
    var composition = Composition()
    try composition.addClip(asset: asset)
    let video = VideoComposition.default(for: composition)
    #expect(video.renderSize == Size(width: 240, height: 320))
    try video.validate(against: composition)
    let track = try asset.firstVideoTrack()
    #expect(track.rotation == 90)
    #expect(video.frameDuration == track.nominalFrameDuration)
  }
}
