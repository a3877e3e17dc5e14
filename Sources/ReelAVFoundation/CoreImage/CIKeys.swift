// Core Image's parameter and attribute keys, as Apple spells them.

/// `"inputImage"`.
public let kCIInputImageKey = "inputImage"
/// `"inputBackgroundImage"`.
public let kCIInputBackgroundImageKey = "inputBackgroundImage"
/// `"inputMaskImage"`.
public let kCIInputMaskImageKey = "inputMaskImage"
/// `"inputTargetImage"`.
public let kCIInputTargetImageKey = "inputTargetImage"
/// `"inputIntensity"`.
public let kCIInputIntensityKey = "inputIntensity"
/// `"inputRadius"`.
public let kCIInputRadiusKey = "inputRadius"
/// `"inputSaturation"`.
public let kCIInputSaturationKey = "inputSaturation"
/// `"inputBrightness"`.
public let kCIInputBrightnessKey = "inputBrightness"
/// `"inputContrast"`.
public let kCIInputContrastKey = "inputContrast"
/// `"inputAngle"`.
public let kCIInputAngleKey = "inputAngle"
/// `"inputColor"`.
public let kCIInputColorKey = "inputColor"
/// `"inputCenter"`.
public let kCIInputCenterKey = "inputCenter"
/// `"inputEV"`.
public let kCIInputEVKey = "inputEV"
/// `"inputTransform"`.
public let kCIInputTransformKey = "inputTransform"
/// `"inputTime"`.
public let kCIInputTimeKey = "inputTime"
/// `"inputWidth"`.
public let kCIInputWidthKey = "inputWidth"
/// `"inputSharpness"`.
public let kCIInputSharpnessKey = "inputSharpness"
/// `"inputExtent"`.
public let kCIInputExtentKey = "inputExtent"
/// `"inputScale"`.
public let kCIInputScaleKey = "inputScale"
/// `"inputAspectRatio"`.
public let kCIInputAspectRatioKey = "inputAspectRatio"
/// `"outputImage"`.
public let kCIOutputImageKey = "outputImage"

/// `"CIAttributeFilterName"`.
public let kCIAttributeFilterName = "CIAttributeFilterName"
/// `"CIAttributeFilterDisplayName"`.
public let kCIAttributeFilterDisplayName = "CIAttributeFilterDisplayName"
/// `"CIAttributeFilterCategories"`.
public let kCIAttributeFilterCategories = "CIAttributeFilterCategories"
/// `"CIAttributeDescription"`.
public let kCIAttributeDescription = "CIAttributeDescription"
/// `"CIAttributeClass"`.
public let kCIAttributeClass = "CIAttributeClass"
/// `"CIAttributeDefault"`.
public let kCIAttributeDefault = "CIAttributeDefault"
/// `"CIAttributeSliderMin"`.
public let kCIAttributeSliderMin = "CIAttributeSliderMin"
/// `"CIAttributeSliderMax"`.
public let kCIAttributeSliderMax = "CIAttributeSliderMax"

/// `"CICategoryColorAdjustment"`.
public let kCICategoryColorAdjustment = "CICategoryColorAdjustment"
/// `"CICategoryColorEffect"`.
public let kCICategoryColorEffect = "CICategoryColorEffect"
/// `"CICategoryBlur"`.
public let kCICategoryBlur = "CICategoryBlur"
/// `"CICategoryCompositeOperation"`.
public let kCICategoryCompositeOperation = "CICategoryCompositeOperation"
/// `"CICategoryGeometryAdjustment"`.
public let kCICategoryGeometryAdjustment = "CICategoryGeometryAdjustment"
/// `"CICategoryGenerator"`.
public let kCICategoryGenerator = "CICategoryGenerator"
/// `"CICategoryTransition"`.
public let kCICategoryTransition = "CICategoryTransition"
/// `"CICategoryStylize"`.
public let kCICategoryStylize = "CICategoryStylize"
/// `"CICategorySharpen"`.
public let kCICategorySharpen = "CICategorySharpen"
/// `"CICategoryVideo"`.
public let kCICategoryVideo = "CICategoryVideo"
/// `"CICategoryStillImage"`.
public let kCICategoryStillImage = "CICategoryStillImage"
/// `"CICategoryBuiltIn"`.
public let kCICategoryBuiltIn = "CICategoryBuiltIn"
