import CEBUR128

/// Owns one libebur128 meter state (`ebur128_state`): created with integrated-loudness
/// (histogram) and true-peak modes, destroyed with the object. Every libebur128 call of
/// Reel is in this file.
///
/// Not Sendable: libebur128 states are not thread-safe; one owner at a time.
final class EBUR128State {
  private var state: UnsafeMutablePointer<ebur128_state>?
  let channelCount: Int

  /// Makes a meter for interleaved float samples, or nil when libebur128 refuses the
  /// format or has no memory.
  ///
  /// - Parameters:
  ///   - channelCount: Interleaved channels (1…8); libebur128's default channel map
  ///     (left, right, centre, unused, left surround, right surround) applies.
  ///   - sampleRate: Samples per second per channel (Hz).
  init?(channelCount: Int, sampleRate: Int) {
    guard let channels = UInt32(exactly: channelCount), let rate = UInt(exactly: sampleRate),
      channels > 0, rate > 0
    else { return nil }
    // The histogram mode keeps the integrated measure in constant memory, whatever the
    // length (to within 0.1 dB per block, far below the ±0.5 LU a target allows).
    let mode =
      Int32(EBUR128_MODE_I.rawValue | EBUR128_MODE_HISTOGRAM.rawValue)
      | Int32(EBUR128_MODE_TRUE_PEAK.rawValue)
    guard let made = ebur128_init(channels, rate, mode) else { return nil }
    state = made
    self.channelCount = channelCount
  }

  deinit {
    if state != nil { ebur128_destroy(&state) }
  }

  /// Feeds interleaved samples (a whole number of frames); false when libebur128 fails
  /// (no memory).
  func add(_ samples: UnsafeBufferPointer<Float>) -> Bool {
    guard let state, let base = samples.baseAddress else { return true }
    let frames = samples.count / channelCount
    guard frames > 0 else { return true }
    return ebur128_add_frames_float(state, base, frames) == Int32(EBUR128_SUCCESS.rawValue)
  }

  /// The integrated (gated) loudness of everything fed, in LUFS; -infinity when every
  /// block is below the absolute gate (−70 LUFS), nil when libebur128 fails.
  func integratedLoudness() -> Double? {
    guard let state else { return nil }
    var value = 0.0
    guard ebur128_loudness_global(state, &value) == Int32(EBUR128_SUCCESS.rawValue) else {
      return nil
    }
    return value
  }

  /// The highest true peak (4× oversampled, BS.1770 annex 2) of a channel so far, as a
  /// linear amplitude (1 = full scale); nil when libebur128 fails.
  func truePeak(channel: Int) -> Double? {
    guard let state, let index = UInt32(exactly: channel), channel < channelCount else {
      return nil
    }
    var value = 0.0
    guard ebur128_true_peak(state, index, &value) == Int32(EBUR128_SUCCESS.rawValue) else {
      return nil
    }
    return value
  }
}
