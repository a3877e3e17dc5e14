/// iOS's system colours, as UIKit's `UIColor.systemRed` and the others: Apple's light-mode
/// sRGB values (iOS 13 to 17, the Human Interface Guidelines' table; an export has no dark
/// mode). Each is an opaque sRGB colour of 8-bit components / 255.
extension UIColor {
  private static func system(_ red: Int, _ green: Int, _ blue: Int) -> UIColor {
    UIColor(
      red: CGFloat(red) / 255, green: CGFloat(green) / 255, blue: CGFloat(blue) / 255, alpha: 1)
  }

  /// Light-mode system red, sRGB (255, 59, 48).
  public class var systemRed: UIColor { system(255, 59, 48) }
  /// Light-mode system orange, sRGB (255, 149, 0).
  public class var systemOrange: UIColor { system(255, 149, 0) }
  /// Light-mode system yellow, sRGB (255, 204, 0).
  public class var systemYellow: UIColor { system(255, 204, 0) }
  /// Light-mode system green, sRGB (52, 199, 89).
  public class var systemGreen: UIColor { system(52, 199, 89) }
  /// Light-mode system teal, sRGB (90, 200, 250).
  public class var systemTeal: UIColor { system(90, 200, 250) }
  /// Light-mode system blue, sRGB (0, 122, 255).
  public class var systemBlue: UIColor { system(0, 122, 255) }
  /// Light-mode system indigo, sRGB (88, 86, 214).
  public class var systemIndigo: UIColor { system(88, 86, 214) }
  /// Light-mode system purple, sRGB (175, 82, 222).
  public class var systemPurple: UIColor { system(175, 82, 222) }
  /// Light-mode system pink, sRGB (255, 45, 85).
  public class var systemPink: UIColor { system(255, 45, 85) }
  /// Light-mode system grey, sRGB (142, 142, 147).
  public class var systemGray: UIColor { system(142, 142, 147) }
}
