import ReelCore

extension Image {
  /// A transparent image for ReelGraphics' own results, whose size comes from its input.
  ///
  /// - Throws: ``GraphicsError/outOfMemory(_:)`` when the pixels cannot be allocated.
  static func allocating(width: Int, height: Int) throws(GraphicsError) -> Image {
    do {
      return try Image(checkedWidth: width, height: height)
    } catch {
      throw GraphicsError.outOfMemory(error)
    }
  }

  /// An image whose pixels are not initialised, for results that write every pixel.
  ///
  /// - Throws: ``GraphicsError/outOfMemory(_:)`` when the pixels cannot be allocated.
  static func allocatingUninitialized(width: Int, height: Int) throws(GraphicsError) -> Image {
    do {
      return try Image(uninitializedCheckedWidth: width, height: height)
    } catch {
      throw GraphicsError.outOfMemory(error)
    }
  }
}
