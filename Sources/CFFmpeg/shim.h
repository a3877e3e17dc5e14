// The FFmpeg headers Reel uses, plus `static inline` wrappers for the macros that Swift's
// Clang importer cannot import (function-like macros and compound-literal constants).
#ifndef REEL_CFFMPEG_SHIM_H
#define REEL_CFFMPEG_SHIM_H

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/channel_layout.h>
#include <libavutil/display.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libavutil/samplefmt.h>
#include <libavutil/sha.h>
#include <libavutil/audio_fifo.h>
#include <libavutil/mastering_display_metadata.h>
#include <libswresample/swresample.h>
#include <libswscale/swscale.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersrc.h>
#include <libavfilter/buffersink.h>
#include <malloc.h>

/// `AVERROR(e)` is a function-like macro.
static inline int reel_AVERROR(int e) { return AVERROR(e); }
/// `AVERROR_EOF` is built with `FFERRTAG`, a function-like macro.
static inline int reel_AVERROR_EOF(void) { return AVERROR_EOF; }
/// `AVERROR_INVALIDDATA` is built with `FFERRTAG`.
static inline int reel_AVERROR_INVALIDDATA(void) { return AVERROR_INVALIDDATA; }
/// `AVERROR_DECODER_NOT_FOUND` is built with `FFERRTAG`.
static inline int reel_AVERROR_DECODER_NOT_FOUND(void) { return AVERROR_DECODER_NOT_FOUND; }
/// `AVERROR_ENCODER_NOT_FOUND` is built with `FFERRTAG`.
static inline int reel_AVERROR_ENCODER_NOT_FOUND(void) { return AVERROR_ENCODER_NOT_FOUND; }
/// `AVERROR_STREAM_NOT_FOUND` is built with `FFERRTAG`.
static inline int reel_AVERROR_STREAM_NOT_FOUND(void) { return AVERROR_STREAM_NOT_FOUND; }
/// `AVERROR_PROTOCOL_NOT_FOUND` is built with `FFERRTAG`.
static inline int reel_AVERROR_PROTOCOL_NOT_FOUND(void) { return AVERROR_PROTOCOL_NOT_FOUND; }
/// `AVERROR_EXIT` is built with `FFERRTAG`.
static inline int reel_AVERROR_EXIT(void) { return AVERROR_EXIT; }
/// `AV_NOPTS_VALUE` is a cast expression the importer drops.
static inline int64_t reel_AV_NOPTS_VALUE(void) { return AV_NOPTS_VALUE; }
/// `AV_TIME_BASE_Q` is a compound literal.
static inline AVRational reel_AV_TIME_BASE_Q(void) { return (AVRational){1, AV_TIME_BASE}; }
/// `AV_CHANNEL_LAYOUT_STEREO` is a compound literal.
static inline AVChannelLayout reel_AV_CHANNEL_LAYOUT_STEREO(void) {
  return (AVChannelLayout)AV_CHANNEL_LAYOUT_STEREO;
}
/// `AV_CHANNEL_LAYOUT_MONO` is a compound literal.
static inline AVChannelLayout reel_AV_CHANNEL_LAYOUT_MONO(void) {
  return (AVChannelLayout)AV_CHANNEL_LAYOUT_MONO;
}
/// `MKTAG` is a function-like macro (used for codec tags such as `hvc1`).
static inline unsigned int reel_MKTAG(char a, char b, char c, char d) { return MKTAG(a, b, c, d); }

/// glibc's `malloc_trim` (`<malloc.h>` is not part of Swift's Glibc module): returns the
/// free memory of every arena to the system; 1 when some was returned. ReelMedia's
/// `HeapMemory` owns the call.
static inline int reel_malloc_trim(void) { return malloc_trim(0); }

/// glibc's `mallopt(M_ARENA_MAX, count)`: the most arenas malloc makes from now on (threads
/// beyond them share the existing ones); 1 on success. `HeapMemory` owns the call.
static inline int reel_malloc_limit_arenas(int count) { return mallopt(M_ARENA_MAX, count); }

/// glibc's `mallopt(M_MMAP_THRESHOLD, bytes)` and `mallopt(M_TRIM_THRESHOLD, bytes)`: blocks
/// of `bytes` or more get pages of their own (returned when freed), and free memory above
/// `bytes` at an arena's top is returned; setting them stops glibc raising them on its own.
/// 1 when both were set. `HeapMemory` owns the call.
static inline int reel_malloc_fix_thresholds(int bytes) {
  return mallopt(M_MMAP_THRESHOLD, bytes) == 1 && mallopt(M_TRIM_THRESHOLD, bytes) == 1;
}

/// glibc's `malloc_info(0, stream)`: the allocator's state as XML, one `<heap nr="…">`
/// element per arena; 0 on success. `HeapMemory` owns the call.
static inline int reel_malloc_info(FILE *stream) { return malloc_info(0, stream); }

#endif
