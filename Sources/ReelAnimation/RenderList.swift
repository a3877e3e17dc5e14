import ReelCore

/// What to draw for one frame: items back to front, as plain data. A renderer draws them in
/// order, without knowing anything about layers or animations.
public struct RenderList: Sendable {
  /// The render size in pixels.
  public var size: Size
  /// The canvas colour under everything, or nil for transparent.
  public var backgroundColor: Color?
  /// The composition time evaluated, in seconds.
  public var time: Double
  /// Items back to front.
  public var items: [RenderItem]
  /// The filter applied to the whole frame after every item is drawn, or nil.
  public var frameFilter: AppliedLayerFilter? = nil

  /// Makes a render list.
  public init(size: Size, backgroundColor: Color?, time: Double, items: [RenderItem]) {
    self.size = size
    self.backgroundColor = backgroundColor
    self.time = time
    self.items = items
  }

  /// The items of one layer (by name), in order.
  public func items(named name: String) -> [RenderItem] {
    items.filter { $0.layer.name == name }
  }
}
