internal import Reel
internal import ReelCore
internal import ReelMedia

/// The frames of a video composition, drawn by Reel's `MovieRenderer` one at a time, as
/// AVFoundation's `AVAssetReaderVideoCompositionOutput`: a frame every
/// `videoComposition.frameDuration` from the reader's range start, at the composition's
/// render size, with its layer instructions and Core Animation layers applied as an export
/// draws them.
open class AVAssetReaderVideoCompositionOutput: AVAssetReaderOutput, @unchecked Sendable {
  /// The tracks composed (Reel composes every video track the composition's instructions
  /// name).
  public let videoTracks: [AVAssetTrack]
  /// The pixel-buffer settings, as given (format: `kCVPixelBufferPixelFormatTypeKey`).
  public let videoSettings: [String: Any]?
  /// The composition drawn; required before `startReading()`.
  open var videoComposition: AVVideoComposition?
  private var renderer: MovieRenderer?
  private var layout = PixelLayout.bgra
  private var frameDuration = Time(value: 1, timescale: 30)
  private var duration = Time.zero
  private var nextTime = Time.zero
  private var rangeEnd = Time.positiveInfinity

  /// An output drawing `videoTracks` with the `videoComposition` set later, into pixel
  /// buffers of `videoSettings`' format (default 32BGRA).
  public init(videoTracks: [AVAssetTrack], videoSettings: [String: Any]?) {
    self.videoTracks = videoTracks
    self.videoSettings = videoSettings
    super.init()
  }

  open override var mediaType: AVMediaType { .video }

  override func open(reader: AVAssetReader) throws(CompatFailure) {
    let where_ = "AVAssetReaderVideoCompositionOutput"
    guard let videoComposition else {
      throw CompatFailure(
        .invalidVideoComposition, "\(where_): set videoComposition before startReading()")
    }
    let format = try AVAssetReaderTrackOutput.videoLayoutFormat(videoSettings, in: where_)
    layout = format
    let timeline = try reader.asset.reelTimeline()
    var movie = Movie(composition: timeline.composition)
    movie.videoComposition = try videoComposition.reelVideoComposition(for: timeline)
    movie.layers = try videoComposition.reelLayerTree()
    frameDuration = videoComposition.frameDuration.time
    duration = timeline.composition.duration
    do {
      renderer = try MovieRenderer(movie: movie)
    } catch let error as MediaError {
      throw CompatFailure(error)
    } catch {
      throw CompatFailure(.invalidVideoComposition, "\(where_): \(error)")
    }
  }

  override func seek(to range: CMTimeRange) throws(CompatFailure) {
    nextTime = max(range.start.time, .zero)
    rangeEnd = min(range.reelEnd, duration)
  }

  override func nextSample() throws(CompatFailure) -> CMSampleBuffer? {
    guard let renderer, nextTime < rangeEnd else { return nil }
    let time = nextTime
    let image: Image
    do {
      image = try renderer.frame(at: time)
    } catch let error as MediaError {
      throw CompatFailure(error)
    } catch {
      throw CompatFailure(
        .invalidVideoComposition, "drawing the frame at \(time.seconds) s: \(error)")
    }
    nextTime = time + frameDuration
    let buffer = try AVAssetReaderTrackOutput.pixelBuffer(layout: layout, from: .bgra(image))
    return CMSampleBuffer(
      image: buffer,
      timing: CMSampleTimingInfo(
        duration: CMTime(frameDuration), presentationTimeStamp: CMTime(time),
        decodeTimeStamp: CMTime(time)))
  }
}

/// The mixed sound of an asset's audio tracks with an audio mix, as AVFoundation's
/// `AVAssetReaderAudioMixOutput`, mixed by Reel's `AudioMixer` (every audio track of the
/// asset, with the mix's volumes and ramps) into interleaved linear PCM.
open class AVAssetReaderAudioMixOutput: AVAssetReaderOutput, @unchecked Sendable {
  /// The tracks mixed.
  public let audioTracks: [AVAssetTrack]
  /// The PCM settings, as given (nil: 32-bit float at 44.1 kHz stereo, as Apple's default
  /// mix).
  public let audioSettings: [String: Any]?
  /// The volumes and ramps; nil: every track at full volume.
  open var audioMix: AVAudioMix?
  private var mixer: AudioMixer?
  private var pcm: PCMLayout?
  private var rangeEnd = Time.positiveInfinity

  /// An output mixing `audioTracks` into PCM of `audioSettings`.
  public init(audioTracks: [AVAssetTrack], audioSettings: [String: Any]?) {
    self.audioTracks = audioTracks
    self.audioSettings = audioSettings
    super.init()
  }

  open override var mediaType: AVMediaType { .audio }

  override func open(reader: AVAssetReader) throws(CompatFailure) {
    let where_ = "AVAssetReaderAudioMixOutput"
    let all = reader.asset.tracks(withMediaType: .audio).map(\.trackID)
    guard Set(audioTracks.map(\.trackID)) == Set(all) else {
      throw CompatFailure(
        .operationNotSupportedForAsset,
        "\(where_): Reel mixes every audio track of the asset; pass them all (set a track's volume to 0 in the audio mix to leave it out)"
      )
    }
    let settings =
      audioSettings ?? [
        AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 44_100, AVNumberOfChannelsKey: 2,
      ]
    let layout = try PCMLayout(settings, track: nil, in: where_)
    pcm = layout
    let timeline = try reader.asset.reelTimeline()
    do throws(AudioMixerError) {
      mixer = try AudioMixer(
        composition: timeline.composition,
        audioMix: audioMix?.reelAudioMix(for: timeline) ?? AudioMix(), format: layout.format)
    } catch {
      throw CompatFailure(.exportFailed, "\(where_): \(error)")
    }
  }

  override func seek(to range: CMTimeRange) throws(CompatFailure) {
    rangeEnd = range.reelEnd
    do throws(AudioMixerError) {
      try mixer?.seek(to: max(range.start.time, .zero))
    } catch {
      throw CompatFailure(.exportFailed, "AVAssetReaderAudioMixOutput: \(error)")
    }
  }

  override func nextSample() throws(CompatFailure) -> CMSampleBuffer? {
    guard let mixer, let pcm else { return nil }
    let next: ReelMedia.AudioBuffer?
    do throws(AudioMixerError) {
      next = try mixer.nextBuffer(frameCount: 4096)
    } catch {
      throw CompatFailure(.exportFailed, "AVAssetReaderAudioMixOutput: \(error)")
    }
    guard let buffer = next, buffer.frameCount > 0, buffer.startTime < rangeEnd else {
      return nil
    }
    return try pcm.sampleBuffer(buffer)
  }
}

extension AVAssetReaderTrackOutput {
  /// The pixel layout `settings` ask for (default 32BGRA), for outputs not tied to a track.
  static func videoLayoutFormat(_ settings: [String: Any]?, in where_: String)
    throws(CompatFailure) -> PixelLayout
  {
    let attributes: PixelBufferAttributes
    do throws(CVFailure) {
      attributes = try PixelBufferAttributes(settings)
    } catch {
      throw CompatFailure(.exportFailed, "\(where_): \(error.reason)")
    }
    let format = attributes.format ?? kCVPixelFormatType_32BGRA
    guard let layout = PixelLayout(format) else {
      throw CompatFailure(
        .operationNotSupportedForAsset,
        "\(where_): pixel format \(PixelLayout.name(format)) is not given by Reel; use one of \(PixelLayout.supportedNames)"
      )
    }
    return layout
  }
}
