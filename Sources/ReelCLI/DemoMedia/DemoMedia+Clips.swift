import Foundation
import Reel

extension DemoMedia {
  static var fullFrame: Rect {
    Rect(x: 0, y: 0, width: Double(width), height: Double(height))
  }

  /// A colour from `0xRRGGBB`.
  static func color(_ rgb: Int, alpha: Double = 1) -> Color {
    Color(
      red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255,
      blue: Double(rgb & 0xFF) / 255, alpha: alpha)
  }

  /// A big letter in the top-left corner, to tell the clips apart.
  private static func label(_ letter: String) -> Layer {
    Layer.text(
      StyledText(letter),
      style: TextStyle(
        fontSize: 96, weight: 700, color: .white, strokeColor: color(0x000000, alpha: 0.6),
        strokeWidth: 6),
      name: "label", frame: Rect(x: 24, y: 8, width: 120, height: 130))
  }

  /// Clip A: a diagonal gradient; a coral ball gliding left and right (2 s
  /// each way, eased), a teal rounded square turning once in 4 s, a yellow triangle
  /// bouncing once a second; an "A".
  ///
  /// Moving shapes are placed on whole pixels and turned by rotating their paths, so each
  /// frame is drawn by the shape renderer and composited without resampling.
  static let clipA = DemoClip(
    backdrop: tree(
      [
        Layer.gradient(
          Gradient(
            colors: [color(0x0B1D51), color(0x5B2A86), color(0xF9A03F)],
            startPoint: Point(x: 0, y: 0), endPoint: Point(x: 1, y: 1)),
          name: "sky", frame: fullFrame),
        label("A"),
      ], background: .black),
    scene: clipAShapes(at:))

  private static func clipAShapes(at seconds: Double) -> LayerTree {
    // Eased there and back: 2 s each way.
    let leg = seconds.truncatingRemainder(dividingBy: 4) / 2
    let along = leg <= 1 ? easeInOut(leg) : 1 - easeInOut(leg - 1)
    let ballX = (40 + along * 480).rounded()
    let ball = Layer.shape(
      Path(ellipseIn: Rect(x: 0, y: 0, width: 80, height: 80)), name: "ball",
      frame: Rect(x: ballX, y: 220, width: 80, height: 80), fillColor: color(0xFF6B6B))
    let turn = 2 * .pi * seconds / 4
    let corners = [(-45.0, -45.0), (45, -45), (45, 45), (-45, 45)].map { x, y in
      Point(x: 64 + x * cos(turn) - y * sin(turn), y: 64 + x * sin(turn) + y * cos(turn))
    }
    let square = Layer.shape(
      Path(polygon: corners), name: "square", frame: Rect(x: 406, y: 46, width: 128, height: 128),
      fillColor: color(0x2EC4B6), strokeColor: .white, lineWidth: 4,
      strokeStyle: StrokeStyle(join: .round))
    // A bounce: down in the first half second, up in the second.
    let bounce = seconds.truncatingRemainder(dividingBy: 1) * 2
    let drop = bounce <= 1 ? bounce * bounce : (2 - bounce) * (2 - bounce)
    let triangle = Layer.shape(
      Path(polygon: [Point(x: 40, y: 0), Point(x: 80, y: 70), Point(x: 0, y: 70)]),
      name: "triangle", frame: Rect(x: 200, y: (60 + drop * 95).rounded(), width: 80, height: 70),
      fillColor: color(0xFFE066))
    return tree([ball, square, triangle])
  }

  /// Clip B: a clock face on dark teal whose hand ticks 30° every 0.5 s; a "B".
  static let clipB = DemoClip(backdrop: clipBFace(), scene: clipBHand(at:))

  private static let centre = Point(x: Double(width) / 2, y: Double(height) / 2)
  private static let faceFrame = Rect(
    x: centre.x - 120, y: centre.y - 120, width: 240, height: 240)

  private static func clipBFace() -> LayerTree {
    let face = Layer.shape(
      Path(ellipseIn: Rect(x: 0, y: 0, width: 240, height: 240)), name: "face",
      frame: faceFrame, fillColor: color(0xF4F1DE), strokeColor: color(0x3D405B), lineWidth: 8)
    var marks = Path()
    for hour in 0..<12 {
      let angle = Double(hour) * .pi / 6
      let inner = hour % 3 == 0 ? 84.0 : 94.0
      marks.move(to: Point(x: 120 + sin(angle) * inner, y: 120 - cos(angle) * inner))
      marks.addLine(to: Point(x: 120 + sin(angle) * 108, y: 120 - cos(angle) * 108))
    }
    let ticks = Layer.shape(
      marks, name: "marks", frame: faceFrame, fillColor: nil, strokeColor: color(0x3D405B),
      lineWidth: 6)
    return tree([face, ticks, label("B")], background: color(0x0E3B43))
  }

  private static func clipBHand(at seconds: Double) -> LayerTree {
    // The hand: 30° clockwise per tick, a tick every half second.
    let angle = (seconds * 2).rounded(.down) * .pi / 6
    var hand = Path()
    hand.move(to: Point(x: 120 - sin(angle) * 12, y: 120 + cos(angle) * 12))
    hand.addLine(to: Point(x: 120 + sin(angle) * 92, y: 120 - cos(angle) * 92))
    let handLayer = Layer.shape(
      hand, name: "hand", frame: faceFrame, fillColor: nil, strokeColor: color(0xE07A5F),
      lineWidth: 10, strokeStyle: StrokeStyle(cap: .round))
    let pin = Layer.shape(
      Path(ellipseIn: Rect(x: 0, y: 0, width: 20, height: 20)), name: "pin",
      frame: Rect(x: centre.x - 10, y: centre.y - 10, width: 20, height: 20),
      fillColor: color(0x3D405B))
    return tree([handLayer, pin])
  }

  /// A clip-sized tree of `layers`.
  private static func tree(_ layers: [Layer], background: Color? = nil) -> LayerTree {
    LayerTree(
      root: Layer.group(frame: fullFrame, sublayers: layers),
      renderSize: Size(width: Double(width), height: Double(height)), backgroundColor: background)
  }

  /// Smoothstep easing of `x` in 0…1.
  private static func easeInOut(_ x: Double) -> Double { x * x * (3 - 2 * x) }

  /// Clip A's sound: a steady 440 Hz tone at −12 dBFS with 0.1 s fades.
  static func toneA() -> AudioBuffer {
    tone(frequency: 440) { _ in 1 }
  }

  /// Clip B's sound: a 660 Hz tone that ticks, loud at each half second and decaying.
  static func toneB() -> AudioBuffer {
    tone(frequency: 660) { seconds in
      let sinceTick = seconds.truncatingRemainder(dividingBy: 0.5)
      return 0.25 + 0.75 * exp(-10 * sinceTick)
    }
  }

  /// A stereo 48 kHz sine as long as a clip, shaped by `envelope` (seconds → 0…1) and
  /// 0.1 s fades at both ends.
  private static func tone(frequency: Double, envelope: (Double) -> Double) -> AudioBuffer {
    let format = AudioFormat.standard
    let rate = Double(format.sampleRate)
    let count = Int(Double(frameCount) * frameDuration.seconds * rate)
    let fade = 0.1 * rate
    var samples = [Float](repeating: 0, count: count * format.channelCount)
    for index in 0..<count {
      let seconds = Double(index) / rate
      let edges = min(1, Double(index) / fade, Double(count - index) / fade)
      let value = Float(0.25 * edges * envelope(seconds) * sin(2 * .pi * frequency * seconds))
      for channel in 0..<format.channelCount {
        samples[index * format.channelCount + channel] = value
      }
    }
    return AudioBuffer(format: format, samples: samples)
  }
}

/// A demo clip: a still backdrop drawn once, and the moving layers drawn over it each frame.
struct DemoClip: Sendable {
  /// What does not move (drawn once).
  let backdrop: LayerTree
  /// The moving layers at a time in seconds (on transparency).
  let scene: @Sendable (Double) -> LayerTree
}
