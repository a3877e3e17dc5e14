import ReelCore
import ReelMedia

extension AudioMixer {
  /// One audio track of one file, decoded in order and seeked only when the wanted
  /// position is not the next one.
  ///
  /// Not Sendable: owned by one track mixer.
  final class SourceReader {
    /// The file's path.
    let path: String
    private let reader: AudioReader
    /// The output sample frame the next read returns (a fresh reader starts at 0).
    private var nextFrame: Int64 = 0
    /// How many times the reader was moved (for tests of sequential reuse).
    private(set) var seekCount = 0

    /// Opens `track` of a probed file (nil: the first audio track) in `format`, without
    /// probing the file again.
    init(asset: Asset, track: TrackInfo?, format: AudioFormat, damageLog: DamageLog?)
      throws(MediaError)
    {
      path = asset.path
      reader = try AudioReader(asset: asset, track: track, format: format, damageLog: damageLog)
    }

    /// Reads `count` frames from source frame `start` into `destination` at sample frame
    /// `offset` (overwriting), seeking only if `start` is not where the last read ended.
    /// The caller zeroes `destination` first: frames before the source's start and after
    /// its end are left as they were (silence).
    ///
    /// - Returns: The frames accounted for (fewer than `count` when the file ends).
    func read(from start: Int64, count: Int, into destination: inout [Float], at offset: Int)
      throws(MediaError) -> Int
    {
      guard count > 0 else { return 0 }
      let channels = reader.format.channelCount
      var position = start
      var delivered = 0
      if position < 0 {
        // Before the source's first sample: silence.
        let skipped = Int(min(Int64(count), -position))
        delivered += skipped
        position += Int64(skipped)
        if delivered == count { return count }
      }
      if nextFrame != position {
        try reader.seek(toFrame: position)
        seekCount += 1
        nextFrame = position
      }
      while delivered < count {
        guard let buffer = try reader.read(frameCount: count - delivered) else { break }
        let frames = buffer.frameCount
        buffer.samples.withUnsafeBufferPointer { source in
          destination.withUnsafeMutableBufferPointer { target in
            guard let from = source.baseAddress, let to = target.baseAddress else { return }
            (to + (offset + delivered) * channels).update(from: from, count: frames * channels)
          }
        }
        delivered += frames
        position += Int64(frames)
        nextFrame = position
      }
      return delivered
    }
  }

  /// Identifies a source reader: a file and one of its tracks.
  struct SourceKey: Hashable {
    var path: String
    var trackIndex: Int?
  }

  /// A few open source readers, the least recently used closed first, so a long track of
  /// many files does not keep every file open.
  struct ReaderCache {
    private var entries: [(key: SourceKey, reader: SourceReader)] = []
    private let capacity = 4
    let format: AudioFormat

    /// Where the readers report damage; nil for nowhere.
    let damageLog: DamageLog?

    init(format: AudioFormat, damageLog: DamageLog?) {
      self.format = format
      self.damageLog = damageLog
    }

    /// The reader for `key` (the file and track of `source`), opened from the source's probe
    /// if needed.
    mutating func reader(for key: SourceKey, source: SourceTrack) throws(MediaError)
      -> SourceReader
    {
      if let index = entries.firstIndex(where: { $0.key == key }) {
        let entry = entries.remove(at: index)
        entries.append(entry)
        return entry.reader
      }
      let reader = try SourceReader(
        asset: source.asset(), track: source.track, format: format, damageLog: damageLog)
      if entries.count >= capacity { entries.removeFirst() }
      entries.append((key, reader))
      return reader
    }

    /// Total seeks made by the open readers.
    var seekCount: Int { entries.reduce(0) { $0 + $1.reader.seekCount } }
  }
}
