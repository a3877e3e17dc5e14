// `NSValue.value(of:)` (Apple's Foundation since iOS 16 / macOS 13), which
// swift-corelibs-foundation lacks: how current compositor code reads the track IDs of
// `requiredSourceTrackIDs` (`value.value(of: Int32.self)`).

extension NSValue {
  /// The value held, as `type`, or nil when it holds another kind of value.
  ///
  /// Numbers (`NSNumber`) are given as any integer or floating-point type that represents
  /// them exactly — Linux's `NSNumber` keeps numbers in the smallest type that holds them, so
  /// the type they were made with is not known — and `Bool` for 0 and 1; times, time ranges
  /// and time mappings (`NSValue(time:)`, …) as `CMTime`, `CMTimeRange`, `CMTimeMapping`.
  ///
  /// - Parameter type: The type to read the value as.
  @_disfavoredOverload
  public func value<StoredType>(of type: StoredType.Type) -> StoredType? {
    if let number = self as? NSNumber { return Self.number(number, as: type) }
    switch type {
    case is CMTime.Type:
      let time = timeValue
      return time.isValid ? time as? StoredType : nil
    case is CMTimeRange.Type:
      let range = timeRangeValue
      return range.start.isValid ? range as? StoredType : nil
    case is CMTimeMapping.Type:
      let mapping = timeMappingValue
      return mapping.source.start.isValid ? mapping as? StoredType : nil
    default:
      return nil
    }
  }

  /// A number as `type` when `type` represents it exactly.
  private static func number<StoredType>(_ number: NSNumber, as type: StoredType.Type)
    -> StoredType?
  {
    let real = number.doubleValue
    let integer = number.int64Value
    let isWhole = Double(integer) == real
    let made: Any? =
      switch type {
      case is Int.Type: isWhole ? Int(exactly: integer) : nil
      case is Int8.Type: isWhole ? Int8(exactly: integer) : nil
      case is Int16.Type: isWhole ? Int16(exactly: integer) : nil
      case is Int32.Type: isWhole ? Int32(exactly: integer) : nil
      case is Int64.Type: isWhole ? integer : nil
      case is UInt.Type: isWhole ? UInt(exactly: integer) : nil
      case is UInt8.Type: isWhole ? UInt8(exactly: integer) : nil
      case is UInt16.Type: isWhole ? UInt16(exactly: integer) : nil
      case is UInt32.Type: isWhole ? UInt32(exactly: integer) : nil
      case is UInt64.Type: isWhole ? UInt64(exactly: integer) : nil
      case is Double.Type: real
      case is Float.Type: Float(exactly: real)
      case is Bool.Type: isWhole && (integer == 0 || integer == 1) ? integer == 1 : nil
      default: nil
      }
    return made as? StoredType
  }
}
