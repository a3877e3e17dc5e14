// The result codes and small Core Foundation types CoreVideo's C API spells, with Apple's
// raw values, so `if status != kCVReturnSuccess` and `kCFAllocatorDefault` port unchanged.

/// A CoreVideo result code, as Apple's `CVReturn` (0 is success).
public typealias CVReturn = Int32
/// A result code of Apple's C APIs, as `OSStatus` (0 is success).
public typealias OSStatus = Int32
/// A four-character code, as Apple's `FourCharCode` (`'BGRA'` is `0x42475241`).
public typealias FourCharCode = UInt32
/// A four-character type code, as Apple's `OSType` (pixel formats, media subtypes).
public typealias OSType = FourCharCode
/// CoreVideo's option bits, as Apple's `CVOptionFlags`.
public typealias CVOptionFlags = UInt64

/// No error, as Apple's `noErr`.
public let noErr: OSStatus = 0

/// Success.
public let kCVReturnSuccess: CVReturn = 0
/// A failure with no more specific code.
public let kCVReturnError: CVReturn = -6660
/// An argument was out of range or nil where a value is needed.
public let kCVReturnInvalidArgument: CVReturn = -6661
/// Memory for the pixels could not be allocated.
public let kCVReturnAllocationFailed: CVReturn = -6662
/// What was asked is not supported (by Reel: the reason is printed once as a warning).
public let kCVReturnUnsupported: CVReturn = -6663
/// The pixel format is not one Reel's buffers hold.
public let kCVReturnInvalidPixelFormat: CVReturn = -6680
/// The width or height is out of range.
public let kCVReturnInvalidSize: CVReturn = -6681
/// An attribute of the pixel buffer is invalid.
public let kCVReturnInvalidPixelBufferAttributes: CVReturn = -6682
/// A pool could not make a buffer.
public let kCVReturnPoolAllocationFailed: CVReturn = -6690
/// An attribute of the pool is invalid.
public let kCVReturnInvalidPoolAttributes: CVReturn = -6691
/// The pool is at its allocation threshold (not reported by Reel's pools).
public let kCVReturnWouldExceedAllocationThreshold: CVReturn = -6689
/// Try again later (not reported by Reel).
public let kCVReturnRetry: CVReturn = -6692

/// A memory allocator, as Core Foundation's `CFAllocator`. Reel allocates pixels itself:
/// every allocator argument is accepted and ignored.
public final class CFAllocator: Sendable {
  private init() {}

  /// The allocator that allocates nothing and frees nothing.
  static let null = CFAllocator()
}

/// The default allocator: nil, which every function taking an allocator accepts.
public let kCFAllocatorDefault: CFAllocator? = nil
/// The allocator that frees nothing, as Core Foundation's `kCFAllocatorNull`: given as a
/// block buffer's `blockAllocator`, the caller keeps ownership of its memory.
public let kCFAllocatorNull: CFAllocator? = CFAllocator.null

/// A Boolean object, as Core Foundation's `CFBoolean`: Foundation's `NSNumber`.
public typealias CFBoolean = NSNumber
/// True, as Core Foundation's `kCFBooleanTrue`.
public var kCFBooleanTrue: CFBoolean { NSNumber(value: true) }
/// False, as Core Foundation's `kCFBooleanFalse`.
public var kCFBooleanFalse: CFBoolean { NSNumber(value: false) }
