// Core Image's keys that are not filter parameters, as Apple spells them. The parameter keys
// (`kCIInputImageKey`, `kCIInputEVKey`…) are generated from the catalog, in
// CIFilterBuiltins+Generated+Keys.swift.

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
