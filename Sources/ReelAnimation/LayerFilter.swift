import ReelCore

/// A change of a layer's content pixels made before the layer is composited (before its
/// opacity, transform, clips and masks): the template format's `filters`. Implemented where
/// a filter engine is at hand (the template builds one over `ReelFilters`).
///
/// A filter is a pure function of its input and `parameters`: the layer's
/// ``LayerProperties/filterParameters`` at the frame's time, so animations of them are
/// ordinary animations of the layer and a frame depends only on its time.
public protocol LayerFilter: Sendable {
  /// The filtered content.
  ///
  /// - Parameters:
  ///   - content: The layer's content as drawn, premultiplied BGRA; pixel (0, 0) is the
  ///     content raster's top-left.
  ///   - parameters: The layer's ``LayerProperties/filterParameters`` at this frame.
  /// - Returns: An image of the same size as `content`.
  /// - Throws: Whatever stops the frame; the error's description is the render's message.
  func filtered(_ content: Image, parameters: [Double]) throws -> Image
}

/// A filter with the parameter values of one frame, as the render list carries it.
public struct AppliedLayerFilter: Sendable {
  /// The filter.
  public var filter: any LayerFilter
  /// Its parameters at the frame's time.
  public var parameters: [Double]

  /// Makes one.
  public init(filter: any LayerFilter, parameters: [Double]) {
    self.filter = filter
    self.parameters = parameters
  }

  /// The filtered image.
  public func apply(to image: Image) throws -> Image {
    try filter.filtered(image, parameters: parameters)
  }
}
