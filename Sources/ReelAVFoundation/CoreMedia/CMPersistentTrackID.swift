/// A track's identifier within an asset or composition.
public typealias CMPersistentTrackID = Int32
/// The identifier no track has (0); `addMutableTrack(withMediaType:preferredTrackID:)` picks
/// a free one for it.
public let kCMPersistentTrackID_Invalid: CMPersistentTrackID = 0
