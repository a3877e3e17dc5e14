/// The orientation of an app's interface, as UIKit's `UIInterfaceOrientation` (Apple's raw
/// values). Editing code uses it to describe a video's orientation from its
/// `preferredTransform`; Reel has no interface, so nothing reports one.
public enum UIInterfaceOrientation: Int, Sendable, Hashable {
  case unknown = 0
  case portrait = 1
  case portraitUpsideDown = 2
  case landscapeLeft = 4
  case landscapeRight = 3

  /// Portrait or upside-down portrait.
  public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
  /// Landscape left or right.
  public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}
