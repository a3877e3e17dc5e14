// The keys and values of Apple's output-settings dictionaries (AVVideoSettings.h and
// AVAudioSettings.h), with Apple's string values.

/// A video codec, as AVFoundation's `AVVideoCodecType`, with Apple's four-character raw
/// values. Reel encodes `.h264` and `.hevc`; the others are named so code compiles and
/// fail loudly when written.
public struct AVVideoCodecType: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// H.264 ("avc1").
  public static let h264 = AVVideoCodecType("avc1")
  /// HEVC ("hvc1").
  public static let hevc = AVVideoCodecType("hvc1")
  /// HEVC with alpha ("muxa"; not encoded by Reel).
  public static let hevcWithAlpha = AVVideoCodecType("muxa")
  /// JPEG ("jpeg"; not encoded by Reel).
  public static let jpeg = AVVideoCodecType("jpeg")
  /// ProRes 4444 ("ap4h"; not encoded by Reel).
  public static let proRes4444 = AVVideoCodecType("ap4h")
  /// ProRes 422 ("apcn"; not encoded by Reel).
  public static let proRes422 = AVVideoCodecType("apcn")
  /// ProRes 422 HQ ("apch"; not encoded by Reel).
  public static let proRes422HQ = AVVideoCodecType("apch")
  /// ProRes 422 LT ("apcs"; not encoded by Reel).
  public static let proRes422LT = AVVideoCodecType("apcs")
  /// ProRes 422 Proxy ("apco"; not encoded by Reel).
  public static let proRes422Proxy = AVVideoCodecType("apco")
}

/// The pre-iOS 11 codec constants: strings equal to `AVVideoCodecType` raw values.
public let AVVideoCodecH264 = "avc1"
public let AVVideoCodecHEVC = "hvc1"
public let AVVideoCodecJPEG = "jpeg"
public let AVVideoCodecAppleProRes4444 = "ap4h"
public let AVVideoCodecAppleProRes422 = "apcn"

public let AVVideoCodecKey = "AVVideoCodecKey"
public let AVVideoWidthKey = "AVVideoWidthKey"
public let AVVideoHeightKey = "AVVideoHeightKey"
public let AVVideoCompressionPropertiesKey = "AVVideoCompressionPropertiesKey"
public let AVVideoAverageBitRateKey = "AverageBitRate"
public let AVVideoQualityKey = "Quality"
public let AVVideoMaxKeyFrameIntervalKey = "MaxKeyFrameInterval"
public let AVVideoMaxKeyFrameIntervalDurationKey = "MaxKeyFrameIntervalDuration"
public let AVVideoAllowFrameReorderingKey = "AllowFrameReordering"
public let AVVideoProfileLevelKey = "ProfileLevel"
public let AVVideoH264EntropyModeKey = "H264EntropyMode"
public let AVVideoH264EntropyModeCAVLC = "CAVLC"
public let AVVideoH264EntropyModeCABAC = "CABAC"
public let AVVideoExpectedSourceFrameRateKey = "ExpectedFrameRate"
public let AVVideoAverageNonDroppableFrameRateKey = "AverageNonDroppableFrameRate"
public let AVVideoScalingModeKey = "AVVideoScalingModeKey"
public let AVVideoScalingModeFit = "AVVideoScalingModeFit"
public let AVVideoScalingModeResize = "AVVideoScalingModeResize"
public let AVVideoScalingModeResizeAspect = "AVVideoScalingModeResizeAspect"
public let AVVideoScalingModeResizeAspectFill = "AVVideoScalingModeResizeAspectFill"
public let AVVideoColorPropertiesKey = "AVVideoColorPropertiesKey"
public let AVVideoColorPrimariesKey = "ColorPrimaries"
public let AVVideoTransferFunctionKey = "TransferFunction"
public let AVVideoYCbCrMatrixKey = "YCbCrMatrix"
public let AVVideoColorPrimaries_ITU_R_709_2 = "ITU_R_709_2"
public let AVVideoColorPrimaries_SMPTE_C = "SMPTE_C"
public let AVVideoTransferFunction_ITU_R_709_2 = "ITU_R_709_2"
public let AVVideoYCbCrMatrix_ITU_R_709_2 = "ITU_R_709_2"
/// BT.2100 HLG transfer (HDR): named so code compiles; a writer asked to encode it fails.
public let AVVideoTransferFunction_ITU_R_2100_HLG = "ITU_R_2100_HLG"
/// SMPTE ST 2084 PQ transfer (HDR10): named so code compiles; a writer asked to encode it
/// fails.
public let AVVideoTransferFunction_SMPTE_ST_2084_PQ = "SMPTE_ST_2084_PQ"
/// BT.2020 primaries: named so code compiles; a writer asked to encode them fails.
public let AVVideoColorPrimaries_ITU_R_2020 = "ITU_R_2020"
/// BT.2020 matrix: named so code compiles; a writer asked to encode it fails.
public let AVVideoYCbCrMatrix_ITU_R_2020 = "ITU_R_2020"
public let AVVideoYCbCrMatrix_ITU_R_601_4 = "ITU_R_601_4"
public let AVVideoPixelAspectRatioKey = "AVVideoPixelAspectRatioKey"
public let AVVideoCleanApertureKey = "AVVideoCleanApertureKey"

public let AVVideoProfileLevelH264Baseline30 = "H264_Baseline_3_0"
public let AVVideoProfileLevelH264Baseline31 = "H264_Baseline_3_1"
public let AVVideoProfileLevelH264Baseline41 = "H264_Baseline_4_1"
public let AVVideoProfileLevelH264BaselineAutoLevel = "H264_Baseline_AutoLevel"
public let AVVideoProfileLevelH264Main30 = "H264_Main_3_0"
public let AVVideoProfileLevelH264Main31 = "H264_Main_3_1"
public let AVVideoProfileLevelH264Main32 = "H264_Main_3_2"
public let AVVideoProfileLevelH264Main41 = "H264_Main_4_1"
public let AVVideoProfileLevelH264MainAutoLevel = "H264_Main_AutoLevel"
public let AVVideoProfileLevelH264High40 = "H264_High_4_0"
public let AVVideoProfileLevelH264High41 = "H264_High_4_1"
public let AVVideoProfileLevelH264HighAutoLevel = "H264_High_AutoLevel"

public let AVFormatIDKey = "AVFormatIDKey"
public let AVSampleRateKey = "AVSampleRateKey"
public let AVNumberOfChannelsKey = "AVNumberOfChannelsKey"
public let AVEncoderBitRateKey = "AVEncoderBitRateKey"
public let AVEncoderBitRatePerChannelKey = "AVEncoderBitRatePerChannelKey"
public let AVEncoderBitRateStrategyKey = "AVEncoderBitRateStrategyKey"
public let AVEncoderAudioQualityKey = "AVEncoderAudioQualityKey"
public let AVChannelLayoutKey = "AVChannelLayoutKey"
public let AVLinearPCMBitDepthKey = "AVLinearPCMBitDepthKey"
public let AVLinearPCMIsBigEndianKey = "AVLinearPCMIsBigEndianKey"
public let AVLinearPCMIsFloatKey = "AVLinearPCMIsFloatKey"
public let AVLinearPCMIsNonInterleaved = "AVLinearPCMIsNonInterleaved"
public let AVAudioBitRateStrategy_Constant = "AVAudioBitRateStrategy_Constant"
public let AVAudioBitRateStrategy_Variable = "AVAudioBitRateStrategy_Variable"
