/// The H.264 levels (ITU-T H.264 Table A-1) and the choice of the lowest one that fits a
/// picture size, frame rate and bit rate.
enum H264Level {
  /// One row of Table A-1.
  struct Limits {
    /// `level_idc`: 30 for level 3.0, 31 for 3.1, …
    let idc: Int32
    /// Maximum macroblocks per second (MaxMBPS).
    let macroblocksPerSecond: Int64
    /// Maximum frame size in macroblocks (MaxFS).
    let frameSize: Int64
    /// Maximum video bit rate for Baseline/Main in units of 1000 bit/s (MaxBR); High
    /// profile allows 1.25 times as much.
    let bitRateKilobits: Int64
  }

  /// Levels 3.0 and up (smaller levels are never needed to be chosen: 3.0 plays everywhere).
  static let table: [Limits] = [
    Limits(idc: 30, macroblocksPerSecond: 40_500, frameSize: 1_620, bitRateKilobits: 10_000),
    Limits(idc: 31, macroblocksPerSecond: 108_000, frameSize: 3_600, bitRateKilobits: 14_000),
    Limits(idc: 32, macroblocksPerSecond: 216_000, frameSize: 5_120, bitRateKilobits: 20_000),
    Limits(idc: 40, macroblocksPerSecond: 245_760, frameSize: 8_192, bitRateKilobits: 20_000),
    Limits(idc: 41, macroblocksPerSecond: 245_760, frameSize: 8_192, bitRateKilobits: 50_000),
    Limits(idc: 42, macroblocksPerSecond: 522_240, frameSize: 8_704, bitRateKilobits: 50_000),
    Limits(idc: 50, macroblocksPerSecond: 589_824, frameSize: 22_080, bitRateKilobits: 135_000),
    Limits(idc: 51, macroblocksPerSecond: 983_040, frameSize: 36_864, bitRateKilobits: 240_000),
    Limits(idc: 52, macroblocksPerSecond: 2_073_600, frameSize: 36_864, bitRateKilobits: 240_000),
    Limits(idc: 60, macroblocksPerSecond: 4_177_920, frameSize: 139_264, bitRateKilobits: 240_000),
    Limits(idc: 61, macroblocksPerSecond: 8_355_840, frameSize: 139_264, bitRateKilobits: 480_000),
    Limits(idc: 62, macroblocksPerSecond: 16_711_680, frameSize: 139_264, bitRateKilobits: 800_000),
  ]

  /// The lowest level (≥ 3.0) whose limits hold a High-profile stream of this size, frame
  /// rate and bit rate, or `nil` when even level 6.2 is too small.
  ///
  /// - Parameters:
  ///   - width: Coded width in pixels.
  ///   - height: Coded height in pixels.
  ///   - frameDuration: Seconds per frame as `value / timescale` (both > 0).
  ///   - bitRate: Target bit rate in bit/s, or `nil` for constant-quality coding.
  /// - Returns: `level_idc` (for example 40 for level 4.0).
  static func minimum(
    width: Int, height: Int, frameDuration: (value: Int64, timescale: Int64), bitRate: Int?
  )
    -> Int32?
  {
    let widthInMacroblocks = Int64((width + 15) / 16)
    let heightInMacroblocks = Int64((height + 15) / 16)
    let frameSize = widthInMacroblocks * heightInMacroblocks
    for level in table {
      guard frameSize <= level.frameSize else { continue }
      // Neither side of the picture may exceed sqrt(8 · MaxFS) macroblocks.
      let sideLimit = level.frameSize * 8
      guard widthInMacroblocks * widthInMacroblocks <= sideLimit,
        heightInMacroblocks * heightInMacroblocks <= sideLimit
      else { continue }
      // frameSize · timescale / value ≤ MaxMBPS, without division.
      let (rate, overflow) = frameSize.multipliedReportingOverflow(by: frameDuration.timescale)
      let (limit, limitOverflow) = level.macroblocksPerSecond.multipliedReportingOverflow(
        by: frameDuration.value)
      if !limitOverflow && (overflow || rate > limit) { continue }
      if let bitRate, Int64(bitRate) * 4 > level.bitRateKilobits * 1000 * 5 { continue }
      return level.idc
    }
    return nil
  }

  /// The lowest level for a coded picture size and rate (see
  /// ``minimum(width:height:frameDuration:bitRate:)``).
  static func minimum(_ rate: EncodedPictureRate) -> Int32? {
    minimum(
      width: rate.width, height: rate.height, frameDuration: rate.frameDuration,
      bitRate: rate.bitRate)
  }
}
