import Reel

/// Whole seconds as a `Time`.
func seconds(_ value: Int64) -> Time { Time(value: value, timescale: 1) }

/// `value / timescale` seconds.
func time(_ value: Int64, _ timescale: Int32) -> Time { Time(value: value, timescale: timescale) }

/// `[start, start + duration)` in whole seconds.
func range(_ start: Int64, _ duration: Int64) -> TimeRange {
  TimeRange(start: seconds(start), duration: seconds(duration))
}

/// A video track description made directly (no file needed).
func videoTrackInfo(
  index: Int = 0, width: Int = 320, height: Int = 240, rotation: Int = 0,
  frameDuration: Time = Time(value: 1, timescale: 30), duration: Time = seconds(10)
) -> TrackInfo {
  var track = TrackInfo(index: index, kind: .video, codec: "h264")
  track.width = width
  track.height = height
  track.rotation = rotation
  let turned = rotation == 90 || rotation == 270
  track.displayWidth = turned ? height : width
  track.displayHeight = turned ? width : height
  track.nominalFrameDuration = frameDuration
  track.frameRate = 1 / frameDuration.seconds
  track.duration = duration
  return track
}

/// An audio track description made directly.
func audioTrackInfo(index: Int = 1, duration: Time = seconds(10)) -> TrackInfo {
  var track = TrackInfo(index: index, kind: .audio, codec: "aac")
  track.sampleRate = 48_000
  track.channelCount = 2
  track.duration = duration
  return track
}

/// A media file description with a video and (optionally) an audio track.
func media(
  _ path: String, duration: Time, width: Int = 320, height: Int = 240, rotation: Int = 0,
  frameDuration: Time = Time(value: 1, timescale: 30), audio: Bool = true
) -> SourceMedia {
  SourceMedia(
    path: path, duration: duration,
    videoTrack: videoTrackInfo(
      width: width, height: height, rotation: rotation, frameDuration: frameDuration,
      duration: duration),
    audioTrack: audio ? audioTrackInfo(duration: duration) : nil)
}

/// A source video track of `length` seconds in a file at `path`.
func videoSource(_ path: String = "/media/a.mp4", length: Int64 = 10) -> SourceTrack {
  SourceTrack(path: path, track: videoTrackInfo(duration: seconds(length)))
}

/// Whether two numbers agree to 1e-9.
func close(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }
