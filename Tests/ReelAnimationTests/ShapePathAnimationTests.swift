import ReelAnimation
import Testing

/// A shape's outline, dash phase and miter limit animate (Core Animation's `path`,
/// `lineDashPhase` and `miterLimit` key paths), with the keyframe rules of every other
/// property.
@Suite("Shape path, dash phase and miter limit animations")
struct ShapePathAnimationTests {
  let canvas = Size(width: 200, height: 100)
  let narrow = Path(rect: Rect(x: 0, y: 0, width: 10, height: 10))
  let wide = Path(rect: Rect(x: 0, y: 0, width: 110, height: 30))

  /// The shape drawing of a one-layer tree at a time.
  func drawing(_ layer: Layer, at time: Double) throws -> ShapeDrawing {
    let list = layer.renderList(atSeconds: time, renderSize: canvas)
    for item in list.items {
      if case .shape(let shape) = item.drawing { return shape }
    }
    throw DrawingMissing()
  }
  struct DrawingMissing: Error {}

  func shapeLayer(_ animations: [any Animation]) -> Layer {
    var layer = Layer.shape(
      narrow, frame: Rect(x: 0, y: 0, width: 200, height: 100), fillColor: .red,
      strokeColor: .blue, lineWidth: 4,
      strokeStyle: StrokeStyle(miterLimit: 4, dashPattern: [6, 2], dashPhase: 1))
    layer.animations = animations
    return layer
  }

  @Test("Paths with the same elements blend point by point; the model path shows outside")
  func basicMorph() throws {
    let layer = shapeLayer([
      ShapePathAnimation(
        from: narrow, to: wide, beginTime: 1, duration: 2, fillMode: .removed)
    ])
    #expect(try drawing(layer, at: 0).path == narrow)
    let middle = try drawing(layer, at: 2).path
    #expect(middle == Path(rect: Rect(x: 0, y: 0, width: 60, height: 20)))
    #expect(try drawing(layer, at: 1.5).path.controlPointBounds.width == 35)
    #expect(try drawing(layer, at: 3.5).path == narrow)
  }

  @Test("Keyframes follow key times, timing functions, discrete and paced modes")
  func keyframes() throws {
    let tall = Path(rect: Rect(x: 0, y: 0, width: 10, height: 90))
    var linear = ShapePathAnimation(values: [narrow, wide, tall], keyTimes: [0, 0.25, 1])
    linear.timing.duration = 4
    #expect(try drawing(shapeLayer([linear]), at: 1).path == wide)
    #expect(try drawing(shapeLayer([linear]), at: 0.5).path.controlPointBounds.width == 60)

    var discrete = linear
    discrete.calculationMode = .discrete
    #expect(try drawing(shapeLayer([discrete]), at: 0.9).path == narrow)
    #expect(try drawing(shapeLayer([discrete]), at: 1.1).path == wide)

    // Paced: there and back are equally long steps, so halfway is the far end.
    var paced = ShapePathAnimation(values: [narrow, wide, narrow], calculationMode: .paced)
    paced.timing.duration = 2
    #expect(try drawing(shapeLayer([paced]), at: 1).path == wide)

    var eased = ShapePathAnimation(
      values: [narrow, wide], timingFunctions: [.easeIn], duration: 2)
    eased.timing.fillMode = .forwards
    let width = try drawing(shapeLayer([eased]), at: 1).path.controlPointBounds.width
    #expect(width > 10 && width < 60)
  }

  @Test("Paths with different elements switch halfway through the step")
  func differentStructuresSwitchHalfway() throws {
    let oval = Path(ellipseIn: Rect(x: 0, y: 0, width: 50, height: 50))
    #expect(!narrow.hasSameStructure(as: oval))
    let layer = shapeLayer([ShapePathAnimation(from: narrow, to: oval, duration: 1)])
    #expect(try drawing(layer, at: 0.45).path == narrow)
    #expect(try drawing(layer, at: 0.55).path == oval)
  }

  @Test("Dash phase and miter limit come from the layer and animate")
  func dashPhaseAndMiterLimit() throws {
    let still = try drawing(shapeLayer([]), at: 0)
    #expect(still.strokeStyle.dashPhase == 1 && still.strokeStyle.miterLimit == 4)
    #expect(still.strokeStyle.dashPattern == [6, 2])
    let layer = shapeLayer([
      BasicAnimation(.lineDashPhase, from: 0, to: 8, duration: 2),
      BasicAnimation(.miterLimit, from: 2, to: 12, duration: 2),
    ])
    let middle = try drawing(layer, at: 1)
    #expect(middle.strokeStyle.dashPhase == 4 && middle.strokeStyle.miterLimit == 7)
    var broken = shapeLayer([])
    broken.properties.miterLimit = .nan
    broken.properties.lineDashPhase = .infinity
    let sanitised = try drawing(broken, at: 0)
    #expect(sanitised.strokeStyle.miterLimit == 10 && sanitised.strokeStyle.dashPhase == 0)
  }

  @Test("Blending paths: weights sum point by point; different structures do not blend")
  func blending() throws {
    var curve = Path()
    curve.move(to: Point(x: 0, y: 0))
    curve.addQuadCurve(to: Point(x: 10, y: 0), control: Point(x: 5, y: 10))
    curve.addCurve(
      to: Point(x: 20, y: 0), control1: Point(x: 12, y: 4), control2: Point(x: 18, y: 4))
    curve.closeSubpath()
    let moved = curve.applying(Transform2D(translationX: 10, y: 20))
    let half = try #require(Path.blend([(curve, 0.5), (moved, 0.5)]))
    #expect(half == curve.applying(Transform2D(translationX: 5, y: 10)))
    #expect(curve.morphDistance(to: moved) == (Double(6) * 500).squareRoot())
    #expect(Path.blend([(curve, 0.5), (narrow, 0.5)]) == nil)
    #expect(curve.morphDistance(to: narrow) == nil)
  }
}
