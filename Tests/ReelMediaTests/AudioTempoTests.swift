import Foundation
import ReelMedia
import Testing

/// Stretches computed sine tones through `AudioTempo` and checks the maths: the pitch
/// stays, the length scales by 1 / factor, the level stays.
@Suite struct AudioTempoTests {
  /// `seconds` of a stereo sine at `frequency` Hz and `amplitude`, 48 kHz interleaved.
  static func sine(frequency: Double, seconds: Double, amplitude: Float = 0.5) -> [Float] {
    let count = Int(seconds * 48_000)
    var samples = [Float](repeating: 0, count: count * 2)
    for index in 0..<count {
      let value = amplitude * Float(sin(2 * Double.pi * frequency * Double(index) / 48_000))
      samples[2 * index] = value
      samples[2 * index + 1] = value
    }
    return samples
  }

  /// Streams `input` through a tempo changer in blocks of 1000 frames, then flushes.
  static func stretch(_ input: [Float], factor: Double) throws -> [Float] {
    let tempo = try AudioTempo(factor: factor)
    var output: [Float] = []
    var start = 0
    while start < input.count {
      let end = min(input.count, start + 2_000)
      output += try tempo.process(Array(input[start..<end]))
      start = end
    }
    output += try tempo.flush()
    return output
  }

  /// Frequency from the rising zero crossings of the left channel, interpolated.
  static func frequency(_ interleaved: [Float]) -> Double {
    let left = stride(from: 0, to: interleaved.count, by: 2).map { Double(interleaved[$0]) }
    var crossings: [Double] = []
    for index in 1..<left.count where left[index - 1] < 0 && left[index] >= 0 {
      let fraction = -left[index - 1] / (left[index] - left[index - 1])
      crossings.append(Double(index - 1) + fraction)
    }
    guard let first = crossings.first, let last = crossings.last, crossings.count > 1 else {
      return 0
    }
    return Double(crossings.count - 1) * 48_000 / (last - first)
  }

  static func rms(_ values: ArraySlice<Float>) -> Double {
    (values.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(values.count, 1)))
      .squareRoot()
  }

  @Test(arguments: [2.0, 0.5, 0.25, 3.0])
  func tempoKeepsPitchAndLevelAndScalesLength(factor: Double) throws {
    let input = Self.sine(frequency: 440, seconds: 1)
    let output = try Self.stretch(input, factor: factor)
    let frames = output.count / 2
    let expected = 48_000 / factor
    // Within one analysis window (≈ 60 ms of input) per instance of input / factor.
    let stages = factor < 0.5 ? 2.0 : 1.0
    #expect(
      abs(Double(frames) - expected) < stages * 3_000 / factor,
      "\(frames) frames, expected ≈ \(expected)")
    // Middle part: away from the filter's edges.
    let middle = Array(output[(output.count / 4 / 2 * 2)..<(output.count * 3 / 4 / 2 * 2)])
    #expect(abs(Self.frequency(middle) - 440) < 2, "frequency \(Self.frequency(middle))")
    let level = Self.rms(middle[...])
    let expectedLevel = 0.5 / 2.0.squareRoot()
    #expect(abs(20 * log10(level / expectedLevel)) < 1, "level \(level)")
  }

  @Test func chainsInstancesOutsideOneFiltersRange() throws {
    let tempo = try AudioTempo(factor: 0.125)
    #expect(tempo.factor == 0.125)
    let output = try tempo.process(Self.sine(frequency: 440, seconds: 0.25)) + tempo.flush()
    // 0.25 s at 1/8 speed ≈ 2 s, within a window (≈ 60 ms of input) per stage (three).
    #expect(abs(output.count / 2 - 96_000) < 3 * 3_000 * 8)
  }

  @Test func rejectsBadFactorsAndPartialFrames() throws {
    #expect(throws: MediaError.self) { try AudioTempo(factor: 0, context: "x.wav") }
    #expect(throws: MediaError.self) { try AudioTempo(factor: .nan) }
    let tempo = try AudioTempo(factor: 2, context: "x.wav")
    #expect(
      throws: MediaError.invalidArgument(
        path: "x.wav", reason: "3 samples is not a whole number of 2-channel frames")
    ) { try tempo.process([0, 0, 0]) }
    _ = try tempo.flush()
    #expect(try tempo.flush().isEmpty)
    #expect(throws: MediaError.self) { try tempo.process([0, 0]) }
  }

  @Test func unityFactorPassesSamplesThroughUnchanged() throws {
    let input = Self.sine(frequency: 1_000, seconds: 0.2)
    let output = try Self.stretch(input, factor: 1)
    #expect(output.count == input.count)
    #expect(output == input)
  }
}
