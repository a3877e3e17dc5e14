import AVFoundationCompat
import Foundation
import TestSupport
import Testing

/// Media made at run time with the `ffmpeg` CLI for the AVFoundation-API tests, and ffmpeg /
/// ffprobe read-backs of what an export wrote (the independent oracle).
enum AVTestMedia {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// A fresh temporary folder.
  static func folder() throws -> URL {
    try TestSupport.makeTemporaryDirectory("reel-avf-test")
  }

  /// A clip from a lavfi video source, H.264 yuv420p (+ AAC from an audio source).
  @discardableResult
  static func clip(
    _ name: String, in folder: URL, video: String, audio: String? = nil, extra: [String] = []
  ) throws -> URL {
    let url = folder.appendingPathComponent(name)
    var arguments = ["-f", "lavfi", "-i", video]
    if let audio { arguments += ["-f", "lavfi", "-i", audio] }
    arguments += ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"] + extra
    if audio != nil { arguments += ["-c:a", "aac", "-shortest"] }
    arguments.append(url.path)
    try TestSupport.ffmpeg(arguments)
    return url
  }

  /// A flat-colour clip (`color` as ffmpeg spells it: "0xC83228"), 30 fps.
  static func flatClip(
    _ name: String, in folder: URL, color: String, size: String = "320x240",
    seconds: Double = 2, rate: Int = 30, audio: Bool = false
  ) throws -> URL {
    try clip(
      name, in: folder, video: "color=c=\(color):size=\(size):rate=\(rate):duration=\(seconds)",
      audio: audio ? "sine=frequency=440:sample_rate=48000:duration=\(seconds)" : nil)
  }

  /// A 320×240 test pattern with a tone, 30 fps.
  static func patternClip(_ name: String, in folder: URL, seconds: Double = 1) throws -> URL {
    try clip(
      name, in: folder, video: "testsrc2=size=320x240:rate=30:duration=\(seconds)",
      audio: "sine=frequency=1000:sample_rate=48000:duration=\(seconds)")
  }

  /// The clip re-tagged to be shown turned 90° clockwise (FFmpeg 5.1's `rotate=270` tag is
  /// the display matrix (0, 1, −1, 0, 0, 0), written without a translation).
  static func portrait(_ url: URL, in folder: URL, name: String) throws -> URL {
    let output = folder.appendingPathComponent(name)
    try TestSupport.ffmpeg([
      "-i", url.path, "-c", "copy", "-metadata:s:v:0", "rotate=270", output.path,
    ])
    return output
  }

  /// The file with the first `tkhd` matrix's translation set to (`tx`, `ty`) pixels, as a
  /// phone writes it (the `tkhd` version 0 matrix sits 40 bytes after the box's fields).
  static func settingTranslation(of url: URL, tx: Int32, ty: Int32, name: String) throws -> URL {
    var data = [UInt8](try Data(contentsOf: url))
    let tag = Array("tkhd".utf8)
    guard let at = (0..<(data.count - 4)).first(where: { Array(data[$0..<($0 + 4)]) == tag }) else {
      throw Failure(description: "no tkhd box in \(url.path)")
    }
    let matrix = at + 4 + 4 + 20 + 8 + 8
    for (slot, value) in [(6, tx << 16), (7, ty << 16)] {
      let bytes = withUnsafeBytes(of: value.bigEndian) { Array($0) }
      data.replaceSubrange((matrix + slot * 4)..<(matrix + slot * 4 + 4), with: bytes)
    }
    let output = url.deletingLastPathComponent().appendingPathComponent(name)
    try Data(data).write(to: output)
    return output
  }

  // MARK: Reading back

  /// Width and height of the first video stream.
  static func videoSize(_ url: URL) throws -> (width: Int, height: Int) {
    let stream = try #require(try streams(url).first { $0["codec_type"] as? String == "video" })
    return (try #require(stream["width"] as? Int), try #require(stream["height"] as? Int))
  }

  /// Every stream's ffprobe description.
  static func streams(_ url: URL) throws -> [[String: Any]] {
    let probe = try TestSupport.ffprobeJSON(["-show_streams", url.path])
    return try #require(probe["streams"] as? [[String: Any]])
  }

  /// The container's format name and duration in seconds.
  static func format(_ url: URL) throws -> (name: String, duration: Double) {
    let probe = try TestSupport.ffprobeJSON(["-show_format", url.path])
    let format = try #require(probe["format"] as? [String: Any])
    return (
      try #require(format["format_name"] as? String),
      try #require(Double(format["duration"] as? String ?? ""))
    )
  }

  /// An RGB24 picture decoded by ffmpeg.
  struct Frame {
    var width: Int
    var height: Int
    var bytes: [UInt8]

    /// Mean red, green, blue over a rectangle.
    func mean(x: Int, y: Int, width w: Int, height h: Int) -> [Double] {
      var sum = [0.0, 0.0, 0.0]
      for row in y..<(y + h) {
        for column in x..<(x + w) {
          let offset = (row * width + column) * 3
          for channel in 0..<3 { sum[channel] += Double(bytes[offset + channel]) }
        }
      }
      return sum.map { $0 / Double(w * h) }
    }

    /// Each 16×16 block's mean colour, row by row.
    var blockMeans: [[Double]] {
      var blocks: [[Double]] = []
      for y in stride(from: 0, to: height - 15, by: 16) {
        for x in stride(from: 0, to: width - 15, by: 16) {
          blocks.append(mean(x: x, y: y, width: 16, height: 16))
        }
      }
      return blocks
    }
  }

  /// Every video frame of a file, decoded by ffmpeg in presentation order (no duplication
  /// or dropping), not rotated.
  static func frames(_ url: URL) throws -> [Frame] {
    let size = try videoSize(url)
    let output = try TestSupport.run(
      "ffmpeg",
      [
        "-v", "error", "-noautorotate", "-i", url.path, "-map", "0:v:0", "-fps_mode", "passthrough",
        "-f", "rawvideo", "-pix_fmt", "rgb24", "-",
      ])
    guard output.status == 0 else { throw Failure(description: "ffmpeg: \(output.stderr)") }
    let frameBytes = size.width * size.height * 3
    let data = [UInt8](output.stdout)
    return stride(from: 0, to: data.count - frameBytes + 1, by: frameBytes).map {
      Frame(width: size.width, height: size.height, bytes: Array(data[$0..<($0 + frameBytes)]))
    }
  }

  // MARK: Exporting

  /// Runs `session.exportAsynchronously` and returns when its handler has run.
  static func export(_ session: AVAssetExportSession) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      session.exportAsynchronously { continuation.resume() }
    }
  }
}
