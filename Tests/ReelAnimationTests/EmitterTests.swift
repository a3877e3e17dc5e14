import Foundation
import ReelAnimation
import ReelCore
import Testing

@Suite("Emitter particles")
struct EmitterTests {
  static func dot() -> Image {
    var image = Image(width: 4, height: 4)
    image.fill(with: BGRA(blue: 255, green: 255, red: 255, alpha: 255))
    return image
  }

  static func emitter(seed: UInt32 = 7) -> EmitterContent {
    var cell = EmitterCell(image: dot())
    cell.birthRate = 10
    cell.lifetime = 2
    cell.lifetimeRange = 0.5
    cell.velocity = 100
    cell.velocityRange = 20
    cell.emissionLongitude = 0
    cell.emissionRange = 0.8
    cell.spin = 4
    cell.scale = 0.5
    cell.scaleRange = 0.2
    cell.yAcceleration = 30
    return EmitterContent(
      position: Point(x: 50, y: 60), size: Size(width: 80, height: 2), shape: .line,
      seed: seed, cells: [cell])
  }

  @Test("Births follow the rate; nothing before 0; lifetimes end particles")
  func schedule() {
    var e = Self.emitter()
    e.cells[0].lifetimeRange = 0
    #expect(e.particles(atSeconds: -1).isEmpty)
    #expect(e.particles(atSeconds: 0).count == 1)
    // Born at 0, 0.1, …, 0.5: six particles at 0.5 s (floating point: 0.5 × 10 = 5).
    #expect(e.particles(atSeconds: 0.5).count == 6)
    // At 10 s, those born after 8 s are alive: 8.1 … 10 (20) plus the one born at 8 dies.
    let late = e.particles(atSeconds: 10).count
    #expect((20...21).contains(late))
  }

  @Test("Motion is closed-form: p0 + v·t + ½·a·t², spin·t, start on the line")
  func motion() {
    var e = Self.emitter()
    e.cells[0].emissionRange = 0
    e.cells[0].velocityRange = 0
    e.cells[0].scaleRange = 0
    e.cells[0].lifetimeRange = 0
    let first = e.particles(atSeconds: 1).first { _ in true }!
    // The first particle (born at 0) is 1 s old: moved 100 along +x, ½·30 along +y.
    #expect(abs(first.position.y - (60 + 15)) < 1e-9)
    let startX = first.position.x - 100
    #expect(startX >= 10 && startX <= 90)
    #expect(abs(first.angle - 4) < 1e-9 && abs(first.scale - 0.5) < 1e-9)
  }

  @Test("Particles are a pure function of time and seed")
  func pure() {
    let e = Self.emitter()
    let times = [3.7, 0.2, 1.5, 3.7]
    let runs = times.map { e.particles(atSeconds: $0) }
    #expect(runs[0] == runs[3])
    #expect(Self.emitter(seed: 7).particles(atSeconds: 1.5) == runs[2])
    #expect(Self.emitter(seed: 8).particles(atSeconds: 1.5) != runs[2])
  }

  @Test("Too many live particles is a problem, and draws nothing")
  func limit() {
    var e = Self.emitter()
    e.cells[0].birthRate = 1e6
    e.cells[0].lifetime = 100
    #expect(e.sizeProblem?.contains("\(EmitterContent.maximumLiveParticles)") == true)
    #expect(e.particles(atSeconds: 1).isEmpty)
    #expect(Self.emitter().sizeProblem == nil)
    // A huge rate with a tiny lifetime passes the limit; far into the movie its particle
    // numbers would overflow: it shows nothing then instead of trapping.
    var fast = Self.emitter()
    fast.cells[0].birthRate = 1e15
    fast.cells[0].lifetime = 1e-12
    fast.cells[0].lifetimeRange = 0
    #expect(fast.sizeProblem == nil)
    #expect(fast.particles(atSeconds: 1e5).isEmpty)
  }

  @Test("Too many sprite pixels a frame is a problem: particles × area × largest scale²")
  func pixelBudget() throws {
    let e = Self.emitter()
    let image = try #require(e.cells[0].image)
    // 10 a second × 2.5 s + 1 = 26 particles of the picture at scale 0.5 + 0.2 at most.
    let expected = 26 * Double(image.width * image.height) * 0.7 * 0.7
    #expect(abs(e.particlePixelBound - expected) < 1e-6 * expected)
    var grown = e
    grown.cells[0].scaleSpeed = 1e4
    #expect(grown.liveParticleBound == e.liveParticleBound)
    #expect(grown.sizeProblem?.contains("sprite pixels") == true)
    #expect(grown.particles(atSeconds: 1).isEmpty)
    var scaled = e
    scaled.scale = 1e4
    #expect(scaled.sizeProblem?.contains("scale") == true)
    var withoutPicture = grown
    withoutPicture.cells[0].image = nil
    #expect(withoutPicture.sizeProblem == nil)
  }

  @Test("Shapes and modes place starts where they say")
  func shapes() {
    for (shape, mode) in [
      (EmitterContent.Shape.rectangle, EmitterContent.Mode.outline), (.circle, .outline),
      (.rectangle, .points), (.circle, .surface), (.point, .volume),
    ] {
      var e = Self.emitter()
      e.shape = shape
      e.mode = mode
      e.size = Size(width: 40, height: 20)
      e.cells[0] = {
        var c = EmitterCell(image: Self.dot())
        c.birthRate = 50
        c.lifetime = 1
        return c
      }()
      for p in e.particles(atSeconds: 0.9) {
        let dx = p.position.x - 50
        let dy = p.position.y - 60
        switch (shape, mode) {
        case (.rectangle, .outline):
          #expect(abs(abs(dx) - 20) < 1e-9 || abs(abs(dy) - 10) < 1e-9)
        case (.circle, .outline): #expect(abs((dx * dx + dy * dy).squareRoot() - 20) < 1e-9)
        case (.rectangle, .points): #expect(abs(dx) == 20 && abs(dy) == 10)
        case (.circle, _): #expect((dx * dx + dy * dy).squareRoot() <= 20 + 1e-9)
        default: #expect(dx == 0 && dy == 0)
        }
      }
    }
  }

  @Test("The layer tree evaluates an emitter into a particles drawing")
  func evaluation() {
    let layer = Layer.emitter(Self.emitter(), frame: Rect(x: 0, y: 0, width: 0, height: 0))
    let tree = LayerTree(root: layer, renderSize: Size(width: 100, height: 100))
    let items = tree.renderList(atSeconds: 1).items
    guard case .particles(let drawing)? = items.first?.drawing else {
      Issue.record("no particles drawing")
      return
    }
    #expect(drawing.particles == Self.emitter().particles(atSeconds: 1))
    #expect(!drawing.additive)
  }
}
