import Foundation
import ReelCore
import ReelMedia

extension AudioMixer {
  /// The soundtrack's ducking on this mixer's sample grid: explicit ranges as they are,
  /// the sidechain's ranges found by ``clipAudioRanges(threshold:hold:)`` (one pass over
  /// the clips' audio, on first use).
  func makeDuckingCurve(_ ducking: AudioDucking) throws(AudioMixerError) -> AudioDucking.Curve {
    let rate = Int32(format.sampleRate)
    let ranges: [Range<Int64>]
    switch ducking.trigger {
    case .ranges(let times):
      ranges = times.compactMap { range in
        guard let start = AudioMixer.frame(at: range.start, sampleRate: rate),
          let end = AudioMixer.frame(at: range.end, sampleRate: rate), end > start
        else { return nil }
        return start..<end
      }
    case .clipAudio(let threshold, let hold):
      ranges = try clipAudioRanges(threshold: threshold, hold: hold)
    }
    return AudioDucking.Curve(ducking: ducking, ranges: ranges, sampleRate: rate)
  }

  /// Where the composition's own audio tracks, mixed at their volumes, have an RMS level
  /// of at least `threshold` dBFS per block of ``AudioDucking/blockDuration`` (mean square
  /// over every channel; a full-scale square wave is 0 dBFS), as frame ranges with gaps
  /// shorter than `hold` filled. Reads the sources with readers of its own, from the
  /// composition's start to its end.
  func clipAudioRanges(threshold: Double, hold: Time) throws(AudioMixerError) -> [Range<Int64>] {
    let rate = Int32(format.sampleRate)
    let channels = format.channelCount
    let block = max(1, Int(AudioMixer.frame(at: AudioDucking.blockDuration, sampleRate: rate) ?? 1))
    let holdFrames = AudioMixer.frame(at: hold, sampleRate: rate) ?? 0
    let floor = pow(10, threshold / 10)
    // Readers of its own: the mix's readers stay where the mix needs them.
    let tracks = composition.audioTracks.map {
      TrackMixer(
        track: $0, parameters: audioMix.parameters(for: $0.id), format: format, damageLog: nil)
    }
    var ranges: [Range<Int64>] = []
    var samples: [Float] = []
    let run = Int64(block * 50)
    var start: Int64 = 0
    while start < frameCount {
      let count = Int(min(run, frameCount - start))
      samples.removeAll(keepingCapacity: true)
      samples.append(contentsOf: repeatElement(0, count: count * channels))
      for track in tracks {
        do {
          try track.add(start: start, count: count, into: &samples)
        } catch {
          throw .sourceFailed(track: track.trackID, error: error)
        }
      }
      var blockStart = 0
      while blockStart < count {
        let blockEnd = min(count, blockStart + block)
        var sum = 0.0
        for index in (blockStart * channels)..<(blockEnd * channels) {
          let value = Double(samples[index])
          sum += value * value
        }
        let meanSquare = sum / Double((blockEnd - blockStart) * channels)
        if meanSquare >= floor {
          let range = (start + Int64(blockStart))..<(start + Int64(blockEnd))
          if let last = ranges.last, range.lowerBound - last.upperBound < holdFrames {
            ranges[ranges.count - 1] = last.lowerBound..<range.upperBound
          } else {
            ranges.append(range)
          }
        }
        blockStart = blockEnd
      }
      start += Int64(count)
    }
    return ranges
  }
}
