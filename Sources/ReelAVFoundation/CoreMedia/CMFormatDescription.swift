// Format descriptions, as CoreMedia's `CMFormatDescription`, and the CoreAudio structures
// they carry for sound.

/// A media type code, as CoreMedia's `CMMediaType`.
public typealias CMMediaType = FourCharCode
/// A count of items, as CoreMedia's `CMItemCount`.
public typealias CMItemCount = Int
/// An index of an item, as CoreMedia's `CMItemIndex`.
public typealias CMItemIndex = Int
/// A video codec code, as CoreMedia's `CMVideoCodecType`.
public typealias CMVideoCodecType = FourCharCode
/// An audio format code, as CoreAudio's `AudioFormatID`.
public typealias AudioFormatID = UInt32
/// Audio format flags, as CoreAudio's `AudioFormatFlags`.
public typealias AudioFormatFlags = UInt32

/// Video ('vide').
public let kCMMediaType_Video: CMMediaType = 0x7669_6465
/// Sound ('soun').
public let kCMMediaType_Audio: CMMediaType = 0x736F_756E
/// H.264 ('avc1').
public let kCMVideoCodecType_H264: CMVideoCodecType = 0x6176_6331
/// HEVC ('hvc1').
public let kCMVideoCodecType_HEVC: CMVideoCodecType = 0x6876_6331
/// Apple ProRes 4444 ('ap4h').
public let kCMVideoCodecType_AppleProRes4444: CMVideoCodecType = 0x6170_3468
/// Motion JPEG ('jpeg').
public let kCMVideoCodecType_JPEG: CMVideoCodecType = 0x6A70_6567
/// AAC ('aac ').
public let kAudioFormatMPEG4AAC: AudioFormatID = 0x6161_6320
/// Linear PCM ('lpcm').
public let kAudioFormatLinearPCM: AudioFormatID = 0x6C70_636D
/// Opus ('opus').
public let kAudioFormatOpus: AudioFormatID = 0x6F70_7573
/// Apple Lossless ('alac'; not encoded by Reel).
public let kAudioFormatAppleLossless: AudioFormatID = 0x616C_6163
/// Apple Positional Audio Codec ('apac'; neither decoded nor encoded by Reel).
public let kAudioFormatAPAC: AudioFormatID = 0x6170_6163

/// Samples are floats.
public let kAudioFormatFlagIsFloat: AudioFormatFlags = 1 << 0
/// Samples are big-endian.
public let kAudioFormatFlagIsBigEndian: AudioFormatFlags = 1 << 1
/// Samples are signed integers.
public let kAudioFormatFlagIsSignedInteger: AudioFormatFlags = 1 << 2
/// Samples fill their bytes.
public let kAudioFormatFlagIsPacked: AudioFormatFlags = 1 << 3
/// Each channel is in a buffer of its own.
public let kAudioFormatFlagIsNonInterleaved: AudioFormatFlags = 1 << 5
/// Packed native-endian floats.
public let kAudioFormatFlagsNativeFloatPacked: AudioFormatFlags =
  kAudioFormatFlagIsFloat | kAudioFormatFlagIsPacked
/// Linear PCM's names for the same bits.
public let kLinearPCMFormatFlagIsFloat = kAudioFormatFlagIsFloat
public let kLinearPCMFormatFlagIsBigEndian = kAudioFormatFlagIsBigEndian
public let kLinearPCMFormatFlagIsSignedInteger = kAudioFormatFlagIsSignedInteger
public let kLinearPCMFormatFlagIsPacked = kAudioFormatFlagIsPacked
public let kLinearPCMFormatFlagIsNonInterleaved = kAudioFormatFlagIsNonInterleaved

/// The layout of an audio stream, as CoreAudio's `AudioStreamBasicDescription`.
public struct AudioStreamBasicDescription: Sendable, Hashable {
  public var mSampleRate: Double
  public var mFormatID: AudioFormatID
  public var mFormatFlags: AudioFormatFlags
  public var mBytesPerPacket: UInt32
  public var mFramesPerPacket: UInt32
  public var mBytesPerFrame: UInt32
  public var mChannelsPerFrame: UInt32
  public var mBitsPerChannel: UInt32
  public var mReserved: UInt32

  /// All zero.
  public init() {
    self.init(
      mSampleRate: 0, mFormatID: 0, mFormatFlags: 0, mBytesPerPacket: 0, mFramesPerPacket: 0,
      mBytesPerFrame: 0, mChannelsPerFrame: 0, mBitsPerChannel: 0, mReserved: 0)
  }

  /// Every field.
  public init(
    mSampleRate: Double, mFormatID: AudioFormatID, mFormatFlags: AudioFormatFlags,
    mBytesPerPacket: UInt32, mFramesPerPacket: UInt32, mBytesPerFrame: UInt32,
    mChannelsPerFrame: UInt32, mBitsPerChannel: UInt32, mReserved: UInt32
  ) {
    self.mSampleRate = mSampleRate
    self.mFormatID = mFormatID
    self.mFormatFlags = mFormatFlags
    self.mBytesPerPacket = mBytesPerPacket
    self.mFramesPerPacket = mFramesPerPacket
    self.mBytesPerFrame = mBytesPerFrame
    self.mChannelsPerFrame = mChannelsPerFrame
    self.mBitsPerChannel = mBitsPerChannel
    self.mReserved = mReserved
  }
}

/// One buffer of audio bytes, as CoreAudio's `AudioBuffer`.
public struct AudioBuffer: @unchecked Sendable {
  // Thread rule: `mData` belongs to the block buffer the caller holds.
  public var mNumberChannels: UInt32
  public var mDataByteSize: UInt32
  public var mData: UnsafeMutableRawPointer?

  /// Empty.
  public init() {
    mNumberChannels = 0
    mDataByteSize = 0
    mData = nil
  }

  /// Every field.
  public init(mNumberChannels: UInt32, mDataByteSize: UInt32, mData: UnsafeMutableRawPointer?) {
    self.mNumberChannels = mNumberChannels
    self.mDataByteSize = mDataByteSize
    self.mData = mData
  }
}

/// A list of audio buffers, as CoreAudio's `AudioBufferList` (Reel fills interleaved sound:
/// one buffer).
public struct AudioBufferList: @unchecked Sendable {
  public var mNumberBuffers: UInt32
  public var mBuffers: AudioBuffer

  /// No buffers.
  public init() {
    mNumberBuffers = 0
    mBuffers = AudioBuffer()
  }

  /// Every field.
  public init(mNumberBuffers: UInt32, mBuffers: AudioBuffer) {
    self.mNumberBuffers = mNumberBuffers
    self.mBuffers = mBuffers
  }
}

/// A picture size in pixels, as CoreMedia's `CMVideoDimensions`.
public struct CMVideoDimensions: Sendable, Hashable {
  public var width: Int32
  public var height: Int32
  public init() {
    width = 0
    height = 0
  }
  public init(width: Int32, height: Int32) {
    self.width = width
    self.height = height
  }
}

/// What a track's or a sample's media is, as CoreMedia's `CMFormatDescription`.
public final class CMFormatDescription: @unchecked Sendable {
  // Immutable after init, except the stream description's storage, which is never written.
  let mediaType: CMMediaType
  let mediaSubType: FourCharCode
  let dimensions: CMVideoDimensions
  /// Sound only; stored in memory of its own so its address can be handed out.
  let streamDescription: UnsafeMutablePointer<AudioStreamBasicDescription>?
  /// The extensions (`CMFormatDescriptionGetExtensions`): a video's colour tags under
  /// CoreVideo's keys and values.
  let extensions: [String: String]

  init(
    mediaType: CMMediaType, mediaSubType: FourCharCode, dimensions: CMVideoDimensions = .init(),
    stream: AudioStreamBasicDescription? = nil, extensions: [String: String] = [:]
  ) {
    self.mediaType = mediaType
    self.mediaSubType = mediaSubType
    self.dimensions = dimensions
    self.extensions = extensions
    if let stream {
      let pointer = UnsafeMutablePointer<AudioStreamBasicDescription>.allocate(capacity: 1)
      pointer.initialize(to: stream)
      streamDescription = pointer
    } else {
      streamDescription = nil
    }
  }

  deinit { streamDescription?.deallocate() }

  /// The description of a pixel buffer's pictures.
  convenience init(imageBuffer: CVImageBuffer) {
    var extensions: [String: String] = [:]
    for key in [
      kCVImageBufferColorPrimariesKey, kCVImageBufferTransferFunctionKey,
      kCVImageBufferYCbCrMatrixKey,
    ] {
      if let value = CVBufferGetAttachment(imageBuffer, key, nil)?.takeUnretainedValue()
        as? NSString
      {
        extensions[String(key)] = String(value)
      }
    }
    self.init(
      mediaType: kCMMediaType_Video, mediaSubType: imageBuffer.layout.formatType,
      dimensions: CMVideoDimensions(
        width: Int32(clamping: imageBuffer.width), height: Int32(clamping: imageBuffer.height)),
      extensions: extensions)
  }
}

extension CMFormatDescription {
  /// The sound's stream description (CoreMedia's Swift `audioStreamBasicDescription`); nil
  /// for video.
  public var audioStreamBasicDescription: AudioStreamBasicDescription? {
    streamDescription?.pointee
  }
}

/// A video format description, as CoreMedia's `CMVideoFormatDescription`.
public typealias CMVideoFormatDescription = CMFormatDescription
/// An audio format description, as CoreMedia's `CMAudioFormatDescription`.
public typealias CMAudioFormatDescription = CMFormatDescription

/// Video or sound.
public func CMFormatDescriptionGetMediaType(_ desc: CMFormatDescription) -> CMMediaType {
  desc.mediaType
}

/// The codec (a file track: `'avc1'`, `'hvc1'`, `'aac '`, …) or the pixel format (a pixel
/// buffer's).
public func CMFormatDescriptionGetMediaSubType(_ desc: CMFormatDescription) -> FourCharCode {
  desc.mediaSubType
}

/// The description's extensions, as CoreMedia's `CMFormatDescriptionGetExtensions`: for
/// video the colour tags under `kCVImageBufferColorPrimariesKey`,
/// `kCVImageBufferTransferFunctionKey` and `kCVImageBufferYCbCrMatrixKey` (CoreVideo's
/// values, such as `kCVImageBufferTransferFunction_ITU_R_2100_HLG` for an HLG file), read
/// from the file's tags or the pixel buffer's attachments; nil when there are none.
public func CMFormatDescriptionGetExtensions(_ desc: CMFormatDescription) -> CFDictionary? {
  guard !desc.extensions.isEmpty else { return nil }
  return NSDictionary(dictionary: desc.extensions)
}

/// The stored picture size in pixels; zero for sound.
public func CMVideoFormatDescriptionGetDimensions(_ videoDesc: CMVideoFormatDescription)
  -> CMVideoDimensions
{
  videoDesc.dimensions
}

/// The sound's stream description; nil for video.
public func CMAudioFormatDescriptionGetStreamBasicDescription(_ desc: CMAudioFormatDescription)
  -> UnsafePointer<AudioStreamBasicDescription>?
{
  desc.streamDescription.map { UnsafePointer($0) }
}

/// Makes the description of `imageBuffer`'s pictures.
@discardableResult
public func CMVideoFormatDescriptionCreateForImageBuffer(
  allocator: CFAllocator?, imageBuffer: CVImageBuffer,
  formatDescriptionOut: UnsafeMutablePointer<CMVideoFormatDescription?>
) -> OSStatus {
  formatDescriptionOut.initialize(to: CMFormatDescription(imageBuffer: imageBuffer))
  return noErr
}

/// Whether `desc` describes `imageBuffer`'s pictures (format and size).
public func CMVideoFormatDescriptionMatchesImageBuffer(
  _ desc: CMVideoFormatDescription, imageBuffer: CVImageBuffer
) -> Bool {
  desc.mediaType == kCMMediaType_Video && desc.mediaSubType == imageBuffer.layout.formatType
    && Int(desc.dimensions.width) == imageBuffer.width
    && Int(desc.dimensions.height) == imageBuffer.height
}
