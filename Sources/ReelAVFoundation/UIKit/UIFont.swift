/// A font at a size, as UIKit's `UIFont`.
///
/// SKELETON: the core helper completes it (fontconfig stand-ins for Apple's font names with
/// a warning, `systemFont`, `boldSystemFont`, …). The quartz helper reads `family`,
/// `weight`, `isItalic` and `pointSize` to draw text.
open class UIFont: NSObject, @unchecked Sendable {
  /// The name the program asked for (Apple's PostScript or family name).
  public let fontName: String
  /// The size in points (= pixels of the render size).
  public let pointSize: CGFloat
  /// The installed family Reel draws with (a stand-in when `fontName` is not installed).
  let family: String
  /// CSS-style weight, 400 regular, 700 bold.
  let weight: Int
  /// Whether the face is italic.
  let isItalic: Bool

  init(fontName: String, pointSize: CGFloat, family: String, weight: Int, isItalic: Bool) {
    self.fontName = fontName
    self.pointSize = pointSize
    self.family = family
    self.weight = weight
    self.isItalic = isItalic
    super.init()
  }
}
