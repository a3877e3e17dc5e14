import ReelCore

/// Consecutive per-pixel steps (colour and positional operations) applied in one pass over a
/// tile, with the same result as applying them one at a time.
///
/// One at a time, each colour operation unpremultiplies its input, moves it into its space,
/// applies its function, moves it back to linear light and premultiplies. In a chain, a pixel
/// stays unpremultiplied and in the space of the last operation until the next one needs
/// another form, so a look of several colour filters costs one pass and at most one change of
/// space between them. Two things of the one-at-a-time form are kept exactly: a pixel whose
/// alpha becomes 0 turns transparent black, and an encoded value passed between two encoded
/// operations is clamped to 0…1 (the round trip through linear light clamps it).
struct ColorChain {
  /// One step of the chain.
  enum Element {
    case color(ColorOperation)
    case positional(PositionalOperation)
  }

  /// The steps, first applied first.
  let elements: [Element]

  /// The form a pixel is in between steps.
  private enum Form {
    /// Premultiplied linear light (the tile's form).
    case premultiplied
    /// Unpremultiplied, alpha above 0, in a space.
    case straight(ColorSpaceOfOperation)
  }

  /// Applies the chain to every pixel of `tile`, a row at a time: each step runs over a row
  /// (which stays in the nearest cache) before the next step reads it.
  ///
  /// A row's pixels are all in the same form between steps; a pixel whose alpha is 0 is
  /// transparent black in every form.
  func apply(to tile: inout LinearTile) {
    let rect = tile.rect
    tile.pixels.withUnsafeMutableBufferPointer { pixels in
      for row in 0..<rect.height {
        let line = UnsafeMutableBufferPointer(
          rebasing: pixels[(row * rect.width)..<((row + 1) * rect.width)])
        apply(to: line, x: rect.x, y: rect.y + row)
      }
    }
  }

  /// The chain applied to one premultiplied linear pixel whose centre is at (x + ½, y + ½).
  func apply(to pixel: SIMD4<Float>, x: Int, y: Int) -> SIMD4<Float> {
    withUnsafeTemporaryAllocation(of: SIMD4<Float>.self, capacity: 1) { line in
      line[0] = pixel
      apply(to: line, x: x, y: y)
      return line[0]
    }
  }

  /// The chain applied to a row of pixels, the first at plane pixel (x, y).
  private func apply(to line: UnsafeMutableBufferPointer<SIMD4<Float>>, x: Int, y: Int) {
    var form = Form.premultiplied
    for element in elements {
      switch element {
      case .color(let operation):
        Self.apply(operation, to: line, from: form)
        form = .straight(operation.space)
      case .positional(let operation):
        if case .straight(let space) = form { Self.premultiply(line, from: space) }
        form = .premultiplied
        let centreY = Double(y) + 0.5
        for column in 0..<line.count {
          line[column] = operation.function(line[column], Double(x + column) + 0.5, centreY)
        }
      }
    }
    if case .straight(let space) = form { Self.premultiply(line, from: space) }
  }

  /// One colour operation over a row in `form`; the row comes out unpremultiplied in the
  /// operation's space (transparent pixels zero).
  private static func apply(
    _ operation: ColorOperation, to line: UnsafeMutableBufferPointer<SIMD4<Float>>, from form: Form
  ) {
    let function = operation.function
    let coversPlane = operation.coversPlane
    let space = operation.space
    for index in 0..<line.count {
      var value = line[index]
      let alpha = value.w
      if alpha <= 0 {
        guard coversPlane else {
          line[index] = .zero
          continue
        }
        value = .zero
      } else {
        switch form {
        case .premultiplied:
          value = value / SIMD4(alpha, alpha, alpha, 1)
          if space == .encoded { value = encoded(value) }
        case .straight(.linear):
          if space == .encoded { value = encoded(value) }
        case .straight(.encoded):
          value =
            space == .encoded
            ? SIMD4(
              min(max(value.x, 0), 1), min(max(value.y, 0), 1), min(max(value.z, 0), 1), value.w)
            : linear(value)
        }
      }
      value = function(value)
      let outAlpha = min(max(value.w, 0), 1)
      value.w = outAlpha
      line[index] = outAlpha <= 0 ? .zero : value
    }
  }

  /// A row of unpremultiplied pixels in `space` made premultiplied linear.
  private static func premultiply(
    _ line: UnsafeMutableBufferPointer<SIMD4<Float>>, from space: ColorSpaceOfOperation
  ) {
    for index in 0..<line.count {
      let value = space == .encoded ? linear(line[index]) : line[index]
      line[index] = premultiplied(value)
    }
  }

  @inline(__always)
  private static func encoded(_ value: SIMD4<Float>) -> SIMD4<Float> {
    SIMD4(
      TransferFunction.encodedFloat(value.x), TransferFunction.encodedFloat(value.y),
      TransferFunction.encodedFloat(value.z), value.w)
  }

  @inline(__always)
  private static func linear(_ value: SIMD4<Float>) -> SIMD4<Float> {
    SIMD4(
      TransferFunction.linearFloat(value.x), TransferFunction.linearFloat(value.y),
      TransferFunction.linearFloat(value.z), value.w)
  }

  @inline(__always)
  private static func premultiplied(_ value: SIMD4<Float>) -> SIMD4<Float> {
    SIMD4(value.x * value.w, value.y * value.w, value.z * value.w, value.w)
  }
}
