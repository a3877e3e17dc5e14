// Blocks of bytes, as CoreMedia's `CMBlockBuffer` (Reel's hold one contiguous block).

/// A block of bytes, as CoreMedia's `CMBlockBuffer`: one contiguous allocation in Reel.
public final class CMBlockBuffer: @unchecked Sendable {
  // Thread rule: the bytes are written when the buffer is made, then only read.
  let memory: PlaneMemory
  let length: Int

  /// A block of `length` bytes copied from `bytes`.
  init?(copying bytes: UnsafeRawBufferPointer) {
    guard let memory = PlaneMemory(byteCount: bytes.count) else { return nil }
    if let base = bytes.baseAddress, bytes.count > 0 {
      memory.bytes.copyMemory(from: base, byteCount: bytes.count)
    }
    self.memory = memory
    length = bytes.count
  }

  /// A zeroed block of `length` bytes.
  init?(length: Int) {
    guard let memory = PlaneMemory(byteCount: length) else { return nil }
    self.memory = memory
    self.length = length
  }
}

/// Flags of the block-buffer functions, as CoreMedia's `CMBlockBufferFlags`.
public typealias CMBlockBufferFlags = UInt32
/// Allocate the memory now (Reel always does).
public let kCMBlockBufferAssureMemoryNowFlag: CMBlockBufferFlags = 1 << 0
/// Always copy the data (Reel always does).
public let kCMBlockBufferAlwaysCopyDataFlag: CMBlockBufferFlags = 1 << 1
/// Success, as CoreMedia's `kCMBlockBufferNoErr`.
public let kCMBlockBufferNoErr: OSStatus = 0
/// The memory could not be allocated.
public let kCMBlockBufferStructureAllocationFailedErr: OSStatus = -12700

/// Where a block buffer's memory comes from and goes back to, as CoreMedia's
/// `CMBlockBufferCustomBlockSource`: Reel calls `FreeBlock` once it has copied the block.
public struct CMBlockBufferCustomBlockSource {
  public var version: UInt32
  public var AllocateBlock:
    (@convention(c) (UnsafeMutableRawPointer?, Int) -> UnsafeMutableRawPointer?)?
  public var FreeBlock:
    (@convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer, Int) -> Void)?
  public var refCon: UnsafeMutableRawPointer?

  public init(
    version: UInt32,
    AllocateBlock: (@convention(c) (UnsafeMutableRawPointer?, Int) -> UnsafeMutableRawPointer?)?,
    FreeBlock: (@convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer, Int) -> Void)?,
    refCon: UnsafeMutableRawPointer?
  ) {
    self.version = version
    self.AllocateBlock = AllocateBlock
    self.FreeBlock = FreeBlock
    self.refCon = refCon
  }
}

/// A block buffer over `dataLength` bytes from `offsetToData` of `memoryBlock`, as
/// CoreMedia's `CMBlockBufferCreateWithMemoryBlock`.
///
/// Reel's block buffers own one contiguous copy: the bytes are copied now, and
/// `memoryBlock` is then released as Apple releases it when the buffer goes: freed for the
/// default `blockAllocator` (nil; the memory must come from `malloc` or Swift's
/// `allocate`), handed to `customBlockSource`'s `FreeBlock`, or left to the caller for
/// `kCFAllocatorNull`. A nil `memoryBlock` makes a zeroed block of `blockLength` bytes.
/// The caller must not write to `memoryBlock` after handing it over (as on Apple, where
/// the buffer owns it).
///
/// - Returns: `kCMBlockBufferNoErr`; `kCMBlockBufferBadOffsetParameterErr` /
///   `kCMBlockBufferBadLengthParameterErr` for a range outside the block;
///   `kCMBlockBufferStructureAllocationFailedErr` without memory.
@discardableResult
public func CMBlockBufferCreateWithMemoryBlock(
  allocator structureAllocator: CFAllocator?, memoryBlock: UnsafeMutableRawPointer?,
  blockLength: Int, blockAllocator: CFAllocator?,
  customBlockSource: UnsafePointer<CMBlockBufferCustomBlockSource>?, offsetToData: Int,
  dataLength: Int, flags: CMBlockBufferFlags,
  blockBufferOut: UnsafeMutablePointer<CMBlockBuffer?>
) -> OSStatus {
  guard blockLength >= 0, offsetToData >= 0, offsetToData <= blockLength else {
    return kCMBlockBufferBadOffsetParameterErr
  }
  guard dataLength >= 0, dataLength <= blockLength - offsetToData else {
    return kCMBlockBufferBadLengthParameterErr
  }
  let made: CMBlockBuffer?
  if let memoryBlock {
    made = CMBlockBuffer(
      copying: UnsafeRawBufferPointer(start: memoryBlock + offsetToData, count: dataLength))
    if let source = customBlockSource?.pointee {
      source.FreeBlock?(source.refCon, memoryBlock, blockLength)
    } else if blockAllocator !== CFAllocator.null {
      memoryBlock.deallocate()
    }
  } else {
    made = CMBlockBuffer(length: dataLength)
  }
  guard let made else { return kCMBlockBufferStructureAllocationFailedErr }
  blockBufferOut.initialize(to: made)
  return kCMBlockBufferNoErr
}

/// Bytes in the block.
public func CMBlockBufferGetDataLength(_ theBuffer: CMBlockBuffer) -> Int { theBuffer.length }

/// Whether the block's bytes from `offset` for `length` are contiguous: always, in range.
public func CMBlockBufferIsRangeContiguous(
  _ theBuffer: CMBlockBuffer, atOffset offset: Int, length: Int
) -> Bool {
  offset >= 0 && length >= 0 && offset <= theBuffer.length - length
}

/// Copies `dataLength` bytes from `offsetToData` into `destination`.
///
/// - Returns: `noErr`, or `kCMBlockBufferBadOffsetParameterErr` /
///   `kCMBlockBufferBadLengthParameterErr` out of range.
@discardableResult
public func CMBlockBufferCopyDataBytes(
  _ theSourceBuffer: CMBlockBuffer, atOffset offsetToData: Int, dataLength: Int,
  destination: UnsafeMutableRawPointer
) -> OSStatus {
  guard offsetToData >= 0, offsetToData <= theSourceBuffer.length else {
    return kCMBlockBufferBadOffsetParameterErr
  }
  guard dataLength >= 0, dataLength <= theSourceBuffer.length - offsetToData else {
    return kCMBlockBufferBadLengthParameterErr
  }
  destination.copyMemory(from: theSourceBuffer.memory.bytes + offsetToData, byteCount: dataLength)
  return noErr
}

/// The address of the byte at `offset`, the bytes from there to the end, and the total.
///
/// - Returns: `noErr`, or `kCMBlockBufferBadOffsetParameterErr` out of range.
@discardableResult
public func CMBlockBufferGetDataPointer(
  _ theBuffer: CMBlockBuffer, atOffset offset: Int,
  lengthAtOffsetOut: UnsafeMutablePointer<Int>?, totalLengthOut: UnsafeMutablePointer<Int>?,
  dataPointerOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> OSStatus {
  guard offset >= 0, offset < theBuffer.length || (offset == 0 && theBuffer.length == 0) else {
    return kCMBlockBufferBadOffsetParameterErr
  }
  lengthAtOffsetOut?.pointee = theBuffer.length - offset
  totalLengthOut?.pointee = theBuffer.length
  dataPointerOut?.pointee = (theBuffer.memory.bytes + offset).assumingMemoryBound(to: CChar.self)
  return noErr
}

/// An offset outside the block.
public let kCMBlockBufferBadOffsetParameterErr: OSStatus = -12703
/// A length reaching outside the block.
public let kCMBlockBufferBadLengthParameterErr: OSStatus = -12704
/// A required argument was missing or wrong.
public let kCMSampleBufferError_RequiredParameterMissing: OSStatus = -12731
/// The buffer has no sample timing.
public let kCMSampleBufferError_BufferHasNoSampleTimingInfo: OSStatus = -12736
/// The sample index is out of range.
public let kCMSampleBufferError_SampleIndexOutOfRange: OSStatus = -12733
/// An argument was invalid.
public let kCMSampleBufferError_InvalidMediaFormat: OSStatus = -12743
/// The buffer list is too small.
public let kCMSampleBufferError_ArrayTooSmall: OSStatus = -12737
