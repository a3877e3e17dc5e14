internal import ReelCore
internal import ReelMedia

/// Reads an asset's media as sample buffers, as AVFoundation's `AVAssetReader`, with Reel's
/// decoders underneath.
///
/// Outputs give decoded samples only (pictures in pixel buffers, linear PCM); an output
/// asking for compressed samples (nil settings) fails `startReading()` naming it.
///
/// Thread rule: the mutable fields are read and written under `lock`; each output is read
/// from one thread at a time, as on Apple.
open class AVAssetReader: NSObject, @unchecked Sendable {
  /// Where a reader is.
  public enum Status: Int, Sendable {
    case unknown = 0
    case reading = 1
    case completed = 2
    case failed = 3
    case cancelled = 4
  }

  /// The asset read.
  public let asset: AVAsset
  let lock = NSLock()
  private var currentStatus = Status.unknown
  private var failure: Error?
  private var addedOutputs: [AVAssetReaderOutput] = []
  private var range = CMTimeRange(start: .zero, duration: .positiveInfinity)

  /// A reader of `asset`.
  ///
  /// - Throws: The asset's error when its file cannot be read.
  public init(asset: AVAsset) throws {
    if let file = asset.file, case .failure(let failure) = file.probe() {
      throw failure.nsError
    }
    self.asset = asset
    super.init()
  }

  /// The part of the asset read (default: all of it); set before `startReading()`.
  open var timeRange: CMTimeRange {
    get { lock.withLock { range } }
    set { lock.withLock { if currentStatus == .unknown { range = newValue } } }
  }

  /// Where the reader is.
  open var status: Status { lock.withLock { currentStatus } }
  /// Why the reader failed.
  open var error: Error? { lock.withLock { failure } }
  /// The outputs added.
  open var outputs: [AVAssetReaderOutput] { lock.withLock { addedOutputs } }

  /// Whether `output` can be added (before reading starts, once).
  open func canAdd(_ output: AVAssetReaderOutput) -> Bool {
    lock.withLock { currentStatus == .unknown && !addedOutputs.contains { $0 === output } }
  }

  /// Adds `output`.
  open func add(_ output: AVAssetReaderOutput) {
    lock.withLock {
      guard currentStatus == .unknown, !addedOutputs.contains(where: { $0 === output }) else {
        return
      }
      addedOutputs.append(output)
    }
  }

  /// Opens every output's decoders.
  ///
  /// - Returns: true when reading; false with `status` `.failed` and `error` saying why.
  @discardableResult
  open func startReading() -> Bool {
    let (outputs, readRange): ([AVAssetReaderOutput], CMTimeRange) = lock.withLock {
      guard currentStatus == .unknown else { return ([], self.range) }
      currentStatus = .reading
      return (addedOutputs, self.range)
    }
    guard !outputs.isEmpty else {
      lock.withLock {
        if currentStatus == .reading {
          fail(CompatFailure(.exportFailed, "AVAssetReader.startReading(): add an output first"))
        }
      }
      return false
    }
    do throws(CompatFailure) {
      for output in outputs {
        try output.start(reader: self, range: readRange)
      }
      return true
    } catch {
      lock.withLock { fail(error) }
      return false
    }
  }

  /// Stops reading; outputs give no more samples.
  open func cancelReading() {
    lock.withLock {
      if currentStatus == .reading || currentStatus == .unknown { currentStatus = .cancelled }
    }
  }

  private func fail(_ failure: CompatFailure) {
    currentStatus = .failed
    self.failure = failure.nsError
  }

  /// Whether outputs may give samples.
  var isReading: Bool { lock.withLock { currentStatus == .reading } }

  /// Records an output's failure.
  func outputFailed(_ failure: CompatFailure) {
    lock.withLock { if currentStatus == .reading { fail(failure) } }
  }

  /// Marks the reader completed once every output has given its last sample.
  func outputEnded() {
    lock.withLock {
      if currentStatus == .reading, addedOutputs.allSatisfy(\.isExhausted) {
        currentStatus = .completed
      }
    }
  }
}

/// A source of sample buffers from an ``AVAssetReader``, as AVFoundation's
/// `AVAssetReaderOutput`.
open class AVAssetReaderOutput: NSObject, @unchecked Sendable {
  // Thread rule: an output is read from one thread at a time (Apple's rule); `lock` guards
  // the fields its reader looks at.
  let lock = NSLock()
  weak var reader: AVAssetReader?
  private var pendingRanges: [CMTimeRange] = []
  private var isFinal = true
  private var ended = false

  /// Whether samples are copied out of the reader's memory: accepted; Reel's samples are
  /// the output's own either way (no copy is made of decoded BGRA pictures).
  open var alwaysCopiesSampleData = true
  /// Set before `startReading()` to read ranges in any order with
  /// `reset(forReadingTimeRanges:)` after the first ones end.
  open var supportsRandomAccess = false

  /// The media type read.
  open var mediaType: AVMediaType { .video }

  override init() { super.init() }

  /// The next sample in presentation order, nil at the end (of the current ranges, with
  /// random access) or after a failure (`reader.error` says why).
  open func copyNextSampleBuffer() -> CMSampleBuffer? {
    guard let reader, reader.isReading else { return nil }
    while true {
      do throws(CompatFailure) {
        if let sample = try nextSample() { return sample }
      } catch {
        reader.outputFailed(error)
        return nil
      }
      // The current range is done: the next pending one, if any.
      let next: CMTimeRange? = lock.withLock {
        pendingRanges.isEmpty ? nil : pendingRanges.removeFirst()
      }
      guard let next else { break }
      do throws(CompatFailure) {
        try seek(to: next)
      } catch {
        reader.outputFailed(error)
        return nil
      }
    }
    let exhausted: Bool = lock.withLock {
      if !supportsRandomAccess || isFinal { ended = true }
      return ended
    }
    if exhausted { reader.outputEnded() }
    return nil
  }

  /// Reads `timeRanges` next (each an `NSValue` holding a `CMTimeRange`, in any order; each
  /// is read forward), after the current ones have been read to their end. Needs
  /// `supportsRandomAccess`.
  open func reset(forReadingTimeRanges timeRanges: [NSValue]) {
    guard supportsRandomAccess else {
      reader?.outputFailed(
        CompatFailure(
          .exportFailed,
          "reset(forReadingTimeRanges:) needs supportsRandomAccess = true set before startReading()"
        ))
      return
    }
    let ranges = timeRanges.compactMap(\.heldTimeRange)
    guard ranges.count == timeRanges.count else {
      reader?.outputFailed(
        CompatFailure(
          .exportFailed, "reset(forReadingTimeRanges:) takes NSValues holding CMTimeRanges"))
      return
    }
    lock.withLock {
      pendingRanges.append(contentsOf: ranges)
      ended = false
    }
  }

  /// No more `reset(forReadingTimeRanges:)`: the output ends after its current ranges.
  open func markConfigurationAsFinal() {
    lock.withLock { isFinal = true }
  }

  // MARK: For the outputs

  /// Whether the output has given its last sample.
  var isExhausted: Bool { lock.withLock { ended } }

  /// Opens the decoders for `range` (called by `startReading()`).
  func start(reader: AVAssetReader, range: CMTimeRange) throws(CompatFailure) {
    self.reader = reader
    lock.withLock { isFinal = !supportsRandomAccess }
    try open(reader: reader)
    try seek(to: range)
  }

  /// Opens the decoders. Overridden.
  func open(reader: AVAssetReader) throws(CompatFailure) {}

  /// Positions the output at the start of `range`, to read to its end. Overridden.
  func seek(to range: CMTimeRange) throws(CompatFailure) {}

  /// The next sample of the current range, nil at its end. Overridden.
  func nextSample() throws(CompatFailure) -> CMSampleBuffer? { nil }
}

/// A time range's end in Reel's seconds (infinite for an open range).
extension CMTimeRange {
  var reelEnd: Time {
    let end = start + duration
    return end.isNumeric ? end.time : .positiveInfinity
  }
}
