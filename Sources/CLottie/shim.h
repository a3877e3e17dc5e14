// rlottie (Lottie / Bodymovin animations), for the `lottie` layer kind; called only behind
// ReelGraphics' `Internals/LottieAnimationHandle.swift`.
#ifndef REEL_CLOTTIE_SHIM_H
#define REEL_CLOTTIE_SHIM_H
#include <stddef.h>
#include <rlottie_capi.h>

// rlottie's C++ `rlottie::configureModelCacheSize(size_t)`, which its C API lacks: rlottie
// keeps parsed models by the key given to `lottie_animation_from_data` and hands back a
// cached model for a key it knows; Reel sets the cache size to 0 (every load parses its own
// JSON). The name is the function's Itanium C++ symbol.
void reel_rlottie_configure_model_cache_size(size_t cacheSize)
    __asm__("_ZN7rlottie23configureModelCacheSizeEm");
#endif
