internal import ReelMedia

// AudioToolbox's extended audio file API, as thin functions over ``AVAudioFile``: reading
// any audio FFmpeg decodes, converted to a linear-PCM client format (rate and channel
// changes included); writing AAC (`.m4a`) or linear PCM (`.wav`) from a linear-PCM client
// format at the file's rate. Client buffers are interleaved (one `AudioBuffer`), as the
// `AudioBufferList` Reel defines holds one buffer.

/// A file type, as AudioToolbox's `AudioFileTypeID`.
public typealias AudioFileTypeID = UInt32
/// A property of an extended audio file, as AudioToolbox's `ExtAudioFilePropertyID`.
public typealias ExtAudioFilePropertyID = UInt32

/// MPEG-4 audio ('m4af').
public let kAudioFileM4AType: AudioFileTypeID = 0x6D34_6166
/// RIFF WAVE ('WAVE').
public let kAudioFileWAVEType: AudioFileTypeID = 0x5741_5645
/// Core Audio Format ('caff'): not written by Reel (``ExtAudioFileCreateWithURL`` returns
/// `kAudioFileUnsupportedFileTypeError`).
public let kAudioFileCAFType: AudioFileTypeID = 0x6361_6666

/// The file's own format ('ffmt'): an `AudioStreamBasicDescription`, read-only.
public let kExtAudioFileProperty_FileDataFormat: ExtAudioFilePropertyID = 0x6666_6D74
/// The format the caller reads and writes ('cfmt'): an `AudioStreamBasicDescription`.
public let kExtAudioFileProperty_ClientDataFormat: ExtAudioFilePropertyID = 0x6366_6D74
/// The file's length in sample frames ('#frm'): an `Int64`, read-only.
public let kExtAudioFileProperty_FileLengthFrames: ExtAudioFilePropertyID = 0x2366_726D

/// Apple's `kExtAudioFileError_InvalidProperty`.
public let kExtAudioFileError_InvalidProperty: OSStatus = -66561
/// Apple's `kExtAudioFileError_InvalidPropertySize`.
public let kExtAudioFileError_InvalidPropertySize: OSStatus = -66562
/// Apple's `kExtAudioFileError_NonPCMClientFormat`.
public let kExtAudioFileError_NonPCMClientFormat: OSStatus = -66563
/// Apple's `kExtAudioFileError_InvalidOperationOrder`.
public let kExtAudioFileError_InvalidOperationOrder: OSStatus = -66565
/// Apple's `kExtAudioFileError_InvalidDataFormat`.
public let kExtAudioFileError_InvalidDataFormat: OSStatus = -66566
/// Apple's `kExtAudioFileError_InvalidSeek`.
public let kExtAudioFileError_InvalidSeek: OSStatus = -66568
/// Apple's `kAudioFileUnsupportedFileTypeError` ('typ?').
public let kAudioFileUnsupportedFileTypeError: OSStatus = 0x7479_703F
/// Apple's `kAudioFileUnsupportedDataFormatError` ('fmt?').
public let kAudioFileUnsupportedDataFormatError: OSStatus = 0x666D_743F
/// Apple's `kAudioFileInvalidFileError` ('dta?').
public let kAudioFileInvalidFileError: OSStatus = 0x6474_613F
/// Apple's `kAudioFileUnspecifiedError` ('wht?').
public let kAudioFileUnspecifiedError: OSStatus = 0x7768_743F
/// Apple's `kAudioFilePermissionsError` ('prm?').
public let kAudioFilePermissionsError: OSStatus = 0x7072_6D3F
/// Apple's `kAudio_FileNotFoundError` (-43).
public let kAudio_FileNotFoundError: OSStatus = -43
/// Apple's `kAudio_ParamError` (-50).
public let kAudio_ParamError: OSStatus = -50

/// Flags for creating a file, as AudioToolbox's `AudioFileFlags`.
public struct AudioFileFlags: OptionSet, Sendable {
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }
  /// Replace an existing file (without it, creating over a file fails).
  public static let eraseFile = AudioFileFlags(rawValue: 1)
  /// Accepted; Reel's files have no page alignment.
  public static let dontPageAlignAudioData = AudioFileFlags(rawValue: 2)
}

/// An open extended audio file, as AudioToolbox's `ExtAudioFileRef`.
public typealias ExtAudioFileRef = OpaqueExtAudioFile

/// The object behind an ``ExtAudioFileRef``.
public final class OpaqueExtAudioFile: @unchecked Sendable {
  // Thread rule: like Apple's, one file is used from one thread at a time.
  let url: URL
  var file: AVAudioFile
  /// The file's format, as Apple's structure.
  let fileDataFormat: AudioStreamBasicDescription
  /// The caller's format; the file's until set.
  var clientDataFormat: AudioStreamBasicDescription
  let isWriting: Bool

  init(url: URL, file: AVAudioFile, fileDataFormat: AudioStreamBasicDescription, isWriting: Bool) {
    self.url = url
    self.file = file
    self.fileDataFormat = fileDataFormat
    clientDataFormat = fileDataFormat
    self.isWriting = isWriting
  }
}

/// Logs why an ExtAudioFile call failed (Apple's functions only return a code) and returns
/// `status`.
private func failed(_ status: OSStatus, _ function: String, _ message: String) -> OSStatus {
  CompatWarnings.warnOnce(key: "\(function)|\(message)", "\(function): \(message)")
  return status
}

/// Interleaved linear PCM as Reel converts it: 32-bit float, 16- or 32-bit signed integer,
/// native (little) endian, packed, one interleaved buffer.
private struct ClientSampleLayout {
  let isFloat: Bool
  let bytesPerSample: Int
  let channels: Int

  init?(_ format: AudioStreamBasicDescription) {
    guard format.mFormatID == kAudioFormatLinearPCM,
      format.mFormatFlags & kAudioFormatFlagIsBigEndian == 0,
      format.mFormatFlags & kAudioFormatFlagIsNonInterleaved == 0 || format.mChannelsPerFrame == 1,
      format.mChannelsPerFrame >= 1, format.mChannelsPerFrame <= 8,
      format.mSampleRate >= 1, format.mSampleRate <= 384_000
    else { return nil }
    let float = format.mFormatFlags & kAudioFormatFlagIsFloat != 0
    switch (float, format.mBitsPerChannel) {
    case (true, 32), (false, 16), (false, 32): break
    default: return nil
    }
    guard format.mBytesPerFrame == format.mChannelsPerFrame * format.mBitsPerChannel / 8 else {
      return nil
    }
    isFloat = float
    bytesPerSample = Int(format.mBitsPerChannel / 8)
    channels = Int(format.mChannelsPerFrame)
  }

  /// Sample `index` of `bytes` as a float (integers scaled to −1…1).
  func sample(_ bytes: UnsafeRawPointer, _ index: Int) -> Float {
    if isFloat { return bytes.loadUnaligned(fromByteOffset: index * 4, as: Float.self) }
    if bytesPerSample == 2 {
      return Float(bytes.loadUnaligned(fromByteOffset: index * 2, as: Int16.self)) / 32767
    }
    return Float(
      Double(bytes.loadUnaligned(fromByteOffset: index * 4, as: Int32.self)) / 2_147_483_647)
  }

  /// Stores `value` as sample `index` of `bytes` (integers rounded and clamped).
  func store(_ value: Float, _ bytes: UnsafeMutableRawPointer, _ index: Int) {
    if isFloat {
      bytes.storeBytes(of: value, toByteOffset: index * 4, as: Float.self)
      return
    }
    let clamped = value.isNaN ? 0 : Double(max(-1, min(1, value)))
    if bytesPerSample == 2 {
      bytes.storeBytes(
        of: Int16((clamped * 32767).rounded()), toByteOffset: index * 2, as: Int16.self)
    } else {
      bytes.storeBytes(
        of: Int32((clamped * 2_147_483_647).rounded()), toByteOffset: index * 4, as: Int32.self)
    }
  }
}

/// Apple's description of interleaved 32-bit float PCM at `rate` with `channels`.
private func floatDescription(rate: Double, channels: Int) -> AudioStreamBasicDescription {
  AudioStreamBasicDescription(
    mSampleRate: rate, mFormatID: kAudioFormatLinearPCM,
    mFormatFlags: kAudioFormatFlagIsFloat | kAudioFormatFlagIsPacked,
    mBytesPerPacket: UInt32(4 * channels), mFramesPerPacket: 1,
    mBytesPerFrame: UInt32(4 * channels), mChannelsPerFrame: UInt32(channels),
    mBitsPerChannel: 32, mReserved: 0)
}

/// Opens an audio file for reading, as AudioToolbox's `ExtAudioFileOpenURL`. The file data
/// format Reel reports is interleaved 32-bit float at the file's rate and channel count
/// (Reel decodes every codec to float).
///
/// - Returns: `noErr`; `kAudio_FileNotFoundError` for a missing file;
///   `kAudioFileUnsupportedFileTypeError` for a file without audio FFmpeg reads.
public func ExtAudioFileOpenURL(
  _ inURL: CFURL, _ outExtAudioFile: UnsafeMutablePointer<ExtAudioFileRef?>
) -> OSStatus {
  let url = inURL as URL
  guard FileManager.default.fileExists(atPath: url.path) else {
    return failed(kAudio_FileNotFoundError, "ExtAudioFileOpenURL", "\(url.path) does not exist")
  }
  do {
    let file = try AVAudioFile(forReading: url)
    let format = floatDescription(
      rate: file.fileFormat.sampleRate, channels: Int(file.fileFormat.channelCount))
    outExtAudioFile.pointee = OpaqueExtAudioFile(
      url: url, file: file, fileDataFormat: format, isWriting: false)
    return noErr
  } catch {
    return failed(kAudioFileUnsupportedFileTypeError, "ExtAudioFileOpenURL", "\(error)")
  }
}

/// Creates an audio file for writing, as AudioToolbox's `ExtAudioFileCreateWithURL`:
/// `kAudioFileM4AType` with `kAudioFormatMPEG4AAC`, or `kAudioFileWAVEType` with linear PCM
/// (16/24/32-bit integer or 32/64-bit float, little-endian). The file appears at its URL
/// when ``ExtAudioFileDispose(_:)`` is called.
///
/// - Parameters:
///   - inChannelLayout: Must be nil (Reel writes the default layout for the channel count).
///   - inFlags: `AudioFileFlags` raw value; without `.eraseFile` an existing file is not
///     replaced.
/// - Returns: `noErr`; `kAudioFileUnsupportedFileTypeError` for another file type (CAF
///   included); `kAudioFileUnsupportedDataFormatError` for a format the type does not
///   hold or Reel does not write; `kAudioFilePermissionsError` when the file exists
///   without `.eraseFile`; `kAudio_ParamError` for a channel layout.
public func ExtAudioFileCreateWithURL(
  _ inURL: CFURL, _ inFileType: AudioFileTypeID,
  _ inStreamDesc: UnsafePointer<AudioStreamBasicDescription>,
  _ inChannelLayout: UnsafeRawPointer?, _ inFlags: UInt32,
  _ outExtAudioFile: UnsafeMutablePointer<ExtAudioFileRef?>
) -> OSStatus {
  let function = "ExtAudioFileCreateWithURL"
  let url = inURL as URL
  let format = inStreamDesc.pointee
  guard inChannelLayout == nil else {
    return failed(
      kAudio_ParamError, function, "channel layouts are not supported by Reel; pass nil")
  }
  var settings: [String: Any] = [
    AVFormatIDKey: Int(format.mFormatID), AVSampleRateKey: format.mSampleRate,
    AVNumberOfChannelsKey: Int(format.mChannelsPerFrame),
  ]
  switch (inFileType, format.mFormatID) {
  case (kAudioFileM4AType, kAudioFormatMPEG4AAC):
    guard url.pathExtension.lowercased() == "m4a" else {
      return failed(
        kAudioFileUnsupportedFileTypeError, function,
        "kAudioFileM4AType is written by Reel to a .m4a URL, not \(url.lastPathComponent)")
    }
  case (kAudioFileWAVEType, kAudioFormatLinearPCM):
    guard format.mFormatFlags & kAudioFormatFlagIsBigEndian == 0 else {
      return failed(kAudioFileUnsupportedDataFormatError, function, "WAV is little-endian")
    }
    guard ["wav", "wave"].contains(url.pathExtension.lowercased()) else {
      return failed(
        kAudioFileUnsupportedFileTypeError, function,
        "kAudioFileWAVEType is written by Reel to a .wav URL, not \(url.lastPathComponent)")
    }
    settings[AVLinearPCMBitDepthKey] = Int(format.mBitsPerChannel)
    settings[AVLinearPCMIsFloatKey] = format.mFormatFlags & kAudioFormatFlagIsFloat != 0
  case (kAudioFileM4AType, _), (kAudioFileWAVEType, _):
    return failed(
      kAudioFileUnsupportedDataFormatError, function,
      "format \(PixelLayout.name(format.mFormatID)) is not written by Reel into this file type; use kAudioFormatMPEG4AAC for kAudioFileM4AType, kAudioFormatLinearPCM for kAudioFileWAVEType"
    )
  default:
    return failed(
      kAudioFileUnsupportedFileTypeError, function,
      "file type \(PixelLayout.name(inFileType)) is not written by Reel; use kAudioFileM4AType or kAudioFileWAVEType"
    )
  }
  if !AudioFileFlags(rawValue: inFlags).contains(.eraseFile),
    FileManager.default.fileExists(atPath: url.path)
  {
    return failed(
      kAudioFilePermissionsError, function,
      "\(url.path) exists; pass AudioFileFlags.eraseFile to replace it")
  }
  do {
    let file = try AVAudioFile(forWriting: url, settings: settings)
    outExtAudioFile.pointee = OpaqueExtAudioFile(
      url: url, file: file, fileDataFormat: format, isWriting: true)
    return noErr
  } catch {
    return failed(kAudioFileUnsupportedDataFormatError, function, "\(error)")
  }
}

/// Sets a property, as AudioToolbox's `ExtAudioFileSetProperty`: only
/// `kExtAudioFileProperty_ClientDataFormat` (interleaved linear PCM: 32-bit float, 16- or
/// 32-bit integer). When reading, any rate and 1…8 channels (FFmpeg resamples and remixes);
/// when writing, the file's rate and channel count.
///
/// - Returns: `noErr`; `kExtAudioFileError_InvalidProperty` for another property;
///   `kExtAudioFileError_InvalidPropertySize`; `kExtAudioFileError_NonPCMClientFormat`;
///   `kExtAudioFileError_InvalidDataFormat` for a PCM layout Reel does not convert;
///   `kAudioFileInvalidFileError` when the file cannot be reopened at the new format.
public func ExtAudioFileSetProperty(
  _ inExtAudioFile: ExtAudioFileRef, _ inPropertyID: ExtAudioFilePropertyID,
  _ inPropertyDataSize: UInt32, _ inPropertyData: UnsafeRawPointer
) -> OSStatus {
  let function = "ExtAudioFileSetProperty"
  guard inPropertyID == kExtAudioFileProperty_ClientDataFormat else {
    return failed(
      kExtAudioFileError_InvalidProperty, function,
      "property \(PixelLayout.name(inPropertyID)) cannot be set in Reel; only kExtAudioFileProperty_ClientDataFormat"
    )
  }
  guard inPropertyDataSize == MemoryLayout<AudioStreamBasicDescription>.size else {
    return failed(
      kExtAudioFileError_InvalidPropertySize, function,
      "the size is \(inPropertyDataSize), an AudioStreamBasicDescription is \(MemoryLayout<AudioStreamBasicDescription>.size)"
    )
  }
  let client = inPropertyData.loadUnaligned(as: AudioStreamBasicDescription.self)
  guard client.mFormatID == kAudioFormatLinearPCM else {
    return failed(
      kExtAudioFileError_NonPCMClientFormat, function, "the client format must be linear PCM")
  }
  guard let layout = ClientSampleLayout(client) else {
    return failed(
      kExtAudioFileError_InvalidDataFormat, function,
      "Reel converts interleaved packed little-endian 32-bit float or 16/32-bit integer, 1…8 channels; got \(client)"
    )
  }
  let file = inExtAudioFile.file
  if inExtAudioFile.isWriting {
    guard client.mSampleRate == file.processingFormat.sampleRate,
      layout.channels == Int(file.processingFormat.channelCount)
    else {
      return failed(
        kExtAudioFileError_InvalidDataFormat, function,
        "Reel does not resample or remix when writing: the client format must be \(file.processingFormat.sampleRate) Hz × \(file.processingFormat.channelCount) channels"
      )
    }
  } else if client.mSampleRate != file.processingFormat.sampleRate
    || layout.channels != Int(file.processingFormat.channelCount)
  {
    guard let rate = Int(exactly: client.mSampleRate) else {
      return failed(
        kExtAudioFileError_InvalidDataFormat, function,
        "the client rate \(client.mSampleRate) Hz must be whole")
    }
    do {
      let position = file.framePosition
      let reopened = try AVAudioFile(
        forReading: inExtAudioFile.url,
        decodingTo: AudioFormat(sampleRate: rate, channelCount: layout.channels))
      let scaled = Double(position) * client.mSampleRate / file.processingFormat.sampleRate
      if position > 0 { reopened.framePosition = AVAudioFramePosition(scaled.rounded()) }
      inExtAudioFile.file = reopened
    } catch {
      return failed(kAudioFileInvalidFileError, function, "\(error)")
    }
  }
  inExtAudioFile.clientDataFormat = client
  return noErr
}

/// Reads a property, as AudioToolbox's `ExtAudioFileGetProperty`:
/// `kExtAudioFileProperty_FileDataFormat`, `…_ClientDataFormat` (an
/// `AudioStreamBasicDescription`) or `…_FileLengthFrames` (an `Int64`, in file frames).
///
/// - Returns: `noErr`; `kExtAudioFileError_InvalidProperty`;
///   `kExtAudioFileError_InvalidPropertySize` when `ioPropertyDataSize` is too small.
public func ExtAudioFileGetProperty(
  _ inExtAudioFile: ExtAudioFileRef, _ inPropertyID: ExtAudioFilePropertyID,
  _ ioPropertyDataSize: UnsafeMutablePointer<UInt32>, _ outPropertyData: UnsafeMutableRawPointer
) -> OSStatus {
  func give<Value>(_ value: Value) -> OSStatus {
    let size = MemoryLayout<Value>.size
    guard Int(ioPropertyDataSize.pointee) >= size else {
      return failed(
        kExtAudioFileError_InvalidPropertySize, "ExtAudioFileGetProperty",
        "the buffer holds \(ioPropertyDataSize.pointee) bytes, the property needs \(size)")
    }
    outPropertyData.storeBytes(of: value, as: Value.self)
    ioPropertyDataSize.pointee = UInt32(size)
    return noErr
  }
  switch inPropertyID {
  case kExtAudioFileProperty_FileDataFormat: return give(inExtAudioFile.fileDataFormat)
  case kExtAudioFileProperty_ClientDataFormat: return give(inExtAudioFile.clientDataFormat)
  case kExtAudioFileProperty_FileLengthFrames:
    let file = inExtAudioFile.file
    let length = file.length
    // A reopened reader counts in client frames; the property is in file frames.
    let fileFrames =
      inExtAudioFile.isWriting
      ? length
      : Int64(
        (Double(length) * inExtAudioFile.fileDataFormat.mSampleRate
          / file.processingFormat.sampleRate).rounded())
    return give(fileFrames)
  default:
    return failed(
      kExtAudioFileError_InvalidProperty, "ExtAudioFileGetProperty",
      "property \(PixelLayout.name(inPropertyID)) is not supported by Reel")
  }
}

/// Reads up to `ioNumberFrames` frames in the client format into the list's one buffer, as
/// AudioToolbox's `ExtAudioFileRead`; `ioNumberFrames` becomes the frames read (0 at the
/// end of the file).
///
/// - Returns: `noErr`; `kExtAudioFileError_InvalidOperationOrder` on a file being written;
///   `kExtAudioFileError_InvalidDataFormat` when the client format is not one Reel converts;
///   `kAudio_ParamError` for a list without one big-enough buffer;
///   `kAudioFileInvalidFileError` when decoding fails.
public func ExtAudioFileRead(
  _ inExtAudioFile: ExtAudioFileRef, _ ioNumberFrames: UnsafeMutablePointer<UInt32>,
  _ ioData: UnsafeMutablePointer<AudioBufferList>
) -> OSStatus {
  let function = "ExtAudioFileRead"
  guard !inExtAudioFile.isWriting else {
    return failed(kExtAudioFileError_InvalidOperationOrder, function, "the file is being written")
  }
  guard let layout = ClientSampleLayout(inExtAudioFile.clientDataFormat) else {
    return failed(
      kExtAudioFileError_InvalidDataFormat, function, "set a linear-PCM client format first")
  }
  let list = ioData.pointee
  let bytesPerFrame = layout.bytesPerSample * layout.channels
  guard list.mNumberBuffers == 1, let data = list.mBuffers.mData,
    Int(list.mBuffers.mDataByteSize) >= Int(ioNumberFrames.pointee) * bytesPerFrame
  else {
    return failed(
      kAudio_ParamError, function,
      "the AudioBufferList must hold one interleaved buffer of at least \(ioNumberFrames.pointee) × \(bytesPerFrame) bytes"
    )
  }
  let file = inExtAudioFile.file
  guard
    let buffer = AVAudioPCMBuffer(
      pcmFormat: file.processingFormat, frameCapacity: ioNumberFrames.pointee)
  else {
    return failed(kAudio_ParamError, function, "no buffer for \(ioNumberFrames.pointee) frames")
  }
  do {
    try file.read(into: buffer)
  } catch {
    return failed(kAudioFileInvalidFileError, function, "\(error)")
  }
  let samples = buffer.interleavedFloats()
  for index in samples.indices { layout.store(samples[index], data, index) }
  ioNumberFrames.pointee = buffer.frameLength
  ioData.pointee.mBuffers.mDataByteSize = UInt32(Int(buffer.frameLength) * bytesPerFrame)
  ioData.pointee.mBuffers.mNumberChannels = UInt32(layout.channels)
  return noErr
}

/// Writes `inNumberFrames` frames in the client format from the list's one buffer, as
/// AudioToolbox's `ExtAudioFileWrite`.
///
/// - Returns: `noErr`; `kExtAudioFileError_InvalidOperationOrder` on a file being read;
///   `kExtAudioFileError_NonPCMClientFormat` when the client format (the file's, unless
///   set) is not linear PCM Reel converts — set it for AAC files; `kAudio_ParamError` for a
///   list without one big-enough buffer; `kAudioFileInvalidFileError` when encoding fails.
public func ExtAudioFileWrite(
  _ inExtAudioFile: ExtAudioFileRef, _ inNumberFrames: UInt32,
  _ ioData: UnsafePointer<AudioBufferList>
) -> OSStatus {
  let function = "ExtAudioFileWrite"
  guard inExtAudioFile.isWriting else {
    return failed(kExtAudioFileError_InvalidOperationOrder, function, "the file is being read")
  }
  guard let layout = ClientSampleLayout(inExtAudioFile.clientDataFormat) else {
    return failed(
      kExtAudioFileError_NonPCMClientFormat, function,
      "set kExtAudioFileProperty_ClientDataFormat to interleaved 32-bit float or 16/32-bit integer PCM first"
    )
  }
  let list = ioData.pointee
  let frames = Int(inNumberFrames)
  guard list.mNumberBuffers == 1, let data = list.mBuffers.mData,
    Int(list.mBuffers.mDataByteSize) >= frames * layout.bytesPerSample * layout.channels
  else {
    return failed(
      kAudio_ParamError, function,
      "the AudioBufferList must hold one interleaved buffer of \(frames) frames")
  }
  let file = inExtAudioFile.file
  guard
    let buffer = AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: inNumberFrames)
  else { return failed(kAudio_ParamError, function, "no buffer for \(frames) frames") }
  var samples = [Float](repeating: 0, count: frames * layout.channels)
  for index in samples.indices { samples[index] = layout.sample(data, index) }
  buffer.store(interleaved: samples, channels: layout.channels)
  do {
    try file.write(from: buffer)
  } catch {
    return failed(kAudioFileInvalidFileError, function, "\(error)")
  }
  return noErr
}

/// Moves the read position to `inFrameOffset` (in client frames), as AudioToolbox's
/// `ExtAudioFileSeek`.
///
/// - Returns: `noErr`; `kExtAudioFileError_InvalidSeek` for a negative offset or a file
///   being written.
public func ExtAudioFileSeek(_ inExtAudioFile: ExtAudioFileRef, _ inFrameOffset: Int64) -> OSStatus
{
  guard !inExtAudioFile.isWriting, inFrameOffset >= 0 else {
    return failed(
      kExtAudioFileError_InvalidSeek, "ExtAudioFileSeek",
      "Reel seeks files being read, to offsets ≥ 0 (got \(inFrameOffset))")
  }
  inExtAudioFile.file.framePosition = inFrameOffset
  return noErr
}

/// Closes the file, as AudioToolbox's `ExtAudioFileDispose`: a file being written is
/// finished and moved onto its URL.
///
/// - Returns: `noErr`, or `kAudioFileUnspecifiedError` when the file could not be finished
///   (nothing is then at its URL).
public func ExtAudioFileDispose(_ inExtAudioFile: ExtAudioFileRef) -> OSStatus {
  let file = inExtAudioFile.file
  file.close()
  return file.closeFailure == nil ? noErr : kAudioFileUnspecifiedError
}
