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

  /// Clip A: a diagonal gradient; a coral ball gliding left and right, a teal rounded
  /// square turning once every 4 s, a yellow triangle bouncing; an "A".
  static func clipA() -> LayerTree {
    let sky = Layer.gradient(
      Gradient(
        colors: [color(0x0B1D51), color(0x5B2A86), color(0xF9A03F)],
        startPoint: Point(x: 0, y: 0), endPoint: Point(x: 1, y: 1)),
      name: "sky", frame: fullFrame)
    let ball = Layer.shape(
      Path(ellipseIn: Rect(x: 0, y: 0, width: 80, height: 80)), name: "ball",
      frame: Rect(x: 40, y: 220, width: 80, height: 80), fillColor: color(0xFF6B6B)
    ).adding(
      BasicAnimation(
        .positionX, from: 80, to: 560, duration: 2, timingFunction: .easeInEaseOut,
        repeatCount: .infinity, autoreverses: true))
    let square = Layer.shape(
      Path(roundedRect: Rect(x: 0, y: 0, width: 90, height: 90), cornerRadius: 16),
      name: "square", frame: Rect(x: 425, y: 65, width: 90, height: 90),
      fillColor: color(0x2EC4B6), strokeColor: .white, lineWidth: 4
    ).adding(BasicAnimation(.rotationZ, from: 0, to: 2 * .pi, duration: 4))
    let triangle = Layer.shape(
      Path(polygon: [Point(x: 40, y: 0), Point(x: 80, y: 70), Point(x: 0, y: 70)]),
      name: "triangle", frame: Rect(x: 200, y: 60, width: 80, height: 70),
      fillColor: color(0xFFE066)
    ).adding(
      KeyframeAnimation(
        .positionY, values: [95, 190, 95], timingFunctions: [.easeIn, .easeOut], duration: 1,
        repeatCount: .infinity))
    let root = Layer.group(
      name: "clip-a", frame: fullFrame, sublayers: [sky, ball, square, triangle, label("A")])
    return LayerTree(
      root: root, renderSize: Size(width: Double(width), height: Double(height)),
      backgroundColor: .black)
  }

  /// Clip B: a clock face on dark teal whose hand ticks 30° every 0.5 s; a "B".
  static func clipB() -> LayerTree {
    let centre = Point(x: Double(width) / 2, y: Double(height) / 2)
    let face = Layer.shape(
      Path(ellipseIn: Rect(x: 0, y: 0, width: 240, height: 240)), name: "face",
      frame: Rect(x: centre.x - 120, y: centre.y - 120, width: 240, height: 240),
      fillColor: color(0xF4F1DE), strokeColor: color(0x3D405B), lineWidth: 8)
    var marks = Path()
    for hour in 0..<12 {
      let angle = Double(hour) * .pi / 6
      let inner = hour % 3 == 0 ? 84.0 : 94.0
      marks.move(to: Point(x: 120 + sin(angle) * inner, y: 120 - cos(angle) * inner))
      marks.addLine(to: Point(x: 120 + sin(angle) * 108, y: 120 - cos(angle) * 108))
    }
    let ticks = Layer.shape(
      marks, name: "marks", frame: face.frame, fillColor: nil, strokeColor: color(0x3D405B),
      lineWidth: 6)
    var hand = Layer.shape(
      Path(roundedRect: Rect(x: 0, y: 0, width: 10, height: 100), cornerRadius: 5), name: "hand",
      frame: Rect(x: 0, y: 0, width: 10, height: 100), fillColor: color(0xE07A5F))
    hand.properties.anchorPoint = Point(x: 0.5, y: 0.92)
    hand.properties.position = centre
    hand = hand.adding(
      KeyframeAnimation(
        .rotationZ, values: (0..<8).map { Double($0) * .pi / 6 }, calculationMode: .discrete,
        duration: 4))
    let pin = Layer.shape(
      Path(ellipseIn: Rect(x: 0, y: 0, width: 20, height: 20)), name: "pin",
      frame: Rect(x: centre.x - 10, y: centre.y - 10, width: 20, height: 20),
      fillColor: color(0x3D405B))
    let root = Layer.group(
      name: "clip-b", frame: fullFrame, sublayers: [face, ticks, hand, pin, label("B")])
    return LayerTree(
      root: root, renderSize: Size(width: Double(width), height: Double(height)),
      backgroundColor: color(0x0E3B43))
  }

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
