import ReelCore

/// A kind of layer content that is not one of ``LayerContent``'s built-in cases: a new kind
/// is one type conforming to this protocol (and its ``LayerDrawing``), carried by
/// ``LayerContent/kind(_:)``, with no edit of the closed lists.
///
/// The raster side answers for the kind's drawing in `Reel` (its `DrawingKind` conformance);
/// a drawing with none fails the render naming its kind.
///
///     struct Checkerboard: LayerContentKind {
///       var staysUpright: Bool { false }
///       func drawing(with p: LayerProperties, atSeconds time: Double) -> CheckerDrawing? { … }
///     }
///     layer.content = .kind(Checkerboard())
public protocol LayerContentKind: Sendable {
  /// The value the content draws at one time.
  associatedtype Drawn: LayerDrawing

  /// A short name of the kind, for dumps.
  static var kindName: String { get }

  /// Whether the content is drawn the right way up inside a mirrored (flipped-geometry)
  /// space, as Core Animation keeps a layer's contents (see ``LayerContent/staysUpright``).
  var staysUpright: Bool { get }

  /// What the content draws at `time` with the layer's evaluated properties, in the layer's
  /// local pixels; nil when it draws nothing.
  ///
  /// - Parameters:
  ///   - properties: The layer's properties at `time` (bounds, gravity, …).
  ///   - time: Composition time, seconds.
  func drawing(with properties: LayerProperties, atSeconds time: Double) -> Drawn?
}

/// What a ``LayerContentKind`` draws at one time: a value holding only what changes the
/// raster, so that equal drawings share a cached raster (see ``Drawing``).
public protocol LayerDrawing: Hashable, Sendable {
  /// A short name of the kind, for dumps and messages.
  static var kindName: String { get }

  /// The drawing as a render-list dump line shows it, after its kind name.
  var dumpDescription: String { get }

  /// The rectangle the drawing covers in its layer's pixels (from the layer's origin); nil
  /// when it has no such rectangle.
  var coveredSize: Size? { get }
}

/// A ``LayerDrawing`` of any kind, as ``Drawing/kind(_:)`` carries it: equal (and hashed)
/// through the drawing's own `==` and hash, so equal drawings share a cached raster.
public struct AnyLayerDrawing: Hashable, Sendable {
  /// The drawing.
  public let base: any LayerDrawing

  /// Wraps a drawing.
  public init(_ base: some LayerDrawing) { self.base = base }

  /// The drawing's kind name.
  public var kindName: String { type(of: base).kindName }

  public static func == (lhs: AnyLayerDrawing, rhs: AnyLayerDrawing) -> Bool {
    AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(base)) }
}

extension LayerContentKind {
  /// The content's drawing at `time`, as ``Drawing/kind(_:)``.
  func anyDrawing(with properties: LayerProperties, atSeconds time: Double) -> Drawing? {
    drawing(with: properties, atSeconds: time).map { .kind(AnyLayerDrawing($0)) }
  }
}
