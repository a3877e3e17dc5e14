import Foundation

extension MediaWriter {
  /// Checks output settings as ``init(url:container:video:audio:overwrite:)`` does before it touches
  /// the file system — container, codecs, sizes, frame duration, H.264 level, audio format —
  /// without writing anything (for validating a movie before it is exported).
  ///
  /// - Parameters:
  ///   - url: The file that would be written; only its extension is used (the container,
  ///     unless `container` is given).
  ///   - container: The container, when the caller has already chosen it; nil: the one
  ///     `url`'s extension names.
  ///   - video: Video settings, or `nil` for no video track.
  ///   - audio: Audio settings, or `nil` for no audio track.
  /// - Throws: The errors of ``init(url:container:video:audio:overwrite:)`` that concern the settings:
  ///   ``MediaError/unsupportedContainer(path:fileExtension:)``,
  ///   ``MediaError/codecNotAllowed(path:codec:container:)``,
  ///   ``MediaError/oddDimensions(path:width:height:)`` and
  ///   ``MediaError/invalidArgument(path:reason:)``.
  public static func validate(
    url: URL, container: OutputContainer? = nil, video: VideoOutputSettings?,
    audio: AudioOutputSettings?
  ) throws(MediaError) {
    _ = try plans(url: url, container: container, video: video, audio: audio)
  }

  /// The container and the checked plans of the tracks: the one place the settings rules
  /// are applied, for ``validate(url:container:video:audio:)`` and the initializer.
  static func plans(
    url: URL, container chosen: OutputContainer?, video: VideoOutputSettings?,
    audio: AudioOutputSettings?
  ) throws(MediaError) -> (OutputContainer, VideoPlan?, AudioPlan?) {
    let path = url.path
    guard let container = chosen ?? OutputContainer(fileExtension: url.pathExtension) else {
      throw .unsupportedContainer(path: path, fileExtension: url.pathExtension)
    }
    guard video != nil || audio != nil else {
      throw .invalidArgument(
        path: path,
        reason: "no video or audio settings were given; a movie needs at least one track")
    }
    let videoPlan = try video.map { (settings) throws(MediaError) in
      try VideoPlan(settings: settings, container: container, path: path)
    }
    let audioPlan = try audio.map { (settings) throws(MediaError) in
      try AudioPlan(settings: settings, container: container, path: path)
    }
    return (container, videoPlan, audioPlan)
  }
}
