// AVFoundation's additions to `NSValue` for times, as Apple declares them (`NSValue(time:)`,
// `.timeValue`, …): the form in which times travel in arrays such as
// `addBoundaryTimeObserver(forTimes:)` and `requiredSourceTrackIDs`, and in which code built
// for `generateCGImagesAsynchronously(forTimes:)` passes its times.

extension NSValue {
  /// A value holding `time`.
  public convenience init(time: CMTime) {
    var fields = NSValue.fields(of: time)
    self.init(bytes: &fields, objCType: NSValue.timeType)
  }

  /// A value holding `timeRange`.
  public convenience init(timeRange: CMTimeRange) {
    var fields = NSValue.fields(of: timeRange.start) + NSValue.fields(of: timeRange.duration)
    self.init(bytes: &fields, objCType: NSValue.timeRangeType)
  }

  /// A value holding `timeMapping`.
  public convenience init(timeMapping: CMTimeMapping) {
    var fields =
      NSValue.fields(of: timeMapping.source.start) + NSValue.fields(of: timeMapping.source.duration)
      + NSValue.fields(of: timeMapping.target.start)
      + NSValue.fields(of: timeMapping.target.duration)
    self.init(bytes: &fields, objCType: NSValue.timeMappingType)
  }

  /// The time held; `.invalid` for a value that holds no time.
  public var timeValue: CMTime {
    guard let fields = heldFields(NSValue.timeType, count: 4) else { return .invalid }
    return NSValue.time(fields, at: 0)
  }

  /// The time range held; `.invalid` for a value that holds no range.
  public var timeRangeValue: CMTimeRange { heldTimeRange ?? .invalid }

  /// The time range held, or nil when the value holds something else.
  var heldTimeRange: CMTimeRange? {
    guard let fields = heldFields(NSValue.timeRangeType, count: 8) else { return nil }
    return CMTimeRange(start: NSValue.time(fields, at: 0), duration: NSValue.time(fields, at: 4))
  }

  /// The time mapping held; both ranges `.invalid` for a value that holds no mapping.
  public var timeMappingValue: CMTimeMapping {
    guard let fields = heldFields(NSValue.timeMappingType, count: 16) else {
      return CMTimeMapping(source: .invalid, target: .invalid)
    }
    return CMTimeMapping(
      source: CMTimeRange(
        start: NSValue.time(fields, at: 0), duration: NSValue.time(fields, at: 4)),
      target: CMTimeRange(
        start: NSValue.time(fields, at: 8), duration: NSValue.time(fields, at: 12)))
  }

  // The type encodings: a time is four 64-bit fields (value, timescale, flags, epoch).
  private static let timeType = "[4q]"
  private static let timeRangeType = "[8q]"
  private static let timeMappingType = "[16q]"

  private static func fields(of time: CMTime) -> [Int64] {
    [time.value, Int64(time.timescale), Int64(time.flags.rawValue), time.epoch]
  }

  private static func time(_ fields: [Int64], at offset: Int) -> CMTime {
    guard let timescale = Int32(exactly: fields[offset + 1]),
      let flags = UInt32(exactly: fields[offset + 2])
    else { return .invalid }
    return CMTime(
      value: fields[offset], timescale: timescale, flags: CMTimeFlags(rawValue: flags),
      epoch: fields[offset + 3])
  }

  private func heldFields(_ type: String, count: Int) -> [Int64]? {
    guard String(cString: objCType) == type else { return nil }
    var fields = [Int64](repeating: 0, count: count)
    fields.withUnsafeMutableBytes { buffer in
      if let base = buffer.baseAddress { getValue(base) }
    }
    return fields
  }
}
