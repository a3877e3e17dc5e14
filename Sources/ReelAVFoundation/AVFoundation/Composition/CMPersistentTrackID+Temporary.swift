// TEMPORARY: CoreMedia's track identifier, needed by the composition API before the
// CoreMedia part lands (the lead removes this file at merge; CoreMedia/ owns it).

/// A track's identifier in an asset or composition, as CoreMedia's `CMPersistentTrackID`.
public typealias CMPersistentTrackID = Int32

/// "No track": passed to `addMutableTrack(withMediaType:preferredTrackID:)` it asks for a
/// fresh identifier, as on Apple.
public let kCMPersistentTrackID_Invalid: CMPersistentTrackID = 0
