import CFFmpeg
import Foundation
import TestSupport
import Testing

@testable import ReelMedia

/// The GIF palette step: one `palettegen` histogram, then frames mapped to the palette in
/// ranges at once. The oracle is the `ffmpeg` CLI's two passes over the same pixels.
@Suite("Palette quantiser")
struct PaletteQuantiserTests {
  static let width = 64
  static let height = 48
  static let frameCount = 7

  /// Frame `index`'s straight RGBA pixels: gradients that move and a pseudo-random speckle,
  /// so the palette is crowded and the dithering has error to carry.
  static func pixels(_ index: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(width * height * 4)
    var seed = UInt32(truncatingIfNeeded: 2_654_435_761 &* (index + 1))
    for y in 0..<height {
      for x in 0..<width {
        seed = seed &* 1_664_525 &+ 1_013_904_223
        let speckle = UInt8(truncatingIfNeeded: seed >> 27)
        bytes.append(UInt8(truncatingIfNeeded: x * 4 + index * 9) &+ speckle)
        bytes.append(UInt8(truncatingIfNeeded: y * 5 + index * 17))
        bytes.append(UInt8(truncatingIfNeeded: (x + y) * 2 + index * 31) ^ speckle)
        bytes.append(255)
      }
    }
    return bytes
  }

  /// Every frame through a quantiser mapping in `parts` ranges, back as RGB24 (each palette
  /// index looked up in the frame's palette).
  static func quantised(parts: Int) throws -> [[UInt8]] {
    let quantiser = try PaletteQuantiser(
      width: width, height: height, pixelFormat: AV_PIX_FMT_RGBA, timeBaseDenominator: 10,
      mappingParts: parts)
    let input = try #require(FFFrame())
    for index in 0..<frameCount {
      input.pointer.pointee.width = Int32(width)
      input.pointer.pointee.height = Int32(height)
      input.pointer.pointee.format = AV_PIX_FMT_RGBA.rawValue
      #expect(av_frame_get_buffer(input.pointer, 0) >= 0)
      let plane = try #require(input.pointer.pointee.data.0)
      let stride = Int(input.pointer.pointee.linesize.0)
      let source = pixels(index)
      for row in 0..<height {
        for byte in 0..<(width * 4) { plane[row * stride + byte] = source[row * width * 4 + byte] }
      }
      input.pointer.pointee.pts = Int64(index)
      try quantiser.push(input.pointer)
      #expect(input.pointer.pointee.data.0 == nil, "push takes the frame's buffers")
    }
    var frames: [[UInt8]] = []
    try quantiser.finish { frame in
      #expect(frame.pointee.format == AV_PIX_FMT_PAL8.rawValue)
      guard let indices = frame.pointee.data.0, let palette = frame.pointee.data.1 else {
        return
      }
      let stride = Int(frame.pointee.linesize.0)
      var rgb: [UInt8] = []
      for row in 0..<height {
        for column in 0..<width {
          // FFmpeg's palettes are native-endian 0xAARRGGBB words.
          let entry = Int(indices[row * stride + column]) * 4
          let word = palette.withMemoryRebound(to: UInt32.self, capacity: 256) {
            $0[entry / 4]
          }
          rgb += [
            UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8),
            UInt8(truncatingIfNeeded: word),
          ]
        }
      }
      frames.append(rgb)
    }
    return frames
  }

  /// Mapping in three ranges at once gives the frames `ffmpeg -vf palettegen` then
  /// `paletteuse` give for the same pixels, exactly, and the same as one range.
  @Test func rangesMappedAtOnceEqualFFmpegsTwoPasses() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-palette")
    defer { try? FileManager.default.removeItem(at: folder) }
    let raw = folder.appendingPathComponent("frames.rgba")
    try Data((0..<Self.frameCount).flatMap(Self.pixels)).write(to: raw)
    let palette = folder.appendingPathComponent("palette.png")
    let input = [
      "-v", "error", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(Self.width)x\(Self.height)",
      "-r", "10", "-i", raw.path,
    ]
    let first = try TestSupport.run("ffmpeg", ["-y"] + input + ["-vf", "palettegen", palette.path])
    #expect(first.status == 0, "\(first.stderr)")
    let second = try TestSupport.run(
      "ffmpeg",
      input + [
        "-i", palette.path, "-lavfi", "[0:v][1:v]paletteuse=dither=\(PaletteQuantiser.dither)",
        "-f", "rawvideo", "-pix_fmt", "rgb24", "-",
      ])
    #expect(second.status == 0, "\(second.stderr)")
    let frameBytes = Self.width * Self.height * 3
    let expected = [UInt8](second.stdout)
    try #require(expected.count == frameBytes * Self.frameCount)

    let inRanges = try Self.quantised(parts: 3)
    try #require(inRanges.count == Self.frameCount)
    for (index, frame) in inRanges.enumerated() {
      let reference = Array(expected[(index * frameBytes)..<((index + 1) * frameBytes)])
      let differing = zip(frame, reference).filter { $0 != $1 }.count
      #expect(differing == 0, "frame \(index): \(differing) bytes differ from ffmpeg's")
    }
    #expect(try Self.quantised(parts: 1) == inRanges)
  }
}
