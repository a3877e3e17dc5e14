import ReelAnimation
import ReelCore

/// Everything that makes a movie: the timeline of clips, how its video is composited, how
/// its audio is mixed, and the layers drawn around and over it.
///
/// This is what `AVMutableComposition` + `AVVideoComposition` (with its Core Animation tool)
/// + `AVAudioMix` are together on Apple systems. Video layers in `layers` whose source is
/// `"main"` show the composited video of `videoComposition` each frame.
///
///     var composition = Composition()
///     try composition.addClip(asset: Asset(path: "clip.mp4"))
///     let video = VideoComposition.default(for: composition)
///     let movie = Movie(composition: composition, videoComposition: video)
public struct Movie: Sendable {
  /// Tracks and their segments.
  public var composition: Composition
  /// Render size, frame rate, background and instructions; nil uses
  /// ``VideoComposition/default(for:renderSize:backgroundColor:)``.
  public var videoComposition: VideoComposition?
  /// Volumes and the soundtrack; nil plays every audio track at unity.
  public var audioMix: AudioMix?
  /// Layers drawn around and over the video (the Core Animation tool); nil shows the
  /// composited video alone. Its render size should equal the video composition's.
  public var layers: LayerTree?

  /// Makes a movie.
  public init(
    composition: Composition, videoComposition: VideoComposition? = nil, audioMix: AudioMix? = nil,
    layers: LayerTree? = nil
  ) {
    self.composition = composition
    self.videoComposition = videoComposition
    self.audioMix = audioMix
    self.layers = layers
  }

  /// The video composition used: the given one or the default for the composition.
  public var resolvedVideoComposition: VideoComposition {
    videoComposition ?? .default(for: composition)
  }

  /// The size frames are drawn at, in whole pixels: the layer tree's render size, else the
  /// video composition's (each side rounded to the nearest).
  public var drawSize: (width: Int, height: Int) {
    PixelLimits.wholePixels(layers?.renderSize ?? resolvedVideoComposition.renderSize)
  }

  /// The movie's length: the composition's duration (seconds).
  public var duration: Time { composition.duration }
}
