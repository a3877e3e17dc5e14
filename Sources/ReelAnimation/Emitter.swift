import Foundation
import ReelCore

/// A particle emitter, as Core Animation's `CAEmitterLayer`: cells emit particles from a
/// shape at a deterministic rate, and every particle moves in closed form.
///
/// Particles are a pure function of the time and ``seed``: particle *k* of cell *c* is born
/// at *k* / rate seconds (rate = ``birthRate`` × the cell's), its random choices (lifetime,
/// start point, direction, speed, spin, scale, colour) come from a counter-based hash of
/// (seed, *c*, *k*) — not from a sequential generator — and at age *a* it is at
/// p₀ + v·a + ½·acc·a², turned by spin·a, scaled by scale + scaleSpeed·a, with colour
/// components c + speed·a clamped to 0…1. So a frame is the same whether it is rendered
/// alone or after its predecessors, in any order, on any thread. Time 0 is the start of the
/// layer tree's timeline (the movie's first frame): the emitter starts emitting then.
public struct EmitterContent: Sendable, Hashable {
  /// Where particles start.
  public enum Shape: String, Sendable, Hashable, CaseIterable {
    /// At ``EmitterContent/position``.
    case point
    /// On a horizontal line of ``EmitterContent/size``'s width centred on the position.
    case line
    /// In a rectangle of ``EmitterContent/size`` centred on the position.
    case rectangle
    /// In a circle of diameter ``EmitterContent/size``'s width centred on the position.
    case circle
  }

  /// Which part of the shape particles start from.
  public enum Mode: String, Sendable, Hashable, CaseIterable {
    /// The shape's vertices: a line's two ends, a rectangle's four corners, a circle's
    /// centre.
    case points
    /// The outline: a line itself, a rectangle's edges, a circle's circumference.
    case outline
    /// The inside (a line: the line itself).
    case surface
    /// As ``surface`` in a plane (the emitter is flat).
    case volume
  }

  /// How particles are composited onto each other.
  public enum RenderMode: String, Sendable, Hashable, CaseIterable {
    /// Over each other, in birth order per cell (source-over).
    case unordered
    /// Added to each other (colours sum, saturating).
    case additive
  }

  /// The most particles one emitter may have alive at once (the sum over its cells of
  /// rate × longest lifetime, plus one each); larger emitters are refused where they are
  /// made (`ExportError`s, template problems), since every frame draws each live particle.
  public static let maximumLiveParticles = 20_000

  /// The most sprite pixels one emitter may draw in a frame, in its own pixels (2²⁹, about
  /// half a second of compositing): the sum over its cells of the live-particle bound ×
  /// the sprite's area × its largest scale squared. Larger emitters are refused where they
  /// are made, as with ``maximumLiveParticles``, so a frame's drawing time stays bounded.
  public static let maximumParticlePixels = 0x1p29

  /// The largest particle number evaluated (2⁵²: beyond, births are no longer exact in
  /// `Double`); a cell whose births reach it at a time shows no particles then.
  static let largestParticleNumber = 0x1p52

  /// The emitter's centre, in the layer's local pixels.
  public var position: Point
  /// The shape's size in pixels (a line uses its width, a circle its width as diameter).
  public var size: Size
  /// The shape particles start from.
  public var shape: Shape
  /// Which part of the shape.
  public var mode: Mode
  /// Multiplies every cell's birth rate.
  public var birthRate: Double
  /// Multiplies every cell's lifetime.
  public var lifetime: Double
  /// Multiplies every cell's velocity.
  public var velocity: Double
  /// Multiplies every cell's scale.
  public var scale: Double
  /// Multiplies every cell's spin.
  public var spin: Double
  /// Chooses the particles' random values (the same seed, the same particles).
  public var seed: UInt32
  /// How particles are composited.
  public var renderMode: RenderMode
  /// The cells, drawn in this order.
  public var cells: [EmitterCell]

  /// Makes an emitter; the defaults are Core Animation's.
  public init(
    position: Point = .zero, size: Size = Size(width: 0, height: 0), shape: Shape = .point,
    mode: Mode = .volume, birthRate: Double = 1, lifetime: Double = 1, velocity: Double = 1,
    scale: Double = 1, spin: Double = 1, seed: UInt32 = 0, renderMode: RenderMode = .unordered,
    cells: [EmitterCell] = []
  ) {
    self.position = position
    self.size = size
    self.shape = shape
    self.mode = mode
    self.birthRate = birthRate
    self.lifetime = lifetime
    self.velocity = velocity
    self.scale = scale
    self.spin = spin
    self.seed = seed
    self.renderMode = renderMode
    self.cells = cells
  }

  /// Particles per second of cell `index` (0 for a disabled cell or a negative rate).
  public func rate(ofCell index: Int) -> Double {
    let cell = cells[index]
    guard cell.isEnabled else { return 0 }
    let rate = birthRate * cell.birthRate
    return rate.isFinite && rate > 0 ? rate : 0
  }

  /// The longest lifetime of cell `index`'s particles, in seconds.
  public func longestLifetime(ofCell index: Int) -> Double {
    let cell = cells[index]
    let longest = lifetime * (cell.lifetime + abs(cell.lifetimeRange))
    return longest.isFinite && longest > 0 ? longest : 0
  }

  /// The most particles alive at once: for each cell, rate × longest lifetime, plus one.
  /// Compare it with ``maximumLiveParticles``.
  public var liveParticleBound: Double {
    cells.indices.reduce(0) { total, index in
      let rate = rate(ofCell: index)
      let life = longestLifetime(ofCell: index)
      return rate > 0 && life > 0 ? total + rate * life + 1 : total
    }
  }

  /// The most sprite pixels drawn in one frame: for each cell with a picture, its
  /// live-particle bound × the picture's area × the largest scale a particle reaches
  /// (emitter scale × (cell scale + scale range) + scale speed × longest lifetime), squared.
  /// Compare it with ``maximumParticlePixels``.
  public var particlePixelBound: Double {
    cells.indices.reduce(0) { total, index in
      let cell = cells[index]
      let rate = rate(ofCell: index)
      let life = longestLifetime(ofCell: index)
      guard let image = cell.image, rate > 0, life > 0 else { return total }
      let largest =
        abs(scale) * (abs(cell.scale) + abs(cell.scaleRange)) + abs(cell.scaleSpeed) * life
      let area = Double(image.width) * Double(image.height) * largest * largest
      return total + (rate * life + 1) * area
    }
  }

  /// A message saying why the emitter is too large to draw, or nil when it is within
  /// ``maximumLiveParticles`` and ``maximumParticlePixels``.
  public var sizeProblem: String? {
    let bound = liveParticleBound
    guard bound <= Double(Self.maximumLiveParticles) else {
      let shown = bound.isFinite ? ReadableNumber.string(bound, decimals: 0) : "unbounded"
      return "the emitter can have \(shown) particles alive at once (birth rate × lifetime "
        + "summed over its cells), more than the limit of \(Self.maximumLiveParticles); lower "
        + "the birth rates or lifetimes"
    }
    let pixels = particlePixelBound
    guard pixels <= Self.maximumParticlePixels else {
      let shown = pixels.isFinite ? ReadableNumber.string(pixels, decimals: 0) : "unbounded"
      return "the emitter can draw \(shown) sprite pixels a frame (live particles × picture "
        + "area × largest scale², summed over its cells), more than the limit of "
        + "\(ReadableNumber.string(Self.maximumParticlePixels, decimals: 0)); use smaller "
        + "pictures, scales or scale speeds, or fewer particles"
    }
    return nil
  }

  /// The particles alive at `seconds` (timeline seconds from the emitter's start), cell by
  /// cell in cell order and by birth within a cell; none before 0. A pure function.
  public func particles(atSeconds seconds: Double) -> [Particle] {
    guard seconds.isFinite, seconds >= 0, sizeProblem == nil else { return [] }
    var result: [Particle] = []
    for index in cells.indices where cells[index].image != nil {
      let rate = rate(ofCell: index)
      let longest = longestLifetime(ofCell: index)
      // Particle numbers stay exact integers (a hostile rate × time cannot overflow).
      let lastNumber = (seconds * rate).rounded(.down)
      guard rate > 0, longest > 0, lastNumber < Self.largestParticleNumber else { continue }
      let last = Int(lastNumber)
      let first = max(0, Int(((seconds - longest) * rate).rounded(.up)))
      guard first <= last else { continue }
      for k in first...last {
        if let particle = particle(cell: index, number: k, born: Double(k) / rate, at: seconds) {
          result.append(particle)
        }
      }
    }
    return result
  }

  /// Particle `number` of cell `index`, born at `born` seconds, as it is at `seconds`; nil
  /// once it has died or while it is invisible.
  private func particle(cell index: Int, number: Int, born: Double, at seconds: Double)
    -> Particle?
  {
    let cell = cells[index]
    let random = ParticleRandom(seed: seed, cell: index, particle: number)
    let age = seconds - born
    let life = lifetime * (cell.lifetime + cell.lifetimeRange * random.signed(.lifetime))
    guard age >= 0, age < life else { return nil }

    let start = startPoint(random)
    let angle =
      cell.emissionLongitude + cell.emissionRange * (random.unit(.direction) - 0.5)
    let speed = velocity * (cell.velocity + cell.velocityRange * random.signed(.velocity))
    let place = Point(
      x: start.x + speed * cos(angle) * age + 0.5 * cell.xAcceleration * age * age,
      y: start.y + speed * sin(angle) * age + 0.5 * cell.yAcceleration * age * age)
    let turn = spin * (cell.spin + cell.spinRange * random.signed(.spin)) * age
    let size =
      scale * (cell.scale + cell.scaleRange * random.signed(.scale)) + cell.scaleSpeed * age
    func component(_ base: Double, _ range: Double, _ speed: Double, _ draw: ParticleRandom.Draw)
      -> Double
    {
      min(max(base + range * random.signed(draw) + speed * age, 0), 1)
    }
    let c = cell.color
    let color = Color(
      red: component(c.red, cell.redRange, cell.redSpeed, .red),
      green: component(c.green, cell.greenRange, cell.greenSpeed, .green),
      blue: component(c.blue, cell.blueRange, cell.blueSpeed, .blue),
      alpha: component(c.alpha, cell.alphaRange, cell.alphaSpeed, .alpha))
    guard size > 0, color.alpha > 0, place.x.isFinite, place.y.isFinite, turn.isFinite else {
      return nil
    }
    return Particle(cell: index, position: place, angle: turn, scale: size, color: color)
  }

  /// Where a particle starts, from the shape and mode.
  private func startPoint(_ random: ParticleRandom) -> Point {
    let (u, v, w) = (random.unit(.startU), random.unit(.startV), random.unit(.startW))
    let (width, height) = (size.width, size.height)
    switch (shape, mode) {
    case (.point, _), (.circle, .points):
      return position
    case (.line, .points):
      return Point(x: position.x + (u < 0.5 ? -0.5 : 0.5) * width, y: position.y)
    case (.line, _):
      return Point(x: position.x + (u - 0.5) * width, y: position.y)
    case (.rectangle, .points):
      return Point(
        x: position.x + (u < 0.5 ? -0.5 : 0.5) * width,
        y: position.y + (v < 0.5 ? -0.5 : 0.5) * height)
    case (.rectangle, .outline):
      // A point on the perimeter, uniform in length.
      let perimeter = 2 * (width + height)
      guard perimeter > 0 else { return position }
      var d = w * perimeter
      let (x0, y0) = (position.x - width / 2, position.y - height / 2)
      if d < width { return Point(x: x0 + d, y: y0) }
      d -= width
      if d < height { return Point(x: x0 + width, y: y0 + d) }
      d -= height
      if d < width { return Point(x: x0 + width - d, y: y0 + height) }
      d -= width
      return Point(x: x0, y: y0 + height - d)
    case (.rectangle, _):
      return Point(x: position.x + (u - 0.5) * width, y: position.y + (v - 0.5) * height)
    case (.circle, .outline):
      let radius = width / 2
      let theta = 2 * Double.pi * w
      return Point(x: position.x + radius * cos(theta), y: position.y + radius * sin(theta))
    case (.circle, _):
      // Uniform over the disc.
      let radius = width / 2 * u.squareRoot()
      let theta = 2 * Double.pi * w
      return Point(x: position.x + radius * cos(theta), y: position.y + radius * sin(theta))
    }
  }
}

/// One source of particles of an ``EmitterContent``, as Core Animation's `CAEmitterCell`.
/// Ranges vary a value by up to ± the range; speeds change a value per second of a
/// particle's age. Times are in seconds, angles in radians, distances in pixels.
public struct EmitterCell: Sendable, Hashable {
  /// The particle's picture (premultiplied); a cell without one emits nothing visible.
  public var image: Image?
  /// A name, for messages.
  public var name: String?
  /// Whether the cell emits.
  public var isEnabled = true
  /// Particles per second (times the emitter's rate).
  public var birthRate = 0.0
  /// Seconds a particle lives.
  public var lifetime = 0.0
  /// ± seconds of lifetime.
  public var lifetimeRange = 0.0
  /// Pixels per second.
  public var velocity = 0.0
  /// ± pixels per second.
  public var velocityRange = 0.0
  /// The direction of emission in the layer's plane (0: +x; π/2: +y).
  public var emissionLongitude = 0.0
  /// The width of the cone of directions around the longitude (± half of it).
  public var emissionRange = 0.0
  /// Pixels per second² along x.
  public var xAcceleration = 0.0
  /// Pixels per second² along y.
  public var yAcceleration = 0.0
  /// Radians per second.
  public var spin = 0.0
  /// ± radians per second.
  public var spinRange = 0.0
  /// The picture's scale.
  public var scale = 1.0
  /// ± scale.
  public var scaleRange = 0.0
  /// Scale per second.
  public var scaleSpeed = 0.0
  /// Multiplies the picture's colour and alpha.
  public var color = Color.white
  /// ± red.
  public var redRange = 0.0
  /// ± green.
  public var greenRange = 0.0
  /// ± blue.
  public var blueRange = 0.0
  /// ± alpha.
  public var alphaRange = 0.0
  /// Red per second.
  public var redSpeed = 0.0
  /// Green per second.
  public var greenSpeed = 0.0
  /// Blue per second.
  public var blueSpeed = 0.0
  /// Alpha per second.
  public var alphaSpeed = 0.0

  /// Makes a cell with Core Animation's defaults (a birth rate and lifetime of 0 emit
  /// nothing).
  public init(image: Image? = nil) { self.image = image }

  public static func == (lhs: EmitterCell, rhs: EmitterCell) -> Bool {
    lhs.image == rhs.image && lhs.numbers == rhs.numbers && lhs.name == rhs.name
      && lhs.isEnabled == rhs.isEnabled && lhs.color == rhs.color
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(image?.width)
    hasher.combine(image?.height)
    hasher.combine(numbers)
    hasher.combine(color)
  }

  private var numbers: [Double] {
    [
      birthRate, lifetime, lifetimeRange, velocity, velocityRange, emissionLongitude,
      emissionRange, xAcceleration, yAcceleration, spin, spinRange, scale, scaleRange,
      scaleSpeed, redRange, greenRange, blueRange, alphaRange, redSpeed, greenSpeed, blueSpeed,
      alphaSpeed,
    ]
  }
}

/// One live particle: where its picture's centre is and how it is drawn.
public struct Particle: Sendable, Hashable {
  /// The index of its cell.
  public var cell: Int
  /// The picture's centre in the layer's local pixels.
  public var position: Point
  /// Rotation in radians (positive from +x towards +y).
  public var angle: Double
  /// The picture's scale.
  public var scale: Double
  /// Multiplies the picture's colour and alpha.
  public var color: Color

  /// Makes a particle.
  public init(cell: Int, position: Point, angle: Double, scale: Double, color: Color) {
    self.cell = cell
    self.position = position
    self.angle = angle
    self.scale = scale
    self.color = color
  }
}

/// The random values of one particle: a counter-based hash (SplitMix64's finaliser) of the
/// seed, the cell, the particle's number and which value is drawn, so each value is
/// independent of every other particle's.
struct ParticleRandom {
  enum Draw: UInt64 {
    case lifetime = 1
    case direction, velocity, spin, scale, red, green, blue, alpha
    case startU, startV, startW
  }

  let key: UInt64

  init(seed: UInt32, cell: Int, particle: Int) {
    var h = Self.mix(UInt64(seed) &+ 0x9E37_79B9_7F4A_7C15)
    h = Self.mix(h ^ UInt64(truncatingIfNeeded: cell))
    h = Self.mix(h ^ UInt64(truncatingIfNeeded: particle))
    key = h
  }

  /// A value in [0, 1).
  func unit(_ draw: Draw) -> Double {
    Double(Self.mix(key ^ (draw.rawValue &* 0xD1B5_4A32_D192_ED03)) >> 11) * 0x1p-53
  }

  /// A value in [−1, 1).
  func signed(_ draw: Draw) -> Double { 2 * unit(draw) - 1 }

  static func mix(_ value: UInt64) -> UInt64 {
    var z = value &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
