internal import ReelAnimation

/// Any object, as CoreFoundation's `CFTypeRef` (Foundation on Linux does not export it).
public typealias CFTypeRef = AnyObject

/// A string object, as CoreFoundation's `CFString` (toll-free bridged to `NSString`), so
/// that `textLayer.font = "Helvetica" as CFString` compiles as on Apple.
public typealias CFString = NSString

/// A layer that draws text, as QuartzCore's `CATextLayer`: the first line at the top of the
/// layer (on screen, in y-up and flipped spaces alike), drawn only inside the bounds.
open class CATextLayer: CALayer {
  /// The text: a `String` or an `NSAttributedString` (whose runs carry their own font,
  /// colours, stroke and alignment; ``font``, ``fontSize`` and ``foregroundColor`` then do
  /// not apply, as on Apple).
  open var string: Any?
  /// The font of a plain string: a font name (`String`/`NSString`), a ``CGFont`` or a
  /// ``UIFont`` (nil: Helvetica). A `UIFont`'s size is not used; ``fontSize`` is.
  open var font: CFTypeRef?
  /// The font size of a plain string in points (default 36).
  open var fontSize: CGFloat = 36
  /// The text colour of a plain string (default opaque white).
  open var foregroundColor: CGColor? = .white
  /// Wraps lines at the layer's width (default false).
  open var isWrapped = false
  /// How lines are placed across the width (default ``CATextLayerAlignmentMode/natural``).
  open var alignmentMode: CATextLayerAlignmentMode = .natural
  /// Where text that does not fit is cut (default ``CATextLayerTruncationMode/none``).
  open var truncationMode: CATextLayerTruncationMode = .none
  /// Accepted and ignored: Reel draws text at output resolution.
  open var allowsFontSubpixelQuantization = false

  override func snapshotContent(_ context: LayerSnapshotContext) throws(CompatFailure)
    -> LayerContent
  {
    try textSnapshot(context)
  }

  /// A text layer with Core Animation's defaults.
  public override init() { super.init() }

  /// A copy of `layer`'s properties (see `CALayer.init(layer:)`).
  public override init(layer: Any) {
    super.init(layer: layer)
    guard let other = layer as? CATextLayer else { return }
    string = other.string
    font = other.font
    fontSize = other.fontSize
    foregroundColor = other.foregroundColor
    isWrapped = other.isWrapped
    alignmentMode = other.alignmentMode
    truncationMode = other.truncationMode
  }
}

/// How a text layer places lines across its width, as QuartzCore's
/// `CATextLayerAlignmentMode` (Apple's string raw values).
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
  /// Apple's string value.
  public var rawValue: String
  /// The value with Apple's string `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// The value with Apple's string `rawValue`.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// The paragraph's natural direction (left for left-to-right text).
  public static let natural = CATextLayerAlignmentMode("natural")
  /// Lines start at the left edge. (`"left"`)
  public static let left = CATextLayerAlignmentMode("left")
  /// Lines end at the right edge. (`"right"`)
  public static let right = CATextLayerAlignmentMode("right")
  /// Lines are centred. (`"center"`)
  public static let center = CATextLayerAlignmentMode("center")
  /// Lines but the last fill the width. (`"justified"`)
  public static let justified = CATextLayerAlignmentMode("justified")
}

/// Where a text layer cuts text that does not fit, as QuartzCore's
/// `CATextLayerTruncationMode` (Apple's string raw values).
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
  /// Apple's string value.
  public var rawValue: String
  /// The value with Apple's string `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// The value with Apple's string `rawValue`.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// Text that does not fit is cut off. (`"none"`)
  public static let none = CATextLayerTruncationMode("none")
  /// "…" at the start of the last line that fits. (`"start"`)
  public static let start = CATextLayerTruncationMode("start")
  /// "…" at the end of the last line that fits. (`"end"`)
  public static let end = CATextLayerTruncationMode("end")
  /// "…" in the middle of the last line that fits. (`"middle"`)
  public static let middle = CATextLayerTruncationMode("middle")
}
