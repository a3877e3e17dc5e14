// UIKit's paragraph styles for attributed strings (Foundation on Linux lacks them). Part 1
// carries the alignment, which CATextLayer draws; the other settings come with part 2.

/// How lines of text are aligned, with Apple's iOS raw values.
public enum NSTextAlignment: Int, Sendable, Hashable {
  case left = 0
  case center = 1
  case right = 2
  case justified = 3
  /// The script's own direction: left for left-to-right text.
  case natural = 4
}

/// How a line that does not fit is broken or cut, with Apple's raw values.
public enum NSLineBreakMode: Int, Sendable, Hashable {
  case byWordWrapping = 0
  case byCharWrapping = 1
  case byClipping = 2
  case byTruncatingHead = 3
  case byTruncatingTail = 4
  case byTruncatingMiddle = 5
}

/// The paragraph settings of an attributed string's run (`NSAttributedString.Key
/// .paragraphStyle`), as UIKit's `NSParagraphStyle`: immutable.
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
  /// The alignment kept by this class and set through ``NSMutableParagraphStyle``.
  fileprivate(set) var storedAlignment: NSTextAlignment
  fileprivate(set) var storedLineBreakMode = NSLineBreakMode.byWordWrapping
  fileprivate(set) var storedLineHeightMultiple: CGFloat = 0
  fileprivate(set) var storedLineSpacing: CGFloat = 0

  /// The default style: natural alignment.
  public override init() {
    storedAlignment = .natural
    super.init()
  }

  /// The default style.
  open class var `default`: NSParagraphStyle { NSParagraphStyle() }

  /// How the lines are aligned (default `.natural`).
  open var alignment: NSTextAlignment { storedAlignment }
  /// How a line that does not fit breaks (default `.byWordWrapping`). Reel's text layers
  /// wrap between words (`isWrapped`) or cut (`truncationMode`); other modes draw as those,
  /// with a warning.
  open var lineBreakMode: NSLineBreakMode { storedLineBreakMode }
  /// The line height as a multiple of the font's (default 0: the font's). Reel draws lines
  /// at the font's own height; another value warns.
  open var lineHeightMultiple: CGFloat { storedLineHeightMultiple }
  /// Extra space between lines in points (default 0). Another value warns.
  open var lineSpacing: CGFloat { storedLineSpacing }

  /// An immutable copy.
  open func copy(with zone: NSZone? = nil) -> Any {
    let copy = NSParagraphStyle()
    copy.copySettings(of: self)
    return copy
  }

  /// A mutable copy.
  open func mutableCopy(with zone: NSZone? = nil) -> Any {
    let copy = NSMutableParagraphStyle()
    copy.copySettings(of: self)
    return copy
  }

  private func copySettings(of other: NSParagraphStyle) {
    storedAlignment = other.storedAlignment
    storedLineBreakMode = other.storedLineBreakMode
    storedLineHeightMultiple = other.storedLineHeightMultiple
    storedLineSpacing = other.storedLineSpacing
  }

  /// Whether `object` is a paragraph style with the same settings.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? NSParagraphStyle else { return false }
    return other.storedAlignment == storedAlignment
      && other.storedLineBreakMode == storedLineBreakMode
      && other.storedLineHeightMultiple == storedLineHeightMultiple
      && other.storedLineSpacing == storedLineSpacing
  }

  /// A hash of the settings.
  open override var hash: Int { storedAlignment.hashValue }
}

/// A paragraph style that can be changed, as UIKit's `NSMutableParagraphStyle`.
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
  /// How the lines are aligned (default `.natural`).
  open override var alignment: NSTextAlignment {
    get { storedAlignment }
    set { storedAlignment = newValue }
  }
  /// How a line that does not fit breaks (see ``NSParagraphStyle/lineBreakMode``).
  open override var lineBreakMode: NSLineBreakMode {
    get { storedLineBreakMode }
    set { storedLineBreakMode = newValue }
  }
  /// The line height as a multiple of the font's (see
  /// ``NSParagraphStyle/lineHeightMultiple``).
  open override var lineHeightMultiple: CGFloat {
    get { storedLineHeightMultiple }
    set { storedLineHeightMultiple = newValue }
  }
  /// Extra space between lines in points (see ``NSParagraphStyle/lineSpacing``).
  open override var lineSpacing: CGFloat {
    get { storedLineSpacing }
    set { storedLineSpacing = newValue }
  }
}
