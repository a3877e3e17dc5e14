import AVFoundationCompat
import Foundation
import TestSupport
import Testing

@testable import ReelAVFoundation

@Suite("AVAudioFile, AVAudioFormat, AVAudioPCMBuffer (reading)")
struct AVAudioFileTests {
  @Test("a WAV file reads as deinterleaved float: length, formats, the samples ffmpeg decodes")
  func readWAV() throws {
    let folder = try AVTestMedia.folder()
    let url = folder.appendingPathComponent("tone.wav")
    // Left: 440 Hz sine; right: silence. 0.5 s at 44.1 kHz.
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=0.5",
      "-f", "lavfi", "-i", "anullsrc=r=44100:cl=mono", "-filter_complex",
      "[0:a][1:a]amerge=inputs=2,atrim=end_sample=22050[a]", "-map", "[a]", "-c:a", "pcm_f32le",
      url.path,
    ])
    let file = try AVAudioFile(forReading: url)
    #expect(file.length == 22050)
    #expect(file.processingFormat.isStandard && file.processingFormat.sampleRate == 44100)
    #expect(file.processingFormat.channelCount == 2 && !file.processingFormat.isInterleaved)
    #expect(file.fileFormat.commonFormat == .pcmFormatFloat32)
    let buffer = try #require(
      AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: 1000))
    try file.read(into: buffer)
    #expect(buffer.frameLength == 1000 && file.framePosition == 1000)
    let left = try #require(buffer.floatChannelData?[0])
    let right = try #require(buffer.floatChannelData?[1])
    // ffmpeg's sine source is sin(2π·440·n / 44100) at amplitude 1/8.
    var worst: Float = 0
    for n in 0..<1000 {
      let expected = Float(sin(2 * Double.pi * 440 * Double(n) / 44100) / 8)
      worst = max(worst, abs(left[n] - expected), abs(right[n]))
    }
    #expect(worst < 1e-3, "max |Δ| \(worst)")
    // Seek, then read to the end: the rest, then an empty buffer.
    file.framePosition = 22000
    try file.read(into: buffer)
    #expect(buffer.frameLength == 50)
    try file.read(into: buffer)
    #expect(buffer.frameLength == 0)
    // A smaller frame count, into a 16-bit buffer.
    let int16Format = try #require(
      AVAudioFormat(
        commonFormat: .pcmFormatInt16, sampleRate: 44100, channels: 2, interleaved: false))
    let shorts = try #require(AVAudioPCMBuffer(pcmFormat: int16Format, frameCapacity: 64))
    file.framePosition = 0
    try file.read(into: shorts, frameCount: 10)
    #expect(shorts.frameLength == 10 && shorts.floatChannelData == nil)
    let first = try #require(shorts.int16ChannelData?[0])
    #expect(
      abs(Int(first[5]) - Int((sin(2 * Double.pi * 440 * 5 / 44100) / 8 * 32767).rounded())) <= 2)
  }

  @Test("a missing file throws; interleaved buffers are refused; formats compare by value")
  func failures() throws {
    #expect(throws: (any Error).self) {
      try AVAudioFile(forReading: URL(fileURLWithPath: "/nonexistent/a.wav"))
    }
    let interleaved = try #require(
      AVAudioFormat(
        commonFormat: .pcmFormatFloat32, sampleRate: 48000, channels: 2, interleaved: true))
    #expect(AVAudioPCMBuffer(pcmFormat: interleaved, frameCapacity: 10) == nil)
    #expect(AVAudioFormat(standardFormatWithSampleRate: 48000, channels: 0) == nil)
    #expect(
      AVAudioFormat(standardFormatWithSampleRate: 48000, channels: 2)
        == AVAudioFormat(standardFormatWithSampleRate: 48000, channels: 2))
  }
}
