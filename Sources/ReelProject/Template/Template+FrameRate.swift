import ReelCore

extension Template {
  /// The frames per second a template's `frameRate` (and its export's) may give, and
  /// `reel render --frame-rate`.
  public static var frameRateRange: ClosedRange<Double> { TemplateFormat.frameRateRange }

  /// One frame's duration for a frame rate written as a decimal number, exactly: `25` is
  /// 1/25 s, `12.5` is 2/25 s, and the NTSC rates `23.976`, `29.97`, `47.952`, `59.94` are
  /// read as 24000/1001 … (1001/30000 s for 29.97). The one reading of a rate, for the
  /// template's `frameRate` keys and the command line.
  ///
  /// - Parameter text: The rate as JSON writes a number (`30`, `29.97`, `1.5e1`).
  /// - Returns: The duration in seconds, or nil when `text` is not a positive number whose
  ///   exact fraction fits a frame duration (the range is the caller's to check).
  public static func frameDuration(rate text: String) -> Time? {
    guard let rate = Double(text) else { return nil }
    let ntsc: [String: Int64] = ["23.976": 24000, "29.97": 30000, "47.952": 48000, "59.94": 60000]
    if let numerator = ntsc[text] ?? ntsc[String(rate)] {
      return Time(value: 1001, timescale: Int32(numerator))
    }
    guard let exact = Time(decimalString: text), exact.value > 0, exact.value <= Int64(Int32.max)
    else { return nil }
    return Time(value: Int64(exact.timescale), timescale: Int32(exact.value))
  }
}
