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

/// The paragraph settings of an attributed string's run (`NSAttributedString.Key
/// .paragraphStyle`), as UIKit's `NSParagraphStyle`: immutable.
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
  /// The alignment kept by this class and set through ``NSMutableParagraphStyle``.
  fileprivate(set) var storedAlignment: NSTextAlignment

  /// The default style: natural alignment.
  public override init() {
    storedAlignment = .natural
    super.init()
  }

  /// The default style.
  open class var `default`: NSParagraphStyle { NSParagraphStyle() }

  /// How the lines are aligned (default `.natural`).
  open var alignment: NSTextAlignment { storedAlignment }

  /// An immutable copy.
  open func copy(with zone: NSZone? = nil) -> Any {
    let copy = NSParagraphStyle()
    copy.storedAlignment = storedAlignment
    return copy
  }

  /// A mutable copy.
  open func mutableCopy(with zone: NSZone? = nil) -> Any {
    let copy = NSMutableParagraphStyle()
    copy.alignment = storedAlignment
    return copy
  }

  /// Whether `object` is a paragraph style with the same settings.
  open override func isEqual(_ object: Any?) -> Bool {
    (object as? NSParagraphStyle)?.storedAlignment == storedAlignment
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
}
