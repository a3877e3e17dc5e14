import ReelCore
import ReelMedia

extension AudioMixer {
  /// A track segment placed on the output sample grid.
  struct Piece {
    enum Kind {
      /// Nothing plays (empty segments and stills).
      case silence
      /// The source plays at its natural rate: output frame `n` is source frame
      /// `n + sourceOffset`.
      case natural(SourceKey, SourceTrack, sourceOffset: Int64)
      /// The source frames `[sourceStart, sourceEnd)` are time-stretched by `rate`
      /// (source duration / target duration) with the pitch kept.
      case stretched(SourceKey, SourceTrack, sourceStart: Int64, sourceEnd: Int64, rate: Double)
    }
    var kind: Kind
    /// The output frames the piece fills: `[outputStart, outputEnd)`.
    var outputStart: Int64
    var outputEnd: Int64
  }

  /// The running state of a time-stretched piece being played in order.
  struct StretchState {
    var pieceIndex: Int
    var tempo: AudioTempo
    /// The output frame of the first pending sample.
    var nextOutput: Int64
    /// The source frame to feed next.
    var nextSource: Int64
    /// Stretched output not yet used, from `pendingStart` (a sample index).
    var pending: [Float] = []
    var pendingStart = 0
    /// Whether the tempo changer was flushed (no more output will come).
    var finished = false
  }

  /// Renders one composition audio track: its segments on the sample grid, each read from
  /// its source (time-stretched when its rate is not 1), times the track's volume.
  ///
  /// Not Sendable: owned by one mixer.
  final class TrackMixer {
    let trackID: TrackID
    let format: AudioFormat
    let pieces: [Piece]
    private let volume: ParameterTimeline<Double>?
    /// Output frames where the volume curve changes piece (steps, ramp starts and ends):
    /// the first frame whose time is at or after each key time, sorted.
    private let volumeBreaks: [Int64]
    private var readers: ReaderCache
    private var stretch: StretchState?
    /// Scratch buffers reused between calls.
    private var trackSamples: [Float] = []
    private var readSamples: [Float] = []
    /// Source frames read beyond a stretched segment's end so that the time-stretch has
    /// enough input to fill the segment exactly (0.1 s).
    private var stretchLookahead: Int64 { Int64(format.sampleRate / 10) }

    init(
      track: CompositionTrack, parameters: AudioMixInputParameters?, format: AudioFormat,
      damageLog: DamageLog?
    ) {
      trackID = track.id
      self.format = format
      readers = ReaderCache(format: format, damageLog: damageLog)
      let rate = Int32(format.sampleRate)
      var pieces: [Piece] = []
      for segment in track.segments {
        guard let start = AudioMixer.frame(at: segment.targetTimeRange.start, sampleRate: rate),
          let end = AudioMixer.frame(at: segment.targetTimeRange.end, sampleRate: rate),
          end > start
        else { continue }
        var kind = Piece.Kind.silence
        if case .track(let source) = segment.source {
          let key = SourceKey(path: source.path, trackIndex: source.track.index)
          if segment.sourceTimeRange.duration == segment.targetTimeRange.duration {
            let offset = segment.sourceTimeRange.start - segment.targetTimeRange.start
            if let frames = AudioMixer.frame(at: offset, sampleRate: rate) {
              kind = .natural(key, source, sourceOffset: frames)
            }
          } else if let sourceStart = AudioMixer.frame(
            at: segment.sourceTimeRange.start, sampleRate: rate),
            let sourceEnd = AudioMixer.frame(at: segment.sourceTimeRange.end, sampleRate: rate),
            sourceEnd > sourceStart
          {
            kind = .stretched(
              key, source, sourceStart: sourceStart, sourceEnd: sourceEnd,
              rate: Double(sourceEnd - sourceStart) / Double(end - start))
          }
        }
        pieces.append(Piece(kind: kind, outputStart: start, outputEnd: end))
      }
      self.pieces = pieces
      volume = parameters?.volumeTimeline
      var breaks: Set<Int64> = []
      for ramp in parameters?.volumeTimeline.ramps ?? [] {
        for time in [ramp.timeRange.start, ramp.timeRange.end] where time.isNumeric {
          let frame = time.converted(toTimescale: rate, rounding: .towardPositiveInfinity)
          if frame.isNumeric { breaks.insert(frame.value) }
        }
      }
      volumeBreaks = breaks.sorted()
    }

    /// Total seeks made by this track's open readers (for tests).
    var seekCount: Int { readers.seekCount }

    /// Adds the track's output frames `[start, start + count)` to `mix` (interleaved).
    func add(start: Int64, count: Int, into mix: inout [Float]) throws(MediaError) {
      let channels = format.channelCount
      let end = start + Int64(count)
      guard var index = firstPiece(endingAfter: start), pieces[index].outputStart < end else {
        return
      }
      trackSamples.removeAll(keepingCapacity: true)
      trackSamples.append(contentsOf: repeatElement(0, count: count * channels))
      var position = max(start, pieces[index].outputStart)
      var wrote = false
      while position < end, index < pieces.count {
        let piece = pieces[index]
        let upTo = min(end, piece.outputEnd)
        let offset = Int(position - start)
        let frames = Int(upTo - position)
        switch piece.kind {
        case .silence:
          break
        case .natural(let key, let source, let sourceOffset):
          let reader = try readers.reader(for: key, source: source)
          _ = try reader.read(
            from: position + sourceOffset, count: frames, into: &trackSamples, at: offset)
          wrote = true
        case .stretched(let key, let source, let sourceStart, let sourceEnd, let rate):
          try renderStretched(
            pieceIndex: index, key: key, track: source, source: sourceStart..<sourceEnd,
            rate: rate, from: position, count: frames, at: offset)
          wrote = true
        }
        position = upTo
        index += 1
      }
      guard wrote else { return }
      applyVolume(start: start, count: count, into: &mix)
    }

    /// The index of the first piece whose end is after `frame`, or nil.
    private func firstPiece(endingAfter frame: Int64) -> Int? {
      var low = 0
      var high = pieces.count
      while low < high {
        let middle = (low + high) / 2
        if pieces[middle].outputEnd <= frame { low = middle + 1 } else { high = middle }
      }
      return low < pieces.count ? low : nil
    }

    /// Fills output frames `[from, from + count)` of a stretched piece into `trackSamples`
    /// at frame `offset`, continuing the running time-stretch when the frames follow the
    /// last ones, restarting it at the matching source position otherwise. The stretched
    /// output is cut (or padded with silence) so the piece fills exactly its frames.
    private func renderStretched(
      pieceIndex: Int, key: SourceKey, track: SourceTrack, source: Range<Int64>, rate: Double,
      from: Int64, count: Int, at offset: Int
    ) throws(MediaError) {
      let channels = format.channelCount
      let reader = try readers.reader(for: key, source: track)
      var state: StretchState
      if let current = stretch, current.pieceIndex == pieceIndex, current.nextOutput == from {
        state = current
      } else {
        let elapsed = Double(from - pieces[pieceIndex].outputStart) * rate
        state = StretchState(
          pieceIndex: pieceIndex,
          tempo: try AudioTempo(factor: rate, format: format, context: key.path),
          nextOutput: from, nextSource: source.lowerBound + Int64(elapsed.rounded()))
      }
      stretch = nil
      let feedLimit = source.upperBound + stretchLookahead
      let block = 4_096
      while (state.pending.count - state.pendingStart) / channels < count, !state.finished {
        let wanted = Int(min(Int64(block), feedLimit - state.nextSource))
        if wanted <= 0 {
          try state.tempo.flush(appendingTo: &state.pending)
          state.finished = true
          break
        }
        readSamples.removeAll(keepingCapacity: true)
        readSamples.append(contentsOf: repeatElement(0, count: wanted * channels))
        // Past the file's end the zeroed samples stand in: silence, which also lets the
        // filter hand out the last real samples instead of dropping its final window.
        _ = try reader.read(from: state.nextSource, count: wanted, into: &readSamples, at: 0)
        try readSamples.withUnsafeBufferPointer { (samples) throws(MediaError) in
          try state.tempo.process(samples, appendingTo: &state.pending)
        }
        state.nextSource += Int64(wanted)
      }
      let available = min(count, (state.pending.count - state.pendingStart) / channels)
      if available > 0 {
        let first = state.pendingStart
        state.pending.withUnsafeBufferPointer { source in
          trackSamples.withUnsafeMutableBufferPointer { target in
            guard let from = source.baseAddress, let to = target.baseAddress else { return }
            (to + offset * channels).update(from: from + first, count: available * channels)
          }
        }
        state.pendingStart += available * channels
      }
      if state.pendingStart > 65_536 {
        state.pending.removeSubrange(0..<state.pendingStart)
        state.pendingStart = 0
      }
      state.nextOutput = from + Int64(count)
      if state.nextOutput < pieces[pieceIndex].outputEnd { stretch = state }
    }

    /// Adds `trackSamples` times the track's volume to `mix`. The volume is linear between
    /// consecutive break frames, so it is evaluated exactly at each run's first and last
    /// frame and interpolated in between (clamped at 0 per sample, as the model does).
    private func applyVolume(start: Int64, count: Int, into mix: inout [Float]) {
      let channels = format.channelCount
      guard let volume else {
        mix.withUnsafeMutableBufferPointer { target in
          trackSamples.withUnsafeBufferPointer { source in
            for index in 0..<(count * channels) { target[index] += source[index] }
          }
        }
        return
      }
      let end = start + Int64(count)
      let rate = Int32(format.sampleRate)
      func gain(at frame: Int64) -> Double {
        volume.value(at: Time(value: frame, timescale: rate)) ?? 1
      }
      var runStart = start
      var breakIndex = volumeBreaks.firstIndex { $0 > start } ?? volumeBreaks.count
      mix.withUnsafeMutableBufferPointer { target in
        trackSamples.withUnsafeBufferPointer { source in
          while runStart < end {
            let runEnd = breakIndex < volumeBreaks.count ? min(end, volumeBreaks[breakIndex]) : end
            breakIndex += 1
            guard runEnd > runStart else { continue }
            let first = gain(at: runStart)
            let last = runEnd - 1 > runStart ? gain(at: runEnd - 1) : first
            let span = Double(max(1, runEnd - 1 - runStart))
            let slope = (last - first) / span
            for frame in runStart..<runEnd {
              let value = Float(max(0, first + slope * Double(frame - runStart)))
              let base = Int(frame - start) * channels
              for channel in 0..<channels {
                target[base + channel] += source[base + channel] * value
              }
            }
            runStart = runEnd
          }
        }
      }
    }
  }
}
