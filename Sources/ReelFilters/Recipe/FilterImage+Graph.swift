import ReelCore

extension FilterImage {
  /// The images this image's step reads.
  var inputs: [FilterImage] {
    switch step {
    case .picture, .constant: []
    case .crop(_, let input), .transform(_, let input), .clamp(let input),
      .color(_, let input), .positional(_, let input), .gaussianBlur(_, let input):
      [input]
    case .blend(_, let source, let background): [source, background]
    case .spatial(let operation): operation.inputs
    }
  }

  /// For each image of the recipe below this one, how many steps read it.
  func readerCounts() -> [ObjectIdentifier: Int] {
    var counts: [ObjectIdentifier: Int] = [:]
    var pending = [self]
    while let image = pending.popLast() {
      for input in image.inputs {
        let key = ObjectIdentifier(input)
        let seen = counts[key] != nil
        counts[key, default: 0] += 1
        if !seen { pending.append(input) }
      }
    }
    return counts
  }

  /// How many rows above and below a rectangle its render reads from the images below (a blur
  /// reads 4σ beyond), or `nil` when that is not bounded by rows (a rotation or scale maps a
  /// band of rows onto a slanted or wider one).
  var rowReach: Int? {
    switch step {
    case .picture(_, _, let y): return y == y.rounded(.down) ? 0 : 1
    case .constant: return 0
    case .crop(_, let input), .clamp(let input), .color(_, let input),
      .positional(_, let input):
      return input.rowReach
    case .transform(let transform, let input):
      return transform.isIntegerTranslation ? input.rowReach : nil
    case .blend(_, let source, let background):
      guard let top = source.rowReach, let bottom = background.rowReach else { return nil }
      return max(top, bottom)
    case .gaussianBlur(let sigma, let input):
      return input.rowReach.map { $0 + GaussianBlur(sigma: sigma).reach }
    case .spatial(let operation):
      return operation.rowReach
    }
  }
}
