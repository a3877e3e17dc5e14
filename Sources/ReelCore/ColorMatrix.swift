/// The matrix that turns RGB into Y′CbCr (always limited "TV" range, 16–235 / 16–240).
public enum ColorMatrix: String, Sendable, CaseIterable {
  /// ITU-R BT.601 (standard definition), tagged as SMPTE 170M / BT.470BG.
  case bt601
  /// ITU-R BT.709 (high definition), tagged as BT.709.
  case bt709

  /// The matrix video of a size conventionally uses: BT.709 for HD (height > 576 or
  /// width > 1024), BT.601 otherwise.
  ///
  /// - Parameters:
  ///   - width: Picture width in pixels.
  ///   - height: Picture height in pixels.
  /// - Returns: `.bt709` for HD sizes, `.bt601` for SD sizes.
  public static func forSize(width: Int, height: Int) -> ColorMatrix {
    height > 576 || width > 1024 ? .bt709 : .bt601
  }
}
