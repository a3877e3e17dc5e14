extension MediaWriter {
  /// Ends the video track at `time` instead of one frame after the last picture: the last
  /// picture is shown until `time` (a slideshow holding its last image), as
  /// `AVAssetWriter.endSession(atSourceTime:)` asks. Call before ``finish()``; MP4-family
  /// containers only (the end is the last packet's duration).
  ///
  /// - Parameter time: The end in seconds from the start of the file, at or after the last
  ///   picture's time (rounded to the track's time base).
  /// - Throws: ``MediaError/invalidArgument(path:reason:)`` without a video track, after
  ///   the writer finished or failed, or for a time before the last picture or out of
  ///   range.
  public func setVideoEndTime(_ time: Time) throws(MediaError) {
    guard case .writing = state, let video else {
      throw .invalidArgument(
        path: path, reason: "a video end time needs a video track that is still being written")
    }
    let ticks = try video.plan.presentationTicks(for: time, path: path)
    if let last = video.lastPresentationTicks, ticks < last {
      throw .invalidArgument(
        path: path,
        reason:
          "the video end \(time.value)/\(time.timescale) s is before the last picture; end at or after it"
      )
    }
    video.endTicks = ticks
  }
}
