import Foundation
import Synchronization

/// A named set of small media files made at run time with the `ffmpeg` CLI, shared by the test
/// targets. Each file is made once per test process, on first use, in a temporary folder.
///
///     let url = try MediaFixtures.url(for: .portraitRotated)
public enum MediaFixtures {
  /// The inputs Reel must read correctly. All are ≤ 320×240 and ≤ 2 s.
  public enum Fixture: String, CaseIterable, Sendable {
    /// H.264 + AAC in MP4, 320×240 at 30 fps, 1 s, with a 1 kHz tone.
    case basic
    /// A 320×240 clip tagged to be shown rotated 90° clockwise (portrait 240×320).
    case portraitRotated
    /// A 320×240 clip tagged to be shown rotated 180°.
    case upsideDown
    /// H.264 4:4:4 at an odd size, 161×121.
    case oddSize
    /// HEVC Main 10 (yuv420p10le) in MP4, tagged `hvc1`.
    case hevc10Bit
    /// H.264 High 4:2:2 (yuv422p).
    case yuv422
    /// H.264 High 4:4:4 (yuv444p).
    case yuv444
    /// Video only, no audio track.
    case noAudio
    /// AAC audio only in .m4a.
    case audioOnly
    /// 5.1 AAC with a 1 kHz tone on the centre channel only.
    case surround51
    /// Mono 44.1 kHz PCM WAV with a 1 kHz tone at −6 dBFS.
    case monoWAV
    /// Variable frame rate: frames at irregular times, in MKV.
    case variableFrameRate
    /// A .mov whose first 0.5 s is cut by an edit list (stream copy from 0.5 s).
    case movEditList
    /// VP9 + Opus in WebM.
    case webm
    /// An animated GIF, 3 frames.
    case gif

    /// The file name (with the extension that selects the container).
    public var fileName: String {
      switch self {
      case .basic: "basic.mp4"
      case .portraitRotated: "portrait.mp4"
      case .upsideDown: "upside-down.mp4"
      case .oddSize: "odd-size.mp4"
      case .hevc10Bit: "hevc10.mp4"
      case .yuv422: "yuv422.mp4"
      case .yuv444: "yuv444.mp4"
      case .noAudio: "no-audio.mp4"
      case .audioOnly: "audio-only.m4a"
      case .surround51: "surround51.mp4"
      case .monoWAV: "mono.wav"
      case .variableFrameRate: "vfr.mkv"
      case .movEditList: "edit-list.mov"
      case .webm: "clip.webm"
      case .gif: "anim.gif"
      }
    }
  }

  private static let state = Mutex<URL?>(nil)
  private static let generation = Mutex<Void>(())

  /// The folder holding this process's fixtures.
  public static func directory() throws -> URL {
    try state.withLock { folder in
      if let folder { return folder }
      let made = try TestSupport.makeTemporaryDirectory("reel-fixtures")
      folder = made
      return made
    }
  }

  /// The fixture's file, made on first use.
  public static func url(for fixture: Fixture) throws -> URL {
    let url = try directory().appendingPathComponent(fixture.fileName)
    try generation.withLock { _ in
      if FileManager.default.fileExists(atPath: url.path) { return }
      try make(fixture, at: url)
    }
    return url
  }

  private static let testPattern = [
    "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30:duration=1",
  ]
  private static let tone = [
    "-f", "lavfi", "-i", "sine=frequency=1000:sample_rate=48000:duration=1",
  ]
  private static let x264 = ["-c:v", "libx264", "-preset", "ultrafast"]

  private static func make(_ fixture: Fixture, at url: URL) throws {
    let path = url.path
    // Intermediate files go beside the fixture with a `.part` prefix.
    let scratch = url.deletingLastPathComponent().appendingPathComponent("part-" + fixture.fileName)
      .path
    switch fixture {
    case .basic:
      try TestSupport.ffmpeg(
        testPattern + tone + x264 + ["-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", path])
    case .portraitRotated, .upsideDown:
      try TestSupport.ffmpeg(testPattern + x264 + ["-pix_fmt", "yuv420p", scratch])
      // In FFmpeg 5.1 the legacy `rotate` tag N yields a display matrix that turns the picture
      // N° counter-clockwise, i.e. (360 − N)° clockwise; 270 gives Reel's "90° clockwise".
      let tag = fixture == .portraitRotated ? "270" : "180"
      try TestSupport.ffmpeg([
        "-i", scratch, "-c", "copy", "-metadata:s:v:0", "rotate=\(tag)", path,
      ])
      try? FileManager.default.removeItem(atPath: scratch)
    case .oddSize:
      try TestSupport.ffmpeg(
        ["-f", "lavfi", "-i", "testsrc2=size=161x121:rate=30:duration=1"] + x264 + [
          "-pix_fmt", "yuv444p", path,
        ])
    case .hevc10Bit:
      try TestSupport.ffmpeg(
        testPattern + [
          "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error",
          "-pix_fmt", "yuv420p10le", "-tag:v", "hvc1", path,
        ])
    case .yuv422:
      try TestSupport.ffmpeg(testPattern + x264 + ["-pix_fmt", "yuv422p", path])
    case .yuv444, .noAudio:
      let format = fixture == .yuv444 ? "yuv444p" : "yuv420p"
      try TestSupport.ffmpeg(testPattern + x264 + ["-pix_fmt", format, path])
    case .audioOnly:
      try TestSupport.ffmpeg(tone + ["-c:a", "aac", path])
    case .surround51:
      try TestSupport.ffmpeg(
        testPattern + tone + x264 + [
          "-pix_fmt", "yuv420p", "-filter_complex", "[1:a]pan=5.1|FC=c0[a]", "-map", "0:v",
          "-map", "[a]", "-c:a", "aac", "-shortest", path,
        ])
    case .monoWAV:
      try TestSupport.ffmpeg(
        [
          "-f", "lavfi", "-i", "sine=frequency=1000:sample_rate=44100:duration=1", "-af",
          "volume=0.5",
          "-c:a", "pcm_s16le", path,
        ])
    case .variableFrameRate:
      // Frames 0–14 every 1/30 s, then every 1/10 s: timestamps rewritten with setpts.
      try TestSupport.ffmpeg(
        testPattern + [
          "-vf", "setpts='if(lt(N,15),N/30,0.5+(N-15)/10)/TB'", "-fps_mode", "vfr",
        ] + x264 + ["-pix_fmt", "yuv420p", "-t", "2", path])
    case .movEditList:
      try TestSupport.ffmpeg(
        ["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30:duration=2"] + x264 + [
          "-pix_fmt", "yuv420p", "-g", "30", scratch + ".mov",
        ])
      try TestSupport.ffmpeg(["-ss", "0.5", "-i", scratch + ".mov", "-c", "copy", path])
      try? FileManager.default.removeItem(atPath: scratch + ".mov")
    case .webm:
      try TestSupport.ffmpeg(
        testPattern + tone + [
          "-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "300k",
          "-c:a", "libopus", "-shortest", path,
        ])
    case .gif:
      try TestSupport.ffmpeg(
        ["-f", "lavfi", "-i", "testsrc2=size=64x48:rate=10:duration=0.3", path])
    }
  }
}
