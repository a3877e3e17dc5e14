import Foundation
import ReelMedia
import TestSupport
import Testing

/// The packet-level reading smart rendering decides from: ``VideoPacketIndex`` (groups of
/// pictures, closed or open, reorder depth) and ``H264ParameterSets`` (the `avcC` record),
/// checked against clips ffmpeg made with known structure.
@Suite struct VideoPacketIndexTests {
  static func clip(_ name: String, x264: String, in folder: URL) throws -> URL {
    try MediaOracle.makeClip(
      name, in: folder, video: "testsrc2=size=320x240:rate=30:duration=1",
      extra: ["-preset", "veryfast", "-bf", "2", "-x264-params", x264])
  }

  @Test func closedGroupsOfPicturesAreFoundFromThePackets() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-packets")
    let url = try Self.clip("closed.mp4", x264: "keyint=10:min-keyint=10:scenecut=0", in: folder)
    let index = try VideoPacketIndex(path: url.path)
    #expect(index.packets.count == 30)
    #expect(index.groups.map(\.packetCount) == [10, 10, 10])
    #expect(index.groups.allSatisfy { $0.isClosed })
    // B-frames: packets decode before their place in presentation order.
    #expect(index.reorderDepth >= 1 && index.reorderDepth <= 2)
    // Each group shows its 10 frames at the 10 frame times after its keyframe (512 ticks
    // a frame in ffmpeg's 1/15360 time base).
    #expect(index.groups[1].presentationTicks == (10..<20).map { Int64($0 * 512) })
    #expect(index.decodedMatrix == .bt601)
  }

  @Test func openGroupsOfPicturesAreNotClosed() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-packets")
    let url = try Self.clip(
      "open.mp4", x264: "keyint=10:min-keyint=10:scenecut=0:open-gop=1", in: folder)
    let index = try VideoPacketIndex(path: url.path)
    #expect(index.groups.count >= 2)
    #expect(index.groups[0].isClosed)
    // Later groups start at a non-IDR I frame and show B-frames from before it.
    #expect(index.groups.dropFirst().allSatisfy { !$0.isClosed })
  }

  @Test func parameterSetsAreReadNumberedApartAndMerged() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-packets")
    let first = try VideoPacketIndex(
      path: Self.clip("a.mp4", x264: "keyint=10", in: folder).path)
    let second = try VideoPacketIndex(
      path: Self.clip("b.mp4", x264: "keyint=10:sps-id=3", in: folder).path)
    let sets = try H264ParameterSets(avcC: first.parameters.extradata)
    #expect(sets.sequenceSets.map(\.id) == [0] && sets.pictureSets.map(\.id) == [0])
    #expect(sets.unusedParameterSetID == 1)
    // Written back unchanged.
    #expect(sets.avcC == first.parameters.extradata)
    let other = try H264ParameterSets(avcC: second.parameters.extradata)
    #expect(other.sequenceSets.map(\.id) == [3] && other.pictureSets.map(\.id) == [3])
    let merged = try sets.merged(with: other)
    #expect(merged.sequenceSets.map(\.id) == [0, 3] && merged.pictureSets.map(\.id) == [0, 3])
    #expect(try H264ParameterSets(avcC: merged.avcC) == merged)
    // The same number for another set is refused.
    var clash = other
    clash.sequenceSets[0].id = 0
    clash.pictureSets[0].id = 0
    #expect(throws: MediaError.self) { try sets.merged(with: clash) }
    #expect(throws: MediaError.self) { try H264ParameterSets(avcC: [0, 1, 2]) }
  }
}
