import ReelCore

/// Small helpers shared by the compositor tests.
enum CompositedPixels {
  /// An image whose pixel (x, y) is `pixel(x, y)`.
  static func image(width: Int, height: Int, _ pixel: (Int, Int) -> BGRA) -> Image {
    var image = Image(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        image[x: x, y: y] = pixel(x, y)
      }
    }
    return image
  }

  /// An image of one premultiplied pixel value.
  static func solid(width: Int, height: Int, _ pixel: BGRA) -> Image {
    var image = Image(width: width, height: height)
    image.fill(with: pixel)
    return image
  }

  /// `round(s + d · (255 − sα) / 255)` per channel, computed in floating point.
  static func over(_ s: BGRA, _ d: BGRA) -> BGRA {
    func channel(_ sc: UInt8, _ dc: UInt8) -> UInt8 {
      UInt8((Double(sc) + Double(dc) * (255 - Double(s.alpha)) / 255).rounded())
    }
    return BGRA(
      blue: channel(s.blue, d.blue), green: channel(s.green, d.green),
      red: channel(s.red, d.red), alpha: channel(s.alpha, d.alpha))
  }

  /// The largest channel difference between two pixels.
  static func distance(_ a: BGRA, _ b: BGRA) -> Int {
    max(
      abs(Int(a.blue) - Int(b.blue)), abs(Int(a.green) - Int(b.green)),
      abs(Int(a.red) - Int(b.red)), abs(Int(a.alpha) - Int(b.alpha)))
  }

  /// The bounding box (minX, minY, maxX, maxY), inclusive, of pixels with alpha > 0.
  static func opaqueBounds(_ image: Image) -> (Int, Int, Int, Int)? {
    var box: (Int, Int, Int, Int)?
    for y in 0..<image.height {
      for x in 0..<image.width where image[x: x, y: y].alpha > 0 {
        if let b = box {
          box = (min(b.0, x), min(b.1, y), max(b.2, x), max(b.3, y))
        } else {
          box = (x, y, x, y)
        }
      }
    }
    return box
  }

  /// Mean absolute channel difference over pixels where either image (or, with
  /// `bothCovered`, both images) has alpha > 0, in 1/255 units.
  static func meanDifference(_ a: Image, _ b: Image, bothCovered: Bool = false) -> Double {
    var total = 0
    var count = 0
    for y in 0..<a.height {
      for x in 0..<a.width {
        let p = a[x: x, y: y]
        let q = b[x: x, y: y]
        guard bothCovered ? (p.alpha > 0 && q.alpha > 0) : (p.alpha > 0 || q.alpha > 0) else {
          continue
        }
        count += 4
        total += abs(Int(p.blue) - Int(q.blue)) + abs(Int(p.green) - Int(q.green))
        total += abs(Int(p.red) - Int(q.red)) + abs(Int(p.alpha) - Int(q.alpha))
      }
    }
    return count == 0 ? 0 : Double(total) / Double(count)
  }

  /// A 3D tilt about the centre of a `width`×`height` layer placed with its centre at
  /// (`centreX`, `centreY`): rotation by `angle` about y, then perspective at `distance`.
  static func tilt(
    width: Int, height: Int, angle: Double, distance: Double, centreX: Double, centreY: Double
  ) -> Transform3D {
    Transform3D(translationX: -Double(width) / 2, y: -Double(height) / 2, z: 0)
      .concatenating(Transform3D(rotationAngle: angle, x: 0, y: 1, z: 0))
      .concatenating(.perspective(distance: distance))
      .concatenating(Transform3D(translationX: centreX, y: centreY, z: 0))
  }
}
