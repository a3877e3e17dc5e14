import CFFmpeg

extension Asset {
  /// Whether the file is a single still picture (PNG, JPEG, WebP, BMP, TIFF, …, read by one
  /// of FFmpeg's image demuxers), which has a picture but no timeline: such a file is shown by
  /// an image layer, not played as a clip.
  public var isStillImage: Bool {
    formatName.hasSuffix("_pipe") || formatName == "image2"
  }

  /// Checks that the tracks a render decodes can be decoded: opens (and closes) a decoder
  /// for each of `tracks`, so a file whose codec has no decoder in this FFmpeg build, or
  /// whose decoder refuses the stream's parameters, is reported before a render starts.
  ///
  /// - Parameter tracks: Tracks of this asset; nil for the first video track and the first
  ///   audio track (those a clip uses), whichever exist.
  /// - Throws: `MediaError.unsupportedCodec` when there is no decoder for a track's codec,
  ///   `.decodeFailed` when its decoder cannot be opened, and the errors of opening the file.
  public func checkDecoders(for tracks: [TrackInfo]? = nil) throws(MediaError) {
    let chosen = tracks ?? [videoTracks.first, audioTracks.first].compactMap { $0 }
    guard !chosen.isEmpty else { return }
    let container = try InputContainer(path: path)
    for track in chosen {
      guard track.index >= 0, track.index < container.streamCount else {
        throw MediaError.invalidArgument(
          path: path, reason: "no stream \(track.index) in this file")
      }
      _ = try DecoderContext(stream: container.stream(at: track.index), path: path, threadCount: 1)
    }
  }
}
