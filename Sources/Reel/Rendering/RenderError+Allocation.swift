import ReelGraphics

extension RenderError {
  /// What errors about the whole output picture (scaling a frame to its size) call it.
  static let wholeFrame = "frame"

  /// Runs a ReelGraphics step whose failure is a pixel buffer that cannot be allocated
  /// (scaling, cropping, filling, flattening, a shadow's blur, a cross-fade), reporting that
  /// as ``outOfMemory(_:)``; any other ``GraphicsError`` becomes ``drawing(layer:reason:)``
  /// for `layer`.
  static func allocating<T>(
    layer: String, _ body: () throws(GraphicsError) -> T
  ) throws(RenderError) -> T {
    do {
      return try body()
    } catch .outOfMemory(let error) {
      throw .outOfMemory(error)
    } catch {
      throw .drawing(layer: layer, reason: error.description)
    }
  }
}
