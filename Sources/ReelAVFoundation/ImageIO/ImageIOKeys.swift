// ImageIO's property keys and type identifiers, with Apple's values (a dictionary read or
// written with them means on Linux what it means on Apple).

/// Mutable bytes, as CoreFoundation's `CFMutableData` (Foundation's type on Linux).
public typealias CFMutableData = NSMutableData

/// The width of the picture in pixels (`"PixelWidth"`).
public var kCGImagePropertyPixelWidth: CFString { "PixelWidth" as CFString }
/// The height of the picture in pixels (`"PixelHeight"`).
public var kCGImagePropertyPixelHeight: CFString { "PixelHeight" as CFString }
/// The EXIF orientation, 1…8 (`"Orientation"`).
public var kCGImagePropertyOrientation: CFString { "Orientation" as CFString }
/// Whether the picture has alpha (`"HasAlpha"`).
public var kCGImagePropertyHasAlpha: CFString { "HasAlpha" as CFString }
/// The GIF properties' dictionary (`"{GIF}"`).
public var kCGImagePropertyGIFDictionary: CFString { "{GIF}" as CFString }
/// A GIF frame's delay in seconds, at least 0.1 as browsers show it (`"DelayTime"`).
public var kCGImagePropertyGIFDelayTime: CFString { "DelayTime" as CFString }
/// A GIF frame's delay in seconds as stored (`"UnclampedDelayTime"`).
public var kCGImagePropertyGIFUnclampedDelayTime: CFString { "UnclampedDelayTime" as CFString }
/// How many times a GIF repeats, 0 for ever (`"LoopCount"`).
public var kCGImagePropertyGIFLoopCount: CFString { "LoopCount" as CFString }
/// Whether the GIF has a global colour map (`"HasGlobalColorMap"`).
public var kCGImagePropertyGIFHasGlobalColorMap: CFString { "HasGlobalColorMap" as CFString }
/// The PNG properties' dictionary (`"{PNG}"`).
public var kCGImagePropertyPNGDictionary: CFString { "{PNG}" as CFString }
/// An APNG frame's delay in seconds (`"DelayTime"`).
public var kCGImagePropertyAPNGDelayTime: CFString { "DelayTime" as CFString }
/// How many times an APNG repeats (`"LoopCount"`).
public var kCGImagePropertyAPNGLoopCount: CFString { "LoopCount" as CFString }
/// The JPEG quality of a destination, 0…1 (`"kCGImageDestinationLossyCompressionQuality"`).
public var kCGImageDestinationLossyCompressionQuality: CFString {
  "kCGImageDestinationLossyCompressionQuality" as CFString
}

/// The PNG type identifier (MobileCoreServices' `kUTTypePNG`).
public var kUTTypePNG: CFString { "public.png" as CFString }
/// The JPEG type identifier (`kUTTypeJPEG`).
public var kUTTypeJPEG: CFString { "public.jpeg" as CFString }
/// The GIF type identifier (`kUTTypeGIF`).
public var kUTTypeGIF: CFString { "com.compuserve.gif" as CFString }
