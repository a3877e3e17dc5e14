// `import Reel` brings the whole engine: value types, media in and out, drawing, and the
// layer/animation model.
@_exported import ReelAnimation
@_exported import ReelCore
@_exported import ReelGraphics
@_exported import ReelMedia
