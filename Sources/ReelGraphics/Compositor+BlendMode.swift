extension Compositor {
  /// How source pixels combine with the destination.
  public enum BlendMode: Sendable, Hashable {
    /// Porter–Duff OVER on premultiplied pixels: `d = s + d · (1 − sα)`, where `s` is the
    /// source already multiplied by opacity and clip coverage.
    case sourceOver
    /// Replace: inside the area the source covers, `d = s · opacity` where the clip
    /// coverage is full, interpolating between the old destination and that value where
    /// the coverage is partial (a mask's soft edge). Antialiased source edges replace the
    /// destination with partly transparent pixels.
    case copy
  }
}
