// VideoToolbox's compression names that AVFoundation code puts into a writer input's
// `AVVideoCompressionPropertiesKey` dictionary, with Apple's string values.

/// H.264 Baseline at the level the stream needs (`"H264_Baseline_AutoLevel"`).
public var kVTProfileLevel_H264_Baseline_AutoLevel: CFString { "H264_Baseline_AutoLevel" }
/// H.264 Main at the level the stream needs.
public var kVTProfileLevel_H264_Main_AutoLevel: CFString { "H264_Main_AutoLevel" }
/// H.264 High at the level the stream needs.
public var kVTProfileLevel_H264_High_AutoLevel: CFString { "H264_High_AutoLevel" }
/// HEVC Main (8-bit) at the level the stream needs: what Reel's x265 encodes.
public var kVTProfileLevel_HEVC_Main_AutoLevel: CFString { "HEVC_Main_AutoLevel" }
/// HEVC Main 10 (10-bit, HDR): named so code compiles; a writer asked for it fails
/// `startWriting()` naming it (Reel encodes 8-bit video).
public var kVTProfileLevel_HEVC_Main10_AutoLevel: CFString { "HEVC_Main10_AutoLevel" }
/// Whether HDR metadata is written into the stream (`"HDRMetadataInsertionMode"`):
/// accepted; it only matters for HDR video, which Reel does not encode.
public var kVTCompressionPropertyKey_HDRMetadataInsertionMode: CFString {
  "HDRMetadataInsertionMode"
}
/// Insert HDR metadata when the video is HDR.
public var kVTHDRMetadataInsertionMode_Auto: CFString { "Auto" }
/// Insert no HDR metadata.
public var kVTHDRMetadataInsertionMode_None: CFString { "None" }
