/// The JSON Schema of the template format. `schema/reel-template.schema.json` is this text,
/// byte for byte (a test checks). To regenerate the file from this one:
///     sed -n '/^{$/,/^}$/p' Sources/ReelProject/Template/TemplateSchema.swift \
///       > schema/reel-template.schema.json
enum TemplateSchema {
  static let text = #"""
{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://reel.invalid/schema/reel-template.schema.json",
  "title": "Reel template, format version 1",
  "description": "A movie: clips, compositing, layers with animations, subtitles, audio and export settings. See docs/template-format.md.",
  "type": "object",
  "additionalProperties": false,
  "required": [
    "version"
  ],
  "properties": {
    "$schema": {
      "type": "string"
    },
    "version": {
      "const": 1,
      "description": "Format version."
    },
    "description": {
      "type": "string"
    },
    "variables": {
      "type": "object",
      "description": "Defaults of {{name}} placeholders.",
      "additionalProperties": {
        "oneOf": [
          {
            "type": "string"
          },
          {
            "type": "object",
            "properties": {
              "default": {
                "type": "string"
              },
              "description": {
                "type": "string"
              }
            },
            "additionalProperties": false
          }
        ]
      },
      "propertyNames": {
        "pattern": "^[A-Za-z_][A-Za-z0-9_.-]*$"
      }
    },
    "size": {
      "type": "array",
      "items": {
        "type": "integer",
        "minimum": 2,
        "maximum": 16384
      },
      "minItems": 2,
      "maxItems": 2,
      "description": "Render size in pixels."
    },
    "frameRate": {
      "type": "number",
      "minimum": 1,
      "maximum": 240,
      "description": "Frames per second (29.97 → 30000/1001)."
    },
    "duration": {
      "$ref": "#/$defs/positiveSeconds",
      "description": "Movie length in seconds (required without clips)."
    },
    "background": {
      "$ref": "#/$defs/color"
    },
    "clips": {
      "type": "array",
      "items": {
        "$ref": "#/$defs/clip"
      },
      "minItems": 1,
      "description": "The short form of the timeline."
    },
    "composition": {
      "$ref": "#/$defs/composition"
    },
    "audio": {
      "$ref": "#/$defs/audio"
    },
    "layers": {
      "type": "array",
      "items": {
        "$ref": "#/$defs/layer"
      },
      "description": "The layer tree, back to front."
    },
    "subtitles": {
      "type": "array",
      "items": {
        "$ref": "#/$defs/subtitles"
      }
    },
    "export": {
      "$ref": "#/$defs/export"
    }
  },
  "not": {
    "required": [
      "clips",
      "composition"
    ]
  },
  "$defs": {
    "seconds": {
      "type": "number",
      "minimum": 0,
      "description": "Seconds (converted exactly from the decimal text)."
    },
    "positiveSeconds": {
      "type": "number",
      "exclusiveMinimum": 0,
      "description": "Seconds, greater than 0."
    },
    "color": {
      "type": "string",
      "minLength": 1,
      "description": "A colour: #RGB, #RRGGBB, #RRGGBBAA, a CSS name, rgb(…), rgba(…) or transparent."
    },
    "point": {
      "type": "array",
      "items": {
        "type": "number",
        "minimum": -1048576,
        "maximum": 1048576
      },
      "minItems": 2,
      "maxItems": 2,
      "description": "[x, y] in pixels."
    },
    "unitPoint": {
      "type": "array",
      "items": {
        "type": "number",
        "minimum": -1024,
        "maximum": 1024
      },
      "minItems": 2,
      "maxItems": 2,
      "description": "[x, y] as fractions of the layer's size."
    },
    "size": {
      "type": "array",
      "items": {
        "type": "number",
        "minimum": 0,
        "maximum": 32768
      },
      "minItems": 2,
      "maxItems": 2,
      "description": "[width, height] in pixels."
    },
    "rect": {
      "type": "array",
      "prefixItems": [
        {
          "type": "number",
          "minimum": -1048576,
          "maximum": 1048576
        },
        {
          "type": "number",
          "minimum": -1048576,
          "maximum": 1048576
        },
        {
          "type": "number",
          "minimum": 0,
          "maximum": 32768
        },
        {
          "type": "number",
          "minimum": 0,
          "maximum": 32768
        }
      ],
      "items": false,
      "minItems": 4,
      "description": "[x, y, width, height] in pixels."
    },
    "matrix": {
      "type": "array",
      "items": {
        "type": "number"
      },
      "minItems": 16,
      "maxItems": 16,
      "description": "A 4×4 matrix, 16 numbers row by row (row vectors)."
    },
    "unit": {
      "type": "number",
      "minimum": 0,
      "maximum": 1
    },
    "nonNegative": {
      "type": "number",
      "minimum": 0
    },
    "file": {
      "type": "string",
      "minLength": 1,
      "description": "A file path, relative to the template's folder."
    },
    "scale": {
      "description": "A number, or [sx, sy].",
      "oneOf": [
        {
          "type": "number"
        },
        {
          "type": "array",
          "items": {
            "type": "number"
          },
          "minItems": 2,
          "maxItems": 2
        }
      ]
    },
    "timingFunction": {
      "description": "A named curve or a cubic Bézier [x1, y1, x2, y2].",
      "oneOf": [
        {
          "type": "string",
          "enum": [
            "linear",
            "easeIn",
            "easeOut",
            "easeInEaseOut",
            "default"
          ],
          "description": "A named timing curve."
        },
        {
          "type": "array",
          "prefixItems": [
            {
              "type": "number",
              "minimum": 0,
              "maximum": 1
            },
            {
              "type": "number"
            },
            {
              "type": "number",
              "minimum": 0,
              "maximum": 1
            },
            {
              "type": "number"
            }
          ],
          "items": false,
          "minItems": 4
        }
      ]
    },
    "transform2D": {
      "type": "object",
      "additionalProperties": false,
      "description": "Scale, then rotate (degrees), then translate; or a matrix.",
      "properties": {
        "translate": {
          "$ref": "#/$defs/point"
        },
        "scale": {
          "$ref": "#/$defs/scale"
        },
        "rotate": {
          "type": "number",
          "description": "Degrees, clockwise."
        },
        "matrix": {
          "type": "array",
          "items": {
            "type": "number"
          },
          "minItems": 6,
          "maxItems": 6,
          "description": "[a, b, c, d, tx, ty]."
        }
      }
    },
    "transition": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "type"
      ],
      "description": "The transition into this clip from the previous one.",
      "properties": {
        "type": {
          "type": "string",
          "enum": [
            "cut",
            "crossFade",
            "fadeThroughColor",
            "wipe",
            "slide"
          ],
          "description": "Transition kind."
        },
        "duration": {
          "$ref": "#/$defs/positiveSeconds",
          "description": "Length in seconds (default 1)."
        },
        "color": {
          "$ref": "#/$defs/color",
          "description": "fadeThroughColor only (default black)."
        },
        "direction": {
          "type": "string",
          "enum": [
            "left",
            "right",
            "up",
            "down"
          ],
          "description": "wipe and slide only (default left)."
        }
      }
    },
    "clip": {
      "type": "object",
      "properties": {
        "media": {
          "$ref": "#/$defs/file",
          "description": "A video file; its first video and audio tracks are used."
        },
        "image": {
          "$ref": "#/$defs/file",
          "description": "A still or animated image shown for duration."
        },
        "start": {
          "$ref": "#/$defs/seconds",
          "description": "Where in the source the clip starts (default 0)."
        },
        "duration": {
          "$ref": "#/$defs/positiveSeconds",
          "description": "How much of the source is used (required for image)."
        },
        "transition": {
          "$ref": "#/$defs/transition"
        }
      },
      "additionalProperties": false,
      "description": "One clip of the short-form timeline: give media or image.",
      "oneOf": [
        {
          "required": [
            "media"
          ],
          "not": {
            "required": [
              "image"
            ]
          }
        },
        {
          "required": [
            "image"
          ],
          "not": {
            "required": [
              "media"
            ]
          }
        }
      ]
    },
    "segment": {
      "type": "object",
      "properties": {
        "media": {
          "$ref": "#/$defs/file",
          "description": "A media file."
        },
        "track": {
          "type": "integer",
          "minimum": 0,
          "description": "Stream index in the file (default: first of the track's kind)."
        },
        "source": {
          "type": "array",
          "prefixItems": [
            {
              "$ref": "#/$defs/seconds"
            },
            {
              "$ref": "#/$defs/positiveSeconds"
            }
          ],
          "items": false,
          "minItems": 2,
          "description": "[start, duration] in source seconds."
        },
        "at": {
          "$ref": "#/$defs/seconds",
          "description": "Where on the track (default: its end)."
        },
        "duration": {
          "$ref": "#/$defs/positiveSeconds",
          "description": "Target duration (a speed change for media; required for image)."
        },
        "image": {
          "$ref": "#/$defs/file",
          "description": "A still image."
        },
        "empty": {
          "$ref": "#/$defs/positiveSeconds",
          "description": "Empty time, in seconds."
        }
      },
      "additionalProperties": false,
      "description": "A segment: media, image or empty.",
      "oneOf": [
        {
          "required": [
            "media"
          ]
        },
        {
          "required": [
            "image",
            "duration"
          ]
        },
        {
          "required": [
            "empty"
          ]
        }
      ]
    },
    "track": {
      "type": "object",
      "properties": {
        "id": {
          "type": "integer",
          "minimum": 1,
          "description": "Track id used by instructions and audio (default: position + 1)."
        },
        "kind": {
          "type": "string",
          "enum": [
            "video",
            "audio"
          ],
          "description": "Track kind."
        },
        "segments": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/segment"
          }
        }
      },
      "additionalProperties": false,
      "required": [
        "kind"
      ],
      "description": "A composition track."
    },
    "layerInstruction": {
      "type": "object",
      "properties": {
        "track": {
          "type": "integer",
          "description": "A track id."
        },
        "opacity": {
          "type": "array",
          "description": "Opacity steps and ramps.",
          "items": {
            "oneOf": [
              {
                "type": "object",
                "properties": {
                  "at": {
                    "$ref": "#/$defs/seconds",
                    "description": "When the value starts, in composition seconds."
                  },
                  "value": {
                    "$ref": "#/$defs/unit"
                  }
                },
                "additionalProperties": false,
                "required": [
                  "at",
                  "value"
                ],
                "description": "A step: the value from a time on."
              },
              {
                "type": "object",
                "properties": {
                  "from": {
                    "$ref": "#/$defs/unit"
                  },
                  "to": {
                    "$ref": "#/$defs/unit"
                  },
                  "start": {
                    "$ref": "#/$defs/seconds",
                    "description": "Ramp start, in composition seconds."
                  },
                  "duration": {
                    "$ref": "#/$defs/positiveSeconds",
                    "description": "Ramp length in seconds."
                  }
                },
                "additionalProperties": false,
                "required": [
                  "from",
                  "to",
                  "start",
                  "duration"
                ],
                "description": "A linear ramp."
              }
            ]
          }
        },
        "transform": {
          "type": "array",
          "description": "Transform steps and ramps.",
          "items": {
            "oneOf": [
              {
                "type": "object",
                "properties": {
                  "at": {
                    "$ref": "#/$defs/seconds",
                    "description": "When the value starts, in composition seconds."
                  },
                  "value": {
                    "$ref": "#/$defs/transform2D"
                  }
                },
                "additionalProperties": false,
                "required": [
                  "at",
                  "value"
                ],
                "description": "A step: the value from a time on."
              },
              {
                "type": "object",
                "properties": {
                  "from": {
                    "$ref": "#/$defs/transform2D"
                  },
                  "to": {
                    "$ref": "#/$defs/transform2D"
                  },
                  "start": {
                    "$ref": "#/$defs/seconds",
                    "description": "Ramp start, in composition seconds."
                  },
                  "duration": {
                    "$ref": "#/$defs/positiveSeconds",
                    "description": "Ramp length in seconds."
                  }
                },
                "additionalProperties": false,
                "required": [
                  "from",
                  "to",
                  "start",
                  "duration"
                ],
                "description": "A linear ramp."
              }
            ]
          }
        },
        "crop": {
          "type": "array",
          "description": "Crop rectangle steps and ramps, in source pixels.",
          "items": {
            "oneOf": [
              {
                "type": "object",
                "properties": {
                  "at": {
                    "$ref": "#/$defs/seconds",
                    "description": "When the value starts, in composition seconds."
                  },
                  "value": {
                    "$ref": "#/$defs/rect"
                  }
                },
                "additionalProperties": false,
                "required": [
                  "at",
                  "value"
                ],
                "description": "A step: the value from a time on."
              },
              {
                "type": "object",
                "properties": {
                  "from": {
                    "$ref": "#/$defs/rect"
                  },
                  "to": {
                    "$ref": "#/$defs/rect"
                  },
                  "start": {
                    "$ref": "#/$defs/seconds",
                    "description": "Ramp start, in composition seconds."
                  },
                  "duration": {
                    "$ref": "#/$defs/positiveSeconds",
                    "description": "Ramp length in seconds."
                  }
                },
                "additionalProperties": false,
                "required": [
                  "from",
                  "to",
                  "start",
                  "duration"
                ],
                "description": "A linear ramp."
              }
            ]
          }
        }
      },
      "additionalProperties": false,
      "required": [
        "track"
      ],
      "description": "How one track is drawn; listed top first."
    },
    "instruction": {
      "type": "object",
      "properties": {
        "start": {
          "$ref": "#/$defs/seconds"
        },
        "duration": {
          "$ref": "#/$defs/positiveSeconds"
        },
        "background": {
          "$ref": "#/$defs/color"
        },
        "layers": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/layerInstruction"
          }
        }
      },
      "additionalProperties": false,
      "required": [
        "start",
        "duration"
      ],
      "description": "A video composition instruction."
    },
    "composition": {
      "type": "object",
      "properties": {
        "tracks": {
          "type": "array",
          "minItems": 1,
          "items": {
            "$ref": "#/$defs/track"
          }
        },
        "instructions": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/instruction"
          },
          "description": "Must tile the timeline; default: each clip fitted upright."
        }
      },
      "additionalProperties": false,
      "required": [
        "tracks"
      ],
      "description": "The long form of the timeline."
    },
    "soundtrack": {
      "type": "object",
      "properties": {
        "file": {
          "$ref": "#/$defs/file"
        },
        "start": {
          "$ref": "#/$defs/seconds"
        },
        "duration": {
          "$ref": "#/$defs/positiveSeconds"
        },
        "loop": {
          "type": "boolean",
          "description": "Repeat to the movie's end (default true)."
        },
        "fadeIn": {
          "$ref": "#/$defs/seconds"
        },
        "fadeOut": {
          "$ref": "#/$defs/seconds"
        },
        "volume": {
          "$ref": "#/$defs/nonNegative"
        }
      },
      "additionalProperties": false,
      "required": [
        "file"
      ],
      "description": "Music under the whole movie."
    },
    "audioTrack": {
      "type": "object",
      "properties": {
        "track": {
          "type": "integer",
          "description": "An audio track id of the composition."
        },
        "volume": {
          "description": "A constant volume, or steps and ramps.",
          "oneOf": [
            {
              "$ref": "#/$defs/nonNegative"
            },
            {
              "type": "array",
              "description": "Volume steps and ramps.",
              "items": {
                "oneOf": [
                  {
                    "type": "object",
                    "properties": {
                      "at": {
                        "$ref": "#/$defs/seconds",
                        "description": "When the value starts, in composition seconds."
                      },
                      "value": {
                        "$ref": "#/$defs/nonNegative"
                      }
                    },
                    "additionalProperties": false,
                    "required": [
                      "at",
                      "value"
                    ],
                    "description": "A step: the value from a time on."
                  },
                  {
                    "type": "object",
                    "properties": {
                      "from": {
                        "$ref": "#/$defs/nonNegative"
                      },
                      "to": {
                        "$ref": "#/$defs/nonNegative"
                      },
                      "start": {
                        "$ref": "#/$defs/seconds",
                        "description": "Ramp start, in composition seconds."
                      },
                      "duration": {
                        "$ref": "#/$defs/positiveSeconds",
                        "description": "Ramp length in seconds."
                      }
                    },
                    "additionalProperties": false,
                    "required": [
                      "from",
                      "to",
                      "start",
                      "duration"
                    ],
                    "description": "A linear ramp."
                  }
                ]
              }
            }
          ]
        }
      },
      "additionalProperties": false,
      "required": [
        "track",
        "volume"
      ]
    },
    "audio": {
      "type": "object",
      "properties": {
        "soundtrack": {
          "$ref": "#/$defs/soundtrack"
        },
        "tracks": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/audioTrack"
          },
          "description": "Track volumes (composition only)."
        },
        "clipAudio": {
          "type": "boolean",
          "description": "Use the clips' own audio (clips only; default true)."
        }
      },
      "additionalProperties": false,
      "description": "Audio mix and soundtrack."
    },
    "shadow": {
      "type": "object",
      "properties": {
        "color": {
          "$ref": "#/$defs/color"
        },
        "opacity": {
          "$ref": "#/$defs/unit"
        },
        "offset": {
          "$ref": "#/$defs/point"
        },
        "radius": {
          "$ref": "#/$defs/nonNegative"
        }
      },
      "additionalProperties": false,
      "description": "A drop shadow (opacity defaults to 1)."
    },
    "font": {
      "type": "object",
      "properties": {
        "family": {
          "type": "string"
        },
        "file": {
          "$ref": "#/$defs/file"
        },
        "size": {
          "type": "number",
          "exclusiveMinimum": 0
        },
        "weight": {
          "type": "integer",
          "minimum": 1,
          "maximum": 1000
        },
        "italic": {
          "type": "boolean"
        }
      },
      "additionalProperties": false,
      "description": "A font; a missing family or file falls back with a warning."
    },
    "outline": {
      "type": "object",
      "properties": {
        "color": {
          "$ref": "#/$defs/color"
        },
        "width": {
          "$ref": "#/$defs/nonNegative"
        }
      },
      "additionalProperties": false,
      "required": [
        "width"
      ],
      "description": "A stroke around the glyphs."
    },
    "box": {
      "type": "object",
      "properties": {
        "color": {
          "$ref": "#/$defs/color"
        },
        "padding": {
          "$ref": "#/$defs/nonNegative"
        },
        "cornerRadius": {
          "$ref": "#/$defs/nonNegative"
        }
      },
      "additionalProperties": false,
      "description": "A box behind the text."
    },
    "run": {
      "type": "object",
      "properties": {
        "text": {
          "type": "string"
        },
        "bold": {
          "type": "boolean"
        },
        "italic": {
          "type": "boolean"
        },
        "underline": {
          "type": "boolean"
        },
        "color": {
          "$ref": "#/$defs/color"
        },
        "size": {
          "type": "number",
          "exclusiveMinimum": 0
        },
        "family": {
          "type": "string"
        }
      },
      "additionalProperties": false,
      "required": [
        "text"
      ],
      "description": "A styled run of text."
    },
    "stroke": {
      "type": "object",
      "properties": {
        "color": {
          "$ref": "#/$defs/color"
        },
        "width": {
          "$ref": "#/$defs/nonNegative"
        },
        "cap": {
          "type": "string",
          "enum": [
            "butt",
            "round",
            "square"
          ],
          "description": "Line cap."
        },
        "join": {
          "type": "string",
          "enum": [
            "miter",
            "round",
            "bevel"
          ],
          "description": "Line join."
        },
        "miterLimit": {
          "type": "number",
          "exclusiveMinimum": 0
        },
        "dash": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/nonNegative"
          }
        },
        "dashPhase": {
          "type": "number"
        }
      },
      "additionalProperties": false,
      "description": "A shape's stroke."
    },
    "shapeGeometry": {
      "type": "object",
      "properties": {
        "rect": {
          "$ref": "#/$defs/rect"
        },
        "cornerRadius": {
          "$ref": "#/$defs/nonNegative"
        },
        "ellipse": {
          "$ref": "#/$defs/rect"
        },
        "polygon": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/point"
          },
          "minItems": 3
        }
      },
      "additionalProperties": false,
      "description": "A rectangle, ellipse or polygon.",
      "oneOf": [
        {
          "required": [
            "rect"
          ]
        },
        {
          "required": [
            "ellipse"
          ],
          "not": {
            "required": [
              "cornerRadius"
            ]
          }
        },
        {
          "required": [
            "polygon"
          ],
          "not": {
            "required": [
              "cornerRadius"
            ]
          }
        }
      ]
    },
    "gradient": {
      "type": "object",
      "properties": {
        "kind": {
          "type": "string",
          "enum": [
            "axial",
            "radial",
            "conic"
          ],
          "description": "Gradient kind (default axial)."
        },
        "colors": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/color"
          },
          "minItems": 1
        },
        "locations": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/unit"
          }
        },
        "start": {
          "$ref": "#/$defs/unitPoint"
        },
        "end": {
          "$ref": "#/$defs/unitPoint"
        }
      },
      "additionalProperties": false,
      "required": [
        "colors"
      ],
      "description": "A gradient."
    },
    "textStyle": {
      "type": "object",
      "properties": {
        "font": {
          "$ref": "#/$defs/font"
        },
        "color": {
          "$ref": "#/$defs/color",
          "description": "Text colour."
        },
        "align": {
          "type": "string",
          "enum": [
            "left",
            "center",
            "right",
            "justified"
          ],
          "description": "Alignment."
        },
        "wrap": {
          "type": "boolean"
        },
        "lineSpacing": {
          "type": "number",
          "exclusiveMinimum": 0
        },
        "underline": {
          "type": "boolean"
        },
        "outline": {
          "$ref": "#/$defs/outline"
        },
        "textShadow": {
          "$ref": "#/$defs/shadow"
        },
        "box": {
          "$ref": "#/$defs/box"
        },
        "truncation": {
          "type": "string",
          "enum": [
            "none",
            "start",
            "middle",
            "end"
          ],
          "description": "Where … goes when the text does not fit."
        }
      },
      "additionalProperties": false,
      "description": "A text style."
    },
    "animation": {
      "type": "object",
      "properties": {
        "property": {
          "type": "string",
          "enum": [
            "opacity",
            "position",
            "position.x",
            "position.y",
            "size",
            "size.width",
            "size.height",
            "bounds",
            "anchor",
            "zPosition",
            "rotation",
            "rotation.x",
            "rotation.y",
            "rotation.z",
            "scale",
            "scale.x",
            "scale.y",
            "translation",
            "translation.x",
            "translation.y",
            "backgroundColor",
            "borderColor",
            "borderWidth",
            "cornerRadius",
            "shadowColor",
            "shadowOpacity",
            "shadowRadius",
            "shadowOffset",
            "fillColor",
            "strokeColor",
            "lineWidth",
            "strokeStart",
            "strokeEnd",
            "transform"
          ],
          "description": "The animated property."
        },
        "from": {
          "description": "A value of the property: a number (degrees for rotations), [x, y], [w, h], [x, y, w, h], a colour string or 16 numbers.",
          "oneOf": [
            {
              "type": "number"
            },
            {
              "type": "string"
            },
            {
              "type": "array",
              "items": {
                "type": "number"
              }
            }
          ]
        },
        "to": {
          "description": "A value of the property: a number (degrees for rotations), [x, y], [w, h], [x, y, w, h], a colour string or 16 numbers.",
          "oneOf": [
            {
              "type": "number"
            },
            {
              "type": "string"
            },
            {
              "type": "array",
              "items": {
                "type": "number"
              }
            }
          ]
        },
        "by": {
          "description": "A value of the property: a number (degrees for rotations), [x, y], [w, h], [x, y, w, h], a colour string or 16 numbers.",
          "oneOf": [
            {
              "type": "number"
            },
            {
              "type": "string"
            },
            {
              "type": "array",
              "items": {
                "type": "number"
              }
            }
          ]
        },
        "keyframes": {
          "type": "object",
          "properties": {
            "values": {
              "type": "array",
              "items": {
                "description": "A value of the property: a number (degrees for rotations), [x, y], [w, h], [x, y, w, h], a colour string or 16 numbers.",
                "oneOf": [
                  {
                    "type": "number"
                  },
                  {
                    "type": "string"
                  },
                  {
                    "type": "array",
                    "items": {
                      "type": "number"
                    }
                  }
                ]
              },
              "minItems": 1
            },
            "times": {
              "type": "array",
              "items": {
                "$ref": "#/$defs/unit"
              }
            },
            "mode": {
              "type": "string",
              "enum": [
                "linear",
                "discrete",
                "paced",
                "cubic"
              ],
              "description": "How values are joined."
            },
            "timings": {
              "type": "array",
              "items": {
                "$ref": "#/$defs/timingFunction"
              }
            }
          },
          "additionalProperties": false,
          "required": [
            "values"
          ],
          "description": "Keyframes."
        },
        "path": {
          "type": "string",
          "description": "SVG path data: moves position along it."
        },
        "rotate": {
          "type": "string",
          "enum": [
            "none",
            "auto",
            "autoReverse"
          ],
          "description": "Turn the layer along the path."
        },
        "spring": {
          "type": "object",
          "properties": {
            "mass": {
              "type": "number",
              "exclusiveMinimum": 0
            },
            "stiffness": {
              "type": "number",
              "exclusiveMinimum": 0
            },
            "damping": {
              "$ref": "#/$defs/nonNegative"
            },
            "velocity": {
              "type": "number"
            }
          },
          "additionalProperties": false,
          "description": "A spring from from to to; duration defaults to the settling time."
        },
        "group": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/animation"
          },
          "description": "Children run in the group's time."
        },
        "begin": {
          "type": "number",
          "description": "Start on the movie's timeline, in seconds."
        },
        "duration": {
          "type": "number",
          "exclusiveMinimum": 0,
          "description": "One cycle, in seconds (default 0.25)."
        },
        "timing": {
          "$ref": "#/$defs/timingFunction"
        },
        "repeat": {
          "description": "Repeat count or \"forever\".",
          "oneOf": [
            {
              "type": "number",
              "exclusiveMinimum": 0
            },
            {
              "const": "forever"
            }
          ]
        },
        "repeatDuration": {
          "type": "number",
          "exclusiveMinimum": 0
        },
        "autoreverse": {
          "type": "boolean"
        },
        "speed": {
          "type": "number",
          "exclusiveMinimum": 0
        },
        "timeOffset": {
          "type": "number"
        },
        "fill": {
          "type": "string",
          "enum": [
            "removed",
            "forwards",
            "backwards",
            "both"
          ],
          "description": "Hold the value before begin (backwards) and after the end (forwards); default forwards."
        },
        "additive": {
          "type": "boolean"
        },
        "cumulative": {
          "type": "boolean"
        }
      },
      "additionalProperties": false,
      "description": "An animation."
    },
    "layer": {
      "type": "object",
      "description": "A layer; keys of one type need \"type\" set to it.",
      "properties": {
        "type": {
          "type": "string",
          "enum": [
            "group",
            "color",
            "image",
            "text",
            "shape",
            "gradient",
            "video"
          ],
          "description": "What the layer draws (default group)."
        },
        "name": {
          "type": "string"
        },
        "frame": {
          "$ref": "#/$defs/rect",
          "description": "Where the layer is."
        },
        "position": {
          "$ref": "#/$defs/point"
        },
        "size": {
          "$ref": "#/$defs/size"
        },
        "anchor": {
          "$ref": "#/$defs/unitPoint"
        },
        "opacity": {
          "$ref": "#/$defs/unit"
        },
        "hidden": {
          "type": "boolean"
        },
        "zPosition": {
          "type": "number"
        },
        "rotation": {
          "type": "number",
          "description": "Degrees about z, clockwise."
        },
        "rotationX": {
          "type": "number",
          "description": "Degrees about x."
        },
        "rotationY": {
          "type": "number",
          "description": "Degrees about y."
        },
        "scale": {
          "$ref": "#/$defs/scale"
        },
        "translation": {
          "$ref": "#/$defs/point"
        },
        "perspective": {
          "type": "number",
          "exclusiveMinimum": 0,
          "description": "Eye distance in pixels: m34 = −1/d."
        },
        "transform": {
          "$ref": "#/$defs/matrix"
        },
        "sublayerTransform": {
          "$ref": "#/$defs/matrix"
        },
        "background": {
          "$ref": "#/$defs/color"
        },
        "cornerRadius": {
          "$ref": "#/$defs/nonNegative"
        },
        "border": {
          "type": "object",
          "properties": {
            "width": {
              "$ref": "#/$defs/nonNegative"
            },
            "color": {
              "$ref": "#/$defs/color"
            }
          },
          "additionalProperties": false,
          "required": [
            "width"
          ],
          "description": "A border inset from the bounds."
        },
        "borderWidth": {
          "$ref": "#/$defs/nonNegative"
        },
        "borderColor": {
          "$ref": "#/$defs/color"
        },
        "masksToBounds": {
          "type": "boolean"
        },
        "mask": {
          "$ref": "#/$defs/layer"
        },
        "shadow": {
          "$ref": "#/$defs/shadow"
        },
        "gravity": {
          "type": "string",
          "enum": [
            "resize",
            "fit",
            "fill",
            "center",
            "top",
            "bottom",
            "left",
            "right",
            "topLeft",
            "topRight",
            "bottomLeft",
            "bottomRight"
          ],
          "description": "How image or video content fills the bounds."
        },
        "start": {
          "$ref": "#/$defs/seconds",
          "description": "Short form: visible from this time."
        },
        "end": {
          "$ref": "#/$defs/positiveSeconds",
          "description": "Short form: hidden from this time."
        },
        "fadeIn": {
          "$ref": "#/$defs/seconds"
        },
        "fadeOut": {
          "$ref": "#/$defs/seconds"
        },
        "animations": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/animation"
          }
        },
        "layers": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/layer"
          }
        },
        "image": {
          "$ref": "#/$defs/file",
          "description": "An image file (PNG, JPEG, WebP, GIF, APNG)."
        },
        "text": {
          "type": "string"
        },
        "runs": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/run"
          }
        },
        "path": {
          "type": "string",
          "description": "SVG path data."
        },
        "shape": {
          "$ref": "#/$defs/shapeGeometry"
        },
        "fill": {
          "$ref": "#/$defs/color"
        },
        "fillRule": {
          "type": "string",
          "enum": [
            "nonZero",
            "evenOdd"
          ],
          "description": "Fill rule."
        },
        "stroke": {
          "$ref": "#/$defs/stroke"
        },
        "strokeStart": {
          "$ref": "#/$defs/unit"
        },
        "strokeEnd": {
          "$ref": "#/$defs/unit"
        },
        "gradient": {
          "$ref": "#/$defs/gradient"
        },
        "source": {
          "type": "string",
          "description": "The video source (default main)."
        },
        "font": {
          "$ref": "#/$defs/font"
        },
        "align": {
          "type": "string",
          "enum": [
            "left",
            "center",
            "right",
            "justified"
          ],
          "description": "Alignment."
        },
        "wrap": {
          "type": "boolean"
        },
        "lineSpacing": {
          "type": "number",
          "exclusiveMinimum": 0
        },
        "underline": {
          "type": "boolean"
        },
        "outline": {
          "$ref": "#/$defs/outline"
        },
        "textShadow": {
          "$ref": "#/$defs/shadow"
        },
        "box": {
          "$ref": "#/$defs/box"
        },
        "truncation": {
          "type": "string",
          "enum": [
            "none",
            "start",
            "middle",
            "end"
          ],
          "description": "Where … goes when the text does not fit."
        },
        "color": {
          "$ref": "#/$defs/color",
          "description": "The colour (color layers) or the text colour (text layers)."
        }
      },
      "additionalProperties": false,
      "allOf": [
        {
          "if": {
            "required": [
              "color"
            ]
          },
          "then": {
            "required": [
              "type"
            ],
            "properties": {
              "type": {
                "enum": [
                  "color",
                  "text"
                ]
              }
            }
          }
        },
        {
          "if": {
            "required": [
              "image"
            ]
          },
          "then": {
            "required": [
              "type"
            ],
            "properties": {
              "type": {
                "enum": [
                  "image"
                ]
              }
            }
          }
        },
        {
          "if": {
            "required": [
              "text"
            ]
          },
          "then": {
            "required": [
              "type"
            ],
            "properties": {
              "type": {
                "enum": [
                  "text"
                ]
              }
            }
          }
        },
        {
          "if": {
            "required": [
              "runs"
            ]
          },
          "then": {
            "required": [
              "type"
            ],
            "properties": {
              "type": {
                "enum": [
                  "text"
                ]
              }
            }
          }
        },
        {
          "if": {
            "required": [
              "font"
            ]
          },
          "then": {
            "required": [
              "type"
            ],
            "properties": {
              "type": {
                "enum": [
                  "text"
                ]
              }
            }
          }
        },
        {
          "if": {
            "required": [
              "align"
            ]
          },
          "then": {
            "required": [
              "type"
            ],
            "properties": {
              "type": {
                "enum": [
                  "text"
                ]
              }
            }
          }
        },
        {
          "if": {
            "required": [
              "wrap"
            ]
          },
          "then": {
            "required": [
              "type"
            ],
            "properties": {
              "type": {
                "enum": [
                  "text"
                ]
              }
            }
          }
        },
        {
          "if": {
            "required": [
              "lineSpacing"
            ]
          },
          "then": {
            "required": [
              "type"
            ],
            "properties": {
              "type": {
                "enum": [
                  "text"
                ]
              }
            }
          }
        },
        {
          "if": {
            "required": [
              "underline"
            ]
          },
          "then": {
            "required": [
              "type"
            ],
            "properties": {
              "type": {
                "enum": [
                  "text"
                ]
              }
            }
          }
        },
        {
          "if": {
            "required": [
              "outline"
            ]
          },
          "then": {
            "required": [
              "type"
            ],
            "properties": {
              "type": {
                "enum": [
                  "text"
                ]
              }
            }
          }
        },
        {
          "if": {
            "required": [
              "textShadow"
            ]
          },
          "then": {
            "required": [
              "type"
            ],
            "properties": {
              "type": {
                "enum": [
                  "text"
                ]
              }
            }
          }
        },
        {
          "if": {
            "required": [
              "box"
            ]
          },
          "then": {
            "required": [
              "type"
            ],
            "properties": {
              "type": {
                "enum": [
                  "text"
                ]
              }
            }
          }
        },
        {
          "if": {
            "required": [
              "truncation"
            ]
          },
          "then": {
            "required": [
              "type"
            ],
            "properties": {
              "type": {
                "enum": [
                  "text"
                ]
              }
            }
          }
        },
        {
          "if": {
            "required": [
              "path"
            ]
          },
          "then": {
            "required": [
              "type"
            ],
            "properties": {
              "type": {
                "enum": [
                  "shape"
                ]
              }
            }
          }
        },
        {
          "if": {
            "required": [
              "shape"
            ]
          },
          "then": {
            "required": [
              "type"
            ],
            "properties": {
              "type": {
                "enum": [
                  "shape"
                ]
              }
            }
          }
        },
        {
          "if": {
            "required": [
              "fill"
            ]
          },
          "then": {
            "required": [
              "type"
            ],
            "properties": {
              "type": {
                "enum": [
                  "shape"
                ]
              }
            }
          }
        },
        {
          "if": {
            "required": [
              "fillRule"
            ]
          },
          "then": {
            "required": [
              "type"
            ],
            "properties": {
              "type": {
                "enum": [
                  "shape"
                ]
              }
            }
          }
        },
        {
          "if": {
            "required": [
              "stroke"
            ]
          },
          "then": {
            "required": [
              "type"
            ],
            "properties": {
              "type": {
                "enum": [
                  "shape"
                ]
              }
            }
          }
        },
        {
          "if": {
            "required": [
              "strokeStart"
            ]
          },
          "then": {
            "required": [
              "type"
            ],
            "properties": {
              "type": {
                "enum": [
                  "shape"
                ]
              }
            }
          }
        },
        {
          "if": {
            "required": [
              "strokeEnd"
            ]
          },
          "then": {
            "required": [
              "type"
            ],
            "properties": {
              "type": {
                "enum": [
                  "shape"
                ]
              }
            }
          }
        },
        {
          "if": {
            "required": [
              "gradient"
            ]
          },
          "then": {
            "required": [
              "type"
            ],
            "properties": {
              "type": {
                "enum": [
                  "gradient"
                ]
              }
            }
          }
        },
        {
          "if": {
            "required": [
              "source"
            ]
          },
          "then": {
            "required": [
              "type"
            ],
            "properties": {
              "type": {
                "enum": [
                  "video"
                ]
              }
            }
          }
        },
        {
          "if": {
            "required": [
              "type"
            ],
            "properties": {
              "type": {
                "const": "image"
              }
            }
          },
          "then": {
            "required": [
              "image"
            ]
          }
        },
        {
          "if": {
            "required": [
              "type"
            ],
            "properties": {
              "type": {
                "const": "gradient"
              }
            }
          },
          "then": {
            "required": [
              "gradient"
            ]
          }
        }
      ]
    },
    "subtitles": {
      "type": "object",
      "properties": {
        "file": {
          "$ref": "#/$defs/file",
          "description": "An SRT or WebVTT file."
        },
        "style": {
          "$ref": "#/$defs/textStyle"
        },
        "position": {
          "type": "string",
          "enum": [
            "bottom",
            "top"
          ],
          "description": "Where captions sit (default bottom)."
        },
        "margin": {
          "$ref": "#/$defs/nonNegative",
          "description": "Pixels from the edge (default 40)."
        },
        "width": {
          "type": "number",
          "exclusiveMinimum": 0,
          "maximum": 1,
          "description": "Fraction of the render width (default 0.9)."
        },
        "fadeIn": {
          "$ref": "#/$defs/seconds"
        },
        "fadeOut": {
          "$ref": "#/$defs/seconds"
        }
      },
      "additionalProperties": false,
      "required": [
        "file"
      ],
      "description": "A caption track."
    },
    "export": {
      "type": "object",
      "properties": {
        "preset": {
          "type": "string",
          "enum": [
            "low",
            "medium",
            "highest",
            "640x480",
            "960x540",
            "1280x720",
            "1920x1080",
            "3840x2160",
            "hevc-1920x1080",
            "hevc-3840x2160",
            "hevc-highest",
            "m4a",
            "passthrough"
          ],
          "description": "Export preset (default highest)."
        },
        "codec": {
          "type": "string",
          "enum": [
            "h264",
            "hevc",
            "vp9"
          ],
          "description": "Video codec (default from the preset)."
        },
        "crf": {
          "type": "integer",
          "minimum": 0,
          "maximum": 51
        },
        "bitRate": {
          "type": "integer",
          "minimum": 1
        },
        "speed": {
          "type": "string",
          "enum": [
            "ultrafast",
            "superfast",
            "veryfast",
            "faster",
            "fast",
            "medium",
            "slow",
            "slower",
            "veryslow"
          ],
          "description": "Encoder preset (default veryfast)."
        },
        "size": {
          "$ref": "#/$defs/size",
          "description": "Output size (even numbers)."
        },
        "range": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/seconds"
          },
          "minItems": 2,
          "maxItems": 2,
          "description": "[start, end] in seconds."
        },
        "audioBitRate": {
          "type": "integer",
          "minimum": 1
        },
        "audio": {
          "type": "boolean",
          "description": "Include audio (default true)."
        }
      },
      "additionalProperties": false,
      "description": "Export settings.",
      "not": {
        "required": [
          "crf",
          "bitRate"
        ]
      }
    }
  }
}

"""#
}
