import ReelCore

/// One key of a ``ParameterTimeline``: a value set at an instant (a step) or a linear ramp
/// over a range.
public struct ParameterRamp<Value: Interpolatable & Hashable>: Hashable, Sendable {
  /// The value at `timeRange.start`.
  public var startValue: Value
  /// The value at `timeRange.end` and afterwards (equal to `startValue` for a step).
  public var endValue: Value
  /// Where the ramp runs, in composition seconds; a zero duration is a step.
  public var timeRange: TimeRange

  /// Makes a key.
  ///
  /// - Parameters:
  ///   - startValue: The value at the start.
  ///   - endValue: The value at the end and after.
  ///   - timeRange: The range in composition seconds (duration 0 for a step).
  public init(startValue: Value, endValue: Value, timeRange: TimeRange) {
    self.startValue = startValue
    self.endValue = endValue
    self.timeRange = timeRange
  }

  /// Whether this key is a step (a value set at one instant).
  public var isStep: Bool { timeRange.duration == .zero }
}

/// A parameter that varies over composition time, as the opacity, transform and crop of
/// `AVVideoCompositionLayerInstruction` and the volume of `AVAudioMixInputParameters`.
///
/// Rules: before the first key the value is `defaultValue` (nil for crop: no crop); a step
/// holds its value until the next key; a ramp blends linearly from its start value at its
/// start to its end value at its end, then holds the end value until the next key. Keys are
/// ordered by start time; a key whose start equals an existing key's replaces it, and when
/// ranges overlap the later-starting key wins from its start on.
public struct ParameterTimeline<Value: Interpolatable & Hashable>: Hashable, Sendable {
  /// The value before the first key (nil means "not set", e.g. no crop).
  public var defaultValue: Value?
  /// The keys, sorted by start time.
  public private(set) var ramps: [ParameterRamp<Value>] = []

  /// Makes a timeline with no keys.
  ///
  /// - Parameter defaultValue: The value before the first key.
  public init(defaultValue: Value?) {
    self.defaultValue = defaultValue
  }

  /// Sets a value from a time on (a step).
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - time: From when, in composition seconds.
  public mutating func setValue(_ value: Value, at time: Time) {
    add(
      ParameterRamp(
        startValue: value, endValue: value, timeRange: TimeRange(start: time, duration: .zero)))
  }

  /// Adds a linear ramp.
  ///
  /// - Parameters:
  ///   - start: The value at `timeRange.start`.
  ///   - end: The value at `timeRange.end` and after.
  ///   - timeRange: Where the ramp runs, in composition seconds.
  public mutating func setRamp(from start: Value, to end: Value, timeRange: TimeRange) {
    add(ParameterRamp(startValue: start, endValue: end, timeRange: timeRange))
  }

  /// Removes every key.
  public mutating func removeAll() { ramps.removeAll() }

  /// The value at a composition time.
  ///
  /// - Parameter time: Composition seconds.
  /// - Returns: The value by the rules in the type's discussion; `defaultValue` before the
  ///   first key or for a non-numeric time.
  public func value(at time: Time) -> Value? {
    guard time.isNumeric,
      let index = ramps.lastIndex(where: { $0.timeRange.start <= time })
    else { return defaultValue }
    let ramp = ramps[index]
    guard !ramp.isStep, time < ramp.timeRange.end else { return ramp.endValue }
    let elapsed = ExactTime(time - ramp.timeRange.start)
    let length = ExactTime(ramp.timeRange.duration)
    guard let elapsed, let length, let fraction = elapsed.divided(by: length) else {
      return ramp.endValue
    }
    return Value.interpolate(from: ramp.startValue, to: ramp.endValue, fraction: fraction.seconds)
  }

  /// Inserts a key in start order, replacing one with the same start.
  private mutating func add(_ ramp: ParameterRamp<Value>) {
    ramps.removeAll { $0.timeRange.start == ramp.timeRange.start }
    let index = ramps.firstIndex { $0.timeRange.start > ramp.timeRange.start } ?? ramps.count
    ramps.insert(ramp, at: index)
  }
}
