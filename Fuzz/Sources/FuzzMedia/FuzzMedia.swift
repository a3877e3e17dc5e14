import Foundation
import ReelMedia

/// The one file each input is written to: Reel opens media by path only, as a render does.
private let mediaPath: String = {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("reel-fuzz-media-\(getpid())", isDirectory: true)
  try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder.appendingPathComponent("input.media").path
}()

/// How much of each input is decoded: the first frames of every track are where probing,
/// decoder set-up and conversion run; decoding further mostly repeats the same code.
private let videoFramesPerTrack = 3
private let audioSamplesPerTrack = 4_800

/// libFuzzer's entry: media bytes → `Asset` (probe), the first frames of each video track,
/// the first samples of each audio track, and the first picture as an image. Errors are
/// expected answers; a crash, a hang or a runaway allocation is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMedia(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  guard
    FileManager.default.createFile(atPath: mediaPath, contents: Data(bytes: bytes, count: count))
  else { return 0 }
  if let asset = try? Asset(path: mediaPath) {
    for track in asset.videoTracks {
      guard let reader = try? VideoReader(asset: asset, track: track) else { continue }
      for _ in 0..<videoFramesPerTrack {
        guard let frame = try? reader.nextFrame() else { break }
        _ = frame.image.width
      }
    }
    for track in asset.audioTracks {
      guard let reader = try? AudioReader(asset: asset, track: track) else { continue }
      _ = try? reader.read(frameCount: audioSamplesPerTrack)
    }
  }
  _ = try? ImageDecoder.decodeFirstFrame(path: mediaPath)
  return 0
}
