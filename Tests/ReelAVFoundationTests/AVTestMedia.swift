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
    try MediaOracle.makeClip(name, in: folder, video: video, audio: audio, extra: extra)
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
    try MediaOracle.videoSize(url)
  }

  /// Every stream's ffprobe description.
  static func streams(_ url: URL) throws -> [[String: Any]] { try MediaOracle.streams(url) }

  /// The container's format name and duration in seconds.
  static func format(_ url: URL) throws -> (name: String, duration: Double) {
    let probe = try TestSupport.ffprobeJSON(["-show_format", url.path])
    let format = try #require(probe["format"] as? [String: Any])
    return (
      try #require(format["format_name"] as? String),
      try #require(Double(format["duration"] as? String ?? ""))
    )
  }

  /// Every video frame of a file, decoded by ffmpeg in presentation order, not rotated.
  static func frames(_ url: URL) throws -> [MediaOracle.RGBFrame] {
    try MediaOracle.frames(url, autorotate: false)
  }

  // MARK: Exporting

  /// Runs `session.exportAsynchronously` and returns when its handler has run.
  static func export(_ session: AVAssetExportSession) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      session.exportAsynchronously { continuation.resume() }
    }
  }
}
