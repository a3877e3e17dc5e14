// CoreMedia's addition to `NSValue` for time ranges (what `reset(forReadingTimeRanges:)`
// takes). Foundation on Linux stores only arrays of plain numbers in an `NSValue`, so the
// range's 48 bytes are kept as six 64-bit words (`[6q]`).

extension NSValue {
  /// A value holding `timeRange`.
  public convenience init(timeRange: CMTimeRange) {
    var words = [Int64](repeating: 0, count: NSValue.timeRangeWords)
    withUnsafeBytes(of: timeRange) { range in
      words.withUnsafeMutableBytes { $0.copyMemory(from: range) }
    }
    self.init(bytes: &words, objCType: NSValue.timeRangeType)
  }

  /// The time range held; `kCMTimeRangeInvalid` for a value holding something else.
  public var timeRangeValue: CMTimeRange { heldTimeRange ?? .invalid }

  /// The time range held, or nil when the value holds something else.
  var heldTimeRange: CMTimeRange? {
    guard String(cString: objCType) == NSValue.timeRangeType else { return nil }
    var words = [Int64](repeating: 0, count: NSValue.timeRangeWords)
    words.withUnsafeMutableBytes { buffer in
      if let base = buffer.baseAddress { getValue(base) }
    }
    var range = CMTimeRange.zero
    withUnsafeMutableBytes(of: &range) { target in
      words.withUnsafeBytes {
        target.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[..<target.count]))
      }
    }
    return range
  }

  /// Six 64-bit words: a `CMTimeRange`'s two `CMTime`s of 24 bytes each.
  private static let timeRangeWords = 6
  /// The type encoding of a held `CMTimeRange`.
  private static let timeRangeType = "[6q]"
}
