internal import ReelCore

// Reel names that Foundation also declares; inside this module they are spelled with the
// prefix so that neither shadows the other.

/// Reel's affine transform (Foundation has an `AffineTransform` of its own).
typealias ReelAffineTransform = ReelCore.AffineTransform
