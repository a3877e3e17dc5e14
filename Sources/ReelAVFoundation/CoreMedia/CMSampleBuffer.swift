// Sample buffers, as CoreMedia's `CMSampleBuffer`: a picture or a run of PCM with its times.

/// The times of a sample, as CoreMedia's `CMSampleTimingInfo`.
public struct CMSampleTimingInfo: Sendable, Hashable {
  /// How long the sample is shown or played.
  public var duration: CMTime
  /// When it is shown or played.
  public var presentationTimeStamp: CMTime
  /// When it is decoded (the presentation time for Reel's uncompressed samples).
  public var decodeTimeStamp: CMTime

  /// Invalid times.
  public init() {
    duration = .invalid
    presentationTimeStamp = .invalid
    decodeTimeStamp = .invalid
  }

  /// The three times.
  public init(duration: CMTime, presentationTimeStamp: CMTime, decodeTimeStamp: CMTime) {
    self.duration = duration
    self.presentationTimeStamp = presentationTimeStamp
    self.decodeTimeStamp = decodeTimeStamp
  }
}

/// The timing info of nothing: every time invalid.
public let kCMTimingInfoInvalid = CMSampleTimingInfo()

/// One picture or a run of sound with its times, as CoreMedia's `CMSampleBuffer`.
///
/// Reel's sample buffers hold uncompressed media only: a pixel buffer (one sample), or
/// interleaved linear PCM in a block buffer (one sample per frame of sound).
public final class CMSampleBuffer: @unchecked Sendable {
  // Immutable after init except `valid`, which is guarded by the caller's use from one
  // thread (as Apple's `CMSampleBufferInvalidate`).
  let pixelBuffer: CVImageBuffer?
  let blockBuffer: CMBlockBuffer?
  let format: CMFormatDescription
  let timing: CMSampleTimingInfo
  let sampleCount: Int
  var valid = true

  init(
    imageBuffer: CVImageBuffer?, dataBuffer: CMBlockBuffer?,
    formatDescription: CMFormatDescription, timing: CMSampleTimingInfo, sampleCount: Int
  ) {
    self.pixelBuffer = imageBuffer
    self.blockBuffer = dataBuffer
    self.format = formatDescription
    self.timing = timing
    self.sampleCount = sampleCount
  }

  /// A sample of one picture.
  convenience init(image: CVImageBuffer, timing: CMSampleTimingInfo) {
    self.init(
      imageBuffer: image, dataBuffer: nil,
      formatDescription: CMFormatDescription(imageBuffer: image),
      timing: timing, sampleCount: 1)
  }
}

extension CMSampleBuffer {
  /// Samples in the buffer (`CMSampleBufferGetNumSamples`): 1 for a picture, the frame
  /// count for sound.
  public var numSamples: CMItemCount { sampleCount }
  /// Whether the buffer is still valid (`CMSampleBufferIsValid`).
  public var isValid: Bool { valid }
  /// When the first picture or frame of sound is presented
  /// (`CMSampleBufferGetPresentationTimeStamp`); invalid for a buffer made without timing.
  public var presentationTimeStamp: CMTime { timing.presentationTimeStamp }
  /// The presentation time after trimming: the presentation time in Reel.
  public var outputPresentationTimeStamp: CMTime { timing.presentationTimeStamp }
  /// When the sample is decoded.
  public var decodeTimeStamp: CMTime { timing.decodeTimeStamp }
  /// How long the whole sample lasts (`CMSampleBufferGetDuration`).
  public var duration: CMTime { timing.duration }
  /// What the media is (`CMSampleBufferGetFormatDescription`).
  public var formatDescription: CMFormatDescription? { format }
  /// The bytes of a sound sample; nil for video.
  public var dataBuffer: CMBlockBuffer? { blockBuffer }
  /// The picture of a video sample; nil for sound.
  public var imageBuffer: CVImageBuffer? { pixelBuffer }
  /// Bytes of sample data (`CMSampleBufferGetTotalSampleSize`).
  public var totalSampleSize: Int { blockBuffer?.length ?? 0 }
}

/// The picture of a video sample; nil for sound.
public func CMSampleBufferGetImageBuffer(_ sbuf: CMSampleBuffer) -> CVImageBuffer? {
  sbuf.imageBuffer
}

/// The bytes of a sound sample; nil for video.
public func CMSampleBufferGetDataBuffer(_ sbuf: CMSampleBuffer) -> CMBlockBuffer? {
  sbuf.dataBuffer
}

/// When the sample's first picture or frame of sound is presented.
public func CMSampleBufferGetPresentationTimeStamp(_ sbuf: CMSampleBuffer) -> CMTime {
  sbuf.timing.presentationTimeStamp
}

/// When the sample is presented after any trimming: the presentation time in Reel.
public func CMSampleBufferGetOutputPresentationTimeStamp(_ sbuf: CMSampleBuffer) -> CMTime {
  sbuf.timing.presentationTimeStamp
}

/// When the sample is decoded: its presentation time (Reel's samples are uncompressed).
public func CMSampleBufferGetDecodeTimeStamp(_ sbuf: CMSampleBuffer) -> CMTime {
  sbuf.timing.decodeTimeStamp
}

/// How long the whole sample lasts (a picture: until the next one; sound: its frames).
public func CMSampleBufferGetDuration(_ sbuf: CMSampleBuffer) -> CMTime {
  sbuf.timing.duration
}

/// The sample's duration after any trimming: its duration in Reel.
public func CMSampleBufferGetOutputDuration(_ sbuf: CMSampleBuffer) -> CMTime {
  sbuf.timing.duration
}

/// Samples in the buffer: 1 for a picture, the frame count for sound.
public func CMSampleBufferGetNumSamples(_ sbuf: CMSampleBuffer) -> CMItemCount {
  sbuf.sampleCount
}

/// What the sample's media is.
public func CMSampleBufferGetFormatDescription(_ sbuf: CMSampleBuffer) -> CMFormatDescription? {
  sbuf.format
}

/// Bytes of sample data: the block buffer's length; 0 for a picture.
public func CMSampleBufferGetTotalSampleSize(_ sbuf: CMSampleBuffer) -> Int {
  sbuf.dataBuffer?.length ?? 0
}

/// Whether the buffer is still valid (not invalidated).
public func CMSampleBufferIsValid(_ sbuf: CMSampleBuffer) -> Bool { sbuf.valid }

/// Whether the data is ready: always (Reel's samples are made complete).
public func CMSampleBufferDataIsReady(_ sbuf: CMSampleBuffer) -> Bool { true }

/// Marks the buffer invalid.
@discardableResult
public func CMSampleBufferInvalidate(_ sbuf: CMSampleBuffer) -> OSStatus {
  sbuf.valid = false
  return noErr
}

/// The timing of the sample (one entry: Reel's buffers have one timing for all their
/// samples), as `CMSampleBufferGetSampleTimingInfoArray`.
@discardableResult
public func CMSampleBufferGetSampleTimingInfoArray(
  _ sbuf: CMSampleBuffer, entryCount: CMItemCount,
  arrayToFill: UnsafeMutablePointer<CMSampleTimingInfo>?,
  entriesNeededOut: UnsafeMutablePointer<CMItemCount>?
) -> OSStatus {
  guard sbuf.timing.presentationTimeStamp.isValid || sbuf.timing.duration.isValid else {
    entriesNeededOut?.pointee = 0
    return kCMSampleBufferError_BufferHasNoSampleTimingInfo
  }
  entriesNeededOut?.pointee = 1
  guard let arrayToFill else { return noErr }
  guard entryCount >= 1 else { return kCMSampleBufferError_ArrayTooSmall }
  arrayToFill.pointee = sbuf.timing
  return noErr
}

/// The timing of sample `sampleIndex` (sound: the frame's own presentation time).
@discardableResult
public func CMSampleBufferGetSampleTimingInfo(
  _ sbuf: CMSampleBuffer, at sampleIndex: CMItemIndex,
  timingInfoOut: UnsafeMutablePointer<CMSampleTimingInfo>
) -> OSStatus {
  guard sampleIndex >= 0, sampleIndex < sbuf.sampleCount else {
    return kCMSampleBufferError_SampleIndexOutOfRange
  }
  var timing = sbuf.timing
  if sbuf.sampleCount > 1, let rate = sbuf.format.streamDescription?.pointee.mSampleRate,
    let scale = Int32(exactly: rate)
  {
    let frame = CMTime(value: 1, timescale: scale)
    timing.duration = frame
    timing.presentationTimeStamp = CMTimeAdd(
      timing.presentationTimeStamp, CMTimeMultiply(frame, multiplier: Int32(clamping: sampleIndex)))
    timing.decodeTimeStamp = timing.presentationTimeStamp
  }
  timingInfoOut.pointee = timing
  return noErr
}

/// A ready sample of one picture.
///
/// - Returns: `noErr`, or `kCMSampleBufferError_InvalidMediaFormat` when
///   `formatDescription` does not describe `imageBuffer`.
@discardableResult
public func CMSampleBufferCreateReadyWithImageBuffer(
  allocator: CFAllocator?, imageBuffer: CVImageBuffer,
  formatDescription: CMVideoFormatDescription, sampleTiming: UnsafePointer<CMSampleTimingInfo>,
  sampleBufferOut: UnsafeMutablePointer<CMSampleBuffer?>
) -> OSStatus {
  guard CMVideoFormatDescriptionMatchesImageBuffer(formatDescription, imageBuffer: imageBuffer)
  else {
    return kCMSampleBufferError_InvalidMediaFormat
  }
  sampleBufferOut.initialize(
    to: CMSampleBuffer(
      imageBuffer: imageBuffer, dataBuffer: nil, formatDescription: formatDescription,
      timing: sampleTiming.pointee, sampleCount: 1))
  return noErr
}

/// A sample of one picture (data is always ready in Reel; the callback is not called).
@discardableResult
public func CMSampleBufferCreateForImageBuffer(
  allocator: CFAllocator?, imageBuffer: CVImageBuffer, dataReady: Bool,
  makeDataReadyCallback: CMSampleBufferMakeDataReadyCallback?,
  refcon: UnsafeMutableRawPointer?, formatDescription: CMVideoFormatDescription,
  sampleTiming: UnsafePointer<CMSampleTimingInfo>,
  sampleBufferOut: UnsafeMutablePointer<CMSampleBuffer?>
) -> OSStatus {
  CMSampleBufferCreateReadyWithImageBuffer(
    allocator: allocator, imageBuffer: imageBuffer, formatDescription: formatDescription,
    sampleTiming: sampleTiming, sampleBufferOut: sampleBufferOut)
}

/// A sample buffer over `dataBuffer`, as CoreMedia's `CMSampleBufferCreate`: how code
/// builds sound from PCM it computed (interleaved linear PCM in the block buffer,
/// `sampleCount` frames of the format's `mBytesPerFrame`).
///
/// Timing: none (`sampleTimingEntryCount` 0) leaves the times invalid, which an audio writer
/// input takes as "right after the previous sound", as Apple's does; one entry gives the
/// first frame's presentation time, and its duration (Apple's convention for PCM: one
/// frame) is multiplied by `sampleCount` into the whole buffer's; several entries give the
/// first's presentation time and their durations' sum. The sample sizes are checked against
/// the format. Data not ready calls `makeDataReadyCallback` at once.
///
/// - Returns: `noErr`; `kCMSampleBufferError_RequiredParameterMissing` without a format or
///   data for sound; `kCMSampleBufferError_InvalidMediaFormat` when the block buffer's
///   length is not `sampleCount` frames of the format, or for a video format (pictures go
///   through `CMSampleBufferCreateForImageBuffer`); the callback's failure.
@discardableResult
public func CMSampleBufferCreate(
  allocator: CFAllocator?, dataBuffer: CMBlockBuffer?, dataReady: Bool,
  makeDataReadyCallback: CMSampleBufferMakeDataReadyCallback?,
  refcon: UnsafeMutableRawPointer?, formatDescription: CMFormatDescription?,
  sampleCount numSamples: CMItemCount, sampleTimingEntryCount numSampleTimingEntries: CMItemCount,
  sampleTimingArray: UnsafePointer<CMSampleTimingInfo>?,
  sampleSizeEntryCount numSampleSizeEntries: CMItemCount,
  sampleSizeArray: UnsafePointer<Int>?, sampleBufferOut: UnsafeMutablePointer<CMSampleBuffer?>
) -> OSStatus {
  guard let formatDescription, numSamples >= 0, numSampleTimingEntries >= 0 else {
    return kCMSampleBufferError_RequiredParameterMissing
  }
  guard let stream = formatDescription.streamDescription?.pointee else {
    CompatWarnings.warnOnce(
      key: "CMSampleBufferCreate|video",
      "CMSampleBufferCreate: Reel makes sound samples with it; make picture samples with CMSampleBufferCreateForImageBuffer / CMSampleBufferCreateReadyWithImageBuffer"
    )
    return kCMSampleBufferError_InvalidMediaFormat
  }
  guard let dataBuffer else { return kCMSampleBufferError_RequiredParameterMissing }
  if stream.mFormatID == kAudioFormatLinearPCM, stream.mBytesPerFrame > 0 {
    let (expected, overflow) = numSamples.multipliedReportingOverflow(
      by: Int(stream.mBytesPerFrame))
    guard !overflow, expected == dataBuffer.length else {
      return kCMSampleBufferError_InvalidMediaFormat
    }
    if numSampleSizeEntries > 0, let sizes = sampleSizeArray,
      sizes[0] != Int(stream.mBytesPerFrame)
    {
      return kCMSampleBufferError_InvalidMediaFormat
    }
  }
  var timing = CMSampleTimingInfo()
  if numSampleTimingEntries > 0, let entries = sampleTimingArray {
    timing = entries[0]
    if numSampleTimingEntries == 1 {
      if numSamples > 1, timing.duration.isNumeric {
        timing.duration = CMTimeMultiply(timing.duration, multiplier: Int32(clamping: numSamples))
      }
    } else {
      var total = CMTime.zero
      for index in 0..<numSampleTimingEntries { total = CMTimeAdd(total, entries[index].duration) }
      timing.duration = total
    }
  }
  let made = CMSampleBuffer(
    imageBuffer: nil, dataBuffer: dataBuffer, formatDescription: formatDescription,
    timing: timing, sampleCount: numSamples)
  if !dataReady, let makeDataReadyCallback {
    let status = makeDataReadyCallback(made, refcon)
    guard status == noErr else { return status }
  }
  sampleBufferOut.initialize(to: made)
  return noErr
}

/// Apple's callback that makes a sample's data ready (never called by Reel).
public typealias CMSampleBufferMakeDataReadyCallback =
  (CMSampleBuffer, UnsafeMutableRawPointer?) -> OSStatus

/// A copy of `sampleBuffer` (sharing its media) with new times: one timing entry for the
/// whole sample.
///
/// - Returns: `noErr`, or `kCMSampleBufferError_RequiredParameterMissing` without timing,
///   `kCMSampleBufferError_ArrayTooSmall`-style failure (`kCMSampleBufferError_InvalidMediaFormat`)
///   for more than one entry (Reel's samples carry one timing).
@discardableResult
public func CMSampleBufferCreateCopyWithNewTiming(
  allocator: CFAllocator?, sampleBuffer originalSBuf: CMSampleBuffer,
  sampleTimingEntryCount numSampleTimingEntries: CMItemCount,
  sampleTimingArray: UnsafePointer<CMSampleTimingInfo>?,
  sampleBufferOut: UnsafeMutablePointer<CMSampleBuffer?>
) -> OSStatus {
  guard let sampleTimingArray, numSampleTimingEntries >= 1 else {
    return kCMSampleBufferError_RequiredParameterMissing
  }
  guard numSampleTimingEntries == 1 else {
    CompatWarnings.warnOnce(
      key: "CMSampleBufferCreateCopyWithNewTiming|entries",
      "CMSampleBufferCreateCopyWithNewTiming: Reel's samples carry one timing entry; pass one (got \(numSampleTimingEntries))"
    )
    return kCMSampleBufferError_InvalidMediaFormat
  }
  sampleBufferOut.initialize(
    to: CMSampleBuffer(
      imageBuffer: originalSBuf.imageBuffer, dataBuffer: originalSBuf.dataBuffer,
      formatDescription: originalSBuf.format, timing: sampleTimingArray.pointee,
      sampleCount: originalSBuf.sampleCount))
  return noErr
}

/// The sound of a sample as a buffer list over its block buffer (interleaved: one buffer),
/// the block buffer handed back retained.
///
/// - Returns: `noErr`; `kCMSampleBufferError_InvalidMediaFormat` for a picture;
///   `kCMSampleBufferError_ArrayTooSmall` when `bufferListSize` is too small.
@discardableResult
public func CMSampleBufferGetAudioBufferListWithRetainedBlockBuffer(
  _ sbuf: CMSampleBuffer, bufferListSizeNeededOut: UnsafeMutablePointer<Int>?,
  bufferListOut: UnsafeMutablePointer<AudioBufferList>?, bufferListSize: Int,
  blockBufferAllocator: CFAllocator?, blockBufferMemoryAllocator: CFAllocator?, flags: UInt32,
  blockBufferOut: UnsafeMutablePointer<CMBlockBuffer?>?
) -> OSStatus {
  bufferListSizeNeededOut?.pointee = MemoryLayout<AudioBufferList>.size
  guard let block = sbuf.dataBuffer,
    let stream = sbuf.format.streamDescription?.pointee
  else {
    return kCMSampleBufferError_InvalidMediaFormat
  }
  guard let bufferListOut else { return noErr }
  guard bufferListSize >= MemoryLayout<AudioBufferList>.size else {
    return kCMSampleBufferError_ArrayTooSmall
  }
  bufferListOut.pointee = AudioBufferList(
    mNumberBuffers: 1,
    mBuffers: AudioBuffer(
      mNumberChannels: stream.mChannelsPerFrame, mDataByteSize: UInt32(clamping: block.length),
      mData: block.memory.bytes))
  blockBufferOut?.initialize(to: block)
  return noErr
}

/// Flag for `CMSampleBufferGetAudioBufferListWithRetainedBlockBuffer`: align the buffer
/// list's buffers (Reel's always are).
public let kCMSampleBufferFlag_AudioBufferList_Assure16ByteAlignment: UInt32 = 1 << 0
