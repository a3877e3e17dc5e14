import Foundation

/// The demuxer an ``Asset``'s probe opened, kept for the asset's first reader when the file
/// cannot be reopened without probing it again (``ContainerProbe/reopensWithoutProbing`` is
/// false: MP3, MPEG-TS and other containers whose demuxer learns part of the streams while
/// probing). Handing that reader the probe's own demuxer, which has read nothing since the
/// probe, is what makes such a file probed once per render; later readers (a second,
/// overlapping clip of the file) open it again with a probe of their own.
///
/// Shared by every copy of the asset; the lock makes sure only one reader takes it.
final class SpareContainer: @unchecked Sendable {
  private let lock = NSLock()
  private var container: InputContainer?

  /// Keeps `container` when its file cannot be reopened without probing; else keeps nothing
  /// (readers reopen it cheaply from the probe, and an idle demuxer would only hold memory
  /// and a file descriptor).
  init(_ container: InputContainer) {
    self.container = container.probe.reopensWithoutProbing ? nil : container
  }

  /// The kept demuxer, once; nil afterwards and when none was kept.
  func take() -> InputContainer? {
    lock.lock()
    defer { lock.unlock() }
    let taken = container
    container = nil
    return taken
  }
}

extension Asset {
  /// A demuxer of the asset's file for a new reader: the probe's own when it was kept
  /// (``SpareContainer``), else the file opened again from the probe.
  ///
  /// - Throws: As `InputContainer(reopening:)`.
  func openContainer() throws(MediaError) -> InputContainer {
    if let spare = spare.take() { return spare }
    return try InputContainer(reopening: probe)
  }
}
