/// The screen, as UIKit's `UIScreen`. A Linux server has none: `main` is a stand-in for an
/// iPhone 12, 13, 14 or 16e (390 × 844 points at 3 pixels a point, the most common iPhone
/// screen of recent years; its even sides make a valid render size), so code that sizes its output from
/// the screen (`renderSize = UIScreen.main.bounds.size`) or draws at the screen's scale (a
/// scale of 0 in `UIGraphicsBeginImageContextWithOptions`) does what it does on that phone.
///
/// Another screen is chosen with the environment variable `REEL_SCREEN`, read once:
/// `WIDTHxHEIGHT@SCALE` in points (`REEL_SCREEN=390x844@3`, `REEL_SCREEN=1920x1080@1`);
/// a value that does not parse is ignored with a warning.
open class UIScreen: NSObject, @unchecked Sendable {
  private static let shared = UIScreen(
    standIn: StandIn.fromEnvironment(ProcessInfo.processInfo.environment["REEL_SCREEN"]))

  /// The stand-in's size in points and its scale.
  struct StandIn: Equatable {
    var width: Double
    var height: Double
    var scale: Double

    /// An iPhone 12, 13, 14 or 16e: 390 × 844 points, scale 3.
    static let iPhone = StandIn(width: 390, height: 844, scale: 3)

    /// `WIDTHxHEIGHT@SCALE` (scale optional, 1 when left out), or nil when it does not parse
    /// or is out of range (sides 1…16384 points, scale 1…4).
    static func parse(_ text: String) -> StandIn? {
      let sizeAndScale = text.split(separator: "@", omittingEmptySubsequences: false)
      guard sizeAndScale.count <= 2 else { return nil }
      let sides = sizeAndScale[0].lowercased().split(
        separator: "x", omittingEmptySubsequences: false)
      guard sides.count == 2, let width = Double(sides[0]), let height = Double(sides[1]),
        (1...16384).contains(width), (1...16384).contains(height)
      else { return nil }
      var scale = 1.0
      if sizeAndScale.count == 2 {
        guard let parsed = Double(sizeAndScale[1]), (1...4).contains(parsed) else { return nil }
        scale = parsed
      }
      return StandIn(width: width, height: height, scale: scale)
    }

    /// The value of `REEL_SCREEN` when set and valid, else ``iPhone``.
    static func fromEnvironment(_ value: String?) -> StandIn {
      guard let value, !value.isEmpty else { return .iPhone }
      guard let parsed = parse(value) else {
        CompatWarnings.warnOnce(
          key: "REEL_SCREEN|\(value)",
          "REEL_SCREEN=\(value) is not WIDTHxHEIGHT@SCALE (points 1…16384, scale 1…4, say 390x844@3): UIScreen.main stays an iPhone 14 (390x844@3)"
        )
        return .iPhone
      }
      return parsed
    }
  }

  private let standIn: StandIn

  init(standIn: StandIn) {
    self.standIn = standIn
    super.init()
  }

  /// The stand-in screen.
  open class var main: UIScreen { shared }

  /// Pixels per point: 3 (or `REEL_SCREEN`'s scale).
  open var scale: CGFloat { CGFloat(standIn.scale) }
  /// Pixels per point of the physical screen: the same as ``scale``.
  open var nativeScale: CGFloat { CGFloat(standIn.scale) }
  /// The screen's rectangle in points, at the origin: 390 × 844 (or `REEL_SCREEN`'s).
  open var bounds: CGRect {
    CGRect(x: 0, y: 0, width: CGFloat(standIn.width), height: CGFloat(standIn.height))
  }
  /// The screen's rectangle in pixels (portrait): ``bounds`` times ``scale``.
  open var nativeBounds: CGRect {
    CGRect(
      x: 0, y: 0, width: CGFloat(standIn.width * standIn.scale),
      height: CGFloat(standIn.height * standIn.scale))
  }
}
