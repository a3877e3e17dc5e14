// Attachments: the colour tags and other values a buffer carries.

/// Whether an attachment is copied to buffers made from this one, as CoreVideo's
/// `CVAttachmentMode`.
public enum CVAttachmentMode: UInt32, Sendable {
  case shouldNotPropagate = 0
  case shouldPropagate = 1
}

/// The Y′CbCr matrix of a buffer's samples (the writer converts and tags with it).
public var kCVImageBufferYCbCrMatrixKey: CFString { "CVImageBufferYCbCrMatrix" }
/// BT.709.
public var kCVImageBufferYCbCrMatrix_ITU_R_709_2: CFString { "ITU_R_709_2" }
/// BT.601.
public var kCVImageBufferYCbCrMatrix_ITU_R_601_4: CFString { "ITU_R_601_4" }
/// SMPTE 240M (treated as BT.601 by Reel, the nearest it has).
public var kCVImageBufferYCbCrMatrix_SMPTE_240M_1995: CFString { "SMPTE_240M_1995" }
/// The colour primaries (carried, not used: Reel tags primaries from the matrix).
public var kCVImageBufferColorPrimariesKey: CFString { "CVImageBufferColorPrimaries" }
/// BT.709 primaries.
public var kCVImageBufferColorPrimaries_ITU_R_709_2: CFString { "ITU_R_709_2" }
/// SMPTE C primaries (BT.601 525-line).
public var kCVImageBufferColorPrimaries_SMPTE_C: CFString { "SMPTE_C" }
/// EBU 3213 primaries (BT.601 625-line).
public var kCVImageBufferColorPrimaries_EBU_3213: CFString { "EBU_3213" }
/// The transfer function (carried, not used).
public var kCVImageBufferTransferFunctionKey: CFString { "CVImageBufferTransferFunction" }
/// BT.709 transfer.
public var kCVImageBufferTransferFunction_ITU_R_709_2: CFString { "ITU_R_709_2" }
/// BT.2100 hybrid log-gamma (HLG) transfer: HDR, read from files' tags; Reel does not encode
/// HDR.
public var kCVImageBufferTransferFunction_ITU_R_2100_HLG: CFString { "ITU_R_2100_HLG" }
/// SMPTE ST 2084 perceptual-quantiser (PQ, HDR10) transfer: HDR, read from files' tags;
/// Reel does not encode HDR.
public var kCVImageBufferTransferFunction_SMPTE_ST_2084_PQ: CFString { "SMPTE_ST_2084_PQ" }
/// BT.2020 primaries (wide gamut, read from files' tags).
public var kCVImageBufferColorPrimaries_ITU_R_2020: CFString { "ITU_R_2020" }
/// BT.2020 non-constant-luminance matrix (read from files' tags).
public var kCVImageBufferYCbCrMatrix_ITU_R_2020: CFString { "ITU_R_2020" }

/// Attaches `value` under `key`.
public func CVBufferSetAttachment(
  _ buffer: CVBuffer, _ key: CFString, _ value: CFTypeRef, _ attachmentMode: CVAttachmentMode
) {
  buffer.state.withLock { $0.attachments[String(key)] = (value, attachmentMode) }
}

/// The attachment under `key`, and its mode through `attachmentMode`; nil when absent.
public func CVBufferGetAttachment(
  _ buffer: CVBuffer, _ key: CFString, _ attachmentMode: UnsafeMutablePointer<CVAttachmentMode>?
) -> Unmanaged<CFTypeRef>? {
  guard let (value, mode) = buffer.state.withLock({ $0.attachments[String(key)] }) else {
    return nil
  }
  attachmentMode?.pointee = mode
  return Unmanaged.passUnretained(value)
}

/// The attachment under `key` (retained by the caller), as `CVBufferCopyAttachment`.
public func CVBufferCopyAttachment(
  _ buffer: CVBuffer, _ key: CFString, _ attachmentMode: UnsafeMutablePointer<CVAttachmentMode>?
) -> CFTypeRef? {
  CVBufferGetAttachment(buffer, key, attachmentMode)?.takeUnretainedValue()
}

/// Removes the attachment under `key`.
public func CVBufferRemoveAttachment(_ buffer: CVBuffer, _ key: CFString) {
  _ = buffer.state.withLock { $0.attachments.removeValue(forKey: String(key)) }
}

/// Removes every attachment.
public func CVBufferRemoveAllAttachments(_ buffer: CVBuffer) {
  buffer.state.withLock { $0.attachments.removeAll() }
}

/// Copies the attachments that propagate from `sourceBuffer` to `destinationBuffer`.
public func CVBufferPropagateAttachments(_ sourceBuffer: CVBuffer, _ destinationBuffer: CVBuffer) {
  let propagated = sourceBuffer.state.withLock {
    $0.attachments.filter { $0.value.mode == .shouldPropagate }
  }
  destinationBuffer.state.withLock { state in
    for (key, entry) in propagated { state.attachments[key] = entry }
  }
}
