import Foundation
import ReelMedia
import TestSupport
import Testing

/// Video frames are held to the same picture limit as still images, so a small file cannot
/// make the decoder hold gigabytes per frame (a 1.5 MB PNG-in-MOV of 16000×16000 frames made
/// a render peak at 2.5 GB).
@Suite("Video frames within the picture limit")
struct VideoPictureLimitTests {
  /// A one-frame PNG-in-MOV clip of `width`×`height`.
  static func clip(width: Int, height: Int, in folder: URL) throws -> String {
    let path = folder.appendingPathComponent("wide-\(width)x\(height).mov").path
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "color=c=red:s=\(width)x\(height):r=5:d=0.2", "-c:v", "png", path,
    ])
    return path
  }

  static func isPictureLimit(_ error: MediaError) -> Bool {
    guard case .invalidArgument(_, let reason) = error else { return false }
    return reason.contains("above Reel's limit of \(ImageDecoder.maximumSide) pixels per side")
  }

  @Test func framesWiderThanTheLimitAreRefusedByTheReaderAndByValidation() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-video-limit")
    defer { try? FileManager.default.removeItem(at: folder) }
    let wide = try Self.clip(width: ImageDecoder.maximumSide + 16, height: 16, in: folder)
    let asset = try Asset(path: wide)
    #expect(asset.videoTracks.first?.width == ImageDecoder.maximumSide + 16)
    #expect(
      performing: { _ = try VideoReader(asset: asset) },
      throws: { error in
        (error as? MediaError).map(Self.isPictureLimit) ?? false
      })
    #expect(
      performing: { try asset.checkDecoders() },
      throws: { error in
        (error as? MediaError).map(Self.isPictureLimit) ?? false
      })
    // At the limit it reads.
    let edge = try Self.clip(width: ImageDecoder.maximumSide, height: 16, in: folder)
    let frame = try #require(try VideoReader(asset: try Asset(path: edge)).nextFrame())
    #expect(frame.image.width == ImageDecoder.maximumSide)
  }
}
