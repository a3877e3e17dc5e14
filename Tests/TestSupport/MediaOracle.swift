import Foundation

/// Helpers shared by every test that makes small clips with the `ffmpeg` CLI and decodes what
/// Reel wrote with it (the independent oracle).
public enum MediaOracle {
  /// A CLI step that failed.
  public struct OracleError: Error, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
  }

  /// `value`, or an `OracleError` saying what was missing.
  static func required<T>(_ value: T?, _ what: String) throws -> T {
    guard let value else { throw OracleError(description: "missing \(what)") }
    return value
  }

  /// A decoded RGB24 picture.
  public struct RGBFrame {
    public var width: Int
    public var height: Int
    public var bytes: [UInt8]

    /// A picture of `width` × `height` RGB24 pixels, rows top to bottom.
    public init(width: Int, height: Int, bytes: [UInt8]) {
      self.width = width
      self.height = height
      self.bytes = bytes
    }

    /// Red, green and blue at a pixel.
    public subscript(x: Int, y: Int) -> (r: Int, g: Int, b: Int) {
      let offset = (y * width + x) * 3
      return (Int(bytes[offset]), Int(bytes[offset + 1]), Int(bytes[offset + 2]))
    }

    /// Mean of (r + g + b) / 3 over the picture.
    public var meanLevel: Double {
      var sum = 0
      for byte in bytes { sum += Int(byte) }
      return Double(sum) / Double(bytes.count)
    }

    /// Mean red, green, blue of each 16×16 block, row by row (4:2:0 smooths chroma across
    /// sharp edges by a few levels; block means keep that out of colour checks).
    public var blockMeans: [(r: Double, g: Double, b: Double)] {
      stride(from: 0, to: height - 15, by: 16).flatMap { y in
        stride(from: 0, to: width - 15, by: 16).map { x in
          mean(x: x, y: y, width: 16, height: 16)
        }
      }
    }

    /// Mean red, green, blue over a rectangle.
    public func mean(x: Int, y: Int, width w: Int, height h: Int) -> (
      r: Double, g: Double, b: Double
    ) {
      var sum = (0, 0, 0)
      for row in y..<(y + h) {
        for column in x..<(x + w) {
          let pixel = self[column, row]
          sum.0 += pixel.r
          sum.1 += pixel.g
          sum.2 += pixel.b
        }
      }
      let count = Double(w * h)
      return (Double(sum.0) / count, Double(sum.1) / count, Double(sum.2) / count)
    }
  }

  /// A fresh temporary folder.
  public static func folder() throws -> URL {
    try TestSupport.makeTemporaryDirectory("reel-export-test")
  }

  /// Width, height and rotation-free size of the first video stream, from ffprobe.
  public static func videoSize(_ url: URL) throws -> (width: Int, height: Int) {
    let probe = try TestSupport.ffprobeJSON([
      "-select_streams", "v:0", "-show_streams", url.path,
    ])
    let stream = try required((probe["streams"] as? [[String: Any]])?.first, "video stream")
    return (
      try required(stream["width"] as? Int, "width"),
      try required(stream["height"] as? Int, "height")
    )
  }

  /// The file's format duration in seconds, from ffprobe.
  public static func duration(_ url: URL) throws -> Double {
    let probe = try TestSupport.ffprobeJSON(["-show_format", url.path])
    let format = try required(probe["format"] as? [String: Any], "format")
    return try required(Double(format["duration"] as? String ?? ""), "duration")
  }

  /// Each stream's codec, profile, pixel format and duration, from ffprobe.
  public static func streams(_ url: URL) throws -> [[String: Any]] {
    let probe = try TestSupport.ffprobeJSON(["-show_streams", url.path])
    return try required(probe["streams"] as? [[String: Any]], "streams")
  }

  /// Every video frame of a file, decoded by ffmpeg to RGB24 in presentation order, one per
  /// decoded frame (no duplication or dropping), upright when the file has a rotation.
  public static func frames(_ url: URL, autorotate: Bool = true) throws -> [RGBFrame] {
    let size = try videoSize(url)
    var rotated = false
    if autorotate {
      let probe = try TestSupport.ffprobeJSON([
        "-select_streams", "v:0", "-show_streams", url.path,
      ])
      let stream = (probe["streams"] as? [[String: Any]])?.first
      let sideData = stream?["side_data_list"] as? [[String: Any]] ?? []
      for entry in sideData {
        if let rotation = entry["rotation"] as? Int, abs(rotation) == 90 || abs(rotation) == 270 {
          rotated = true
        }
      }
    }
    let width = rotated ? size.height : size.width
    let height = rotated ? size.width : size.height
    var arguments = ["-v", "error"]
    if !autorotate { arguments.append("-noautorotate") }
    arguments += [
      "-i", url.path, "-map", "0:v:0", "-fps_mode", "passthrough", "-f", "rawvideo",
      "-pix_fmt", "rgb24", "-",
    ]
    let output = try TestSupport.run("ffmpeg", arguments)
    guard output.status == 0 else {
      throw OracleError(description: "ffmpeg decode failed: \(output.stderr)")
    }
    let frameBytes = width * height * 3
    let data = [UInt8](output.stdout)
    var frames: [RGBFrame] = []
    var offset = 0
    while offset + frameBytes <= data.count {
      frames.append(
        RGBFrame(width: width, height: height, bytes: Array(data[offset..<(offset + frameBytes)])))
      offset += frameBytes
    }
    return frames
  }

  /// The first channel of the file's audio, decoded by ffmpeg as 48 kHz float samples.
  public static func audio(_ url: URL) throws -> [Float] {
    let output = try TestSupport.run(
      "ffmpeg",
      [
        "-v", "error", "-i", url.path, "-map", "0:a:0", "-af", "pan=mono|c0=c0", "-ar", "48000",
        "-f", "f32le", "-",
      ])
    guard output.status == 0 else {
      throw OracleError(description: "ffmpeg audio decode failed: \(output.stderr)")
    }
    return output.stdout.withUnsafeBytes { raw in Array(raw.bindMemory(to: Float.self)) }
  }

  /// Root-mean-square level of `samples` over [start, end) seconds at 48 kHz.
  public static func rms(_ samples: [Float], from start: Double, to end: Double) -> Double {
    let first = max(0, Int(start * 48_000))
    let last = min(samples.count, Int(end * 48_000))
    guard last > first else { return 0 }
    var sum = 0.0
    for index in first..<last { sum += Double(samples[index]) * Double(samples[index]) }
    return (sum / Double(last - first)).squareRoot()
  }

  /// The energy-weighted mean time of samples over [start, end) seconds (where a sound is).
  public static func centroid(_ samples: [Float], from start: Double, to end: Double) -> Double {
    let first = max(0, Int(start * 48_000))
    let last = min(samples.count, Int(end * 48_000))
    var weighted = 0.0
    var total = 0.0
    for index in first..<max(first, last) {
      let energy = Double(samples[index]) * Double(samples[index])
      weighted += energy * Double(index)
      total += energy
    }
    return total > 0 ? weighted / total / 48_000 : .nan
  }

  /// Seconds of the first sample at or after `after` whose magnitude exceeds `threshold`.
  public static func onset(_ samples: [Float], after: Double = 0, threshold: Float = 0.1) -> Double?
  {
    var index = max(0, Int(after * 48_000))
    while index < samples.count {
      if abs(samples[index]) > threshold { return Double(index) / 48_000 }
      index += 1
    }
    return nil
  }

  /// The top-level MP4 box types, in file order.
  public static func topLevelBoxes(_ url: URL) throws -> [String] {
    let data = try Data(contentsOf: url)
    var boxes: [String] = []
    var offset = 0
    while offset + 8 <= data.count {
      var size = 0
      for index in 0..<4 { size = size << 8 | Int(data[offset + index]) }
      let type = String(decoding: data[(offset + 4)..<(offset + 8)], as: UTF8.self)
      if size == 1, offset + 16 <= data.count {
        size = 0
        for index in 8..<16 { size = size << 8 | Int(data[offset + index]) }
      } else if size == 0 {
        size = data.count - offset
      }
      boxes.append(type)
      guard size >= 8 else { break }
      offset += size
    }
    return boxes
  }

  // MARK: - Clips

  /// A clip made by ffmpeg from lavfi sources, H.264 (yuv420p, ultrafast) + AAC when
  /// `audio` is given.
  public static func makeClip(
    _ name: String, in folder: URL, video: String, audio: String? = nil,
    extra: [String] = []
  ) throws -> URL {
    let url = folder.appendingPathComponent(name)
    var arguments = ["-f", "lavfi", "-i", video]
    if let audio { arguments += ["-f", "lavfi", "-i", audio] }
    arguments += ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"]
    arguments += extra
    if audio != nil { arguments += ["-c:a", "aac", "-b:a", "128k", "-shortest"] }
    arguments.append(url.path)
    try TestSupport.ffmpeg(arguments)
    return url
  }

  /// A 2 s, 320×240, 30 fps black clip with one white frame at exactly 1.000 s (frame 30)
  /// and a 1 kHz beep over [1.000, 1.050) s, otherwise silent.
  public static func makeFlashClip(in folder: URL) throws -> URL {
    try makeClip(
      "flash.mp4", in: folder,
      video:
        "color=c=black:size=320x240:rate=30:duration=2,drawbox=x=0:y=0:w=iw:h=ih:color=white:t=fill:enable='eq(n\\,30)'",
      audio:
        "aevalsrc='if(between(t\\,1\\,1.05-1/96000)\\,0.5*sin(2*PI*1000*t)\\,0)':s=48000:d=2",
      extra: ["-g", "15"])
  }

  /// Re-tags a clip to be shown turned 90° clockwise (portrait), without re-encoding.
  public static func rotate90(_ url: URL, in folder: URL, name: String) throws -> URL {
    let output = folder.appendingPathComponent(name)
    // FFmpeg 5.1's legacy `rotate=270` tag is a display matrix turning 90° clockwise.
    try TestSupport.ffmpeg([
      "-i", url.path, "-c", "copy", "-metadata:s:v:0", "rotate=270", output.path,
    ])
    return output
  }

  /// Index of the first frame whose mean level exceeds 128 (the flash).
  public static func flashFrame(_ frames: [RGBFrame]) -> Int? {
    frames.firstIndex { $0.meanLevel > 128 }
  }
}
