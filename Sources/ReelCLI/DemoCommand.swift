import Foundation
import Reel

/// `reel demo [-o DIR]`: makes demo media with Reel's own writer and describes it.
///
/// The clip is drawn frame by frame in Swift (a sky gradient, a bouncing ball, a progress bar)
/// with a tone that fades in and out, written as H.264 + AAC MP4, then probed — so a fresh
/// machine shows, end to end, that Reel can make and read a real video file.
enum DemoCommand {
  static let help = """
    Usage: reel demo [-o DIR]

    Makes a 2-second demo clip (640×360, 30 fps, H.264 + AAC) with Reel's own writer, drawn
    frame by frame, and prints its description.

    Options:
      -o, --output DIR   Folder for the demo media (default: Examples/media). Created if
                         needed; an earlier demo clip there is replaced.
      -h, --help         Show this help.
    """

  static let width = 640
  static let height = 360
  static let frameCount = 60
  static let frameDuration = Time(value: 1, timescale: 30)

  static func run(arguments: [String]) throws -> ExitStatus {
    let parsed = try Arguments(
      arguments, command: "demo", flags: ["--help"], options: ["--output"],
      aliases: ["-h": "--help", "-o": "--output"])
    if parsed.has("--help") {
      print(help)
      return .ok
    }
    guard parsed.positionals.isEmpty else {
      throw CommandFailure.usage(
        "demo: unexpected argument '\(parsed.positionals[0])'; usage: reel demo [-o DIR]")
    }
    let folder = URL(
      fileURLWithPath: parsed.value("--output") ?? "Examples/media", isDirectory: true)
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw MediaError.unwritable(path: folder.path, reason: "cannot create the folder")
    }
    let clip = folder.appendingPathComponent("demo-clip.mp4")
    Interruption.install()
    try writeClip(to: clip)
    print(ProbeReport(try Asset(url: clip)).summary)
    print("")
    print("Wrote \(clip.path): drawn and encoded by Reel, then read back.")
    return .ok
  }

  /// Draws and encodes the demo clip. On Ctrl-C (after ``Interruption/install()``) or any
  /// failure the writer is cancelled, so nothing is left at or beside `url`.
  ///
  /// - Throws: ``MediaError`` when writing fails; ``CommandFailure`` when interrupted.
  static func writeClip(to url: URL) throws {
    let writer = try MediaWriter(
      url: url,
      video: VideoOutputSettings(width: width, height: height, frameDuration: frameDuration),
      audio: AudioOutputSettings(), overwrite: true)
    do {
      for index in 0..<frameCount {
        try Interruption.check(output: url.path)
        try writer.appendVideo(
          frame(index), at: Time(frame: Int64(index), frameDuration: frameDuration))
      }
      try writer.appendAudio(tone(seconds: Double(frameCount) * frameDuration.seconds))
      try Interruption.check(output: url.path)
      try writer.finish()
    } catch {
      writer.cancel()
      throw error
    }
  }

  /// Frame `index`: a vertical sky gradient, a ball bouncing across, a progress bar.
  static func frame(_ index: Int) -> Image {
    var image = Image(width: width, height: height)
    let progress = Double(index) / Double(frameCount - 1)
    let top = Color(red: 0.05, green: 0.12, blue: 0.35)
    let bottom = Color(red: 0.98, green: 0.62, blue: 0.25)
    let ballX = 40 + progress * Double(width - 80)
    let ballY = Double(height) * 0.75 - abs(sin(progress * .pi * 3)) * Double(height) * 0.5
    let radius = 28.0
    let ball = Color(red: 1, green: 1, blue: 1).premultipliedBGRA
    let bar = Color(red: 0.2, green: 0.9, blue: 0.5).premultipliedBGRA
    let barWidth = Int(progress * Double(width))
    let stride = image.bytesPerRow
    image.withUnsafeMutableBytes { bytes in
      guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
      for y in 0..<height {
        let sky = Color.interpolate(from: top, to: bottom, fraction: Double(y) / Double(height - 1))
          .premultipliedBGRA
        let row = base + y * stride
        for x in 0..<width {
          let dx = Double(x) + 0.5 - ballX
          let dy = Double(y) + 0.5 - ballY
          let pixel: BGRA
          if y >= height - 8 && x < barWidth {
            pixel = bar
          } else if dx * dx + dy * dy <= radius * radius {
            pixel = ball
          } else {
            pixel = sky
          }
          row[x * 4] = pixel.blue
          row[x * 4 + 1] = pixel.green
          row[x * 4 + 2] = pixel.red
          row[x * 4 + 3] = pixel.alpha
        }
      }
    }
    return image
  }

  /// A 440 Hz tone at −12 dBFS with 0.2 s fades, 48 kHz stereo.
  static func tone(seconds: Double) -> AudioBuffer {
    let format = AudioFormat.standard
    let count = Int(seconds * Double(format.sampleRate))
    let fade = 0.2 * Double(format.sampleRate)
    var samples = [Float](repeating: 0, count: count * format.channelCount)
    for index in 0..<count {
      let envelope = min(1, Double(index) / fade, Double(count - index) / fade)
      let value = Float(
        0.25 * envelope * sin(2 * .pi * 440 * Double(index) / Double(format.sampleRate)))
      for channel in 0..<format.channelCount {
        samples[index * format.channelCount + channel] = value
      }
    }
    return AudioBuffer(format: format, samples: samples)
  }
}
