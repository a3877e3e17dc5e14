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
  // Immutable after init except `isValid`, which is guarded by the caller's use from one
  // thread (as Apple's `CMSampleBufferInvalidate`).
  let imageBuffer: CVImageBuffer?
  let dataBuffer: CMBlockBuffer?
  let formatDescription: CMFormatDescription
  let timing: CMSampleTimingInfo
  let sampleCount: Int
  var isValid = true

  init(
    imageBuffer: CVImageBuffer?, dataBuffer: CMBlockBuffer?,
    formatDescription: CMFormatDescription, timing: CMSampleTimingInfo, sampleCount: Int
  ) {
    self.imageBuffer = imageBuffer
    self.dataBuffer = dataBuffer
    self.formatDescription = formatDescription
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
  sbuf.formatDescription
}

/// Bytes of sample data: the block buffer's length; 0 for a picture.
public func CMSampleBufferGetTotalSampleSize(_ sbuf: CMSampleBuffer) -> Int {
  sbuf.dataBuffer?.length ?? 0
}

/// Whether the buffer is still valid (not invalidated).
public func CMSampleBufferIsValid(_ sbuf: CMSampleBuffer) -> Bool { sbuf.isValid }

/// Whether the data is ready: always (Reel's samples are made complete).
public func CMSampleBufferDataIsReady(_ sbuf: CMSampleBuffer) -> Bool { true }

/// Marks the buffer invalid.
@discardableResult
public func CMSampleBufferInvalidate(_ sbuf: CMSampleBuffer) -> OSStatus {
  sbuf.isValid = false
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
  if sbuf.sampleCount > 1, let rate = sbuf.formatDescription.streamDescription?.pointee.mSampleRate,
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
      formatDescription: originalSBuf.formatDescription, timing: sampleTimingArray.pointee,
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
    let stream = sbuf.formatDescription.streamDescription?.pointee
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
