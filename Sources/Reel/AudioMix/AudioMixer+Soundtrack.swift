import ReelCore
import ReelMedia

extension AudioMixer {
  /// Renders a ``Soundtrack`` on the output sample grid: output frame `n` (while the
  /// soundtrack plays) is file frame `trimStart + n mod loopLength`, with `trimStart` and
  /// the loop's length rounded to whole frames once, so every repetition is sample-identical
  /// and loops butt without a dropped or doubled sample. The gain (volume × linear fades)
  /// is evaluated per sample.
  ///
  /// Not Sendable: owned by one mixer.
  final class SoundtrackMixer {
    let soundtrack: Soundtrack
    let format: AudioFormat
    /// The file frame where the trimmed part starts.
    private let trimStart: Int64
    /// The trimmed part's length in frames (> 0).
    private let loopLength: Int64
    /// The output frame where the soundtrack stops.
    private let playEnd: Int64
    private let fadeIn: Double
    private let fadeOut: Double
    private let playSeconds: Double
    private var reader: SourceReader?
    /// Where the reader reports damage; nil for nowhere.
    private let damageLog: DamageLog?
    private var samples: [Float] = []

    /// Places `soundtrack` under a composition of `compositionDuration` seconds; nil when
    /// it never sounds (empty or non-numeric trim range, zero-length composition).
    init?(
      soundtrack: Soundtrack, compositionDuration: Time, format: AudioFormat,
      damageLog: DamageLog?
    ) {
      let rate = Int32(format.sampleRate)
      guard
        let trimStart = AudioMixer.frame(at: soundtrack.trimRange.start, sampleRate: rate),
        let trimEnd = AudioMixer.frame(at: soundtrack.trimRange.end, sampleRate: rate),
        trimEnd > trimStart, trimStart >= 0
      else { return nil }
      let playDuration = soundtrack.playDuration(compositionDuration: compositionDuration)
      guard var playEnd = AudioMixer.frame(at: playDuration, sampleRate: rate), playEnd > 0
      else { return nil }
      if !soundtrack.loops { playEnd = min(playEnd, trimEnd - trimStart) }
      self.soundtrack = soundtrack
      self.damageLog = damageLog
      self.format = format
      self.trimStart = trimStart
      self.loopLength = trimEnd - trimStart
      self.playEnd = playEnd
      fadeIn = soundtrack.fadeInDuration.isNumeric ? soundtrack.fadeInDuration.seconds : 0
      fadeOut = soundtrack.fadeOutDuration.isNumeric ? soundtrack.fadeOutDuration.seconds : 0
      playSeconds = playDuration.seconds
    }

    /// Adds output frames `[start, start + count)` of the soundtrack to `mix`, lowered by
    /// `ducking` when given.
    func add(start: Int64, count: Int, ducking: AudioDucking.Curve?, into mix: inout [Float])
      throws(MediaError)
    {
      let channels = format.channelCount
      let first = max(start, 0)
      let end = min(start + Int64(count), playEnd)
      guard first < end else { return }
      let reader = try openReader()
      samples.removeAll(keepingCapacity: true)
      samples.append(contentsOf: repeatElement(0, count: Int(end - first) * channels))
      var position = first
      while position < end {
        let within = position % loopLength
        let run = min(end - position, loopLength - within)
        _ = try reader.read(
          from: trimStart + within, count: Int(run), into: &samples, at: Int(position - first))
        position += run
      }
      let rate = Double(format.sampleRate)
      let volume = soundtrack.volume
      let (fadeIn, fadeOut, playSeconds) = (self.fadeIn, self.fadeOut, self.playSeconds)
      mix.withUnsafeMutableBufferPointer { target in
        samples.withUnsafeBufferPointer { source in
          for frame in first..<end {
            let time = Double(frame) / rate
            var gain = volume
            if fadeIn > 0, time < fadeIn { gain *= time / fadeIn }
            let remaining = playSeconds - time
            if fadeOut > 0, remaining < fadeOut { gain *= remaining / fadeOut }
            var value = Float(max(0, gain))
            if let ducking { value *= ducking.gain(atFrame: frame) }
            let from = Int(frame - first) * channels
            let to = Int(frame - start) * channels
            for channel in 0..<channels { target[to + channel] += source[from + channel] * value }
          }
        }
      }
    }

    private func openReader() throws(MediaError) -> SourceReader {
      if let reader { return reader }
      let opened = try SourceReader(
        asset: soundtrack.asset(), track: nil, format: format, damageLog: damageLog)
      reader = opened
      return opened
    }
  }
}
