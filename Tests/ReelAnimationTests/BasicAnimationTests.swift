import Foundation
import ReelAnimation
import Testing

@Suite("Basic animations")
struct BasicAnimationTests {
  @Test("from 0 by 10 ends at 10; by 10 to 30 starts at 20")
  func fromByTo() {
    let fromBy = BasicAnimation(.positionX, from: 0, by: 10, duration: 1)
    #expect(approx(presented(fromBy, at: 1).position.x, 10))
    #expect(approx(presented(fromBy, at: 0).position.x, 0))
    let byTo = BasicAnimation(.positionX, to: 30, by: 10, duration: 1)
    #expect(approx(presented(byTo, at: 0).position.x, 20))
    #expect(approx(presented(byTo, at: 1).position.x, 30))
  }

  @Test("Missing values come from the model value")
  func currentValue() {
    var model = LayerProperties()
    model.position.x = 100
    let fromOnly = BasicAnimation(.positionX, from: 0, duration: 1)
    #expect(approx(presented(fromOnly, model: model, at: 0.5).position.x, 50))
    let toOnly = BasicAnimation(.positionX, to: 200, duration: 1)
    #expect(approx(presented(toOnly, model: model, at: 0.5).position.x, 150))
    let byOnly = BasicAnimation(.positionX, by: 40, duration: 1)
    #expect(approx(presented(byOnly, model: model, at: 1).position.x, 140))
  }

  @Test("additive 0→50 on x with model 100 runs 100…150")
  func additive() {
    var model = LayerProperties()
    model.position.x = 100
    let animation = BasicAnimation(.positionX, from: 0, to: 50, duration: 1, additive: true)
    #expect(approx(presented(animation, model: model, at: 0).position.x, 100))
    #expect(approx(presented(animation, model: model, at: 0.5).position.x, 125))
    #expect(approx(presented(animation, model: model, at: 1).position.x, 150))
  }

  @Test("cumulative by 10, repeat 3, duration 1 → 25 at 2.5")
  func cumulative() {
    let animation = BasicAnimation(
      .positionX, by: 10, duration: 1, repeatCount: 3, cumulative: true)
    #expect(approx(presented(animation, at: 2.5).position.x, 25))
    #expect(approx(presented(animation, at: 3).position.x, 30))
    #expect(approx(presented(animation, at: 0.5).position.x, 5))
  }

  @Test("rotation.z 0→2π over 2 s is π/2 at 0.5 s")
  func rotation() {
    let animation = BasicAnimation(.rotationZ, from: 0, to: 2 * .pi, duration: 2)
    #expect(approx(presented(animation, at: 0.5).rotationZ, .pi / 2))
  }

  @Test("A later animation on the same property wins; an additive one adds")
  func severalAnimations() {
    let first = BasicAnimation(.opacity, from: 0, to: 1, duration: 2)
    let second = BasicAnimation(.opacity, to: 0.2, duration: 2)
    let layer = Layer(animations: [first, second])
    // second: model 1 → 0.2, half way = 0.6 (first is overridden)
    #expect(approx(layer.presentation(atSeconds: 1).opacity, 0.6))
    let reversed = Layer(animations: [second, first])
    #expect(approx(reversed.presentation(atSeconds: 1).opacity, 0.5))
    let move = BasicAnimation(.positionX, from: 0, to: 100, duration: 2)
    let wobble = BasicAnimation(.positionX, from: 0, to: 10, duration: 2, additive: true)
    let moving = Layer(animations: [move, wobble])
    #expect(approx(moving.presentation(atSeconds: 1).position.x, 55))
  }

  @Test("Timing function eases progress")
  func eased() {
    let animation = BasicAnimation(.opacity, from: 0, to: 1, duration: 1, timingFunction: .easeIn)
    #expect(approx(presented(animation, at: 0.5).opacity, 0.3154, 1e-3))
  }

  private func midpoint<V: Interpolatable>(
    _ property: AnimatableProperty<V>, from: V, to: V, read: (LayerProperties) -> V,
    expect: (V) -> Bool, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let animation = BasicAnimation(property, from: from, to: to, duration: 2)
    let value = read(presented(animation, at: 1))
    #expect(expect(value), "\(property.name): \(value)", sourceLocation: sourceLocation)
  }

  @Test("Every Double key path reaches its midpoint in the right field")
  func doubleKeyPaths() {
    let cases: [(AnimatableProperty<Double>, (LayerProperties) -> Double)] = [
      (.positionX, { $0.position.x }), (.positionY, { $0.position.y }),
      (.width, { $0.bounds.size.width }), (.height, { $0.bounds.size.height }),
      (.anchorPointX, { $0.anchorPoint.x }), (.anchorPointY, { $0.anchorPoint.y }),
      (.zPosition, { $0.zPosition }), (.opacity, { $0.opacity }),
      (.cornerRadius, { $0.cornerRadius }), (.borderWidth, { $0.borderWidth }),
      (.shadowOpacity, { $0.shadow.opacity }), (.shadowRadius, { $0.shadow.radius }),
      (.rotationX, { $0.rotationX }), (.rotationY, { $0.rotationY }),
      (.rotationZ, { $0.rotationZ }), (.rotation, { $0.rotationZ }),
      (.scaleX, { $0.scaleX }), (.scaleY, { $0.scaleY }), (.scaleZ, { $0.scaleZ }),
      (.scale, { ($0.scaleX + $0.scaleY + $0.scaleZ) / 3 }),
      (.translationX, { $0.translationX }), (.translationY, { $0.translationY }),
      (.translationZ, { $0.translationZ }), (.lineWidth, { $0.lineWidth }),
      (.strokeStart, { $0.strokeStart }), (.strokeEnd, { $0.strokeEnd }),
    ]
    for (property, read) in cases {
      // 0.2 → 0.6: midpoint 0.4, a value no default equals.
      midpoint(property, from: 0.2, to: 0.6, read: read, expect: { approx($0, 0.4) })
    }
    #expect(Set(cases.map(\.0.name)).count == cases.count)
  }

  @Test("Every Point, Rect and Size key path reaches its midpoint")
  func vectorKeyPaths() {
    let target = Point(x: 10, y: 20)
    let cases: [(AnimatableProperty<Point>, (LayerProperties) -> Point)] = [
      (.position, { $0.position }), (.anchorPoint, { $0.anchorPoint }),
      (.shadowOffset, { $0.shadow.offset }),
      (.translation, { Point(x: $0.translationX, y: $0.translationY) }),
    ]
    for (property, read) in cases {
      midpoint(property, from: .zero, to: Point(x: 20, y: 40), read: read, expect: { $0 == target })
    }
    midpoint(
      .bounds, from: Rect(x: 0, y: 0, width: 100, height: 50),
      to: Rect(x: 10, y: 20, width: 300, height: 150),
      read: { $0.bounds }, expect: { $0 == Rect(x: 5, y: 10, width: 200, height: 100) })
    midpoint(
      .size, from: Size(width: 100, height: 50), to: Size(width: 300, height: 150),
      read: { $0.bounds.size }, expect: { $0 == Size(width: 200, height: 100) })
  }

  @Test("Every Color key path reaches its midpoint")
  func colorKeyPaths() {
    let cases: [(AnimatableProperty<Color>, (LayerProperties) -> Color)] = [
      (.backgroundColor, { $0.backgroundColor }), (.borderColor, { $0.borderColor }),
      (.shadowColor, { $0.shadow.color }), (.fillColor, { $0.fillColor }),
      (.strokeColor, { $0.strokeColor }),
    ]
    let from = Color(red: 1, green: 0, blue: 0.2, alpha: 0.4)
    let to = Color(red: 0, green: 1, blue: 0.6, alpha: 0.8)
    for (property, read) in cases {
      midpoint(property, from: from, to: to, read: read) { value in
        approx(value.red, 0.5) && approx(value.green, 0.5) && approx(value.blue, 0.4)
          && approx(value.alpha, 0.6)
      }
    }
  }

  @Test("Transform key paths interpolate entry by entry")
  func transformKeyPaths() {
    let to = Transform3D(translationX: 100, y: -50, z: 8).scaledBy(x: 3, y: 3, z: 1)
    for (property, read) in [
      (AnimatableProperty<Transform3D>.transform, { (p: LayerProperties) in p.transform }),
      (.sublayerTransform, { $0.sublayerTransform }),
    ] {
      midpoint(property, from: .identity, to: to, read: read) { value in
        approx(value.m11, 2) && approx(value.m22, 2) && approx(value.m33, 1)
          && approx(value.m41, 50) && approx(value.m42, -25) && approx(value.m43, 4)
          && approx(value.m44, 1)
      }
    }
  }

  @Test("Uniform scale sets all three axes")
  func uniformScale() {
    let p = presented(BasicAnimation(.scale, from: 1, to: 3, duration: 2), at: 1)
    #expect(p.scaleX == 2 && p.scaleY == 2 && p.scaleZ == 2)
  }
}
