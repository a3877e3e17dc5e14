// ReelProject: the JSON template format and subtitle files, built on the `Reel` model.
@_exported import Reel
