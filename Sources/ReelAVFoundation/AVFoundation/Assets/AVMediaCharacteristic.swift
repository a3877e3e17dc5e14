/// A property of a track's media, as AVFoundation's `AVMediaCharacteristic` (Apple's raw
/// values), for `tracks(withMediaCharacteristic:)`.
public struct AVMediaCharacteristic: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// Seen: video, subtitles, closed captions, text.
  public static let visual = AVMediaCharacteristic("AVMediaCharacteristicVisual")
  /// Heard: audio.
  public static let audible = AVMediaCharacteristic("AVMediaCharacteristicAudible")
  /// Read: subtitles, closed captions, text.
  public static let legible = AVMediaCharacteristic("AVMediaCharacteristicLegible")
  /// Made of frames: video and audio.
  public static let frameBased = AVMediaCharacteristic("AVMediaCharacteristicFrameBased")
  /// The main programme (every video and audio track of a file Reel reads).
  public static let isMainProgramContent = AVMediaCharacteristic(
    "AVMediaCharacteristicIsMainProgramContent")
}

extension AVAssetTrack {
  /// Whether the track's media has `mediaCharacteristic`, from its media type (see
  /// ``AVMediaCharacteristic``); false for characteristics Reel does not tell.
  public func hasMediaCharacteristic(_ mediaCharacteristic: AVMediaCharacteristic) -> Bool {
    switch mediaCharacteristic {
    case .visual: [.video, .subtitle, .closedCaption, .text].contains(mediaType)
    case .audible: mediaType == .audio
    case .legible: [.subtitle, .closedCaption, .text].contains(mediaType)
    case .frameBased, .isMainProgramContent: mediaType == .video || mediaType == .audio
    default: false
    }
  }
}

extension AVAsset {
  /// The tracks with `mediaCharacteristic`, in order.
  public func tracks(withMediaCharacteristic mediaCharacteristic: AVMediaCharacteristic)
    -> [AVAssetTrack]
  {
    tracks.filter { $0.hasMediaCharacteristic(mediaCharacteristic) }
  }

  /// The tracks with `mediaCharacteristic`, loaded off the calling thread.
  ///
  /// - Throws: An `NSError` in `AVFoundationErrorDomain` when the file cannot be read.
  public func loadTracks(withMediaCharacteristic mediaCharacteristic: AVMediaCharacteristic)
    async throws -> [AVAssetTrack]
  {
    try await AsyncLoading.loaded(self)
    return tracks(withMediaCharacteristic: mediaCharacteristic)
  }

  /// The tracks of one media type, handed to `completionHandler` on a background queue
  /// (the tracks, or nil and the error when the file cannot be read).
  public func loadTracks(
    withMediaType mediaType: AVMediaType,
    completionHandler: @escaping @Sendable ([AVAssetTrack]?, (any Error)?) -> Void
  ) {
    Task.detached {
      do {
        completionHandler(try await self.loadTracks(withMediaType: mediaType), nil)
      } catch {
        completionHandler(nil, error)
      }
    }
  }

  /// The tracks with `mediaCharacteristic`, handed to `completionHandler` on a background
  /// queue (or nil and the error).
  public func loadTracks(
    withMediaCharacteristic mediaCharacteristic: AVMediaCharacteristic,
    completionHandler: @escaping @Sendable ([AVAssetTrack]?, (any Error)?) -> Void
  ) {
    Task.detached {
      do {
        completionHandler(
          try await self.loadTracks(withMediaCharacteristic: mediaCharacteristic), nil)
      } catch {
        completionHandler(nil, error)
      }
    }
  }

  /// The track with `trackID`, handed to `completionHandler` on a background queue (or nil
  /// and the error).
  public func loadTrack(
    withTrackID trackID: CMPersistentTrackID,
    completionHandler: @escaping @Sendable (AVAssetTrack?, (any Error)?) -> Void
  ) {
    Task.detached {
      do {
        completionHandler(try await self.loadTrack(withTrackID: trackID), nil)
      } catch {
        completionHandler(nil, error)
      }
    }
  }
}
